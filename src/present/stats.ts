// stats as records: each count by kind, largest first, after its total.
import type { StoreStats } from "../store";
import type { Writer } from "../wire/writer";

function byCount(counts: Record<string, number>): Record<string, number> {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return { total, ...Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1])) };
}

export function presentStats(writer: Writer, stats: StoreStats & { unresolvedCalls: number }): void {
  writer.record("nodes", byCount(stats.nodes));
  writer.record("edges", byCount(stats.edges));
  writer.record("unresolved", { calls: stats.unresolvedCalls });
}
