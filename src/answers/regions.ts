// The architecture map as answers: the stored regions, whether they match the graph's
// revision, a file's system path, a region's neighbours and scores.
import type { Region, RegionLink } from "../model/regions";
import { currentMapWritten, mapComplete, mapLevels } from "../ingest/regions";
import { countByRegion, placedBy, REGION_COUNT_FIELDS, SMELLS_META, storedRegionCounts } from "../smells/report";
import type { Session } from "./session";
import { revisionSmells } from "./smells";

export interface RegionMap {
  /** Every stored region, or the top of the tree when that is what was asked for (regionMap's `top`). */
  regions: Region[];
  /** The hierarchy matches the graph's revision (status's map_complete). */
  complete: boolean;
  rev: number;
  levels: number;
  /** Why the last region work failed, when it did. */
  error?: string;
}

/** The stored map; with `top`, only the system and the regions at most that many levels below it. */
export async function regionMap(session: Session, top?: number): Promise<RegionMap> {
  const { graph } = session;
  return {
    regions: top === undefined ? await graph.regions() : await graph.regionsTop(top),
    complete: await mapComplete(graph),
    rev: await graph.rev(),
    levels: await mapLevels(graph),
    error: (await graph.meta("regions_error")) || undefined,
  };
}

/** The region's ancestors below the root, outermost first, then the region itself. */
export function pathTo(regions: readonly Region[], id: string): Region[] {
  const byId = new Map(regions.map((r) => [r.id, r]));
  const chain: Region[] = [];
  for (let at = byId.get(id); at && at.parent !== null; at = byId.get(at.parent)) chain.unshift(at);
  return chain;
}

/** pathTo read from the store up one chain, without reading every region (~15 ms on 1,705 of them). */
export async function chainTo(session: Session, id: string): Promise<Region[]> {
  return (await session.graph.regionAncestry(id)).filter((r) => r.parent !== null).reverse();
}

/**
 * A chain's labels, a label its parent already has said once: a region of a level above that
 * holds one part is labelled as that part ("B / Effect" over "B / Effect").
 */
export function pathLabels(chain: readonly Region[]): string[] {
  return chain.map((r) => r.label).filter((label, i, all) => i === 0 || label !== all[i - 1]);
}

/** The labels from the system's child down to the innermost region holding `path`; undefined when no map holds it. */
export async function systemPathOf(session: Session, path: string): Promise<string[] | undefined> {
  const file = await session.graph.regionOfFile(path);
  if (!file) return undefined;
  const chain = await chainTo(session, file.region);
  return chain.length > 0 ? pathLabels(chain) : undefined;
}

/** Health: mostly how much of a region's edges stay inside, the rest how few leave it per file. */
export function healthOf(region: Region): number {
  return Math.round((0.7 * region.cohesion + 0.3 * (1 - Math.min(1, region.coupling / 10))) * 100) / 100;
}

/**
 * Per region, the smells of its files (its children's included) as \`ix smells\` shows them; a
 * smell of several files (a cycle) counts once in each region holding one of them. The map
 * keeps the counts with the report (SmellReport.regionCounts); a report without them is
 * counted here, against every file's place in the stored map.
 */
export async function smellsByRegion(session: Session): Promise<Map<string, number>> {
  const { graph } = session;
  const kept = storedRegionCounts(await graph.metaFields(SMELLS_META, REGION_COUNT_FIELDS), await graph.rev(), await currentMapWritten(graph));
  if (kept) return kept;
  const { report } = await revisionSmells(session);
  if (report.smells.length === 0) return new Map();
  const parents = new Map((await graph.regions()).map((r) => [r.id, r.parent]));
  return new Map(Object.entries(countByRegion(report.smells, placedBy(await graph.regionFiles()), parents)));
}

/** Entities per file: how finely the region's files are cut. */
export const chunksPerFile = (region: Region): number => (region.files === 0 ? 0 : Math.round((region.entities / region.files) * 10) / 10);

export interface Neighbour {
  region: Region;
  /** Edges from the target's files into this region's. */
  out: number;
  /** Edges from this region's files into the target's. */
  in: number;
}

export interface RegionView {
  region: Region;
  parent?: Region;
  children: Region[];
  /** The regions its files' edges reach or come from, most edges first. */
  neighbours: Neighbour[];
  /** Labels from the system's child down to the region. */
  systemPath: string[];
}

export async function regionView(session: Session, regions: readonly Region[], region: Region): Promise<RegionView> {
  const byId = new Map(regions.map((r) => [r.id, r]));
  const links: RegionLink[] = await session.graph.regionLinks(region.id);
  const neighbours = new Map<string, Neighbour>();
  for (const link of links) {
    const other = link.src === region.id ? link.dst : link.src;
    const found = byId.get(other);
    if (!found) continue;
    const entry = neighbours.get(other) ?? { region: found, out: 0, in: 0 };
    if (link.src === region.id) entry.out += link.edges;
    else entry.in += link.edges;
    neighbours.set(other, entry);
  }
  return {
    region,
    parent: region.parent === null ? undefined : byId.get(region.parent),
    children: region.children.map((id) => byId.get(id)).filter((r): r is Region => r !== undefined),
    neighbours: [...neighbours.values()].sort((a, b) => b.out + b.in - (a.out + a.in) || (a.region.id < b.region.id ? -1 : 1)),
    systemPath: pathLabels(pathTo(regions, region.id)),
  };
}

export type RegionSort = "importance" | "confidence" | "size" | "alpha";
export const REGION_SORTS: readonly RegionSort[] = ["importance", "confidence", "size", "alpha"];

export interface RegionSelection {
  level?: number;
  minConfidence?: number;
  sort: RegionSort;
  /** undefined: every region. */
  maxItems?: number;
}

/** How much a region matters at a glance: its share of the files, weighted by how sure it is, higher levels first on ties. */
const importance = (r: Region): number => r.files * (0.5 + r.confidence / 2);

/**
 * The regions a map shows: the system always, then those of the level asked and confident
 * enough, in the order asked, cut to maxItems. `total` counts them before the cut.
 */
export function selectRegions(regions: readonly Region[], opts: RegionSelection): { shown: Region[]; total: number } {
  const root = regions.find((r) => r.parent === null);
  const rest = regions.filter(
    (r) => r.parent !== null && (opts.level === undefined || r.level === opts.level) && (opts.minConfidence === undefined || r.confidence >= opts.minConfidence),
  );
  const order: Record<RegionSort, (a: Region, b: Region) => number> = {
    importance: (a, b) => importance(b) - importance(a) || b.level - a.level,
    confidence: (a, b) => b.confidence - a.confidence || b.files - a.files,
    size: (a, b) => b.files - a.files || b.level - a.level,
    alpha: (a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
  };
  const sorted = rest.sort((a, b) => order[opts.sort](a, b) || (a.id < b.id ? -1 : 1));
  const cut = opts.maxItems === undefined ? sorted : sorted.slice(0, Math.max(0, opts.maxItems - (root ? 1 : 0)));
  return { shown: root ? [root, ...cut] : cut, total: rest.length + (root ? 1 : 0) };
}

/** The subsystems list: every region of kind subsystem (modules when there is none), largest first. */
export function subsystemsOf(regions: readonly Region[]): Region[] {
  const subsystems = regions.filter((r) => r.kind === "subsystem");
  const list = subsystems.length > 0 ? subsystems : regions.filter((r) => r.kind === "module");
  return [...list].sort((a, b) => b.files - a.files || (a.id < b.id ? -1 : 1));
}

/** The system's children and theirs: the top of the tree. */
export function topOf(regions: readonly Region[]): Region[] {
  const byId = new Map(regions.map((r) => [r.id, r]));
  const root = regions.find((r) => r.parent === null);
  if (!root) return [];
  const out: Region[] = [];
  for (const id of root.children) {
    const child = byId.get(id);
    if (!child) continue;
    out.push(child);
    for (const grand of child.children) if (byId.has(grand)) out.push(byId.get(grand)!);
  }
  return out;
}

/** Each region's depth below the system, for drawing. */
export function depthsOf(regions: readonly Region[]): Map<string, number> {
  const byId = new Map(regions.map((r) => [r.id, r]));
  const depth = new Map<string, number>();
  const of = (r: Region): number => {
    const known = depth.get(r.id);
    if (known !== undefined) return known;
    const parent = r.parent === null ? undefined : byId.get(r.parent);
    // A tree is a few levels deep: recursion here is bounded by the level count.
    const d = parent ? of(parent) + 1 : 0;
    depth.set(r.id, d);
    return d;
  };
  for (const r of regions) of(r);
  return depth;
}

/** `shown` in tree order (each under its nearest shown ancestor), for text to draw. */
export function treeOrder(regions: readonly Region[], shown: readonly Region[]): Region[] {
  const wanted = new Set(shown.map((r) => r.id));
  const byId = new Map(regions.map((r) => [r.id, r]));
  const out: Region[] = [];
  const stack = regions.filter((r) => r.parent === null).reverse();
  while (stack.length > 0) {
    const r = stack.pop()!;
    if (wanted.has(r.id)) out.push(r);
    for (let i = r.children.length - 1; i >= 0; i--) {
      const child = byId.get(r.children[i]!);
      if (child) stack.push(child);
    }
  }
  return out;
}

/** The region a target names exactly by its id, or by its label (case and spaces aside), if one does. */
export async function regionNamed(session: Session, raw: string, by: "id" | "label"): Promise<Region | undefined> {
  const target = raw.trim().toLowerCase().replace(/\s+/g, "");
  if (!target) return undefined;
  const regions = await session.graph.regions();
  const found = regions.filter((r) => (by === "id" ? r.id === target : r.label.toLowerCase().replace(/\s+/g, "") === target));
  return found.length === 1 ? found[0] : undefined;
}

/** The files a region holds directly or through its children, in path order. */
export async function regionFilesOf(session: Session, region: Region): Promise<string[]> {
  const regions = await session.graph.regions();
  const under = new Set<string>([region.id]);
  // Parents come before children in the stored order.
  for (const r of regions) if (r.parent !== null && under.has(r.parent)) under.add(r.id);
  return (await session.graph.regionFiles()).filter((f) => under.has(f.region)).map((f) => f.path);
}
