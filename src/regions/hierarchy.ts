// The hierarchy, bottom-up: modules found in the file graph, then groups of the level below
// found in the graph between them, until nothing merges; while the top is still wide, coarser
// resolutions, then the directories holding the parts; a root system above the rest.
// Each level's groups are held to a size band: an oversized group is split by Louvain on its
// own subgraph, at a rising resolution until it splits; a small module joins the group it has
// most weight to, else the one nearest it in the directory tree.
import { dirOf, mergePairs, type FileGraph, type Pairs } from "./graph";
import { dominantDir } from "./labels";
import { communities, UndirectedView } from "./louvain";

export interface TreeNode {
  level: number;
  /** Every file under it, as indices of FileGraph.paths, ascending. */
  files: number[];
  /** Empty for a module (its files are its members). */
  children: TreeNode[];
}

/** Below this many files a repository is one system with no modules. */
export const SMALL_REPOSITORY = 10;
/** Modules hold about 5–20 files; each level above holds up to five times the one below. */
export const MODULE_MIN = 5;
const MODULE_MAX = 20;
const GROWTH = 5;
export const maxFilesAt = (level: number): number => MODULE_MAX * GROWTH ** (level - 1);
const SPLIT_RESOLUTIONS = [1, 2, 4, 8];
/** The root's children a person takes in at a glance; past it, coarser levels are tried. */
const TOP_WIDTH = 12;
const COARSER = [0.5, 0.25, 0.1, 0.05];

/** Nodes with their file counts, and weighted undirected adjacency in pair order (a self-loop once). */
interface LevelGraph {
  sizes: number[];
  start: Int32Array;
  neighbor: Int32Array;
  weight: Float64Array;
  /** Scratch for detect: a node's index in the group being split, -1 outside it. */
  local: Int32Array;
}

function levelGraph(sizes: number[], pairs: Pairs): LevelGraph {
  const n = sizes.length;
  const start = new Int32Array(n + 1);
  for (let e = 0; e < pairs.a.length; e++) {
    start[pairs.a[e]! + 1]!++;
    if (pairs.a[e] !== pairs.b[e]) start[pairs.b[e]! + 1]!++;
  }
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, n);
  const neighbor = new Int32Array(start[n]!);
  const weight = new Float64Array(start[n]!);
  for (let e = 0; e < pairs.a.length; e++) {
    const a = pairs.a[e]!;
    const b = pairs.b[e]!;
    neighbor[fill[a]!] = b;
    weight[fill[a]!++] = pairs.w[e]!;
    if (a === b) continue;
    neighbor[fill[b]!] = a;
    weight[fill[b]!++] = pairs.w[e]!;
  }
  return { sizes, start, neighbor, weight, local: new Int32Array(n).fill(-1) };
}

const sizeOf = (g: LevelGraph, group: number[]): number => group.reduce((sum, i) => sum + g.sizes[i]!, 0);

/**
 * Called where what was just made is garbage (a Louvain run's index and scratch): on 13k files
 * the runs of one hierarchy turned over ~100 MB between two of the map's own collections.
 */
type Settle = () => void;

/** Louvain on the subgraph of `group`: its parts, each ascending. */
function detect(g: LevelGraph, group: number[], resolution: number, settle: Settle): number[][] {
  for (const [i, node] of group.entries()) g.local[node] = i;
  let m = 0;
  for (const [i, node] of group.entries()) {
    for (let k = g.start[node]!; k < g.start[node + 1]!; k++) {
      const j = g.local[g.neighbor[k]!]!;
      if (j >= i && g.weight[k]! > 0) m++;
    }
  }
  const src = new Int32Array(m);
  const dst = new Int32Array(m);
  const weights = new Float64Array(m);
  let e = 0;
  for (const [i, node] of group.entries()) {
    for (let k = g.start[node]!; k < g.start[node + 1]!; k++) {
      const j = g.local[g.neighbor[k]!]!;
      if (j < i || g.weight[k]! <= 0) continue;
      src[e] = i;
      dst[e] = j;
      weights[e++] = g.weight[k]!;
    }
  }
  for (const node of group) g.local[node] = -1;
  const found = communities(new UndirectedView(group.length, src, dst, weights), resolution);
  settle();
  const parts: number[][] = [];
  for (const [i, c] of found.entries()) (parts[c] ??= []).push(group[i]!);
  return parts;
}

function splitOversized(g: LevelGraph, group: number[], max: number, settle: Settle): number[][] {
  const out: number[][] = [];
  const queue = [group];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (next.length < 2 || sizeOf(g, next) <= max) {
      out.push(next);
      continue;
    }
    let parts = [next];
    for (const resolution of SPLIT_RESOLUTIONS) {
      parts = detect(g, next, resolution, settle);
      if (parts.length > 1) break;
    }
    if (parts.length > 1) queue.push(...parts);
    else out.push(next);
  }
  return out;
}

/**
 * Small groups joined to the neighbour they have most weight to (while the result stays within
 * `max`), else to the group `home` names. Smallest first, so a pair of strays can meet.
 */
type Home = (group: number[], groupOf: Int32Array, fits: (i: number) => boolean) => number | undefined;

function mergeSmall(g: LevelGraph, groups: number[][], min: number, max: number, home?: Home): number[][] {
  const groupOf = new Int32Array(g.sizes.length);
  const members = groups.map((group) => [...group]);
  const sizes = groups.map((group) => sizeOf(g, group));
  for (const [i, group] of groups.entries()) for (const node of group) groupOf[node] = i;
  const order = groups.map((_, i) => i).sort((a, b) => sizes[a]! - sizes[b]! || members[a]![0]! - members[b]![0]!);
  const alive = (i: number) => members[i]!.length > 0;
  for (const i of order) {
    if (!alive(i) || sizes[i]! >= min) continue;
    const toward = new Map<number, number>();
    for (const node of members[i]!) {
      for (let k = g.start[node]!; k < g.start[node + 1]!; k++) {
        const j = groupOf[g.neighbor[k]!]!;
        if (j !== i) toward.set(j, (toward.get(j) ?? 0) + g.weight[k]!);
      }
    }
    let best: number | undefined;
    for (const [j, w] of toward) {
      if (sizes[i]! + sizes[j]! > max) continue;
      if (best === undefined || w > toward.get(best)! || (w === toward.get(best)! && j < best)) best = j;
    }
    if (best === undefined && toward.size === 0) best = home?.(members[i]!, groupOf, (j) => alive(j) && sizes[i]! + sizes[j]! <= max);
    if (best === undefined || best === i) continue;
    for (const node of members[i]!) groupOf[node] = best;
    members[best]!.push(...members[i]!);
    sizes[best]! += sizes[i]!;
    members[i] = [];
    sizes[i] = 0;
  }
  return members.filter((m) => m.length > 0).map((m) => m.sort((a, b) => a - b));
}

function partition(g: LevelGraph, level: number, settle: Settle, home?: Home, resolution = 1): number[][] {
  const all = g.sizes.map((_, i) => i);
  const max = maxFilesAt(level);
  let groups = detect(g, all, resolution, settle).flatMap((group) => splitOversized(g, group, max, settle));
  if (level === 1) groups = mergeSmall(g, groups, MODULE_MIN, max, home);
  return groups.sort((a, b) => a[0]! - b[0]!);
}

/**
 * For a module with no edge at all: the group holding the most files under its nearest
 * ancestor directory (below the repository's root, so a stray never crosses into another
 * top-level project), if any.
 */
function directoryHome(fg: FileGraph): Home {
  const under = new Map<string, number[]>();
  for (const [i, path] of fg.paths.entries()) {
    for (let dir = dirOf(path); dir !== ""; dir = dirOf(dir)) {
      const list = under.get(dir);
      if (list) list.push(i);
      else under.set(dir, [i]);
    }
  }
  return (group, groupOf, fits) => {
    const own = groupOf[group[0]!]!;
    for (let dir = dirOf(fg.paths[group[0]!]!); dir !== ""; dir = dirOf(dir)) {
      const counts = new Map<number, number>();
      for (const file of under.get(dir) ?? []) {
        const j = groupOf[file]!;
        if (j !== own && fits(j)) counts.set(j, (counts.get(j) ?? 0) + 1);
      }
      let best: number | undefined;
      for (const [j, n] of counts) if (best === undefined || n > counts.get(best)! || (n === counts.get(best)! && j < best)) best = j;
      if (best !== undefined) return best;
    }
    return undefined;
  };
}

/**
 * Parts the graph does not tie together at all (a tree of packages with no edges between them)
 * are grouped by the directories that hold them, deepest first, one level per depth, until the
 * top is narrow enough. Never by a top-level directory: side by side there, projects stay apart.
 */
function byDirectory(fg: FileGraph, nodes: TreeNode[], level: number): TreeNode[] {
  let current = nodes;
  const dirOfNode = new Map<TreeNode, string[]>();
  const dirsOf = (node: TreeNode) => {
    let dir = dirOfNode.get(node);
    if (!dir) dirOfNode.set(node, (dir = dominantDir(node.files.map((f) => fg.paths[f]!)).dir.split("/").filter(Boolean)));
    return dir;
  };
  const deepest = Math.max(...current.map((node) => dirsOf(node).length));
  for (let depth = deepest; depth >= 2 && current.length > TOP_WIDTH; depth--) {
    const groups = new Map<string, TreeNode[]>();
    for (const [i, node] of current.entries()) {
      const dir = dirsOf(node);
      const key = dir.length >= depth ? dir.slice(0, depth).join("/") : `\0${i}`;
      (groups.get(key) ?? groups.set(key, []).get(key)!).push(node);
    }
    if (groups.size === current.length) continue;
    current = [...groups.values()]
      .map((group) => (group.length === 1 ? group[0]! : { level, files: group.flatMap((node) => node.files).sort((a, b) => a - b), children: group }))
      .sort((a, b) => a.files[0]! - b.files[0]!);
    level++;
  }
  return current;
}

export function buildTree(fg: FileGraph, settle: Settle = () => {}): TreeNode {
  const n = fg.paths.length;
  const everyFile = fg.paths.map((_, i) => i);
  if (n < SMALL_REPOSITORY) return { level: 1, files: everyFile, children: [] };

  let pairs = fg.pairs;
  const modules = partition(levelGraph(new Array<number>(n).fill(1), pairs), 1, settle, directoryHome(fg));
  pairs = regroup(pairs, modules, n);
  let current: TreeNode[] = modules.map((files) => ({ level: 1, files, children: [] }));
  let level = 1;
  // Levels of modularity first; then, while the top is still wider than a person reads at a
  // glance, coarser ones (Louvain at a lower resolution merges weakly tied parts, never parts
  // with no tie at all).
  const resolutions = [1, ...COARSER];
  let r = 0;
  while (current.length > 1 && r < resolutions.length) {
    const groups = partition(levelGraph(current.map((node) => node.files.length), pairs), level + 1, settle, undefined, resolutions[r]);
    if (groups.every((group) => group.length === 1)) {
      r++;
      if (current.length <= TOP_WIDTH) break;
      continue;
    }
    level++;
    if (r > 0 && groups.length <= TOP_WIDTH) r = resolutions.length;
    pairs = regroup(pairs, groups, current.length);
    current = groups.map((group) =>
      group.length === 1
        ? current[group[0]!]!
        : { level, files: group.flatMap((i) => current[i]!.files).sort((a, b) => a - b), children: group.map((i) => current[i]!) },
    );
  }
  if (current.length > TOP_WIDTH) current = byDirectory(fg, current, level + 1);
  const root = current.length === 1 ? current[0]! : { level: 0, files: everyFile, children: current };
  relevel(root);
  return root;
}

/** The graph between groups of the nodes `pairs` joins. */
function regroup(pairs: Pairs, groups: number[][], n: number): Pairs {
  const groupOf = new Int32Array(n);
  for (const [g, group] of groups.entries()) for (const node of group) groupOf[node] = g;
  const a = pairs.a.map((x) => groupOf[x]!);
  const b = pairs.b.map((x) => groupOf[x]!);
  return mergePairs(a, b, pairs.w, groups.length);
}

/** A region's level is its height: 1 for a module, one above its highest child otherwise. */
function relevel(node: TreeNode): number {
  // A tree is a few levels deep: recursion here is bounded by the level count.
  node.level = node.children.length === 0 ? 1 : 1 + Math.max(...node.children.map(relevel));
  return node.level;
}
