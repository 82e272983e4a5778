// ix stats: nodes and edges by kind.
import { withSession } from "../answers/session";
import { defineIx } from "./command";
import { presentStats } from "../present/stats";

export default defineIx({
  meta: { name: "stats", description: "Count the graph's nodes and edges by kind" },
  examples: [{ run: "ix stats --format llm", why: "how big is the graph" }],
  run: (_args, ctx) =>
    withSession(ctx, async ({ graph }) => presentStats(ctx.writer, { ...(await graph.stats()), unresolvedCalls: await graph.unresolvedCount() })),
});
