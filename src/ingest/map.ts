// `ix map`: discover → parse what changed → resolve the changed files and their dependents →
// commit one revision. A no-change map stats files and stops: it reads no file and loads
// neither tree-sitter nor the resolver (both are imported only when there is work for them).
import { join } from "node:path";
import { clearGraph, openGraphStore, removeGraph, StoreError, type EdgeRecord, type FileGraph, type FileRow, type GraphReader, type GraphStore, type OwnerEdges, type UnresolvedRecord } from "../store";
import { stampChanges } from "../store/stamps";
import type { Project } from "../resolve/model";
import { graphRepository } from "../workspace/identity";
import { gitState } from "./git-state";
import { lockMap, registerWorkspace, storeDir, type Workspace } from "../workspace/registry";
import type { Note } from "../workspace/registry-file";
import { discover, MAX_FILE_BYTES, type Discovery } from "./discover";
import { mapWriteFailure } from "./map-failure";
import { findRegularFile, readRegularFile } from "../util/regular-file";
import * as registry from "../lang/registry";
import { familyOfPath, MANIFEST_PATH } from "../lang/registry";
import { FACTS_VERSION, type FileFacts, RETURNED } from "../model/facts";
import { failedAfter, failedFilesOf, FAILED_FILES_META, parseErrorCount, parseErrorFilesOf, type ErrorFile, type FailedFile } from "./failures";
import { containsEdges, idsOf, nodesOf, type FileIds } from "./nodes";
import type { ParseRequest, ParseResult } from "./parse";
import { memoryBound, memorySettler } from "./memory";
import { mapRegions, type RegionWork } from "./regions";
import { roleOf } from "./roles";
import { carrySmells, computeSmells, SMELLS_META, storedSmells, withPreviousRegionSmells } from "../smells/report";
import { PACKAGE_ENTRIES_META, packageEntriesValue } from "../smells/package-entries";

export type Phase = "discover" | "parse" | "resolve" | "commit" | "smells" | "regions" | "done";

export interface MapOptions {
  onPhase?: (phase: Phase, done?: number, total?: number) => void;
  /** The stored graph could not be read and is being rebuilt (why). */
  onRebuild?: (why: string) => void;
  /** Drop the graph and build it from nothing, under the same lock (reset): no other map writes in between. */
  fresh?: boolean;
  /** Parse on this thread up to this much changed source, instead of the default for the cores (pool.ts). */
  inlineBytes?: number;
  /** What runs the map, and why if it says: written on the revision (default: source map). */
  origin?: { source: string; intent?: string };
  /** Revisions of history to keep (DEFAULT_HISTORY_KEEP). */
  keep?: number;
  /** Register the root even though it is too broad to be a workspace (workspace/broad.ts): asked for explicitly. */
  allowBroadRoot?: boolean;
}

/** History kept when no setting says otherwise: a year of a busy day's maps costs a few MB. */
export const DEFAULT_HISTORY_KEEP = 1000;

export interface MapResult {
  files: number;
  rev: number;
  outcome: "full_local_completed" | "incremental_local_completed" | "no_change";
  added: number;
  modified: number;
  deleted: number;
  parsed: number;
  resolved: number;
  /**
   * Files of the graph, after this map, whose trees hold errors or whose parse, extraction or
   * resolution threw: the same count whether or not this map parsed them.
   */
  parseErrors: number;
  /** The files mapped from trees with syntax errors, as they stand after this map. */
  errorFiles: ErrorFile[];
  skipped: number;
  tooLarge: string[];
  /** Every file the graph could not take in, as it stands after this map (ingest/failures). */
  failed: FailedFile[];
  /** The architecture map's step, after the revision committed. */
  regions: RegionWork;
  waitedForLock: boolean;
  ms: number;
}

/** Past this many files whose surface moved, every file is re-resolved instead of their dependents. */
const MANY_MOVED = 500;

/** Files whose change can move any import's resolution. */
const CONFIG_FILE = MANIFEST_PATH;

/** A config the resolver reads (tsconfig.json, package.json, go.mod): as large as a mapped file may be. */
const CONFIG_MAX_BYTES = MAX_FILE_BYTES;

/** What discovery met but did not read, as failures of this map (stage "read"). */
const refusedByDiscovery = (found: Discovery): FailedFile[] => found.refused.map((r) => ({ path: r.path, stage: "read", message: r.reason }));

/** Whether a path named earlier as refused still is: absent or a file now, it drops out of the list. */
const stillRefused = (root: string) => (path: string) => findRegularFile(join(root, path)).state === "refused";

/**
 * What resolving *other* files reads of a file: its entities (hence their ids, declared
 * results, callback types), imports, exports, heritage, file- and class-level typed
 * variables (for one set by a call, that call) and what its getters return, struct fields,
 * package. Not lines, signatures, other calls or function bodies.
 */
export function surfaceOf(facts: FileFacts | null | undefined): string {
  if (!facts) return "";
  const outer = new Set(facts.entities.flatMap((e, i) => (e.kind === "class" || e.kind === "interface" || e.kind === "type" ? [i] : [])));
  return JSON.stringify([
    facts.packageName,
    facts.entities.map((e) => [e.name, e.qname, e.kind, e.parent, e.exported, e.defaultExport, e.receiverType, e.callbackParams, e.params, e.returns, e.returnsCallable, e.fixture, e.aliasOf, e.aliasArgs, e.unionOf, e.typedAs, e.accessor, e.aliases, e.scopeLines !== undefined]),
    facts.imports.map((i) => [i.source, i.kind, i.typeOnly, i.names]),
    facts.exports.map((x) => [x.local, x.exported]),
    facts.heritage.map((h) => [h.entity, h.kind, h.name]),
    facts.vars.filter((v) => v.scope < 0 || outer.has(v.scope) || v.name === RETURNED).map((v) => [v.scope, v.name, v.type, v.fromPath, v.typeArgs, v.property, v.parameterOf, v.typeOfProperty]),
    (facts.resultVars ?? [])
      .filter((v) => v.scope < 0 || outer.has(v.scope) || v.name === RETURNED)
      .map((v) => {
        const call = v.fromCall === undefined ? undefined : facts.calls[v.fromCall];
        return [v.scope, v.name, v.applied, call?.callee, call?.receiver, call?.receiverCall === undefined ? undefined : facts.calls[call.receiverCall]?.callee];
      }),
    (facts.fields ?? []).map((f) => [f.scope, f.name, f.type]),
  ]);
}

/**
 * A graph written by another schema is derived data this ix cannot read: it is dropped and
 * rebuilt from the repository, which loses nothing.
 */
function openForMap(ws: Workspace, opts: MapOptions): GraphStore {
  try {
    return openGraphStore(ws.dbPath);
  } catch (error) {
    if (!(error instanceof StoreError) || error.code !== "schema_mismatch") throw error;
    opts.onRebuild?.(error.message);
    emptyForRebuild(ws.dbPath);
    return openGraphStore(ws.dbPath);
  }
}

/**
 * A graph to be rebuilt is emptied in place, so queries reading it meanwhile keep a whole
 * database; one SQLite cannot even open (not a database, damaged) is removed instead.
 */
function emptyForRebuild(dbPath: string): void {
  try {
    clearGraph(dbPath);
  } catch (error) {
    if (!(error instanceof Error) || isBusyStore(error)) throw error;
    removeGraph(dbPath);
  }
}

const isBusyStore = (error: Error): boolean => error instanceof StoreError && error.code === "store_busy";

/** Deletes a workspace's graph once no map is writing it: derived data, rebuilt by the next map. */
export async function dropGraph(ws: Workspace): Promise<void> {
  const lock = await lockMap(ws.dir);
  try {
    removeGraph(ws.dbPath);
  } finally {
    lock.release();
  }
}

/**
 * Registers `root` when it is new, and maps it. The lock is taken before the registration, so
 * no query finds the workspace registered with neither a graph nor a map under way.
 */
export function registerAndMap(home: string, root: string, opts: MapOptions & { note?: Note } = {}): Promise<MapResult> {
  return mapUnderLock(storeDir(home, root), () => registerWorkspace(home, root, opts.note, opts.allowBroadRoot), opts);
}

export function mapWorkspace(ws: Workspace, opts: MapOptions = {}): Promise<MapResult> {
  return mapUnderLock(ws.dir, () => ws, opts);
}

async function mapUnderLock(dir: string, workspace: () => Workspace, opts: MapOptions): Promise<MapResult> {
  const started = performance.now();
  /** The revision the graph held before this map, once opened: what a failed write leaves answering. */
  let rev: number | undefined;
  let dbPath: string | undefined;
  try {
    const lock = await lockMap(dir);
    try {
      const ws = workspace();
      dbPath = ws.dbPath;
      if (opts.fresh) emptyForRebuild(ws.dbPath);
      const store = openForMap(ws, opts);
      try {
        rev = await store.rev();
        const result = await mapLocked(ws, store, opts);
        opts.onPhase?.("done");
        return { ...result, waitedForLock: lock.waited, ms: Math.round(performance.now() - started) };
      } finally {
        store.close();
      }
    } finally {
      lock.release();
    }
  } catch (error) {
    // A full disk or a store ix may not write: said as such, with what still answers.
    throw mapWriteFailure(error, { dir, dbPath }, rev) ?? error;
  }
}

async function mapLocked(ws: Workspace, store: GraphStore, opts: MapOptions): Promise<Omit<MapResult, "waitedForLock" | "ms">> {
  opts.onPhase?.("discover");
  const found = await discover(ws.root, { listingCache: join(ws.dir, "listing.json"), saveListing: true });
  const cold = (await store.rev()) === 0;
  // Facts from another extractor version are not comparable: every file is parsed again
  // (hashes still spare the rows, but not the parse).
  const stored = await store.meta("facts_version");
  const current = stored === String(FACTS_VERSION);
  if (!current && !cold) opts.onRebuild?.(`the graph was built by another extractor (facts ${stored ?? "unversioned"}, this ix writes ${FACTS_VERSION}): every file is parsed again`);
  const changes = stampChanges(found.files, await store.fileStampList());
  const deleted = changes.gone;
  const candidates = current ? changes.moved : found.files;
  // Only files whose stamp moved need the rest of their row: the hash that may spare a parse,
  // the language and error count kept when the content turns out the same.
  const rows = await store.fileRowsOf(candidates.map((file) => file.path));
  const requests: ParseRequest[] = candidates.map((file) => ({ path: file.path, knownHash: current ? rows.get(file.path)?.hash : undefined, size: file.size }));
  const base = { files: found.files.length, tooLarge: found.tooLarge, skipped: found.binary + found.minified + found.undecodable };
  if (requests.length === 0 && deleted.length === 0) {
    await store.keepStampList();
    // Nothing was parsed, and the graph still holds every file it could not take in whole; what
    // was never read is as discovery found it now (a FIFO come or gone changes no file).
    const stored = await failedFilesOf(store);
    const failed = failedAfter(stored, refusedByDiscovery(found), { present: new Set(found.files.map((f) => f.path)), parsed: new Set(), resolved: new Set(), stillRefused: stillRefused(ws.root) });
    if (JSON.stringify(failed) !== JSON.stringify(stored)) await store.setMeta(FAILED_FILES_META, JSON.stringify(failed));
    const errorFiles = await parseErrorFilesOf(store);
    const rev = await store.rev();
    // The graph is current; its hierarchy may not be (an older ix, a region step that failed).
    opts.onPhase?.("regions");
    const regions = await mapRegions(store, ws.root, rev, rev, false, undefined, memorySettler());
    return { ...base, rev, outcome: "no_change", added: 0, modified: 0, deleted: 0, parsed: 0, resolved: 0, parseErrors: parseErrorCount(errorFiles, failed), errorFiles, failed, regions };
  }

  // git's HEAD, and whether the tree is dirty from one git run in the background, awaited at the commit.
  const git = gitState(ws.root, store, [...candidates.map((f) => f.path), ...deleted], new Set(found.files.map((f) => f.path)));
  const origin = git.then((state) => ({ source: opts.origin?.source ?? "map", intent: opts.origin?.intent, ...state }));

  opts.onPhase?.("parse", 0, requests.length);
  const { parseEach } = await import("./pool");
  const present = new Set(found.files.map((f) => f.path));
  const stat = new Map(found.files.map((f) => [f.path, f]));
  const repository = await graphRepository(ws, store);
  const idCache = new Map<string, FileIds>();
  const changedPaths: string[] = [];
  const dependents = new Set<string>();
  const movedNames = new Set<string>();
  let moved = 0;
  /** Files whose surface moved: the files that read their facts are asked for after the parse. */
  const surfaceMoved: string[] = [];
  let parsed = 0;
  /** This map's failures; the graph's list is updated with them at the end. */
  const failures: FailedFile[] = refusedByDiscovery(found);
  const failedBefore = await failedFilesOf(store);
  let skipped = base.skipped;

  /**
   * Whether other files must be re-resolved for this edit, and which: asked before the file's
   * new nodes replace the old ones, while edges into entities it drops still lead somewhere.
   * An edit inside bodies leaves what other files see unchanged (same entities, so the same
   * ids; same imports and exports): then only the edited file is re-resolved.
   */
  async function noteDependents(path: string, facts: FileFacts | null): Promise<void> {
    const old = revision.factsNow(path);
    if (surfaceOf(facts) !== surfaceOf(old)) await noteMoved(path, [...(facts?.entities ?? []), ...(old?.entities ?? [])]);
  }

  async function noteMoved(path: string, entities: { name: string }[]): Promise<void> {
    if (++moved > MANY_MOVED) return;
    for (const e of entities) movedNames.add(e.name);
    for (const owner of await store.importersOf([path])) dependents.add(owner);
    for (const owner of await store.ownersOfEdgesInto([path])) dependents.add(owner);
    surfaceMoved.push(path);
  }

  // Each file is written as it arrives, inside the revision's transaction, so no file's facts
  // are held until the parse ends (on 13k files that would be 150 MB of heap).
  const bound = memoryBound();
  const previousRev = await store.rev();
  const revision = await store.begin();
  try {
    // A deleted file's importers, the owners of edges into it and of sites naming its entities;
    // the files whose resolution asked about its path join them below (reads).
    for (const path of deleted) await noteMoved(path, revision.factsNow(path)?.entities ?? []);

    /** Each parsed file's turn: its dependents asked for, then its row, facts and nodes written. */
    async function accept(result: ParseResult): Promise<void> {
      if (result.status === "refused") {
        // A FIFO (or a file grown past the bound) where discovery stat'ed a file: never read,
        // and out of the graph, as discovery will leave it out next time.
        failures.push({ path: result.path, stage: "read", message: result.reason });
        present.delete(result.path);
        if (!cold && !changes.added.has(result.path)) {
          await noteMoved(result.path, revision.factsNow(result.path)?.entities ?? []);
          deleted.push(result.path);
        }
        return;
      }
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
        const old = rows.get(result.path);
        await revision.touch({ ...row, lang: old?.lang ?? null, parseErrors: old?.parseErrors ?? 0 });
        return;
      }
      const facts = result.status === "parsed" ? result.facts : null;
      if (result.status === "parsed") parsed++;
      if (result.status === "skipped") skipped++;
      if (result.status === "failed") {
        failures.push({ path: row.path, stage: result.stage, message: result.message });
      }
      changedPaths.push(row.path);
      if (!cold && !changes.added.has(row.path)) await noteDependents(row.path, facts);
      else if (!cold) await noteMoved(row.path, facts?.entities ?? []);
      const fileIds = idsOf(repository, row.path, facts);
      idCache.set(row.path, fileIds);
      const lines = result.status === "skipped" || result.status === "failed" ? 0 : result.lines;
      const bodies = result.status === "parsed" ? result.bodies : undefined;
      await revision.change({ row, facts, nodes: nodesOf(fileIds, row.path, facts, row.role, row.lang, lines, row.hash, bodies) });
      bound();
    }

    // Results are taken in the order they arrive, one at a time; a failed turn stops the parse.
    // A turn starts at once when none is waiting, so a file parsed on this thread is written
    // before the next one is read: chaining every turn behind the last, or clearing the queue a
    // few microtasks late, held results longer and raised a cold map of effect's peak RSS by
    // 12-16 MB (alternated runs, 3 pairs each).
    let waiting = 0;
    let last: Promise<void> = Promise.resolve();
    let failure: { error: unknown } | undefined;
    const turn = async (result: ParseResult) => {
      try {
        if (!failure) await accept(result);
      } catch (error) {
        failure ??= { error };
      } finally {
        waiting--;
      }
    };
    await parseEach(
      ws.root,
      requests,
      (result) => {
        if (failure) throw failure.error;
        last = waiting++ === 0 ? turn(result) : last.then(() => turn(result));
      },
      (done, total) => opts.onPhase?.("parse", done, total),
      { inlineBytes: opts.inlineBytes },
    );
    await last;
    if (failure) throw failure.error;

    // Who must be re-resolved: the changed files, and every file whose edges could move with
    // them. Touching, adding or removing a config file, or moving the surface of very many files
    // can change what any import means: those re-resolve everything. A file whose surface moved
    // changes the answers of the files whose resolution read its facts, however they reached it
    // (through re-exports, a Go package's table); a file added or deleted, those of the files
    // that asked about its path (an `__init__.py` reaches every file that looked for one).
    const { resolveEach, fileSetKeysOf, readKeysOf } = await import("../resolve");
    const added = changedPaths.filter((p) => changes.added.has(p));
    const surfaceKeys = surfaceMoved.flatMap((path) => readKeysOf(path, familyOfPath(path)?.modules.directoryIsModule ?? false));
    const readers = cold ? [] : await store.ownersReading([...surfaceKeys, ...[...added, ...deleted].flatMap(fileSetKeysOf)]);
    const global =
      cold ||
      readers === undefined ||
      moved > MANY_MOVED ||
      changedPaths.some((p) => CONFIG_FILE.test(p)) ||
      deleted.some((p) => CONFIG_FILE.test(p));
    const targets = global
      ? [...present]
      : [...new Set([...changedPaths, ...dependents, ...readers!, ...(await store.ownersOfUnresolved([...movedNames]))])].filter((p) => present.has(p));

    opts.onPhase?.("resolve", 0, targets.length);
    // From here on every file's facts are read back from the store, which already holds the new ones.
    const project: Project = {
      paths: present,
      languages: registry,
      facts: recentlyRead((path) => (present.has(path) ? revision.factsNow(path) : undefined)),
      // A config named by another (an `extends`) need not be a mapped file: a FIFO there would
      // hang the map, lock held. Each path refused is named once.
      readText(path) {
        const read = readRegularFile(join(ws.root, path), CONFIG_MAX_BYTES);
        if (read.state === "refused") failures.push({ path, stage: "read", message: read.reason });
        return read.state === "read" ? read.text : undefined;
      },
    };
    // What manifests name as entry points follows the manifests and the file set (a pattern, a
    // build output's source): read again only when either moved, or none is stored yet.
    const entriesBefore = await store.meta(PACKAGE_ENTRIES_META);
    const entries =
      global || added.length > 0 || deleted.length > 0 || entriesBefore === undefined
        ? packageEntriesValue((await import("../lang/entries")).packageEntries(project))
        : entriesBefore;
    const entriesMoved = entries !== entriesBefore;
    const ids = (path: string) => {
      let entry = idCache.get(path);
      if (!entry) {
        entry = idsOf(repository, path, project.facts(path));
        idCache.set(path, entry);
      }
      return entry;
    };
    const idOf = (ref: { path: string; index: number }) => {
      const fileIds = ids(ref.path);
      return ref.index < 0 ? fileIds.file : fileIds.entities[ref.index];
    };

    function* ownerEdges(): Generator<[string, OwnerEdges]> {
      let done = 0;
      for (const [path, resolution, reads] of resolveEach(targets, project)) {
        if (resolution.failed !== undefined) {
          failures.push({ path, stage: "resolve", message: resolution.failed });
        }
        const out: EdgeRecord[] = containsEdges(ids(path), project.facts(path));
        const unresolved: UnresolvedRecord[] = [];
        for (const edge of resolution.edges) {
          const srcId = idOf(edge.src);
          const dstId = idOf(edge.dst);
          if (!srcId || !dstId) continue;
          out.push({ srcId, dstId, kind: edge.kind, via: edge.via, confidence: edge.confidence, lines: edge.lines, names: edge.names, asValue: edge.asValue });
        }
        for (const site of resolution.unresolved) {
          const srcId = idOf(site.src);
          if (srcId) unresolved.push({ srcId, kind: site.kind, name: site.name, receiver: site.receiver, lines: site.lines });
        }
        opts.onPhase?.("resolve", ++done, targets.length);
        bound();
        yield [path, { edges: out, unresolved, reads }];
      }
      // Every file's entity ids are written by now: they go before the commit builds its indexes.
      idCache.clear();
      opts.onPhase?.("commit");
    }

    // Resolution runs inside the revision's transaction, each file's edges written as they come.
    let failed: FailedFile[] = [];
    const revisionMeta = () => {
      failed = failedAfter(failedBefore, failures, { present, parsed: new Set(changedPaths), resolved: new Set(targets), stillRefused: stillRefused(ws.root) });
      const stored = JSON.stringify(failed);
      return { [FAILED_FILES_META]: stored === JSON.stringify(failedBefore) ? undefined : stored, [PACKAGE_ENTRIES_META]: entriesMoved ? entries : undefined };
    };
    // Read once, for the smells and the regions both.
    let fileGraph: FileGraph | undefined;
    const settle = memorySettler();
    const derive = (graph: GraphReader, rev: number, shapeChanged: boolean) => {
      opts.onPhase?.("smells");
      // The entries decide which exports are dead: a report read off other entries is not carried.
      return deriveSmells(graph, rev, shapeChanged || entriesMoved ? undefined : new Set(changedPaths), async () => {
        if (!fileGraph) {
          // Resolution's garbage goes first; an edit whose report carries over reads nothing and collects nothing.
          settle();
          fileGraph = await graph.fileGraph();
          settle();
        }
        return fileGraph;
      });
    };
    const commit = await revision.finish({ deleted, edges: ownerEdges(), meta: revisionMeta, derive, origin, keep: opts.keep ?? DEFAULT_HISTORY_KEEP });
    if (!current) await store.setMeta("facts_version", String(FACTS_VERSION));
    // The second step: the revision is committed, so nothing region work does can cost it.
    opts.onPhase?.("regions");
    const regions = await mapRegions(store, ws.root, commit.rev, previousRev, commit.fileGraphChanged, fileGraph, settle);
    // Read back from the graph, not counted over this map's files: files with errors that it
    // did not parse again still have them.
    const errorFiles = await parseErrorFilesOf(store);
    return {
      ...base,
      skipped,
      rev: commit.rev,
      outcome: changedPaths.length === 0 && deleted.length === 0 ? "no_change" : cold ? "full_local_completed" : "incremental_local_completed",
      added: added.length,
      modified: changedPaths.length - added.length,
      deleted: deleted.length,
      parsed,
      resolved: targets.length,
      parseErrors: parseErrorCount(errorFiles, failed),
      errorFiles,
      failed,
      regions,
    };
  } catch (error) {
    await revision.abort();
    throw error;
  }
}

/**
 * Remembers the last few answers: writing a file's edges reads the facts its resolution just
 * loaded, and parsing them twice would cost a second JSON.parse per file.
 */
function recentlyRead(read: (path: string) => FileFacts | undefined, keep = 64): (path: string) => FileFacts | undefined {
  const recent = new Map<string, FileFacts | undefined>();
  return (path) => {
    if (recent.has(path)) return recent.get(path);
    const facts = read(path);
    recent.set(path, facts);
    if (recent.size > keep) recent.delete(recent.keys().next().value!);
    return facts;
  };
}


/**
 * The revision's smells, stored with it: the rules read the whole file graph, a query cannot.
 * An edit that left the graph's shape as it was (`edited` given) carries the previous report
 * over, so an edit inside bodies costs no pass over the graph. A rule that fails costs the map
 * nothing: without a report of this revision, `ix smells` computes one itself (and meets the
 * failure there, where it can be reported).
 */
async function deriveSmells(
  graph: GraphReader,
  rev: number,
  edited: ReadonlySet<string> | undefined,
  readFileGraph: () => Promise<FileGraph>,
): Promise<Record<string, string>> {
  try {
    const previous = storedSmells(await graph.meta(SMELLS_META), rev - 1);
    const carried = edited && previous && (await carrySmells(graph, previous, rev, edited));
    // The region rules need this revision's map, made after the commit: until the region step
    // keeps or reads them again, the previous map's region smells ride along, marked as such.
    return { [SMELLS_META]: JSON.stringify(carried || withPreviousRegionSmells(await computeSmells(graph, rev, undefined, await readFileGraph()), previous)) };
  } catch {
    return {};
  }
}
