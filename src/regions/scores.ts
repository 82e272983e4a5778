// What each region's edges say about it, counted over the real edges (the directory prior
// aside): cohesion, coupling, crosscut, the signals it rests on, each file's edges inside and
// outside its region, the links between regions of a level, and the modules' modularity.
import type { EdgeKind } from "../model/edges";
import type { RegionFile } from "../model/regions";
import type { FileGraph } from "./graph";

/** A region as scoring sees it: its level, its parent (an index, -1 for the root) and its files. */
export interface ScoredNode {
  level: number;
  parent: number;
  files: readonly number[];
}

export interface NodeScores {
  cohesion: number;
  coupling: number;
  crosscut: number;
  /** Inner edge counts by kind. */
  inner: Map<EdgeKind, number>;
}

export interface Scores {
  nodes: NodeScores[];
  files: Omit<RegionFile, "region" | "path">[];
  /** Per file, the innermost node holding it. */
  leafOf: Int32Array;
  links: { src: number; dst: number; edges: number }[];
  modularity: number;
}

export const round2 = (x: number): number => Math.round(x * 100) / 100;

const KINDS: readonly EdgeKind[] = ["IMPORTS", "CALLS", "REFERENCES", "EXTENDS", "IMPLEMENTS", "CONTAINS"];

export function scoreNodes(fg: FileGraph, nodes: readonly ScoredNode[]): Scores {
  const n = fg.paths.length;
  const count = nodes.length;
  // Parents come before children (the root first), so the deepest node written for a file is its innermost.
  const leafOf = new Int32Array(n).fill(0);
  const depthOf = new Int32Array(count);
  for (const [i, node] of nodes.entries()) {
    if (node.parent >= 0) depthOf[i] = depthOf[node.parent]! + 1;
    for (const file of node.files) if (depthOf[i]! >= depthOf[leafOf[file]!]!) leafOf[file] = i;
  }
  /** Root first, down to the node. */
  const chains = nodes.map((_, i) => {
    const chain: number[] = [];
    for (let at = i; at >= 0; at = nodes[at]!.parent) chain.push(at);
    return chain.reverse();
  });
  const levelCount = new Map<number, number>();
  for (const node of nodes) levelCount.set(node.level, (levelCount.get(node.level) ?? 0) + 1);
  const levels = [...levelCount.keys()].sort((a, b) => a - b);
  /** Per node, per level: the innermost node of its chain at that level or above. */
  const atLevel = nodes.map((_, i) => levels.map((level) => [...chains[i]!].reverse().find((j) => nodes[j]!.level >= level) ?? 0));
  const levelIndex = new Map(levels.map((level, i) => [level, i]));

  const inner = new Float64Array(count * KINDS.length);
  const innerCount = new Float64Array(count);
  const boundary = new Float64Array(count);
  const dependents = nodes.map(() => new Set<number>());
  const links = new Map<number, number>();
  const fileScores = fg.paths.map(() => ({ edgesInside: 0, edgesOutside: 0, neighborsInside: 0, neighborsOutside: 0 }));
  // Each pair of files with an edge between them once, as one number: a set of neighbours per
  // file held as many entries as there are edges, on a 13k-file graph tens of megabytes.
  const pairs = new Float64Array(fg.links.length);
  const degree = new Float64Array(count);
  const innerOfLeaf = new Float64Array(count);
  let total = 0;
  let pairCount = 0;

  for (const [a, b, kind, weight] of fg.links) {
    const la = leafOf[a]!;
    const lb = leafOf[b]!;
    const ca = chains[la]!;
    const cb = chains[lb]!;
    let k = 0;
    while (k < ca.length && k < cb.length && ca[k] === cb[k]) k++;
    const kindAt = KINDS.indexOf(kind);
    for (let d = 0; d < k; d++) {
      inner[ca[d]! * KINDS.length + kindAt]! += weight;
      innerCount[ca[d]!]! += weight;
    }
    for (let d = k; d < ca.length; d++) boundary[ca[d]!]! += weight;
    for (let d = k; d < cb.length; d++) {
      const x = cb[d]!;
      boundary[x]! += weight;
      dependents[x]!.add(atLevel[la]![levelIndex.get(nodes[x]!.level)!]!);
    }
    let last = -1;
    for (let li = 0; li < levels.length; li++) {
      const x = atLevel[la]![li]!;
      const y = atLevel[lb]![li]!;
      if (x === y) continue;
      const key = x * count + y;
      if (key === last) continue;
      last = key;
      links.set(key, (links.get(key) ?? 0) + weight);
    }
    const same = la === lb;
    if (same) {
      fileScores[a]!.edgesInside += weight;
      fileScores[b]!.edgesInside += weight;
      innerOfLeaf[la]! += weight;
    } else {
      fileScores[a]!.edgesOutside += weight;
      fileScores[b]!.edgesOutside += weight;
    }
    pairs[pairCount++] = a < b ? a * n + b : b * n + a;
    total += weight;
    degree[la]! += weight;
    degree[lb]! += weight;
  }
  pairs.sort();
  for (let k = 0; k < pairCount; k++) {
    if (k > 0 && pairs[k] === pairs[k - 1]) continue;
    const a = Math.floor(pairs[k]! / n);
    const b = pairs[k]! % n;
    const field = leafOf[a] === leafOf[b] ? "neighborsInside" : "neighborsOutside";
    fileScores[a]![field]++;
    fileScores[b]![field]++;
  }
  let modularity = 0;
  if (total > 0) for (let i = 0; i < count; i++) modularity += innerOfLeaf[i]! / total - (degree[i]! / (2 * total)) ** 2;

  const scores = nodes.map((node, i) => {
    const touching = innerCount[i]! + boundary[i]!;
    const peers = levelCount.get(node.level)! - 1;
    const byKind = new Map<EdgeKind, number>();
    for (const [j, kind] of KINDS.entries()) if (inner[i * KINDS.length + j]! > 0) byKind.set(kind, inner[i * KINDS.length + j]!);
    return {
      cohesion: touching === 0 ? 0 : round2(innerCount[i]! / touching),
      coupling: node.parent < 0 || node.files.length === 0 ? 0 : round2(boundary[i]! / node.files.length),
      crosscut: peers <= 0 ? 0 : round2([...dependents[i]!].filter((d) => d !== i).length / peers),
      inner: byKind,
    };
  });
  const linkRows = [...links].map(([key, edges]) => ({ src: Math.floor(key / count), dst: key % count, edges }));
  return { nodes: scores, files: fileScores, leafOf, links: linkRows, modularity: round2(modularity) };
}
