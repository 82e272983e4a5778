// status and bare `ix` as records: the state, the graph record when unhealthy, changed files.
import type { WorkspaceState } from "../answers/status";
import type { Writer } from "../wire/writer";
import { graphFields } from "./health";

export function presentState(writer: Writer, state: WorkspaceState, kind: "status" | "ix", limit: number): void {
  const { ws, rev, health, changed } = state;
  writer.record(kind, {
    backend: state.store.backend,
    workspace: ws.id,
    root: ws.root,
    store: state.store.location,
    graph_health: health.health,
    graph_complete: rev > 0,
    map_complete: state.mapComplete,
    rev,
    last_ingest_at: state.lastIngestAt,
    stale_files: changed.length,
    stale: changed.length > 0,
  });
  if (health.health !== "ok") writer.record("graph", graphFields(health));
  if (state.regionsError) writer.record("diagnostic", { code: "regions_failed", message: `The last region work failed: ${state.regionsError}`, hint: "ix map ." });
  const shown = changed.slice(0, limit);
  writer.rows("changed", shown.map((c) => ({ path: c.path, reason: c.reason })));
  if (shown.length < changed.length) {
    writer.record("diagnostic", {
      code: "results_truncated",
      message: `${changed.length} changed files; showing ${shown.length}. Raise --limit to see the rest.`,
    });
  }
  if (changed.length > 0) writer.next(["ix", "map", "."], "bring the graph up to date with the edited files");
  else if (health.health !== "ok") writer.next(["ix", "reset", "--workspace", "--yes", "--ingest"], "rebuild the graph from scratch");
  else writer.next(["ix", "stats"], "count nodes and edges by kind");
}

/**
 * `ix status` where no workspace covers the directory: the status record still answers, with
 * the graph's health unverified (there is no graph to check) and the command that maps here.
 */
export function presentStatusUnmapped(writer: Writer, dir: string): void {
  writer.record("status", {
    dir,
    workspace: "none",
    graph_health: "unverified",
    reason: "no_workspace",
    graph_complete: false,
    map_complete: false,
    hint: "ix map .",
  });
  writer.next(["ix", "map", "."], "map this directory so ix can answer questions about its code");
}

/** Bare `ix` where no workspace covers the directory. */
export function presentUnmapped(writer: Writer, dir: string): void {
  writer.record("ix", { dir, workspace: "none", graph: "none" });
  writer.next(["ix", "map", "."], "map this directory so ix can answer questions about its code");
}
