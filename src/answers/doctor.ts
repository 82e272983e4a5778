// Every check that tells whether ix can answer here, each with a verdict and what would fix it.
import { CONFLICTS, MAP, REBUILD, type Remedy } from "../model/remedy";
import { graphExists, openGraphReader, StoreError, type GraphReader } from "../store";
import { failedFilesOf, parseErrorFilesOf, type ErrorFile, type FailedFile } from "../ingest/failures";
import { mapOf, requireWorkspace, type Place } from "../workspace/open";
import type { Workspace } from "../workspace/registry";
import { changedSinceMap } from "./staleness";
import { graphHealth } from "./health";
import { ledgerProblem, logPath } from "../ledger/ledger";
import { conflictsAnswer } from "./conflicts";

export type Verdict = "ok" | "warn" | "fail";

export interface Check {
  name: string;
  status: Verdict;
  /** What the check found, in its own fields (path, count, version, message …). */
  facts: Record<string, string | number | undefined>;
  fix?: Remedy;
}

export interface DoctorAnswer {
  ws: Workspace;
  status: Verdict;
  checks: Check[];
  /** The files the last maps could not take in (ingest/failures). */
  failed: FailedFile[];
  /** The files mapped from trees with syntax errors. */
  errorFiles: ErrorFile[];
}

/** The settings file as its reader found it: `problem` when it could not be used (defaults apply). */
export interface SettingsFile {
  path: string;
  problem?: string;
}

export async function doctorAnswer(place: Place, settings: SettingsFile): Promise<DoctorAnswer> {
  const ws = requireWorkspace(place);
  const checks: Check[] = [];
  const add = (name: string, status: Verdict, facts: Check["facts"] = {}, fix?: Remedy) => checks.push({ name, status, facts, fix });
  // A warning, not a failure: ix answers with the default settings.
  add("config", settings.problem ? "warn" : "ok", { path: settings.path, message: settings.problem });
  // A warning: every answer still comes; only the savings ledger misses it.
  const ledger = ledgerProblem(place.home);
  add("savings_ledger", ledger ? "warn" : "ok", { path: logPath(place.home), message: ledger });
  const mapHere: Remedy = { action: "map", root: ws.root };
  // A map under way is a wait, not damage: what it has not yet written is not reported missing.
  // The graph is looked at before the lock: a missing graph seen first and no map holding the
  // lock afterwards is a graph nobody is writing (the other order misses a reset starting).
  const exists = graphExists(ws.dbPath);
  let map = mapOf(ws);
  if (map) add("map", "warn", { pid: map.pid, started: map.since.toISOString(), message: "a map is writing the graph" });
  let graph: GraphReader | undefined;
  let failed: FailedFile[] = [];
  let errorFiles: ErrorFile[] = [];
  if (!exists) {
    if (map) add("store", "warn", { path: ws.dbPath, message: "the map under way is writing the first graph" });
    else add("store", "fail", { path: ws.dbPath, message: "no graph database" }, mapHere);
  } else {
    try {
      graph = openGraphReader(ws.dbPath);
      add("store", "ok", { path: ws.dbPath });
      add("schema", "ok", { version: graph.describe().schema });
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      map ??= mapOf(ws);
      if (error.code === "store_busy") add("store", "warn", { path: ws.dbPath, message: `busy: ${error.message}; ask again` });
      else if (map) add("store", "warn", { path: ws.dbPath, message: "the map under way is writing a new graph" });
      else add(error.code === "schema_mismatch" ? "schema" : "store", "fail", { message: error.message }, REBUILD);
    }
  }
  if (graph && (await graph.rev()) === 0 && (map ??= mapOf(ws))) {
    graph.close();
    graph = undefined;
    add("graph", "warn", { message: "the map under way has not committed its first revision" });
  }
  if (graph) {
    try {
      const integrity = await graph.integrity();
      if (integrity === "busy") add("integrity", "warn", { message: "busy: another process held the graph; ask again" });
      else add("integrity", integrity === "ok" ? "ok" : "fail", { message: integrity === "ok" ? undefined : integrity }, integrity === "ok" ? undefined : REBUILD);
      const stats = await graph.stats();
      const nodes = Object.values(stats.nodes).reduce((a, b) => a + b, 0);
      const edges = Object.values(stats.edges).reduce((a, b) => a + b, 0);
      add("nodes", nodes > 0 ? "ok" : "fail", { count: nodes }, nodes > 0 ? undefined : mapHere);
      add("edges", edges > 0 ? "ok" : "warn", { count: edges });
      const health = graphHealth(stats);
      add("graph_health", health.health === "ok" ? "ok" : "fail", { health: health.health, reason: health.reason }, health.fix);
      const changed = await changedSinceMap(ws, graph);
      add("staleness", changed.length === 0 ? "ok" : "warn", { stale_files: changed.length }, changed.length ? MAP : undefined);
      // Left out or without edges until they change: no map fixes them, so no fix is offered.
      failed = await failedFilesOf(graph);
      add("failed_files", failed.length === 0 ? "ok" : "warn", { count: failed.length });
      // In the graph, but entities and calls after an error may be missing until the file is fixed.
      errorFiles = await parseErrorFilesOf(graph);
      add("parse_errors", errorFiles.length === 0 ? "ok" : "warn", { count: errorFiles.length });
      // A note, not a warning: doc comments that drifted from the code do not stop ix answering.
      const conflicts = (await conflictsAnswer({ graph }, { limit: 0 })).total;
      add("conflicts", "ok", { count: conflicts }, conflicts > 0 ? CONFLICTS : undefined);
    } finally {
      graph.close();
    }
  }
  const status: Verdict = checks.some((c) => c.status === "fail") ? "fail" : checks.some((c) => c.status === "warn") ? "warn" : "ok";
  return { ws, status, checks, failed, errorFiles };
}
