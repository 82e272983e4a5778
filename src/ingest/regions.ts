// Region work, the map's second step: after the revision has committed, the architecture map
// is brought to match it. It never costs the graph: a failure here leaves the revision whole
// and says so (map_complete=false and a diagnostic) until a later map succeeds.
import { basename } from "node:path";
import type { FileGraph, GraphReader, GraphStore, Region } from "../store";
import { readRegionPlacement, regionPlacement } from "../smells/input";
import type { RegionPlacement } from "../smells/model";
import { countByRegion, SMELLS_META, storedSmells, withRegionSmells } from "../smells/report";

/** The revision the stored hierarchy matches. */
export const REGIONS_REV = "regions_rev";
/** Why the last region work failed ("" once one succeeds). */
export const REGIONS_ERROR = "regions_error";
/** The revision whose region work last wrote the hierarchy: later ones kept it as it was. */
export const REGIONS_WRITTEN = "regions_written";
const REGIONS_LEVELS = "regions_levels";
const REGIONS_MODULARITY = "regions_modularity";
const REGIONS_DRIFT = "regions_drift";
const REGIONS_INNER = "regions_inner";

export interface RegionWork {
  /**
   * computed: Louvain ran; extended: the previous hierarchy took in a few added or removed
   * files; kept: the file graph had not changed, nothing was done; failed: see error.
   */
  status: "computed" | "extended" | "kept" | "failed";
  /** The stored hierarchy after this step (an earlier one when it failed). */
  regions: Region[];
  levels: number;
  modularity: number;
  ms: number;
  error?: string;
}

/** Whether the stored hierarchy matches the graph's revision: status's map_complete. */
export async function mapComplete(graph: GraphReader): Promise<boolean> {
  const rev = await graph.rev();
  return rev > 0 && (await graph.meta(REGIONS_REV)) === String(rev) && !(await graph.meta(REGIONS_ERROR));
}

/** How many levels the stored hierarchy has, the system's included (0 when none is stored). */
export async function mapLevels(graph: GraphReader): Promise<number> {
  return Number((await graph.meta(REGIONS_LEVELS)) ?? 0) || 0;
}

/**
 * The revision whose region work wrote the stored map, when the map matches the graph's
 * revision: the region smells read from that map still describe the graph.
 */
export async function currentMapWritten(graph: GraphReader): Promise<number | undefined> {
  if (!(await mapComplete(graph))) return undefined;
  const written = Number((await graph.meta(REGIONS_WRITTEN)) ?? NaN);
  return Number.isFinite(written) ? written : undefined;
}

/** Each region's parent id, as the smells' counts per region walk up them. */
const parentsOf = (regions: readonly Region[]): Map<string, string | null> => new Map(regions.map((r) => [r.id, r.parent]));

/**
 * The revision's smell report with the region rules read again from `placement` (the map
 * written at `mapRev`, whose regions `regions` gives) and counted per region, as the meta to
 * write with it. When its region smells already come from that map, only counts it lacks (the
 * other rules' smells changed while the map was kept) are made, from the stored map; when no
 * report of `rev` is stored, or it has its counts, nothing.
 * A rule that fails drops the report, so `ix smells` computes it itself and meets the failure
 * there; the map is written all the same.
 */
async function regionSmellsMeta(
  graph: GraphReader,
  rev: number,
  mapRev: number,
  placement: () => Promise<RegionPlacement>,
  regions: () => Promise<readonly Region[]>,
): Promise<Record<string, string>> {
  const report = storedSmells(await graph.meta(SMELLS_META), rev);
  if (!report || (report.regionsRev === mapRev && report.regionCounts)) return {};
  try {
    if (report.regionsRev === mapRev) {
      const named = [...new Set(report.smells.flatMap((smell) => smell.files ?? [smell.file]))];
      const regionCounts = countByRegion(report.smells, await graph.regionsOfFiles(named), parentsOf(await regions()));
      return { [SMELLS_META]: JSON.stringify({ ...report, regionCounts }) };
    }
    return { [SMELLS_META]: JSON.stringify(withRegionSmells(report, await placement(), mapRev, parentsOf(await regions()))) };
  } catch {
    return { [SMELLS_META]: "" };
  }
}

/**
 * Brings the architecture map to revision `rev`. `fileGraphChanged` false (a body-only edit)
 * with a hierarchy that matched `previousRev` only moves the hierarchy's revision.
 */
export async function mapRegions(
  store: GraphStore,
  root: string,
  rev: number,
  previousRev: number,
  fileGraphChanged: boolean,
  /** The revision's file graph, when the map has read it already (for the smells). */
  fileGraph?: FileGraph,
  /** Called between the work's stages, where what the last one made is garbage (ingest/memory.ts). */
  settle: () => void = () => {},
): Promise<RegionWork> {
  const started = performance.now();
  const stored = await store.meta(REGIONS_REV);
  const failedBefore = Boolean(await store.meta(REGIONS_ERROR));
  const summary = async (status: RegionWork["status"]): Promise<RegionWork> => ({
    status,
    regions: await store.regions(),
    levels: await mapLevels(store),
    modularity: Number((await store.meta(REGIONS_MODULARITY)) ?? 0),
    ms: Math.round(performance.now() - started),
  });
  if (rev === 0) return summary("kept");
  if (!failedBefore && (stored === String(rev) || (!fileGraphChanged && stored === String(previousRev)))) {
    if (stored !== String(rev)) await store.setMeta(REGIONS_REV, String(rev));
    // The report's region smells were read from this very map unless an older ix wrote it, or
    // they are missing (the map was kept while the report was made again without them): then
    // they are read from the stored map. An edit inside bodies finds them current: no work.
    let written = await currentMapWritten(store);
    if (written === undefined) await store.setMeta(REGIONS_WRITTEN, String((written = rev)));
    const meta = await regionSmellsMeta(store, rev, written, () => readRegionPlacement(store), () => store.regions());
    for (const [key, value] of Object.entries(meta)) await store.setMeta(key, value);
    return summary("kept");
  }
  try {
    const files = await store.regionInputFiles();
    const { links } = fileGraph ?? (await store.fileGraph());
    settle();
    const previous =
      stored === undefined
        ? undefined
        : {
            regions: await store.regions(),
            files: await store.regionFiles(),
            drift: Number((await store.meta(REGIONS_DRIFT)) ?? 0),
            innerShare: Number((await store.meta(REGIONS_INNER)) ?? 0),
          };
    // Loaded here only: no query, and no map that finds nothing to do, evaluates graphology.
    const { computeRegions } = await import("../regions");
    const outcome = computeRegions({ files, links, rootName: basename(root) }, previous, settle);
    const { hierarchy } = outcome;
    settle();
    // The region smells are read from the map just computed and written with it, in one
    // transaction: a reader sees both of this revision or neither.
    const smells = await regionSmellsMeta(store, rev, rev, async () => regionPlacement(hierarchy.files, files, links), async () => hierarchy.regions);
    await store.writeRegions(hierarchy, {
      ...smells,
      [REGIONS_WRITTEN]: String(rev),
      [REGIONS_REV]: String(rev),
      [REGIONS_ERROR]: "",
      [REGIONS_LEVELS]: String(hierarchy.levels),
      [REGIONS_MODULARITY]: String(hierarchy.modularity),
      [REGIONS_DRIFT]: String(outcome.drift),
      [REGIONS_INNER]: String(outcome.innerShare),
    });
    return {
      status: outcome.mode === "full" ? "computed" : "extended",
      regions: hierarchy.regions,
      levels: hierarchy.levels,
      modularity: hierarchy.modularity,
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    try {
      await store.setMeta(REGIONS_ERROR, message || "region work failed");
    } catch {
      // The meta could not be written either: the hierarchy's revision still says it is stale.
    }
    let regions: Region[] = [];
    try {
      regions = await store.regions();
    } catch {
      // No hierarchy can be read: none is shown.
    }
    return { status: "failed", regions, levels: new Set(regions.map((r) => r.level)).size, modularity: 0, ms: Math.round(performance.now() - started), error: message };
  }
}
