// Whether the graph still has its structure (spec: "Graph health"). A graph whose symbols lost
// their CONTAINS edges answers zero callers where the truth is "unknown", so say so.
import type { GraphReader, StoreStats } from "../store";
import { MAP, REBUILD, type Remedy } from "../model/remedy";

export type Health = "ok" | "degraded" | "empty";

export interface HealthVerdict {
  health: Health;
  reason?: "hollow" | "no_nodes";
  message?: string;
  fix?: Remedy;
}

export function graphHealth(stats: StoreStats): HealthVerdict {
  const nodes = Object.values(stats.nodes).reduce((a, b) => a + b, 0);
  if (nodes === 0) {
    return { health: "empty", reason: "no_nodes", message: "The graph holds no nodes.", fix: MAP };
  }
  const symbols = nodes - (stats.nodes.file ?? 0);
  const attached = stats.edges.CONTAINS ?? 0;
  if (symbols > 0 && attached / symbols < 0.5) {
    const share = Math.round((100 * attached) / symbols);
    return {
      health: "degraded",
      reason: "hollow",
      message: `${nodes} nodes but only ${attached} CONTAINS edges: ${share}% of symbols are attached to a file (healthy: ~100%), so callers, callees and members are missing, not zero.`,
      fix: REBUILD,
    };
  }
  return { health: "ok" };
}

const PROBE_POINTS = 16;

/**
 * The same verdict on an answer's path: a sample of symbols decides a healthy graph in under a
 * millisecond; only an empty or doubtful sample pays for exact counts (and the message).
 */
export async function checkHealth(graph: GraphReader): Promise<HealthVerdict> {
  const probe = await graph.containsProbe(PROBE_POINTS);
  if (probe.sampled > 0 && probe.attached / probe.sampled >= 0.7) return { health: "ok" };
  return graphHealth(await graph.stats());
}
