// ix stats: nodes and edges by kind.
import { defineIx } from "../cli/command";
import { unresolvedCount } from "../graph/queries";
import { openGraph } from "../workspace/open";

function byCount(counts: Record<string, number>): Record<string, number> {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return { total, ...Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1])) };
}

export default defineIx({
  meta: { name: "stats", description: "Count the graph's nodes and edges by kind" },
  examples: [{ run: "ix stats --format llm", why: "how big is the graph" }],
  run: (_args, ctx) => {
    const { store } = openGraph(ctx);
    try {
      const stats = store.stats();
      ctx.writer.record("nodes", byCount(stats.nodes));
      ctx.writer.record("edges", byCount(stats.edges));
      ctx.writer.record("unresolved", { calls: unresolvedCount(store) });
    } finally {
      store.close();
    }
  },
});
