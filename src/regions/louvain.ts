// Community detection: graphology's Louvain, seeded, so one graph always gives one partition.
// The only module that imports graphology: region work loads it, no query does.
import { NO_ATTRIBUTES, ReadOnlyGraphView } from "./view";
import type Graph from "graphology";
import louvain from "graphology-communities-louvain";

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

/**
 * A weighted undirected graph on nodes 0..n-1, each edge once (a self-loop is a merged
 * group's inner weight), as the part of a graphology Graph that Louvain reads (graphology-communities-louvain 2.0.2
 * builds its typed-array index from these members and never touches the graph again), over
 * typed arrays. A real Graph holds an object per node and per edge: on a 13k-file repository
 * the hierarchy's few hundred runs allocated hundreds of megabytes that way. A unit test checks
 * that the view and a real Graph give the same partition, so a library that reads more fails it.
 */
export class UndirectedView extends ReadOnlyGraphView {
  readonly type = "undirected";
  readonly order: number;
  readonly size: number;
  readonly selfLoopCount: number;
  private readonly degree: Int32Array;

  constructor(
    n: number,
    private readonly src: Int32Array,
    private readonly dst: Int32Array,
    readonly weights: Float64Array,
  ) {
    super();
    this.order = n;
    this.size = src.length;
    this.degree = new Int32Array(n);
    let loops = 0;
    for (let e = 0; e < src.length; e++) {
      if (src[e] === dst[e]) loops++;
      else {
        this.degree[src[e]!]!++;
        this.degree[dst[e]!]!++;
      }
    }
    this.selfLoopCount = loops;
  }

  forEachNode(callback: (node: number, attributes: object) => void): void {
    for (let i = 0; i < this.order; i++) callback(i, NO_ATTRIBUTES);
  }

  undirectedDegreeWithoutSelfLoops(node: number): number {
    return this.degree[node]!;
  }

  forEachEdge(callback: (edge: number, attributes: object, source: number, target: number, sa: object, ta: object, undirected: boolean) => void): void {
    for (let e = 0; e < this.size; e++) callback(e, NO_ATTRIBUTES, this.src[e]!, this.dst[e]!, NO_ATTRIBUTES, NO_ATTRIBUTES, true);
  }

}

/** Louvain's partition of a graphology Graph or a view of one, seeded. */
export function louvainOf(graph: Graph | UndirectedView, resolution: number): Record<string, number> {
  const weights = graph instanceof UndirectedView ? graph.weights : undefined;
  return louvain(graph as Graph, {
    getEdgeWeight: weights ? (edge) => weights[Number(edge)]! : "weight",
    resolution,
    rng: seeded(SEED),
    randomWalk: true,
  });
}

/** Each node's community, numbered in order of first appearance (node 0's is 0). */
export function communities(view: UndirectedView, resolution = 1): number[] {
  const out = new Array<number>(view.order);
  if (view.selfLoopCount === view.size) {
    for (let i = 0; i < view.order; i++) out[i] = i;
    return out;
  }
  const found = louvainOf(view, resolution);
  const renumber = new Map<number, number>();
  for (let i = 0; i < view.order; i++) {
    const c = found[i]!;
    if (!renumber.has(c)) renumber.set(c, renumber.size);
    out[i] = renumber.get(c)!;
  }
  return out;
}
