// Community detection: graphology's Louvain, seeded, so one graph always gives one partition.
// The only module that imports graphology: region work loads it, no query does.
import Graph from "graphology";
import louvain from "graphology-communities-louvain";

/** A weighted graph on nodes 0..n-1; [a, a, w] is a self-loop (a merged group's inner weight). */
export interface SmallGraph {
  n: number;
  edges: [number, number, number][];
}

const SEED = 0x1f2e3d4c;

/** mulberry32: a small seeded generator, enough to order Louvain's walk. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Each node's community, numbered in order of first appearance (node 0's is 0). */
export function communities(graph: SmallGraph, resolution = 1): number[] {
  const out = new Array<number>(graph.n);
  if (graph.edges.every(([a, b, w]) => a === b || w <= 0)) {
    for (let i = 0; i < graph.n; i++) out[i] = i;
    return out;
  }
  const g = new Graph({ type: "undirected", allowSelfLoops: true, multi: false });
  for (let i = 0; i < graph.n; i++) g.addNode(String(i));
  // Pairs are merged first: graphology's own merge, and its key generator, cost more than Louvain itself.
  const merged = new Map<number, number>();
  for (const [a, b, w] of graph.edges) {
    if (w <= 0) continue;
    const key = a < b ? a * graph.n + b : b * graph.n + a;
    merged.set(key, (merged.get(key) ?? 0) + w);
  }
  let k = 0;
  for (const [key, weight] of merged) g.addUndirectedEdgeWithKey(String(k++), String(Math.floor(key / graph.n)), String(key % graph.n), { weight });
  const found = louvain(g, { getEdgeWeight: "weight", resolution, rng: seeded(SEED), randomWalk: true });
  const renumber = new Map<number, number>();
  for (let i = 0; i < graph.n; i++) {
    const c = found[String(i)]!;
    if (!renumber.has(c)) renumber.set(c, renumber.size);
    out[i] = renumber.get(c)!;
  }
  return out;
}
