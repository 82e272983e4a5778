// Whether the graph still has its structure (spec: "Graph health"). A graph whose symbols lost
// their CONTAINS edges answers zero callers where the truth is "unknown", so say so.
import type { GraphNode, GraphReader, StoreStats } from "../store";
import { MAP, REBUILD, type Remedy } from "../model/remedy";

export type Health = "ok" | "degraded" | "empty";

export interface HealthVerdict {
  health: Health;
  /** orphaned_target: the graph is whole but this one entity's file lost its edges (targetHealth). */
  reason?: "hollow" | "no_nodes" | "orphaned_target";
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

/**
 * The graph's verdict for an answer about one entity: a whole graph can still hold a file whose
 * symbols lost their CONTAINS edges (a damaged or half-written revision of that file), and then
 * this entity's zeros are as unknown as a hollow graph's.
 */
export async function targetHealth(graph: GraphReader, node: GraphNode): Promise<HealthVerdict> {
  const verdict = await checkHealth(graph);
  if (verdict.health !== "ok") return verdict;
  const attached =
    node.kind === "file"
      ? (await graph.countFrom(node.id, ["CONTAINS"])) > 0 || (await graph.inventory({ path: node.path, limit: 1 })).length === 0
      : (await graph.countInto(node.id, ["CONTAINS"])) > 0;
  if (attached) return verdict;
  return {
    health: "degraded",
    reason: "orphaned_target",
    message: `${node.kind === "file" ? node.path : node.name} is not attached to ${node.kind === "file" ? "its symbols" : "its file"} (no CONTAINS edge) while the rest of the graph is, so its callers, callees and members are missing, not zero.`,
    fix: REBUILD,
  };
}
