// Region work: the file graph → a hierarchy of regions with ids, labels and scores.
// A small change to the file set (a few files added or removed since the last full
// computation) extends the previous hierarchy: every kept file keeps its region, each new one
// joins the region it has most weight to. Past that, or when the graph's modules lost much of
// their inner weight, Louvain runs again and ids are matched to the previous regions by overlap.
import { pagerankOf } from "./pagerank";
import type { FileEdges, Hierarchy, Region, RegionFile, RegionInputFile, RegionKind } from "../model/regions";
import { byCodeUnit } from "../util/compare";
import { buildFileGraph, type FileGraph } from "./graph";
import { buildTree, SMALL_REPOSITORY, MODULE_MIN, maxFilesAt, type TreeNode } from "./hierarchy";
import { assignIds, type PreviousRegion } from "./ids";
import { dominantDir, labelAll, labelDir, shareUnder } from "./labels";
import { round2, scoreNodes } from "./scores";

export interface RegionInput {
  files: RegionInputFile[];
  links: FileEdges[];
  /** The repository's directory name: the root system's label. */
  rootName: string;
}

export interface PreviousHierarchy {
  regions: Region[];
  files: RegionFile[];
  /** Files added or removed since the last full computation. */
  drift: number;
  /** The modules' share of inner edges at the last full computation. */
  innerShare: number;
}

export interface RegionOutcome {
  hierarchy: Hierarchy;
  mode: "full" | "extended";
  drift: number;
  innerShare: number;
}

/** A previous hierarchy is extended while the files added or removed since it was computed stay under this share. */
const DRIFT_SHARE = 0.02;
/** ... and while its modules keep their inner share of the edges within this much. */
const INNER_SLACK = 0.05;

const SIGNAL_OF: Record<string, string> = { IMPORTS: "imports", CALLS: "calls", REFERENCES: "references", EXTENDS: "extends", IMPLEMENTS: "implements" };
/** An edge kind is a signal of a region when it carries this share of the region's inner edges. */
const SIGNAL_SHARE = 0.1;
/** The directory is a signal when this share of the files sit under the dominant one. */
const DIRECTORY_SIGNAL = 0.8;

interface Flat {
  level: number;
  parent: number;
  files: number[];
  children: number[];
  /** The previous id, when the hierarchy was extended. */
  id?: string;
}

function flatten(root: TreeNode): Flat[] {
  const out: Flat[] = [];
  const visit = (node: TreeNode, parent: number) => {
    const i = out.length;
    out.push({ level: node.level, parent, files: node.files, children: [] });
    if (parent >= 0) out[parent]!.children.push(i);
    for (const child of node.children) visit(child, i);
  };
  // A tree is a few levels deep: recursion here is bounded by the level count.
  visit(root, -1);
  return out;
}

/** The previous hierarchy with the current files: null when it cannot be reused. */
function extend(fg: FileGraph, previous: PreviousHierarchy): Flat[] | null {
  const byId = new Map(previous.regions.map((r) => [r.id, r]));
  const root = previous.regions.find((r) => r.parent === null);
  if (!root || previous.regions.some((r) => r.parent !== null && !byId.has(r.parent))) return null;
  const flat: Flat[] = [];
  const indexOf = new Map<string, number>();
  const visit = (region: Region, parent: number) => {
    const i = flat.length;
    indexOf.set(region.id, i);
    flat.push({ level: region.level, parent, files: [], children: [], id: region.id });
    if (parent >= 0) flat[parent]!.children.push(i);
    for (const child of region.children) {
      const r = byId.get(child);
      if (r) visit(r, i);
    }
  };
  visit(root, -1);
  const leafOf = new Int32Array(fg.paths.length).fill(-1);
  for (const f of previous.files) {
    const file = fg.index.get(f.path);
    const leaf = indexOf.get(f.region);
    if (file !== undefined && leaf !== undefined) leafOf[file] = leaf;
  }
  const leaves = flat.map((node, i) => (node.children.length === 0 ? i : -1)).filter((i) => i >= 0);
  // The new files' neighbours, in pair order, read in one pass over the pairs.
  const neighbours = new Map<number, [other: number, w: number][]>();
  for (let file = 0; file < fg.paths.length; file++) if (leafOf[file]! < 0) neighbours.set(file, []);
  const pairs = fg.pairs;
  for (let e = 0; e < pairs.a.length; e++) {
    neighbours.get(pairs.a[e]!)?.push([pairs.b[e]!, pairs.w[e]!]);
    neighbours.get(pairs.b[e]!)?.push([pairs.a[e]!, pairs.w[e]!]);
  }
  for (const [file, around] of neighbours) {
    const toward = new Map<number, number>();
    for (const [other, weight] of around) {
      const leaf = leafOf[other]!;
      if (leaf >= 0) toward.set(leaf, (toward.get(leaf) ?? 0) + weight);
    }
    let best = -1;
    for (const [leaf, w] of toward) if (best < 0 || w > toward.get(best)! || (w === toward.get(best)! && leaf < best)) best = leaf;
    // No edge and no sibling: the region of the nearest path placed before it, else the first module.
    if (best < 0) for (let other = file - 1; other >= 0 && best < 0; other--) if (leafOf[other]! >= 0) best = leafOf[other]!;
    leafOf[file] = best >= 0 ? best : (leaves[0] ?? 0);
  }
  for (let file = 0; file < fg.paths.length; file++) for (let at = leafOf[file]!; at >= 0; at = flat[at]!.parent) flat[at]!.files.push(file);
  // Regions left without files go, and their parents forget them.
  const keep = flat.map((node) => node.files.length > 0 || node.parent < 0);
  const renumber = new Map<number, number>();
  const out: Flat[] = [];
  for (const [i, node] of flat.entries()) {
    if (!keep[i]) continue;
    renumber.set(i, out.length);
    out.push({ ...node, parent: node.parent < 0 ? -1 : renumber.get(node.parent)!, children: [] });
  }
  for (const [i, node] of out.entries()) if (node.parent >= 0) out[node.parent]!.children.push(i);
  return out;
}

function kindOf(node: Flat): RegionKind {
  if (node.parent < 0) return "system";
  return node.level === 1 ? "module" : "subsystem";
}

/** How well a module's size fits its band, 5–20 files (1 inside it); 1 for the rest. */
function sizeFit(node: Flat): number {
  if (node.parent < 0 || node.level !== 1) return 1;
  const max = maxFilesAt(1);
  const n = node.files.length;
  return n > max ? max / n : n < MODULE_MIN ? n / MODULE_MIN : 1;
}

/**
 * `settle`, when given, is called wherever what was just made is garbage (between the stages,
 * after each Louvain run and each region's directory and label): the caller can collect it
 * there, before the next step allocates on top of it. It must be cheap when it does nothing.
 */
export function computeRegions(input: RegionInput, previous?: PreviousHierarchy, settle: () => void = () => {}): RegionOutcome {
  const fg = buildFileGraph(
    input.files.map((f) => f.path),
    input.links,
  );
  settle();
  const entitiesOf = new Map(input.files.map((f) => [f.path, f.entities]));
  let mode: RegionOutcome["mode"] = "full";
  let drift = 0;
  let flat: Flat[] | null = null;
  if (previous && previous.regions.length > 0) {
    const before = new Set(previous.files.map((f) => f.path));
    let moved = previous.drift;
    for (const path of fg.paths) if (!before.has(path)) moved++;
    for (const path of before) if (!fg.index.has(path)) moved++;
    const reusable = before.size >= SMALL_REPOSITORY && fg.paths.length >= SMALL_REPOSITORY && moved <= Math.max(1, DRIFT_SHARE * fg.paths.length);
    if (reusable) {
      flat = extend(fg, previous);
      drift = moved;
      mode = "extended";
    }
  }
  let scores = flat ? scoreNodes(fg, flat) : undefined;
  if (flat && scores && previous && innerShareOf(scores.files) < previous.innerShare - INNER_SLACK) flat = null;
  let innerShare = previous?.innerShare ?? 0;
  if (!flat) {
    flat = flatten(buildTree(fg, settle));
    settle();
    scores = scoreNodes(fg, flat);
    mode = "full";
    drift = 0;
    innerShare = innerShareOf(scores.files);
  }
  settle();
  const s = scores!;
  const nodes = flat;
  const pathsOf = nodes.map((node) => node.files.map((i) => fg.paths[i]!));
  // A file set that has not moved since the stored map: every region holds what it held, so its
  // directory and label are the stored ones (labelling 13k files took 1.6 s of a 3.4 s re-scoring).
  const stored = mode === "extended" && previous && drift === previous.drift ? new Map(previous.regions.map((r) => [r.id, r])) : undefined;
  const keep = stored && nodes.every((node) => stored.has(node.id!)) ? stored : undefined;
  const dirs = pathsOf.map((paths, i) => {
    const region = keep?.get(nodes[i]!.id!);
    const dir = region ? { dir: region.dir, share: shareUnder(paths, region.dir) } : dominantDir(paths);
    settle();
    return dir;
  });
  const labels = keep
    ? nodes.map((node) => keep.get(node.id!)!.label)
    : labelAll(
        nodes.map((node, i) => ({ paths: pathsOf[i]!, dir: dirs[i]!.dir === "" ? labelDir(pathsOf[i]!) : dirs[i]!.dir, root: node.parent < 0 })),
        input.rootName,
        settle,
      );
  settle();
  const ids =
    mode === "extended"
      ? nodes.map((node) => node.id!)
      : assignIds(
          nodes.map((node, i) => ({ level: node.level, root: node.parent < 0, files: pathsOf[i]! })),
          previous ? previousFiles(previous) : [],
        );
  const regions: Region[] = nodes.map((node, i) => {
    const score = s.nodes[i]!;
    const innerTotal = [...score.inner.values()].reduce((a, b) => a + b, 0);
    const signals = [...score.inner]
      .filter(([, count]) => innerTotal > 0 && count / innerTotal >= SIGNAL_SHARE)
      .sort((a, b) => b[1] - a[1] || byCodeUnit(a[0], b[0]))
      .map(([kind]) => SIGNAL_OF[kind] ?? kind.toLowerCase());
    if (dirs[i]!.share >= DIRECTORY_SIGNAL && node.parent >= 0) signals.push("directory");
    return {
      id: ids[i]!,
      kind: kindOf(node),
      label: labels[i]!,
      level: node.level,
      parent: node.parent < 0 ? null : ids[node.parent]!,
      children: node.children.map((c) => ids[c]!),
      files: node.files.length,
      entities: pathsOf[i]!.reduce((sum, p) => sum + (entitiesOf.get(p) ?? 0), 0),
      cohesion: score.cohesion,
      coupling: score.coupling,
      crosscut: score.crosscut,
      confidence: 0,
      signals,
      dir: dirs[i]!.dir,
    };
  });
  // A region's confidence: how much of its edges stay inside, how much of it one directory
  // holds, how well its size fits its level; the system's, its children's, weighted by files.
  for (const [i, region] of regions.entries()) {
    if (nodes[i]!.parent < 0) continue;
    region.confidence = round2(0.5 * region.cohesion + 0.3 * dirs[i]!.share + 0.2 * sizeFit(nodes[i]!));
  }
  for (const [i, region] of regions.entries()) {
    if (nodes[i]!.parent >= 0) continue;
    const children = nodes[i]!.children;
    const weight = children.reduce((sum, c) => sum + nodes[c]!.files.length, 0);
    region.confidence = weight === 0 ? round2(0.5 + 0.5 * region.cohesion) : round2(children.reduce((sum, c) => sum + regions[c]!.confidence * nodes[c]!.files.length, 0) / weight);
  }
  const ranks = pagerankOf(fg.paths.length, fg.links);
  const files: RegionFile[] = fg.paths.map((path, f) => ({ path, region: ids[s.leafOf[f]!]!, ...s.files[f]!, pagerank: ranks[f]! }));
  const links = s.links.map((l) => ({ src: ids[l.src]!, dst: ids[l.dst]!, edges: l.edges })).sort((a, b) => byCodeUnit(a.src, b.src) || byCodeUnit(a.dst, b.dst));
  const levels = new Set(nodes.map((node) => node.level)).size;
  return { hierarchy: { regions, files, links, levels, modularity: s.modularity }, mode, drift, innerShare };
}

function innerShareOf(files: { edgesInside: number; edgesOutside: number }[]): number {
  let inside = 0;
  let all = 0;
  for (const f of files) {
    inside += f.edgesInside;
    all += f.edgesInside + f.edgesOutside;
  }
  return all === 0 ? 0 : inside / all;
}

/** Each previous region with every file under it. */
function previousFiles(previous: PreviousHierarchy): PreviousRegion[] {
  const byId = new Map(previous.regions.map((r) => [r.id, r]));
  const files = new Map(previous.regions.map((r) => [r.id, [] as string[]]));
  for (const f of previous.files) {
    for (let at = byId.get(f.region); at; at = at.parent === null ? undefined : byId.get(at.parent)) files.get(at.id)!.push(f.path);
  }
  return previous.regions.map((r) => ({ id: r.id, level: r.level, root: r.parent === null, files: files.get(r.id)!.sort(byCodeUnit) }));
}

