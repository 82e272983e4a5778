// The weighted, undirected file graph regions are found in: edges between files by kind and
// count, and the directory tree as a weak prior, so that files with few edges still land beside
// their siblings.
import type { EdgeKind } from "../model/edges";
import type { FileEdges } from "../model/regions";
import { byCodeUnit } from "../util/compare";

/**
 * How much one kind of edge says that two files belong together. A type named in passing
 * (REFERENCES) says less than an import, a call or a base class.
 */
const KIND_WEIGHT: Record<EdgeKind, number> = { IMPORTS: 1, CALLS: 1, EXTENDS: 1, IMPLEMENTS: 1, REFERENCES: 0.5, CONTAINS: 0 };

/**
 * The prior's total weight per file, shared among its siblings: about half of one import, so
 * a single real edge outweighs it, and a file with none stays beside its directory.
 */
export const DIRECTORY_PRIOR = 0.5;
/** The tie between a directory and the nearest one above it holding files. */
const PARENT_PRIOR = DIRECTORY_PRIOR / 2;
/** Past this many siblings, each file is tied to its nearest ones in path order instead of all of them. */
const CLIQUE_MAX = 32;
const RING_REACH = 4;

export interface FileGraph {
  /** Paths in code-unit order; a file is known by its index here. */
  paths: string[];
  index: Map<string, number>;
  /** Undirected weights (edges and prior), each pair once with a < b. */
  weights: Map<number, Map<number, number>>;
  /** Real edges between two different files: [src, dst, kind, count]. */
  links: [number, number, EdgeKind, number][];
}

export const dirOf = (path: string): string => {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
};

function add(weights: Map<number, Map<number, number>>, a: number, b: number, w: number): void {
  if (a === b || w <= 0) return;
  const [lo, hi] = a < b ? [a, b] : [b, a];
  let row = weights.get(lo);
  if (!row) weights.set(lo, (row = new Map()));
  row.set(hi, (row.get(hi) ?? 0) + w);
}

export function buildFileGraph(files: readonly string[], links: readonly FileEdges[]): FileGraph {
  const paths = [...new Set(files)].sort(byCodeUnit);
  const index = new Map(paths.map((p, i) => [p, i]));
  const weights = new Map<number, Map<number, number>>();
  const real: FileGraph["links"] = [];
  for (const link of links) {
    const a = index.get(link.from);
    const b = index.get(link.to);
    const w = KIND_WEIGHT[link.kind] ?? 0;
    if (a === undefined || b === undefined || a === b || w === 0 || link.count <= 0) continue;
    real.push([a, b, link.kind, link.count]);
  }
  // In one order whatever order the store gave, so weights are summed, and met, the same way.
  real.sort((x, y) => x[0] - y[0] || x[1] - y[1] || byCodeUnit(x[2], y[2]));
  // Many calls between two files say more than one, but not a hundred times more.
  for (const [a, b, kind, count] of real) add(weights, a, b, KIND_WEIGHT[kind] * Math.log2(1 + count));
  const byDir = new Map<string, number[]>();
  for (const [i, path] of paths.entries()) {
    const dir = dirOf(path);
    const list = byDir.get(dir);
    if (list) list.push(i);
    else byDir.set(dir, [i]);
  }
  // A directory's first file is tied to the first of the nearest directory above it that holds
  // files, below the repository's root: a directory of files without edges stays in its part of
  // the tree, and two top-level projects are never tied by the prior.
  for (const [dir, siblings] of byDir) {
    for (let up = dirOf(dir); dir !== "" && up !== ""; up = dirOf(up)) {
      const above = byDir.get(up);
      if (!above) continue;
      add(weights, siblings[0]!, above[0]!, PARENT_PRIOR);
      break;
    }
  }
  for (const siblings of byDir.values()) {
    const n = siblings.length;
    if (n < 2) continue;
    if (n <= CLIQUE_MAX) {
      const w = DIRECTORY_PRIOR / (n - 1);
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) add(weights, siblings[i]!, siblings[j]!, w);
    } else {
      const w = DIRECTORY_PRIOR / (2 * RING_REACH);
      for (let i = 0; i < n; i++) for (let d = 1; d <= RING_REACH; d++) add(weights, siblings[i]!, siblings[(i + d) % n]!, w);
    }
  }
  return { paths, index, weights, links: real };
}
