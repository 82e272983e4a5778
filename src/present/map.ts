// map as records: one line with --silent, else the map record, the files too large to map,
// those mapped from trees with syntax errors and those that failed (bounded), and what to ask
// next.
import type { MapResult } from "../ingest/map";
import type { RegionMap, RegionSelection } from "../answers/regions";
import { notMapped, regionRows } from "./regions";
import { byCodeUnit } from "../util/compare";
import { quiet } from "../wire/record";
import { failedRows, parseErrorRows } from "./failed";
import type { Writer } from "../wire/writer";

const TOO_LARGE_ROWS = 20;

export function presentMap(writer: Writer, root: string, result: MapResult, opts: { silent: boolean; everyPath: boolean; selection: RegionSelection }): void {
  const tooLarge = [...result.tooLarge].sort();
  const map: RegionMap = {
    regions: result.regions.regions,
    complete: result.regions.status !== "failed",
    rev: result.rev,
    levels: result.regions.levels,
    error: result.regions.error,
  };
  if (opts.silent) {
    writer.line("map", {
      files: result.files,
      regions: map.regions.length,
      rev: result.rev,
      outcome: result.outcome,
      parse_errors: quiet(result.parseErrors),
      too_large: quiet(tooLarge.length),
      failed: quiet(result.failed.length),
      map_complete: map.complete ? undefined : false,
      ms: result.ms,
    });
    return;
  }
  writer.record("map", {
    files: result.files,
    regions: map.regions.length,
    levels: map.levels,
    rev: result.rev,
    outcome: result.outcome,
    map_complete: map.complete ? undefined : false,
    root,
    added: quiet(result.added),
    modified: quiet(result.modified),
    deleted: quiet(result.deleted),
    parsed: quiet(result.parsed),
    resolved: quiet(result.resolved),
    parse_errors: quiet(result.parseErrors),
    // Every file parse_errors counts: syntax errors (parse_error rows) and failures (failed rows).
    parse_errors_paths: opts.everyPath ? errorPaths(result) : undefined,
    skipped: quiet(result.skipped),
    files_too_large: quiet(tooLarge.length),
    // The complete formats carry the whole list (spec: "files_too_large_paths"); llm and text list rows.
    files_too_large_paths: opts.everyPath ? tooLarge : undefined,
    files_failed: quiet(result.failed.length),
    files_failed_paths: opts.everyPath ? result.failed.map((f) => f.path) : undefined,
    ms: result.ms,
  });
  writer.rows("too_large", tooLarge.slice(0, TOO_LARGE_ROWS).map((p) => ({ path: p })));
  regionRows(writer, map, opts.selection, opts.everyPath);
  parseErrorRows(writer, result.errorFiles);
  failedRows(writer, result.failed);
  notMapped(writer, map);
  if (map.regions.length > 1) writer.next(["ix", "subsystems"], "the parts of the system with their scores");
  writer.next(["ix", "status"], "check the graph's health and staleness");
  writer.next(["ix", "stats"], "count nodes and edges by kind");
}

function errorPaths(result: MapResult): string[] {
  // A file never read (stage "read") is a failure, not a parse error: parse_errors does not count it.
  return [...new Set([...result.errorFiles.map((f) => f.path), ...result.failed.filter((f) => f.stage !== "read").map((f) => f.path)])].sort(byCodeUnit);
}

/** reset's first record: what was deleted (written before any rebuild starts). */
export function presentReset(writer: Writer, ws: { id: string; root: string; dbPath: string }): void {
  writer.record("reset", { workspace: ws.id, root: ws.root, deleted: ws.dbPath });
}

/** The map that rebuilt a reset graph, or the command that would. */
export function presentRebuild(writer: Writer, rebuilt: MapResult | undefined): void {
  if (!rebuilt) {
    writer.next(["ix", "map", "."], "rebuild the graph");
    return;
  }
  writer.record("map", { files: rebuilt.files, rev: rebuilt.rev, outcome: rebuilt.outcome, ms: rebuilt.ms });
  writer.next(["ix", "status"], "check the rebuilt graph");
}

/** `ix map --list`: the stored map as it stands, without mapping. */
export function presentStoredMap(writer: Writer, map: RegionMap, files: number, opts: { full: boolean; selection: RegionSelection }): void {
  writer.record("map", { files, regions: map.regions.length, levels: map.levels, rev: map.rev, map_complete: map.complete });
  regionRows(writer, map, opts.selection, opts.full);
  notMapped(writer, map);
  if (map.regions.length > 1) writer.next(["ix", "subsystems"], "the parts of the system with their scores");
}
