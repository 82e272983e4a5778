// PageRank over the file graph: a file ranks high when files that rank high depend on it, so a
// file a few central files lean on outranks one many leaves import. graphology-metrics' power
// iteration, over the directed links (user → used) the regions are found in, each pair's weight
// the log of its edge count as the regions weigh it. The second importer of graphology, beside
// louvain: region work loads both, no query does.
import { DirectedGraph } from "graphology";
import pagerank from "graphology-metrics/centrality/pagerank";

/** Each file's PageRank (indices 0..n-1), summing to 1; an empty graph has none. */
export function pagerankOf(n: number, links: readonly (readonly [number, number, string, number])[]): Float64Array {
  const out = new Float64Array(n);
  if (n === 0) return out;
  const graph = new DirectedGraph<Record<string, never>, { weight: number }>();
  for (let i = 0; i < n; i++) graph.addNode(String(i));
  for (const [from, to, , count] of links) {
    if (from === to || count <= 0) continue;
    graph.updateDirectedEdge(String(from), String(to), (attr) => ({ weight: (attr.weight ?? 0) + Math.log2(1 + count) }));
  }
  // The error shrinks by 0.85 an iteration: the library's tolerance is met in ~100, 200 is a margin.
  const ranks = pagerank(graph, { getEdgeWeight: "weight", alpha: 0.85, maxIterations: 200 });
  for (let i = 0; i < n; i++) out[i] = ranks[String(i)] ?? 0;
  return out;
}
