// `ix map`: discover → parse what changed → resolve the changed files and their dependents →
// commit one revision. A no-change map stats files and stops: it reads no file and never loads
// tree-sitter (the parser modules are imported only when something must be parsed).
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { EdgeRecord, FileChange, FileRow, OwnerEdges, UnresolvedRecord } from "../graph/store";
import { Store, StoreError } from "../graph/store";
import { ownersOfEdgesInto } from "../graph/queries";
import { resolveEach } from "../resolve";
import type { Project } from "../resolve/model";
import { acquireMapLock } from "../workspace/lock";
import type { Workspace } from "../workspace/registry";
import { discover } from "./discover";
import { FACTS_VERSION, type FileFacts } from "./facts";
import { containsEdges, idsOf, nodesOf, type FileIds } from "./nodes";
import type { ParseRequest, ParseResult } from "./parse";
import { roleOf } from "./roles";

export type Phase = "discover" | "parse" | "resolve" | "commit";

export interface MapOptions {
  onPhase?: (phase: Phase, done?: number, total?: number) => void;
  /** The stored graph could not be read and is being rebuilt (why). */
  onRebuild?: (why: string) => void;
}

export interface MapResult {
  files: number;
  rev: number;
  outcome: "full_local_completed" | "incremental_local_completed" | "no_change";
  added: number;
  modified: number;
  deleted: number;
  parsed: number;
  resolved: number;
  parseErrors: number;
  skipped: number;
  tooLarge: string[];
  waitedForLock: boolean;
  ms: number;
}

/** Files whose change can move any import's resolution. */
const CONFIG_FILE = /(^|\/)(tsconfig[^/]*\.json|jsconfig\.json|package\.json|go\.mod|pyproject\.toml|setup\.cfg)$/;

/**
 * What resolving *other* files reads of a file: its entities (hence their ids, declared
 * results, callback types), imports, exports, heritage, file- and class-level typed
 * variables, struct fields, package. Not lines, signatures, calls or function bodies.
 */
export function surfaceOf(facts: FileFacts | null | undefined): string {
  if (!facts) return "";
  const outer = new Set(facts.entities.flatMap((e, i) => (e.kind === "class" || e.kind === "interface" ? [i] : [])));
  return JSON.stringify([
    facts.packageName,
    facts.entities.map((e) => [e.name, e.qname, e.kind, e.parent, e.exported, e.defaultExport, e.receiverType, e.callbackParams, e.returns]),
    facts.imports.map((i) => [i.source, i.kind, i.typeOnly, i.names]),
    facts.exports.map((x) => [x.local, x.exported]),
    facts.heritage.map((h) => [h.entity, h.kind, h.name]),
    facts.vars.filter((v) => v.scope < 0 || outer.has(v.scope)).map((v) => [v.scope, v.name, v.type]),
    (facts.fields ?? []).map((f) => [f.scope, f.name, f.type]),
  ]);
}

/**
 * A graph written by another schema is derived data this ix cannot read: it is dropped and
 * rebuilt from the repository, which loses nothing.
 */
function openForMap(ws: Workspace, opts: MapOptions): Store {
  try {
    return Store.open(ws.dbPath);
  } catch (error) {
    if (!(error instanceof StoreError) || error.code !== "schema_mismatch") throw error;
    opts.onRebuild?.(error.message);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(ws.dbPath + suffix, { force: true });
    return Store.open(ws.dbPath);
  }
}

export async function mapWorkspace(ws: Workspace, opts: MapOptions = {}): Promise<MapResult> {
  const started = performance.now();
  const lock = await acquireMapLock(join(ws.dir, "map.lock"));
  try {
    const store = openForMap(ws, opts);
    try {
      return { ...(await mapLocked(ws, store, opts)), waitedForLock: lock.waited, ms: Math.round(performance.now() - started) };
    } finally {
      store.close();
    }
  } finally {
    lock.release();
  }
}

async function mapLocked(ws: Workspace, store: Store, opts: MapOptions): Promise<Omit<MapResult, "waitedForLock" | "ms">> {
  opts.onPhase?.("discover");
  const found = await discover(ws.root, { listingCache: join(ws.dir, "listing.json"), saveListing: true });
  const present = new Set(found.files.map((f) => f.path));
  const cold = store.rev() === 0;
  // Facts from another extractor version are not comparable: every file is parsed again
  // (hashes still spare the rows, but not the parse).
  const current = store.meta("facts_version") === String(FACTS_VERSION);
  const known = store.fileRows();
  if (!current) for (const [path, row] of known) known.set(path, { ...row, size: -1, hash: "" });

  const requests: ParseRequest[] = [];
  for (const file of found.files) {
    const row = known.get(file.path);
    if (row && row.size === file.size && row.mtimeMs === file.mtimeMs) continue;
    requests.push({ path: file.path, knownHash: row?.hash, size: file.size });
  }
  const deleted = [...known.keys()].filter((path) => !present.has(path));
  const base = { files: present.size, tooLarge: found.tooLarge, skipped: found.binary + found.minified };
  if (requests.length === 0 && deleted.length === 0) {
    return { ...base, rev: store.rev(), outcome: "no_change", added: 0, modified: 0, deleted: 0, parsed: 0, resolved: 0, parseErrors: 0 };
  }

  opts.onPhase?.("parse", 0, requests.length);
  const { parseAll } = await import("./pool");
  const results = await parseAll(ws.root, requests, (done, total) => opts.onPhase?.("parse", done, total));
  const stat = new Map(found.files.map((f) => [f.path, f]));

  const changed: FileChange[] = [];
  const touched: FileRow[] = [];
  const newFacts = new Map<string, FileFacts | null>();
  const lineCounts = new Map<string, number>();
  let parseErrors = 0;
  let skipped = base.skipped;
  for (const result of results) {
    const info = stat.get(result.path);
    const row: FileRow = {
      path: result.path,
      size: info?.size ?? result.size,
      mtimeMs: info?.mtimeMs ?? 0,
      hash: result.hash,
      lang: result.status === "parsed" ? result.facts.lang : null,
      parseErrors: result.status === "parsed" ? result.facts.parseErrors : 0,
      role: roleOf(result.path),
    };
    if (result.status === "unchanged") {
      const old = known.get(result.path);
      touched.push({ ...row, lang: old?.lang ?? null, parseErrors: old?.parseErrors ?? 0 });
      continue;
    }
    if (result.status === "skipped") skipped++;
    const facts = result.status === "parsed" ? result.facts : null;
    if (facts && facts.parseErrors > 0) parseErrors++;
    newFacts.set(result.path, facts);
    changed.push({ row, facts, nodes: [] });
    lineCounts.set(result.path, result.status === "skipped" ? 0 : result.lines);
  }

  // Who must be re-resolved: the changed files, and every file whose edges could move with
  // them. Adding or removing a file, or touching a config file, can change what any import
  // means, so those re-resolve everything.
  const changedPaths = changed.map((c) => c.row.path);
  const added = changedPaths.filter((p) => !known.has(p));
  const global = cold || added.length > 0 || deleted.length > 0 || changedPaths.some((p) => CONFIG_FILE.test(p));
  let targets: string[];
  if (global) targets = [...present];
  else {
    // An edit inside bodies leaves what other files can see unchanged (same entities, so the
    // same ids; same imports and exports): only the edited file is re-resolved then.
    const moved = changedPaths.filter((path) => surfaceOf(newFacts.get(path)) !== surfaceOf(store.facts(path)));
    const names = new Set<string>();
    for (const path of moved) {
      for (const e of newFacts.get(path)?.entities ?? []) names.add(e.name);
      for (const e of store.facts(path)?.entities ?? []) names.add(e.name);
    }
    targets = [
      ...new Set([
        ...changedPaths,
        ...store.importersOf(moved),
        ...ownersOfEdgesInto(store, moved),
        ...store.ownersOfUnresolved([...names]),
      ]),
    ].filter((p) => present.has(p));
  }

  opts.onPhase?.("resolve", 0, targets.length);
  const factsCache = new Map<string, FileFacts | undefined>();
  const project: Project = {
    paths: present,
    facts(path) {
      if (newFacts.has(path)) return newFacts.get(path) ?? undefined;
      if (!factsCache.has(path)) factsCache.set(path, present.has(path) ? store.facts(path) : undefined);
      return factsCache.get(path);
    },
    readText(path) {
      try {
        return readFileSync(join(ws.root, path), "utf8");
      } catch {
        return undefined;
      }
    },
  };
  const idCache = new Map<string, FileIds>();
  const ids = (path: string) => {
    let entry = idCache.get(path);
    if (!entry) {
      entry = idsOf(ws.id, path, project.facts(path));
      idCache.set(path, entry);
    }
    return entry;
  };
  const idOf = (ref: { path: string; index: number }) => {
    const fileIds = ids(ref.path);
    return ref.index < 0 ? fileIds.file : fileIds.entities[ref.index];
  };

  for (const change of changed) {
    const path = change.row.path;
    change.nodes = nodesOf(ids(path), path, change.facts, change.row.role, change.row.lang, lineCounts.get(path) ?? 0);
  }

  function* ownerEdges(): Generator<[string, OwnerEdges]> {
    let done = 0;
    for (const [path, resolution] of resolveEach(targets, project)) {
      const out: EdgeRecord[] = containsEdges(ids(path), project.facts(path));
      const unresolved: UnresolvedRecord[] = [];
      for (const edge of resolution.edges) {
        const srcId = idOf(edge.src);
        const dstId = idOf(edge.dst);
        if (!srcId || !dstId) continue;
        out.push({ srcId, dstId, kind: edge.kind, via: edge.via, confidence: edge.confidence, lines: edge.lines, names: edge.names });
      }
      for (const site of resolution.unresolved) {
        const srcId = idOf(site.src);
        if (srcId) unresolved.push({ srcId, kind: site.kind, name: site.name, receiver: site.receiver, lines: site.lines });
      }
      opts.onPhase?.("resolve", ++done, targets.length);
      yield [path, { edges: out, unresolved }];
    }
    opts.onPhase?.("commit");
  }

  // Resolution runs inside the commit's transaction, each file's edges written as they come.
  const commit = store.commit({ changed, deleted, touched, edges: ownerEdges() });
  if (!current) store.setMeta("facts_version", String(FACTS_VERSION));
  const modified = changedPaths.length - added.length;
  return {
    ...base,
    skipped,
    rev: commit.rev,
    outcome: changed.length === 0 && deleted.length === 0 ? "no_change" : cold ? "full_local_completed" : "incremental_local_completed",
    added: added.length,
    modified,
    deleted: deleted.length,
    parsed: results.filter((r: ParseResult) => r.status === "parsed").length,
    resolved: targets.length,
    parseErrors,
  };
}
