// Whether the graph still has its structure (spec: "Graph health"). A graph whose symbols lost
// their CONTAINS edges answers zero callers where the truth is "unknown", so say so.
import { containsProbe } from "./queries";
import type { Store, StoreStats } from "./store";

export type Health = "ok" | "degraded" | "empty";

export interface HealthVerdict {
  health: Health;
  reason?: "hollow" | "no_nodes";
  message?: string;
  fix?: string;
}

export function graphHealth(stats: StoreStats): HealthVerdict {
  const nodes = Object.values(stats.nodes).reduce((a, b) => a + b, 0);
  if (nodes === 0) {
    return { health: "empty", reason: "no_nodes", message: "The graph holds no nodes.", fix: "ix map ." };
  }
  const symbols = nodes - (stats.nodes.file ?? 0);
  const attached = stats.edges.CONTAINS ?? 0;
  if (symbols > 0 && attached / symbols < 0.5) {
    const share = Math.round((100 * attached) / symbols);
    return {
      health: "degraded",
      reason: "hollow",
      message: `${nodes} nodes but only ${attached} CONTAINS edges: ${share}% of symbols are attached to a file (healthy: ~100%), so callers, callees and members are missing, not zero.`,
      fix: "ix reset --workspace --yes --ingest",
    };
  }
  return { health: "ok" };
}

const PROBE_POINTS = 16;

/**
 * The same verdict for a command on its answer path: a sample of symbols decides a healthy graph
 * in under a millisecond; only an empty or doubtful sample pays for exact counts (and the message).
 */
export function checkHealth(store: Store): HealthVerdict {
  const probe = containsProbe(store, PROBE_POINTS);
  if (probe.sampled > 0 && probe.attached / probe.sampled >= 0.7) return { health: "ok" };
  return graphHealth(store.stats());
}
