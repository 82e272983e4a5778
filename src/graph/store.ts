// One SQLite database per workspace. Every `ix map` that changes anything becomes one revision
// written in one transaction, so a crash or an error leaves the previous revision whole.
import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { EdgeKind } from "../model/edges";
import type { FileFacts } from "../model/facts";
import { INDEXES, INDEX_NAMES, PRAGMAS, SCHEMA_VERSION, TABLES } from "./schema";
import { decodeStamps, encodeStamps, type FileStamp, patchStamps, type StampList, stampListOf } from "./stamps";


export interface FileRow {
  path: string;
  size: number;
  mtimeMs: number;
  hash: string;
  lang: string | null;
  parseErrors: number;
  role: string;
}

export type { FileStamp, StampList } from "./stamps";

interface RawFileRow {
  path: string;
  size: number;
  mtime_ms: number;
  hash: string;
  lang: string | null;
  parse_errors: number;
  role: string;
}

function fileRowOf(r: RawFileRow): FileRow {
  return { path: r.path, size: r.size, mtimeMs: r.mtime_ms, hash: r.hash, lang: r.lang, parseErrors: r.parse_errors, role: r.role };
}

/** Past this many paths, one scan of the files table beats a lookup per path. */
const FEW_ROWS = 256;

export interface NodeRecord {
  id: string;
  kind: string;
  name: string;
  qname: string;
  path: string;
  startLine: number;
  endLine: number;
  lang: string | null;
  signature: string;
  exported: boolean;
  role: string;
  parentId: string | null;
}

export interface EdgeRecord {
  srcId: string;
  dstId: string;
  kind: EdgeKind;
  via?: string;
  confidence?: number;
  lines: number[];
  names?: string[];
}

export interface UnresolvedRecord {
  srcId: string;
  kind: EdgeKind;
  name: string;
  receiver?: string;
  lines: number[];
}

/** `nodes` includes the file node itself (kind "file", parentId null). */
export interface FileChange {
  row: FileRow;
  facts: FileFacts | null;
  nodes: NodeRecord[];
}

export interface OwnerEdges {
  edges: EdgeRecord[];
  unresolved: UnresolvedRecord[];
  /** Which other files' facts, and which questions about the file set, the owner's resolution rested on (src/resolve/reads.ts). */
  reads?: Iterable<string>;
}

export interface RevisionInput {
  /** Added or modified files: their nodes are replaced in full. Read once, in order, before any edge. */
  changed: Iterable<FileChange>;
  /** Paths removed from the workspace. */
  deleted: string[];
  /** Same hash, new size/mtime: the row is updated; on their own they make no revision. */
  touched: FileRow[];
  /** Owner path -> its complete outgoing edges, replacing the owner's old ones. */
  edges: Iterable<[string, OwnerEdges]>;
}

/** What a revision needs once its files are written: deletions, and every re-resolved owner's edges. */
export type RevisionRest = Pick<RevisionInput, "deleted" | "edges">;

export interface CommitResult {
  rev: number;
  patches: number;
  /** Edges and unresolved sites left out because an endpoint id is not in the graph. */
  droppedEdges: number;
}

export interface StoreStats {
  nodes: Record<string, number>;
  edges: Record<string, number>;
}

export type StoreErrorCode = "schema_mismatch" | "store_unavailable";

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "StoreError";
  }
}

interface PatchRow {
  path: string;
  op: "add" | "modify" | "delete";
  hash: string;
  added: number;
  removed: number;
}

interface ExistingNode {
  rowid: number;
  id: string;
  name: string;
  qname: string;
}

type SqlValue = string | number | null;

/** SQLite's default limit on bound parameters is far above this; chunks keep IN lists modest. */
const IN_CHUNK = 500;

/**
 * The stamp list as kept in meta (`stamps`, a blob) by every revision that writes file rows;
 * undefined on a graph written before it was kept.
 */
function keptStampList(db: Database): StampList | undefined {
  const row = db.query("SELECT value FROM meta WHERE key = 'stamps'").values()[0] as [unknown] | undefined;
  return row?.[0] instanceof Uint8Array ? decodeStamps(row[0]) : undefined;
}

function readStampList(db: Database): StampList {
  const kept = keptStampList(db);
  if (kept) return kept;
  const rows = db.query("SELECT path, size, mtime_ms FROM files").values() as [string, number, number][];
  return stampListOf(rows.map(([path, size, mtimeMs]) => [path, { size, mtimeMs }]));
}

function writeStampList(db: Database, list: StampList): void {
  db.query("INSERT INTO meta (key, value) VALUES ('stamps', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(encodeStamps(list));
}

/**
 * Keys as file_reads holds them: "\n"-joined with a "\n" at each end, so that
 * instr finds a whole key. A key holding a newline could not be told apart (keyless).
 */
function keyList(keys: Iterable<string>): string {
  return `\n${[...keys].join("\n")}\n`;
}

function keyless(keys: readonly string[]): boolean {
  return keys.some((key) => key.includes("\n"));
}

function chunks<T>(items: readonly T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function placeholders(count: number): string {
  return new Array<string>(count).fill("?").join(",");
}

export class Store {
  private constructor(
    readonly db: Database,
    readonly readonly: boolean,
  ) {}

  static open(dbPath: string, opts: { readonly?: boolean } = {}): Store {
    const readonly = opts.readonly ?? false;
    let db: Database;
    try {
      if (!readonly) mkdirSync(dirname(dbPath), { recursive: true, mode: 0o700 });
      db = readonly ? new Database(dbPath, { readonly: true }) : new Database(dbPath, { create: true, readwrite: true });
    } catch (error) {
      throw new StoreError("store_unavailable", `cannot open ${dbPath}: ${(error as Error).message}`);
    }
    try {
      Store.prepare(db, readonly, dbPath);
    } catch (error) {
      db.close();
      throw error;
    }
    return new Store(db, readonly);
  }

  private static prepare(db: Database, readonly: boolean, dbPath: string): void {
    const version = (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
    if (readonly) {
      db.run("PRAGMA busy_timeout = 5000");
      // A query starts with an empty page cache; reading pages through a mapping instead of a
      // pread each made a 1,100-caller lookup 3x faster (12 ms to 4 ms) on a 320 MB graph.
      db.run(`PRAGMA mmap_size = ${READ_MMAP_BYTES}`);
      if (version !== SCHEMA_VERSION) {
        throw new StoreError("schema_mismatch", `${dbPath} has schema ${version}, this ix reads schema ${SCHEMA_VERSION}`);
      }
      return;
    }
    for (const pragma of PRAGMAS) db.run(pragma);
    if (version === 0) {
      const tables = db.query("SELECT count(*) AS n FROM sqlite_master").get() as { n: number };
      if (tables.n > 0) throw new StoreError("schema_mismatch", `${dbPath} is not an ix graph (no schema version)`);
      db.transaction(() => {
        for (const sql of TABLES) db.run(sql);
        db.run(`PRAGMA user_version = ${SCHEMA_VERSION}`);
      }).immediate();
    } else if (version !== SCHEMA_VERSION) {
      throw new StoreError("schema_mismatch", `${dbPath} has schema ${version}, this ix writes schema ${SCHEMA_VERSION}`);
    }
  }

  close(): void {
    this.db.close();
  }

  rev(): number {
    const value = this.meta("rev");
    return value === undefined ? 0 : Number(value);
  }

  meta(key: string): string | undefined {
    const row = this.db.query("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | null;
    return row?.value ?? undefined;
  }

  setMeta(key: string, value: string): void {
    this.db.query("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key, value);
  }

  /** Size and mtime of every file, sorted by path: all a no-change map compares (stamps.ts). */
  fileStampList(): StampList {
    return readStampList(this.db);
  }

  /**
   * Keeps the stamp list of a graph written before it was kept, so the next map reads one value.
   * Only whether a list is kept is asked: decoding it again cost a no-change map of 13k files
   * ~10 ms. (A kept list that does not decode is rewritten by the next revision.)
   */
  keepStampList(): void {
    const kept = this.db.query("SELECT 1 FROM meta WHERE key = 'stamps' AND typeof(value) = 'blob'").get() !== null;
    if (!kept && this.rev() > 0) writeStampList(this.db, readStampList(this.db));
  }

  /** The full rows of some files: one lookup each when they are few, one scan otherwise. */
  fileRowsOf(paths: readonly string[]): Map<string, FileRow> {
    if (paths.length > FEW_ROWS) {
      const all = this.fileRows();
      return new Map(paths.flatMap((path) => (all.has(path) ? [[path, all.get(path)!] as const] : [])));
    }
    const out = new Map<string, FileRow>();
    const query = this.db.query("SELECT path, size, mtime_ms, hash, lang, parse_errors, role FROM files WHERE path = ?");
    for (const path of paths) {
      const r = query.get(path) as RawFileRow | null;
      if (r) out.set(path, fileRowOf(r));
    }
    return out;
  }

  fileRows(): Map<string, FileRow> {
    const rows = this.db.query("SELECT path, size, mtime_ms, hash, lang, parse_errors, role FROM files").all() as RawFileRow[];
    const out = new Map<string, FileRow>();
    for (const r of rows) out.set(r.path, fileRowOf(r));
    return out;
  }

  facts(path: string): FileFacts | undefined {
    const row = this.db.query("SELECT data FROM facts WHERE path = ?").get(path) as { data: string } | null;
    return row ? (JSON.parse(row.data) as FileFacts) : undefined;
  }

  /** Facts of every parsed file: what the resolver needs to re-resolve without re-parsing. */
  allFacts(): Map<string, FileFacts> {
    const out = new Map<string, FileFacts>();
    for (const row of this.db.query("SELECT path, data FROM facts").iterate() as Iterable<{ path: string; data: string }>) {
      out.set(row.path, JSON.parse(row.data) as FileFacts);
    }
    return out;
  }

  /** Files whose last resolution read one of `keys` (src/resolve/reads.ts); undefined when a key cannot be matched. */
  ownersReading(keys: string[]): string[] | undefined {
    if (keys.length === 0) return [];
    if (keyless(keys)) return undefined;
    const owners = new Set<string>();
    if (keys.length <= 8) {
      const find = this.db.query("SELECT path FROM file_reads WHERE instr(keys, ?) > 0");
      for (const key of keys) for (const [path] of find.values(keyList([key])) as [string][]) owners.add(path);
    } else {
      // One pass over every file's keys instead of one scan per key.
      const wanted = new Set(keys);
      for (const [path, joined] of this.db.query("SELECT path, keys FROM file_reads").values() as [string, string][]) {
        if (joined.split("\n").some((key) => wanted.has(key))) owners.add(path);
      }
    }
    return [...owners].sort();
  }

  /** Files whose IMPORTS edges point at the file node of one of `paths`. */
  importersOf(paths: string[]): string[] {
    const owners = new Set<string>();
    for (const part of chunks(paths)) {
      const rows = this.db
        .query(
          `SELECT DISTINCT e.owner AS owner FROM nodes n JOIN edges e ON e.dst = n.rowid AND e.kind = 'IMPORTS'
           WHERE n.kind = 'file' AND n.path IN (${placeholders(part.length)})`,
        )
        .all(...part) as { owner: string }[];
      for (const r of rows) owners.add(r.owner);
    }
    return [...owners].sort();
  }

  /** Files with unresolved sites that use one of `names`. */
  ownersOfUnresolved(names: string[]): string[] {
    const owners = new Set<string>();
    for (const part of chunks(names)) {
      const rows = this.db
        .query(`SELECT DISTINCT owner FROM unresolved WHERE name IN (${placeholders(part.length)})`)
        .all(...part) as { owner: string }[];
      for (const r of rows) owners.add(r.owner);
    }
    return [...owners].sort();
  }

  stats(): StoreStats {
    const count = (sql: string): Record<string, number> => {
      const out: Record<string, number> = {};
      for (const r of this.db.query(sql).all() as { kind: string; n: number }[]) out[r.kind] = r.n;
      return out;
    };
    return {
      nodes: count("SELECT kind, count(*) AS n FROM nodes GROUP BY kind ORDER BY kind"),
      edges: count("SELECT kind, count(*) AS n FROM edges GROUP BY kind ORDER BY kind"),
    };
  }

  commit(input: RevisionInput): CommitResult {
    const revision = this.begin();
    try {
      for (const row of input.touched) revision.touch(row);
      for (const change of input.changed) revision.change(change);
      return revision.finish(input);
    } catch (error) {
      revision.abort();
      throw error;
    }
  }

  /**
   * Opens a revision that takes files as they are produced: a map writes each parsed file at
   * once instead of holding every file's facts until the end. Readers see none of it until
   * finish() commits; abort(), or the process dying, leaves the previous revision whole.
   */
  begin(): OpenRevision {
    if (this.readonly) throw new StoreError("store_unavailable", "the store was opened read-only");
    this.db.run("BEGIN IMMEDIATE");
    try {
      return new OpenRevision(this.db, new RevisionWriter(this.db), this.rev());
    } catch (error) {
      this.db.run("ROLLBACK");
      throw error;
    }
  }
}

export class OpenRevision {
  private open = true;

  constructor(
    private readonly db: Database,
    private readonly writer: RevisionWriter,
    private readonly previousRev: number,
  ) {}

  /** Same content, new size or mtime: the row is updated; on its own it makes no revision. */
  touch(row: FileRow): void {
    this.writer.touch(row);
  }

  /** An added or modified file: its row, facts and nodes replace the old ones. */
  change(change: FileChange): void {
    this.writer.replaceFile(change);
  }

  finish(rest: RevisionRest): CommitResult {
    const result = this.writer.finish(this.previousRev, rest);
    this.db.run("COMMIT");
    this.open = false;
    return result;
  }

  abort(): void {
    if (!this.open) return;
    this.open = false;
    if (this.db.inTransaction) this.db.run("ROLLBACK");
  }
}

const READ_MMAP_BYTES = 1 << 30;

/** Writes one revision inside the caller's transaction: files first, then deletions and edges. */
class RevisionWriter {
  private readonly cold: boolean;
  private nextRowid: number;
  private readonly rowids = new Map<string, number>();
  private readonly goneRowids: number[] = [];
  /** Entity names that appeared, and names that may have lost their last holder. */
  private readonly namesIn = new Set<string>();
  private readonly namesOut = new Set<string>();
  private readonly patches: PatchRow[] = [];
  /** Every file row this revision wrote (its stamp) or deleted (null): the stamp list follows. */
  private readonly stampWrites = new Map<string, FileStamp | null>();
  private added = 0;
  private changedCount = 0;
  private deletedCount = 0;
  private rewrittenOwners = 0;
  private dropped = 0;

  constructor(private readonly db: Database) {
    this.cold = !this.indexed() && this.isEmpty();
    if (!this.cold) this.createIndexes();
    this.nextRowid = (this.db.query("SELECT coalesce(max(rowid), 0) + 1 AS next FROM nodes").get() as { next: number }).next;
  }

  finish(previousRev: number, rest: RevisionRest): CommitResult {
    for (const path of rest.deleted) this.deleteFile(path);
    this.dropEdgesOfGoneNodes();
    for (const path of rest.deleted) this.clearOwner(path);
    // Consumed as produced: the map pipeline resolves owners one by one while this writes,
    // so a cold map never holds every edge of the repository at once.
    for (const [owner, edges] of rest.edges) this.replaceOwnerEdges(owner, edges);

    if (this.cold) {
      this.createIndexes();
      this.db.run("INSERT INTO nodes_fts(nodes_fts) VALUES('rebuild')");
    }
    this.updateNames();
    // Before the early return: rows touched (same content, new mtime) make no revision.
    if (this.stampWrites.size > 0) writeStampList(this.db, patchStamps(readStampList(this.db), this.stampWrites));
    const changedAnything = this.patches.length > 0 || this.rewrittenOwners > 0;
    if (!changedAnything) return { rev: previousRev, patches: 0, droppedEdges: this.dropped };

    const rev = previousRev + 1;
    const at = new Date().toISOString();
    this.db
      .query("INSERT INTO revisions (rev, at, files_added, files_changed, files_deleted) VALUES (?, ?, ?, ?, ?)")
      .run(rev, at, this.added, this.changedCount, this.deletedCount);
    const insertPatch = this.db.query("INSERT INTO patches (rev, path, op, hash, added, removed) VALUES (?, ?, ?, ?, ?, ?)");
    for (const p of this.patches) insertPatch.run(rev, p.path, p.op, p.hash, p.added, p.removed);
    const setMeta = this.db.query("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    setMeta.run("rev", String(rev));
    setMeta.run("last_ingest_at", at);
    return { rev, patches: this.patches.length, droppedEdges: this.dropped };
  }

  private indexed(): boolean {
    const row = this.db
      .query(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND name IN (${placeholders(INDEX_NAMES.length)})`)
      .get(...INDEX_NAMES) as { n: number };
    return row.n === INDEX_NAMES.length;
  }

  private isEmpty(): boolean {
    return this.db.query("SELECT 1 FROM nodes LIMIT 1").get() === null && this.db.query("SELECT 1 FROM edges LIMIT 1").get() === null;
  }

  private createIndexes(): void {
    for (const sql of INDEXES) this.db.run(sql);
  }

  touch(r: FileRow): void {
    this.stampWrites.set(r.path, { size: r.size, mtimeMs: r.mtimeMs });
    this.db
      .query("UPDATE files SET size = ?, mtime_ms = ?, hash = ?, lang = ?, parse_errors = ?, role = ? WHERE path = ?")
      .run(r.size, r.mtimeMs, r.hash, r.lang, r.parseErrors, r.role, r.path);
  }

  private existingNodes(path: string): ExistingNode[] {
    if (this.cold) return [];
    return this.db.query("SELECT rowid, id, name, qname FROM nodes WHERE path = ?").all(path) as ExistingNode[];
  }

  replaceFile(change: FileChange): void {
    const { row } = change;
    const before = this.cold
      ? null
      : (this.db.query("SELECT hash FROM files WHERE path = ?").get(row.path) as { hash: string } | null);
    this.db
      .query(
        `INSERT INTO files (path, size, mtime_ms, hash, lang, parse_errors, role) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms, hash = excluded.hash,
           lang = excluded.lang, parse_errors = excluded.parse_errors, role = excluded.role`,
      )
      .run(row.path, row.size, row.mtimeMs, row.hash, row.lang, row.parseErrors, row.role);
    this.stampWrites.set(row.path, { size: row.size, mtimeMs: row.mtimeMs });
    if (change.facts) {
      this.db
        .query("INSERT INTO facts (path, data) VALUES (?, ?) ON CONFLICT(path) DO UPDATE SET data = excluded.data")
        .run(row.path, JSON.stringify(change.facts));
    } else if (!this.cold) {
      this.db.query("DELETE FROM facts WHERE path = ?").run(row.path);
    }

    const existing = new Map(this.existingNodes(row.path).map((n) => [n.id, n]));
    // Rowids are handed out here rather than read back after each insert: surviving entities
    // keep theirs, new ones count up from the table's maximum, and parents listed after their
    // children resolve without a second pass.
    for (const node of change.nodes) {
      if (!this.rowids.has(node.id)) this.rowids.set(node.id, existing.get(node.id)?.rowid ?? this.nextRowid++);
    }
    const upsert = this.db.query(
      `INSERT INTO nodes (rowid, id, kind, name, qname, path, start_line, end_line, lang, signature, exported, role, parent)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET kind = excluded.kind, name = excluded.name, qname = excluded.qname,
         path = excluded.path, start_line = excluded.start_line, end_line = excluded.end_line, lang = excluded.lang,
         signature = excluded.signature, exported = excluded.exported, role = excluded.role, parent = excluded.parent`,
    );
    const ftsInsert = this.db.query("INSERT INTO nodes_fts (rowid, name, qname) VALUES (?, ?, ?)");
    let addedEntities = 0;
    for (const node of change.nodes) {
      const rowid = this.rowids.get(node.id)!;
      const parent = node.parentId === null ? null : (this.rowidOf(node.parentId) ?? null);
      upsert.run(
        rowid, node.id, node.kind, node.name, node.qname, node.path, node.startLine, node.endLine,
        node.lang, node.signature, node.exported ? 1 : 0, node.role, parent,
      );
      const old = existing.get(node.id);
      if (!old) addedEntities++;
      // A cold load collects every name here: selecting them back from 177k nodes took 0.4 s.
      if (node.kind !== "file" && old?.name !== node.name) {
        this.namesIn.add(node.name);
        if (old) this.namesOut.add(old.name);
      }
      // A cold load rebuilds the text index in one pass at the end instead.
      if (this.cold) continue;
      if (old && (old.name !== node.name || old.qname !== node.qname)) this.ftsDelete(old);
      if (!old || old.name !== node.name || old.qname !== node.qname) ftsInsert.run(rowid, node.name, node.qname);
    }

    const kept = new Set(change.nodes.map((n) => n.id));
    let removed = 0;
    for (const old of existing.values()) {
      if (kept.has(old.id)) continue;
      this.removeNode(old);
      removed++;
    }
    if (before) this.changedCount++;
    else this.added++;
    this.patches.push({ path: row.path, op: before ? "modify" : "add", hash: row.hash, added: addedEntities, removed });
  }

  private deleteFile(path: string): void {
    if (this.cold) return;
    const before = this.db.query("SELECT hash FROM files WHERE path = ?").get(path) as { hash: string } | null;
    if (!before) return;
    const nodes = this.existingNodes(path);
    for (const node of nodes) this.removeNode(node);
    this.db.query("DELETE FROM files WHERE path = ?").run(path);
    this.stampWrites.set(path, null);
    this.db.query("DELETE FROM facts WHERE path = ?").run(path);
    this.db.query("DELETE FROM file_reads WHERE path = ?").run(path);
    this.deletedCount++;
    this.patches.push({ path, op: "delete", hash: before.hash, added: 0, removed: nodes.length });
  }

  private removeNode(node: ExistingNode): void {
    this.namesOut.add(node.name);
    this.ftsDelete(node);
    this.db.query("DELETE FROM nodes WHERE rowid = ?").run(node.rowid);
    this.goneRowids.push(node.rowid);
  }

  private updateNames(): void {
    const insert = this.db.query("INSERT OR IGNORE INTO names (name) VALUES (?)");
    // In key order, each insert lands beside the last.
    for (const name of [...this.namesIn].sort()) insert.run(name);
    const drop = this.db.query("DELETE FROM names WHERE name = ?1 AND NOT EXISTS (SELECT 1 FROM nodes WHERE name = ?1 AND kind != 'file')");
    for (const name of this.namesOut) if (!this.namesIn.has(name)) drop.run(name);
  }

  private ftsDelete(node: ExistingNode): void {
    this.db.query("INSERT INTO nodes_fts (nodes_fts, rowid, name, qname) VALUES ('delete', ?, ?, ?)").run(node.rowid, node.name, node.qname);
  }

  private dropEdgesOfGoneNodes(): void {
    if (this.goneRowids.length === 0) return;
    for (const part of chunks(this.goneRowids)) {
      const list = placeholders(part.length);
      this.db.query(`DELETE FROM edges WHERE src IN (${list})`).run(...part);
      this.db.query(`DELETE FROM edges WHERE dst IN (${list})`).run(...part);
      this.db.query(`DELETE FROM unresolved WHERE src IN (${list})`).run(...part);
    }
  }

  private clearOwner(owner: string): void {
    const edges = this.db.query("DELETE FROM edges WHERE owner = ?").run(owner);
    const sites = this.db.query("DELETE FROM unresolved WHERE owner = ?").run(owner);
    if (edges.changes + sites.changes > 0) this.rewrittenOwners++;
  }

  private rowidOf(id: string): number | undefined {
    const known = this.rowids.get(id);
    if (known !== undefined || this.cold) return known;
    const row = this.db.query("SELECT rowid FROM nodes WHERE id = ?").get(id) as { rowid: number } | null;
    if (row) this.rowids.set(id, row.rowid);
    return row?.rowid;
  }

  /** Rewrites an owner's edges only when they differ, so re-resolving an unaffected dependent costs no revision. */
  private replaceOwnerEdges(owner: string, next: OwnerEdges): void {
    if (next.reads) {
      this.db
        .query("INSERT INTO file_reads (path, keys) VALUES (?, ?) ON CONFLICT(path) DO UPDATE SET keys = excluded.keys")
        .run(owner, keyList(next.reads));
    }
    const edgeRows: SqlValue[][] = [];
    for (const e of next.edges) {
      const src = this.rowidOf(e.srcId);
      const dst = this.rowidOf(e.dstId);
      if (src === undefined || dst === undefined) {
        this.dropped++;
        continue;
      }
      edgeRows.push([src, dst, e.kind, owner, e.via ?? null, e.confidence ?? null, e.lines.join(","), e.names?.length ? e.names.join(",") : null]);
    }
    const siteRows: SqlValue[][] = [];
    for (const u of next.unresolved) {
      const src = this.rowidOf(u.srcId);
      if (src === undefined) {
        this.dropped++;
        continue;
      }
      siteRows.push([src, owner, u.kind, u.name, u.receiver ?? null, u.lines.join(",")]);
    }
    if (!this.cold && this.sameAsStored(owner, edgeRows, siteRows)) return;

    if (!this.cold) this.clearOwner(owner);
    const insertEdge = this.db.query("INSERT INTO edges (src, dst, kind, owner, via, confidence, lines, names) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    for (const r of edgeRows) insertEdge.run(...r);
    const insertSite = this.db.query("INSERT INTO unresolved (src, owner, kind, name, receiver, lines) VALUES (?, ?, ?, ?, ?, ?)");
    for (const r of siteRows) insertSite.run(...r);
    if (edgeRows.length + siteRows.length > 0) this.rewrittenOwners++;
  }

  private sameAsStored(owner: string, edgeRows: SqlValue[][], siteRows: SqlValue[][]): boolean {
    const stored = this.db.query("SELECT src, dst, kind, owner, via, confidence, lines, names FROM edges WHERE owner = ?").values(owner);
    if (stored.length !== edgeRows.length) return false;
    const storedSites = this.db.query("SELECT src, owner, kind, name, receiver, lines FROM unresolved WHERE owner = ?").values(owner);
    if (storedSites.length !== siteRows.length) return false;
    return sameMultiset(stored as SqlValue[][], edgeRows) && sameMultiset(storedSites as SqlValue[][], siteRows);
  }
}

function sameMultiset(a: SqlValue[][], b: SqlValue[][]): boolean {
  const key = (row: SqlValue[]) => JSON.stringify(row);
  const counts = new Map<string, number>();
  for (const row of a) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  for (const row of b) {
    const k = key(row);
    const n = counts.get(k);
    if (!n) return false;
    counts.set(k, n - 1);
  }
  return true;
}
