// The embedded store: one SQLite database per workspace, WAL mode. Every `ix map` that changes
// anything becomes one revision written in one transaction, so a crash or an error leaves the
// previous revision whole.
import { constants, Database } from "bun:sqlite";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { StoreError, type CommitResult, type GraphStore, type Hierarchy, type RevisionInput, type RevisionWriter } from "../graph";
import { isBusy } from "./busy";
import { readStampList, SqliteGraphReader } from "./reader";
import { RevisionRows, SqliteRevision, writeStampList } from "./revision";
import { PRAGMAS, SCHEMA_VERSION, TABLES } from "./schema";

/**
 * A query starts with an empty page cache; reading pages through a mapping instead of a pread
 * each made a 1,100-caller lookup 3x faster (12 ms to 4 ms) on a 320 MB graph.
 */
const READ_MMAP_BYTES = 1 << 30;

/**
 * How long a statement waits for a lock before SQLite gives up. A reader waits on a map only
 * while the map's last connection folds the write-ahead log back into the database.
 */
const BUSY_TIMEOUT_MS = 5000;

/**
 * How long opening a graph keeps trying when SQLite answers "busy" without waiting: while a
 * closing connection cleans up the write-ahead log, or a new one rebuilds its index, SQLite
 * returns at once instead of calling the busy handler.
 */
const OPEN_DEADLINE_MS = 15_000;

/**
 * A database in WAL mode is read through its log's index (-shm), which a reader sets up (and
 * the first connection of all truncates and grows again). When the last writer deleted the log
 * and its index at its close, a query's read-only connection had to create and grow the index:
 * on a full disk every query failed with "disk I/O error" (SQLITE_IOERR_SHMSIZE), though it
 * only reads. A writer keeps both files at its close instead (persistent WAL; the log is
 * emptied, journal_size_limit), so the index's pages stay allocated for the next reader.
 */
function keepLogAtClose(db: Database): void {
  db.fileControl(constants.SQLITE_FCNTL_PERSIST_WAL, 1);
}

/**
 * Opening a database to read when its index could not be set up (it is gone, as an older ix
 * left it, and the disk is full): SQLite's read-only index (readonly_shm) needs no room. With
 * no writer connected it reads the log into its own memory; with one, the index the writer
 * keeps. Only a reader falls back to it, and only then.
 */
function readOnlyIndexUri(dbPath: string): string {
  return `file:${dbPath.replace(/[%?#]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}?readonly_shm=1`;
}

/** SQLite could not create or grow the log's index (-shm) to read. */
const indexUnavailable = (error: unknown): boolean => /^SQLITE_IOERR_SHM/.test(String((error as { code?: unknown } | null)?.code));

/**
 * Opens a connection and runs `prepare` on it, again from a fresh connection while SQLite says
 * the database is busy, until the deadline. The busy timeout is the first statement of every
 * connection, so nothing after it fails on a lock another process holds for a moment.
 */
function connect(dbPath: string, readonly: boolean, prepare: (db: Database) => void): Database {
  const deadline = performance.now() + OPEN_DEADLINE_MS;
  let sharedIndex = true;
  for (let attempt = 0; ; attempt++) {
    const opened = readonly ? fileIdentity(dbPath) : undefined;
    let db: Database;
    try {
      if (!readonly) mkdirSync(dirname(dbPath), { recursive: true, mode: 0o700 });
      db = !readonly
        ? new Database(dbPath, { create: true, readwrite: true })
        : sharedIndex
          ? new Database(dbPath, { readonly: true })
          : new Database(readOnlyIndexUri(dbPath), constants.SQLITE_OPEN_READONLY | constants.SQLITE_OPEN_URI);
    } catch (error) {
      throw new StoreError("store_unavailable", `cannot open ${dbPath}: ${(error as Error).message}`);
    }
    try {
      if (!readonly) keepLogAtClose(db);
      db.run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      prepare(db);
      // SQLite opens the write-ahead log and its index by name at the first read, after the
      // database file. A reset that replaced the graph in between would pair the old file with
      // the new graph's log: pages of two graphs. The same file before the open and after the
      // first read rules that out; a replaced one is opened again.
      if (readonly && fileIdentity(dbPath) !== opened) {
        db.close();
        if (performance.now() > deadline) throw new StoreError("store_busy", `${dbPath} kept being replaced for ${OPEN_DEADLINE_MS / 1000} s`);
        continue;
      }
      return db;
    } catch (error) {
      db.close();
      if (readonly && sharedIndex && indexUnavailable(error)) {
        sharedIndex = false;
        continue;
      }
      if (!isBusy(error)) throw error;
      if (performance.now() > deadline) {
        throw new StoreError("store_busy", `${dbPath} stayed locked by another process for ${OPEN_DEADLINE_MS / 1000} s`);
      }
      Bun.sleepSync(Math.min(50, 2 << Math.min(attempt, 5)));
    }
  }
}

/**
 * Which file is at `path` now, or undefined when none is. The inode alone does not tell: a
 * graph removed and created again in one directory gets the freed inode back at once, so its
 * birth time (nanoseconds) is part of the identity.
 */
function fileIdentity(path: string): string | undefined {
  try {
    const stat = statSync(path, { bigint: true });
    return `${stat.dev}:${stat.ino}:${stat.birthtimeNs}`;
  } catch {
    return undefined;
  }
}

function userVersion(db: Database): number {
  return (db.query("PRAGMA user_version").get() as { user_version: number }).user_version;
}

/** A graph opened for reading: what every query uses. */
export function openSqliteReader(dbPath: string): SqliteGraphReader {
  const db = connect(dbPath, true, (db) => {
    db.run(`PRAGMA mmap_size = ${READ_MMAP_BYTES}`);
    // One read transaction for the reader's whole life: every answer reads one revision, even
    // when a map commits the next one between two of its statements (a node found by one
    // statement and gone by the next ended a query in internal_error). Reading the schema
    // version is its first read: from then on the connection holds its share of the database,
    // and later statements no longer meet the moments in which SQLite answers "busy" without
    // waiting.
    db.run("BEGIN");
    const version = userVersion(db);
    if (version !== SCHEMA_VERSION) throw new StoreError("schema_mismatch", `${dbPath} has schema ${version}, this ix reads schema ${SCHEMA_VERSION}`);
  });
  return new SqliteGraphReader(db, dbPath);
}

/** A graph opened for a map: created with its schema when new. */
export function openSqliteStore(dbPath: string): SqliteGraphStore {
  const db = connect(dbPath, false, (db) => {
    const version = userVersion(db);
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
  });
  return new SqliteGraphStore(db, dbPath);
}

/**
 * Empties a graph where it is, back to a new graph of this schema, in one transaction. A graph
 * being rebuilt is emptied rather than deleted: SQLite's files must not be removed under open
 * connections (a reader that had opened the old file recreated its index beside the new
 * graph's, and queries met "disk I/O error"), while a transaction is safe for every reader:
 * one that began before it keeps its snapshot; one after it reads revision 0.
 */
export function clearSqliteGraph(dbPath: string): void {
  const db = connect(dbPath, false, (db) => {
    for (const pragma of PRAGMAS) db.run(pragma);
  });
  try {
    const tables = () => db.query("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string; sql: string | null }[];
    db.transaction(() => {
      // A virtual table drops its own shadow tables; the rest go after it.
      for (const t of tables()) if (/^CREATE VIRTUAL TABLE/i.test(t.sql ?? "")) db.run(`DROP TABLE "${t.name}"`);
      for (const t of tables()) db.run(`DROP TABLE "${t.name}"`);
      for (const sql of TABLES) db.run(sql);
      db.run(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    }).immediate();
  } finally {
    db.close();
  }
}

/** Deletes a graph with its write-ahead log: derived data, rebuilt by the next map. */
export function removeSqliteGraph(dbPath: string): void {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
}

export class SqliteGraphStore extends SqliteGraphReader implements GraphStore {
  async setMeta(key: string, value: string): Promise<void> {
    this.db.query("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key, value);
  }

  /**
   * Only whether a list is kept is asked: decoding it again cost a no-change map of 13k files
   * ~10 ms. (A kept list that does not decode is rewritten by the next revision.)
   */
  async keepStampList(): Promise<void> {
    const kept = this.db.query("SELECT 1 FROM meta WHERE key = 'stamps' AND typeof(value) = 'blob'").get() !== null;
    if (!kept && this.revNow() > 0) writeStampList(this.db, readStampList(this.db));
  }

  /**
   * Opens a revision that takes files as they are produced: a map writes each parsed file at
   * once instead of holding every file's facts until the end.
   */
  async begin(): Promise<RevisionWriter> {
    this.db.run("BEGIN IMMEDIATE");
    try {
      // A reader of its own: this store's keeps rowids of nodes the revision may replace.
      const graph = new SqliteGraphReader(this.db, this.describe().location);
      return new SqliteRevision(this.db, new RevisionRows(this.db), this.revNow(), (path) => this.factsNow(path), graph);
    } catch (error) {
      this.db.run("ROLLBACK");
      throw error;
    }
  }

  async writeRegions(hierarchy: Hierarchy, meta: Record<string, string>): Promise<void> {
    this.db.transaction(() => {
      for (const table of ["regions", "region_files", "region_links"]) this.db.run(`DELETE FROM ${table}`);
      const region = this.db.query(
        `INSERT INTO regions (id, ord, kind, label, level, parent, children, files, entities, cohesion, coupling, crosscut, confidence, signals, dir)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const [i, r] of hierarchy.regions.entries()) {
        region.run(r.id, i, r.kind, r.label, r.level, r.parent, r.children.join(",") || null, r.files, r.entities, r.cohesion, r.coupling, r.crosscut, r.confidence, r.signals.join(",") || null, r.dir);
      }
      const file = this.db.query("INSERT INTO region_files (path, region, edges_inside, edges_outside, neighbors_inside, neighbors_outside, pagerank) VALUES (?, ?, ?, ?, ?, ?, ?)");
      for (const f of hierarchy.files) file.run(f.path, f.region, f.edgesInside, f.edgesOutside, f.neighborsInside, f.neighborsOutside, f.pagerank ?? null);
      const link = this.db.query("INSERT INTO region_links (src, dst, edges) VALUES (?, ?, ?)");
      for (const l of hierarchy.links) link.run(l.src, l.dst, l.edges);
      const setMeta = this.db.query("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
      for (const [key, value] of Object.entries(meta)) setMeta.run(key, value);
    }).immediate();
  }

  async commit(input: RevisionInput): Promise<CommitResult> {
    const revision = await this.begin();
    try {
      for (const row of input.touched) await revision.touch(row);
      for (const change of input.changed) await revision.change(change);
      return await revision.finish(input);
    } catch (error) {
      await revision.abort();
      throw error;
    }
  }
}
