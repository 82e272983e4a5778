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

/** Undirected weighted pairs, each once, in (a, b) order with a <= b; a === b is a self-loop. */
export interface Pairs {
  a: Int32Array;
  b: Int32Array;
  w: Float64Array;
}

export interface FileGraph {
  /** Paths in code-unit order; a file is known by its index here. */
  paths: string[];
  index: Map<string, number>;
  /** Undirected weights (edges and prior), each pair once with a < b. */
  pairs: Pairs;
  /** Real edges between two different files: [src, dst, kind, count]. */
  links: [number, number, EdgeKind, number][];
}

export const dirOf = (path: string): string => {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
};

/** A stable counting sort of `order` by `key`, keys in 0..n-1. */
function sortBy(order: Int32Array, key: Int32Array, n: number): Int32Array {
  const start = new Int32Array(n + 1);
  for (const e of order) start[key[e]! + 1]!++;
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const out = new Int32Array(order.length);
  for (const e of order) out[start[key[e]!]!++] = e;
  return out;
}

/**
 * Weights summed per unordered pair, in pair order, each sum taken in input order: the same
 * input in any order gives the same pairs. Typed arrays throughout: on a large repository the
 * levels hold hundreds of thousands of pairs.
 */
export function mergePairs(a: Int32Array, b: Int32Array, w: Float64Array, n: number): Pairs {
  const m = a.length;
  const lo = new Int32Array(m);
  const hi = new Int32Array(m);
  for (let e = 0; e < m; e++) {
    lo[e] = Math.min(a[e]!, b[e]!);
    hi[e] = Math.max(a[e]!, b[e]!);
  }
  const identity = new Int32Array(m);
  for (let e = 0; e < m; e++) identity[e] = e;
  const order = sortBy(sortBy(identity, hi, n), lo, n);
  let count = 0;
  for (let k = 0; k < m; k++) if (k === 0 || lo[order[k]!] !== lo[order[k - 1]!] || hi[order[k]!] !== hi[order[k - 1]!]) count++;
  const out: Pairs = { a: new Int32Array(count), b: new Int32Array(count), w: new Float64Array(count) };
  let at = -1;
  for (let k = 0; k < m; k++) {
    const e = order[k]!;
    if (at < 0 || lo[e] !== out.a[at] || hi[e] !== out.b[at]) {
      at++;
      out.a[at] = lo[e]!;
      out.b[at] = hi[e]!;
      out.w[at] = w[e]!;
    } else out.w[at]! += w[e]!;
  }
  return out;
}

/**
 * Weighted pairs as they are added, in typed arrays that grow: the file graph of 13k files
 * (195k pairs) held 37-39 MB as a map of maps, 19 MB with these.
 */
class PairList {
  private size = 0;
  private a = new Int32Array(1024);
  private b = new Int32Array(1024);
  private w = new Float64Array(1024);

  add(a: number, b: number, w: number): void {
    if (a === b || w <= 0) return;
    if (this.size === this.a.length) {
      const grow = <T extends Int32Array | Float64Array>(from: T): T => {
        const to = new (from.constructor as new (n: number) => T)(from.length * 2);
        to.set(from);
        return to;
      };
      this.a = grow(this.a);
      this.b = grow(this.b);
      this.w = grow(this.w);
    }
    this.a[this.size] = a;
    this.b[this.size] = b;
    this.w[this.size++] = w;
  }

  /** Each pair once, its weights summed in the order they were added. */
  merged(n: number): Pairs {
    return mergePairs(this.a.subarray(0, this.size), this.b.subarray(0, this.size), this.w.subarray(0, this.size), n);
  }
}

export function buildFileGraph(files: readonly string[], links: readonly FileEdges[]): FileGraph {
  const paths = [...new Set(files)].sort(byCodeUnit);
  const index = new Map(paths.map((p, i) => [p, i]));
  const weights = new PairList();
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
  for (const [a, b, kind, count] of real) weights.add(a, b, KIND_WEIGHT[kind] * Math.log2(1 + count));
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
      weights.add(siblings[0]!, above[0]!, PARENT_PRIOR);
      break;
    }
  }
  for (const siblings of byDir.values()) {
    const n = siblings.length;
    if (n < 2) continue;
    if (n <= CLIQUE_MAX) {
      const w = DIRECTORY_PRIOR / (n - 1);
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) weights.add(siblings[i]!, siblings[j]!, w);
    } else {
      const w = DIRECTORY_PRIOR / (2 * RING_REACH);
      for (let i = 0; i < n; i++) for (let d = 1; d <= RING_REACH; d++) weights.add(siblings[i]!, siblings[(i + d) % n]!, w);
    }
  }
  return { paths, index, pairs: weights.merged(paths.length), links: real };
}
