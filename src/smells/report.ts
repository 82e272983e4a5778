// Every rule run over one revision, and the report as the map stores it with that revision
// (meta `smells`): reading all of the file graph costs seconds on a large repository, far over
// a query's budget, so a map pays it once and a query reads the stored report.
import type { FileGraph, GraphReader } from "../store";
import { readSmellInput } from "./input";
import { SMELL_VERSION, type RegionPlacement, type Smell, type SmellInput, type SmellReport } from "./model";
import { REGION_RULES, RULES } from "./rules";
import { byCodeUnit } from "../util/compare";

/** The meta key the report is stored under. */
export const SMELLS_META = "smells";

const ORDER = new Map([...RULES, ...REGION_RULES].map((rule, i) => [rule.name, i]));
const REGION_KINDS = new Set(REGION_RULES.map((rule) => rule.name));

/** By confidence, then rule order, file and line. */
function sortSmells(smells: Smell[]): Smell[] {
  return smells.sort(
    (a, b) =>
      b.confidence - a.confidence ||
      ORDER.get(a.kind)! - ORDER.get(b.kind)! ||
      byCodeUnit(a.file, b.file) ||
      Number(a.signals.line ?? 0) - Number(b.signals.line ?? 0),
  );
}

/** The rules' smells, the region rules' aside. */
export function runRules(input: SmellInput, rev: number): SmellReport {
  const report: SmellReport = { version: SMELL_VERSION, rev, thresholds: {}, smells: [] };
  for (const rule of RULES) {
    const result = rule.detect(input);
    if (result.thresholds) report.thresholds[rule.name] = result.thresholds;
    report.smells.push(...result.smells);
  }
  sortSmells(report.smells);
  return report;
}

/**
 * The report with the region rules' smells read again from `placement`, the map that region
 * work wrote at revision `mapRev` (ingest/regions.ts REGIONS_WRITTEN); counted per region of
 * that map when its `parents` (each region's parent id) are given.
 */
export function withRegionSmells(report: SmellReport, placement: RegionPlacement, mapRev: number, parents?: ReadonlyMap<string, string | null>): SmellReport {
  const smells = report.smells.filter((smell) => !REGION_KINDS.has(smell.kind));
  const thresholds = { ...report.thresholds };
  for (const rule of REGION_RULES) {
    const result = rule.detect(placement);
    if (result.thresholds) thresholds[rule.name] = result.thresholds;
    else delete thresholds[rule.name];
    smells.push(...result.smells);
  }
  const sorted = sortSmells(smells);
  // Counts of another map, or of other smells, never ride along.
  return { ...report, thresholds, smells: sorted, regionsRev: mapRev, regionCounts: parents && countByRegion(sorted, placedBy(placement.files), parents) };
}

/**
 * A report computed in the revision's transaction, before its map exists, with the region
 * rules' part of the previous report, still marked as read from the previous map: the region
 * step keeps it when the map did not move, or reads it again.
 */
export function withPreviousRegionSmells(report: SmellReport, previous: SmellReport | undefined): SmellReport {
  if (previous?.regionsRev === undefined) return report;
  const smells = [...report.smells, ...previous.smells.filter((smell) => REGION_KINDS.has(smell.kind))];
  const thresholds = { ...report.thresholds };
  for (const rule of REGION_RULES) if (previous.thresholds[rule.name]) thresholds[rule.name] = previous.thresholds[rule.name]!;
  return { ...report, thresholds, smells: sortSmells(smells), regionsRev: previous.regionsRev };
}

/** Each file's innermost region, as a map's placement lists them. */
export function placedBy(files: readonly { path: string; region: string }[]): ReadonlyMap<string, string> {
  return new Map(files.map((file) => [file.path, file.region]));
}

/**
 * Per region, the smells naming a file in it or in its children: a smell of several files (a
 * cycle) counts once in each region holding one of them. `regionOf`: each file's innermost
 * region; `parents`: each region's parent (null at the root).
 */
export function countByRegion(smells: readonly Smell[], regionOf: ReadonlyMap<string, string>, parents: ReadonlyMap<string, string | null>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const smell of smells) {
    const holding = new Set<string>();
    for (const file of smell.files ?? [smell.file]) {
      for (let at = regionOf.get(file) ?? null; at !== null && !holding.has(at); at = parents.get(at) ?? null) holding.add(at);
    }
    for (const id of holding) counts[id] = (counts[id] ?? 0) + 1;
  }
  return counts;
}

/** The fields of a stored report that say whose counts it keeps, as GraphReader.metaFields reads them. */
export const REGION_COUNT_FIELDS = ["version", "rev", "regionsRev", "regionCounts"] as const;

/**
 * The stored report's counts per region (`fields`: REGION_COUNT_FIELDS' values), when it
 * describes `rev` with these rules and its region smells were read from the map of `mapRev`;
 * else undefined.
 */
export function storedRegionCounts(fields: readonly (string | number | undefined)[], rev: number, mapRev: number | undefined): Map<string, number> | undefined {
  const [version, reportRev, regionsRev, counts] = fields;
  if (version !== SMELL_VERSION || reportRev !== rev || mapRev === undefined || regionsRev !== mapRev || typeof counts !== "string") return undefined;
  try {
    return new Map(Object.entries(JSON.parse(counts) as Record<string, number>));
  } catch {
    return undefined;
  }
}

/**
 * The report as a query may show it: the region rules' smells only when they were read from
 * the stored map and it matches the graph (`mapRev`: the revision that wrote it, undefined when
 * it is stale or missing); else they are left out (`regionsCurrent` false).
 */
export function shownSmells(report: SmellReport, mapRev: number | undefined): { report: SmellReport; regionsCurrent: boolean } {
  if (mapRev !== undefined && report.regionsRev === mapRev) return { report, regionsCurrent: true };
  return { report: { ...report, smells: report.smells.filter((smell) => !REGION_KINDS.has(smell.kind)) }, regionsCurrent: false };
}

/**
 * Every rule over the revision; the region rules too when the map `region` names is given.
 * `fileGraph`: the revision's, when the caller has read it already.
 */
export async function computeSmells(graph: GraphReader, rev: number, region?: { placement: RegionPlacement; mapRev: number }, fileGraph?: FileGraph): Promise<SmellReport> {
  const report = runRules(await readSmellInput(graph, fileGraph), rev);
  return region ? withRegionSmells(report, region.placement, region.mapRev) : report;
}

/** The stored report when it describes `rev` with these rules; else undefined. */
export function storedSmells(stored: string | undefined, rev: number): SmellReport | undefined {
  if (stored === undefined) return undefined;
  try {
    const report = JSON.parse(stored) as SmellReport;
    return report.version === SMELL_VERSION && report.rev === rev && Array.isArray(report.smells) ? report : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The previous revision's report as this revision's, when the graph's shape did not move (an
 * edit inside bodies): every rule reads the shape alone, so only the lines of the entities the
 * edited files hold can differ, and those are read again. Undefined when one is not found.
 */
export async function carrySmells(graph: GraphReader, previous: SmellReport, rev: number, edited: ReadonlySet<string>): Promise<SmellReport | undefined> {
  const smells: Smell[] = [];
  const linesOf = new Map<string, Map<string, number>>();
  for (const smell of previous.smells) {
    const { entity, entity_kind: kind, line } = smell.signals;
    if (line === undefined || entity === undefined || !edited.has(smell.file)) {
      smells.push(smell);
      continue;
    }
    let lines = linesOf.get(smell.file);
    if (!lines) {
      const file = await graph.fileNode(smell.file);
      const children = file ? await graph.children(file.id) : [];
      linesOf.set(smell.file, (lines = new Map(children.map((node) => [`${node.kind}\0${node.name}`, node.startLine]))));
    }
    const now = lines.get(`${kind}\0${entity}`);
    if (now === undefined) return undefined;
    smells.push({ ...smell, signals: { ...smell.signals, line: now } });
  }
  return { ...previous, rev, smells };
}
