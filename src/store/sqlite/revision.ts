// Writes one revision inside the caller's transaction: files first, then deletions and edges.
// Edges refer to nodes by rowid (loads 2x faster and 2/3 the size of id references); rowids
// are handed out here and survive an entity's re-map.
import type { Database } from "bun:sqlite";
import { docClaimsOf, type FileFacts } from "../../model/facts";
import { DIRTY_PATHS_META, type CommitResult, type FileChange, type FileRow, type GraphReader, type OwnerEdges, type RevisionOrigin, type RevisionRest, type RevisionWriter } from "../graph";
import { encodeStamps, patchStamps, type FileStamp, type StampList } from "../stamps";
import { chunks, keyList, placeholders, readStampList } from "./reader";
import { INDEXES, INDEX_NAMES, RANKED_FIGURES, type RankedFigure } from "./schema";

interface PatchRow {
  path: string;
  op: "add" | "modify" | "delete";
  hash: string;
  added: number;
  removed: number;
}

/** A node's rank figures with the columns rank_totals counts them by. */
type FiguresRow = { kind: string; role: string | null } & Record<RankedFigure, number>;

interface ExistingNode extends FiguresRow {
  rowid: number;
  id: string;
  name: string;
  qname: string;
  path: string;
  exported: number;
  parent: number | null;
  signature: string;
  body: string | null;
}

/** A row of changes, before its revision number is known. */
interface ChangeRow {
  id: string;
  kind: string;
  name: string;
  qname: string;
  path: string;
  op: "added" | "changed" | "removed";
  what: string | null;
  body: string | null;
  signature: string;
  fromId: string | null;
}

type SqlValue = string | number | null;

/** A row of file_links. */
interface FileLinkRow {
  owner: string;
  src: string;
  dst: string;
  kind: string;
  count: number;
  names: string | null;
}

/**
 * How each rank figure counts the edges of the node `nodes.rowid` (one per source and kind, as
 * countInto counts them), each over a covering index (edges_dst_kind, edges_src_kind,
 * edges_value_refs), never the edge rows. ColdFigures counts the same while a cold map writes.
 */
const NODE_FIGURES: Record<RankedFigure, string> = {
  // The edges into it of any kind but CONTAINS: callers, importers, users of the type, subtypes.
  dependents: "(SELECT count(*) FROM edges WHERE dst = nodes.rowid AND kind != 'CONTAINS')",
  // Calls of it, and hand-overs of it by name.
  callers:
    "(SELECT count(*) FROM edges WHERE dst = nodes.rowid AND kind = 'CALLS') + " +
    "(SELECT count(*) FROM edges WHERE dst = nodes.rowid AND kind = 'REFERENCES' AND as_value = 1)",
  // An importing file has one IMPORTS edge to each file it imports.
  importers: "(SELECT count(*) FROM edges WHERE dst = nodes.rowid AND kind = 'IMPORTS')",
  members: "(SELECT count(*) FROM edges WHERE src = nodes.rowid AND kind = 'CONTAINS')",
};
const FIGURE_COLUMNS = RANKED_FIGURES.join(", ");

export function writeStampList(db: Database, list: StampList): void {
  db.query("INSERT INTO meta (key, value) VALUES ('stamps', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(encodeStamps(list));
}

/** The open transaction of one revision: what `GraphStore.begin` hands out. */
export class SqliteRevision implements RevisionWriter {
  private open = true;

  /**
   * Let go once the rows are written: a map holds its revision until it returns, and the rows'
   * bookkeeping (every node's rowid and file, the cold map's figures) would stay live through
   * the smells and the regions.
   */
  private writer: RevisionRows | undefined;

  constructor(
    private readonly db: Database,
    writer: RevisionRows,
    private readonly previousRev: number,
    private readonly readFacts: (path: string) => FileFacts | undefined,
    /** The revision as written so far, for what is derived from it before the commit. */
    private readonly graph: GraphReader,
  ) {
    this.writer = writer;
  }

  private rows(): RevisionRows {
    if (!this.writer) throw new Error("the revision is finished: nothing more can be written to it");
    return this.writer;
  }

  async touch(row: FileRow): Promise<void> {
    this.rows().touch(row);
  }

  async change(change: FileChange): Promise<void> {
    this.rows().replaceFile(change);
  }

  factsNow(path: string): FileFacts | undefined {
    return this.readFacts(path);
  }

  async finish(rest: RevisionRest): Promise<CommitResult> {
    const result = await this.rows().finish(this.previousRev, rest);
    this.writer = undefined;
    if (rest.derive && result.rev !== this.previousRev) {
      const setMeta = this.db.query("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
      for (const [key, value] of Object.entries(await rest.derive(this.graph, result.rev, result.shapeChanged))) setMeta.run(key, value);
    }
    this.db.run("COMMIT");
    this.open = false;
    return result;
  }

  async abort(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    if (this.db.inTransaction) this.db.run("ROLLBACK");
  }
}

/** The rows of one revision, written inside its transaction. */
export class RevisionRows {
  private readonly cold: boolean;
  private nextRowid: number;
  private readonly rowids = new Map<string, number>();
  private readonly goneRowids: number[] = [];
  /** Entity names that appeared, and names that may have lost their last holder. */
  private readonly namesIn = new Set<string>();
  private readonly namesOut = new Set<string>();
  private readonly patches: PatchRow[] = [];
  /** What this revision did to each entity; none on a cold map (its revision is the baseline). */
  private readonly changes: ChangeRow[] = [];
  /** Every file row this revision wrote (its stamp) or deleted (null): the stamp list follows. */
  private readonly stampWrites = new Map<string, FileStamp | null>();
  private added = 0;
  private changedCount = 0;
  private deletedCount = 0;
  private rewrittenOwners = 0;
  private dropped = 0;
  /**
   * Set once the graph's shape may have moved: a node came, went or changed its kind, name,
   * export or parent, or an edge or unresolved site came or went. Lines and call sites moving
   * inside bodies leave it alone: what is derived from the shape alone (smells) carries over.
   */
  private shapeMoved: boolean;
  /** Set once the file-level graph may have moved: files came or went, or links between two files changed. */
  private fileGraphMoved: boolean;
  /**
   * Each node's file, by rowid, for the nodes this revision wrote or looked up: the files an edge
   * joins. An array, not a Map: a cold map writes every rowid from 1 up, and 180k Map entries held ~9 MB.
   */
  private readonly fileOfRowid: (string | undefined)[] = [];
  /** Owners whose edges lost rows they did not write again: their file links are read back from the edges at the end. */
  private readonly staleLinkOwners = new Set<string>();
  /** Nodes whose rank figures may have moved: an end of an edge this revision wrote or deleted. Recounted at the end. */
  private readonly staleFigures = new Set<number>();
  private readonly coldFigures: ColdFigures | undefined;
  /** What this revision moved rank_totals by, per figure, kind and role ("figure\0kind\0role"). */
  private readonly totalsDelta = new Map<string, number>();

  constructor(private readonly db: Database) {
    this.cold = !this.indexed() && this.isEmpty();
    this.shapeMoved = this.cold;
    this.fileGraphMoved = this.cold;
    if (!this.cold) this.createIndexes();
    this.coldFigures = this.cold ? new ColdFigures() : undefined;
    this.nextRowid = (this.db.query("SELECT coalesce(max(rowid), 0) + 1 AS next FROM nodes").get() as { next: number }).next;
  }

  async finish(previousRev: number, rest: RevisionRest): Promise<CommitResult> {
    for (const path of rest.deleted) this.deleteFile(path);
    this.dropEdgesOfGoneNodes();
    for (const path of rest.deleted) this.clearOwner(path);
    // Consumed as produced: the map pipeline resolves owners one by one while this writes,
    // so a cold map never holds every edge of the repository at once.
    if (Symbol.asyncIterator in rest.edges) for await (const [owner, edges] of rest.edges) this.replaceOwnerEdges(owner, edges);
    else for (const [owner, edges] of rest.edges) this.replaceOwnerEdges(owner, edges);

    if (this.coldFigures) {
      // Before the indexes, which then sort the figures once instead of taking them one by one.
      this.coldFigures.write(this.db);
      this.createIndexes();
      this.db.run("INSERT INTO nodes_fts(nodes_fts) VALUES('rebuild')");
    }
    for (const owner of this.staleLinkOwners) this.relinkFromEdges(owner);
    if (!this.cold) this.recountFigures();
    this.updateNames();
    // Before the early return: rows touched (same content, new mtime) make no revision.
    if (this.stampWrites.size > 0) writeStampList(this.db, patchStamps(readStampList(this.db), this.stampWrites));
    const setMeta = this.db.query("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    for (const [key, value] of Object.entries(rest.meta?.() ?? {})) if (value !== undefined) setMeta.run(key, value);
    const changedAnything = this.patches.length > 0 || this.rewrittenOwners > 0;
    const fileGraphChanged = this.fileGraphMoved || this.added > 0 || this.deletedCount > 0;
    if (!changedAnything) return { rev: previousRev, patches: 0, droppedEdges: this.dropped, shapeChanged: false, fileGraphChanged: false };

    const rev = previousRev + 1;
    const at = new Date().toISOString();
    const origin: Partial<RevisionOrigin> = (await rest.origin) ?? {};
    this.db
      .query("INSERT INTO revisions (rev, at, files_added, files_changed, files_deleted, source, intent, head, dirty, baseline) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .run(rev, at, this.added, this.changedCount, this.deletedCount, origin.source ?? null, origin.intent ?? null, origin.head ?? null, origin.dirty === undefined ? null : origin.dirty ? 1 : 0, this.cold ? 1 : 0);
    if (origin.dirtyPaths) setMeta.run(DIRTY_PATHS_META, JSON.stringify(origin.dirtyPaths));
    else this.db.query("DELETE FROM meta WHERE key = ?").run(DIRTY_PATHS_META);
    const insertPatch = this.db.query("INSERT INTO patches (rev, path, op, hash, added, removed) VALUES (?, ?, ?, ?, ?, ?)");
    for (const p of this.patches) insertPatch.run(rev, p.path, p.op, p.hash, p.added, p.removed);
    matchMoves(this.changes);
    const insertChange = this.db.query("INSERT INTO changes (rev, id, kind, name, qname, path, op, what, from_id, signature) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (const c of this.changes) insertChange.run(rev, c.id, c.kind, c.name, c.qname, c.path, c.op, c.what, c.fromId, c.signature);
    if (rest.keep !== undefined && rev > rest.keep) {
      // History is bounded: the oldest revisions go with their rows, in this revision's transaction.
      for (const table of ["revisions", "patches", "changes"]) this.db.query(`DELETE FROM ${table} WHERE rev <= ?`).run(rev - rest.keep);
    }
    setMeta.run("rev", String(rev));
    setMeta.run("last_ingest_at", at);
    return { rev, patches: this.patches.length, droppedEdges: this.dropped, shapeChanged: this.shapeMoved, fileGraphChanged };
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
    return this.db.query(`SELECT n.rowid, n.id, n.kind, n.name, n.qname, n.path, n.exported, n.parent, n.role, n.signature, n.body, ${RANKED_FIGURES.map((f) => `coalesce(f.${f}, 0) AS ${f}`).join(", ")}
       FROM nodes n LEFT JOIN node_figures f ON f.rowid = n.rowid WHERE n.path = ?`).all(path) as ExistingNode[];
  }

  replaceFile(change: FileChange): void {
    const { row } = change;
    const before = this.cold
      ? null
      : (this.db.query("SELECT hash, lang, role FROM files WHERE path = ?").get(row.path) as { hash: string; lang: string | null; role: string | null } | null);
    if (!before || before.lang !== row.lang || before.role !== row.role) this.shapeMoved = true;
    // A file that a language stopped (or started) reading leaves (or joins) the file graph.
    if (before && (before.lang === null) !== (row.lang === null)) this.fileGraphMoved = true;
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
    const claims = change.facts ? docClaimsOf(change.facts) : undefined;
    if (claims) {
      this.db
        .query("INSERT INTO doc_claims (path, data) VALUES (?, ?) ON CONFLICT(path) DO UPDATE SET data = excluded.data")
        .run(row.path, JSON.stringify(claims));
    } else if (!this.cold) {
      this.db.query("DELETE FROM doc_claims WHERE path = ?").run(row.path);
    }

    const existing = new Map(this.existingNodes(row.path).map((n) => [n.id, n]));
    // Rowids are handed out here rather than read back after each insert: surviving entities
    // keep theirs, new ones count up from the table's maximum, and parents listed after their
    // children resolve without a second pass.
    for (const node of change.nodes) {
      if (!this.rowids.has(node.id)) this.rowids.set(node.id, existing.get(node.id)?.rowid ?? this.nextRowid++);
    }
    const upsert = this.db.query(
      `INSERT INTO nodes (rowid, id, kind, name, qname, path, start_line, end_line, lang, signature, exported, role, parent, overloads, body)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET kind = excluded.kind, name = excluded.name, qname = excluded.qname,
         path = excluded.path, start_line = excluded.start_line, end_line = excluded.end_line, lang = excluded.lang,
         signature = excluded.signature, exported = excluded.exported, role = excluded.role, parent = excluded.parent,
         overloads = excluded.overloads, body = excluded.body`,
    );
    const ftsInsert = this.db.query("INSERT INTO nodes_fts (rowid, name, qname) VALUES (?, ?, ?)");
    let addedEntities = 0;
    for (const node of change.nodes) {
      const rowid = this.rowids.get(node.id)!;
      this.fileOfRowid[rowid] = row.path;
      this.coldFigures?.node(rowid, node.kind, node.role);
      const parent = node.parentId === null ? null : (this.rowidOf(node.parentId) ?? null);
      upsert.run(
        rowid, node.id, node.kind, node.name, node.qname, node.path, node.startLine, node.endLine,
        node.lang, node.signature, node.exported ? 1 : 0, node.role, parent, node.overloads?.join("\n") ?? null, node.body ?? null,
      );
      const old = existing.get(node.id);
      if (!this.cold) this.noteChange(node, old);
      if (!old) addedEntities++;
      else if (old.kind !== node.kind || old.role !== node.role) {
        this.countTotals(old, -1);
        this.countTotals({ ...old, kind: node.kind, role: node.role }, 1);
      }
      if (!old || old.kind !== node.kind || old.name !== node.name || old.exported !== (node.exported ? 1 : 0) || old.parent !== parent) this.shapeMoved = true;
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
    if (existing.size !== kept.size) this.shapeMoved = true;
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
    this.shapeMoved = true;
    this.stampWrites.set(path, null);
    this.db.query("DELETE FROM facts WHERE path = ?").run(path);
    this.db.query("DELETE FROM doc_claims WHERE path = ?").run(path);
    this.db.query("DELETE FROM file_reads WHERE path = ?").run(path);
    this.deletedCount++;
    this.patches.push({ path, op: "delete", hash: before.hash, added: 0, removed: nodes.length });
  }

  /** An entity written again: added, or changed when its signature or text moved (its lines alone do not count). */
  private noteChange(node: FileChange["nodes"][number], old: ExistingNode | undefined): void {
    const body = node.body ?? null;
    const base = { id: node.id, kind: node.kind, name: node.name, qname: node.qname, path: node.path, body, signature: node.signature, fromId: null };
    if (!old) {
      this.changes.push({ ...base, op: "added", what: null });
      return;
    }
    const what = [old.signature !== node.signature ? "signature" : "", old.body !== body ? "body" : ""].filter(Boolean);
    if (what.length > 0) this.changes.push({ ...base, op: "changed", what: what.join(",") });
  }

  private removeNode(node: ExistingNode): void {
    this.changes.push({ id: node.id, kind: node.kind, name: node.name, qname: node.qname, path: node.path, op: "removed", what: null, body: node.body, signature: node.signature, fromId: null });
    this.namesOut.add(node.name);
    this.ftsDelete(node);
    this.db.query("DELETE FROM nodes WHERE rowid = ?").run(node.rowid);
    // A later revision may hand its rowid out again (the next rowid is the table's maximum + 1).
    this.db.query("DELETE FROM node_figures WHERE rowid = ?").run(node.rowid);
    this.countTotals(node, -1);
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
      const owners = this.db.query(`SELECT DISTINCT owner FROM edges WHERE (src IN (${list}) OR dst IN (${list})) AND kind != 'CONTAINS'`).values(...part, ...part) as [string][];
      for (const [owner] of owners) this.staleLinkOwners.add(owner);
      this.figuresMoved(this.db.query(`DELETE FROM edges WHERE src IN (${list}) RETURNING src, dst, kind`).values(...part) as SqlValue[][]);
      const into = this.db.query(`DELETE FROM edges WHERE dst IN (${list}) AND kind != 'CONTAINS' RETURNING src, dst, kind`).values(...part) as SqlValue[][];
      if (into.length > 0) this.fileGraphMoved = true;
      this.figuresMoved(into);
      this.figuresMoved(this.db.query(`DELETE FROM edges WHERE dst IN (${list}) RETURNING src, dst, kind`).values(...part) as SqlValue[][]);
      this.db.query(`DELETE FROM unresolved WHERE src IN (${list})`).run(...part);
    }
  }

  private clearOwner(owner: string): void {
    this.staleLinkOwners.add(owner);
    const edges = this.db.query("DELETE FROM edges WHERE owner = ? RETURNING src, dst, kind").values(owner) as SqlValue[][];
    this.figuresMoved(edges);
    const sites = this.db.query("DELETE FROM unresolved WHERE owner = ?").run(owner);
    if (edges.length + sites.changes > 0) this.rewrittenOwners++;
  }

  /** Marks the nodes whose figures these edge rows (src, dst, kind first) count: the target, and for CONTAINS the holder. */
  private figuresMoved(rows: SqlValue[][]): void {
    for (const r of rows) {
      this.staleFigures.add(r[1] as number);
      if (r[2] === "CONTAINS") this.staleFigures.add(r[0] as number);
    }
  }

  /**
   * Recounts the figures of the nodes this revision's edge writes and deletions touched (removed
   * nodes took theirs with them), then moves rank_totals by what changed.
   */
  private recountFigures(): void {
    const count = RANKED_FIGURES.map((f) => NODE_FIGURES[f]).join(", ");
    const read = `SELECT n.kind, n.role, ${RANKED_FIGURES.map((f) => `f.${f}`).join(", ")} FROM node_figures f JOIN nodes n ON n.rowid = f.rowid WHERE f.rowid IN`;
    for (const part of chunks([...this.staleFigures].sort((a, b) => a - b))) {
      const list = placeholders(part.length);
      for (const row of this.db.query(`${read} (${list})`).all(...part) as FiguresRow[]) this.countTotals(row, -1);
      this.db.query(`INSERT OR REPLACE INTO node_figures (rowid, ${FIGURE_COLUMNS}) SELECT rowid, ${count} FROM nodes WHERE rowid IN (${list})`).run(...part);
      this.db.query(`DELETE FROM node_figures WHERE rowid IN (${list}) AND ${RANKED_FIGURES.map((f) => `${f} = 0`).join(" AND ")}`).run(...part);
      for (const row of this.db.query(`${read} (${list})`).all(...part) as FiguresRow[]) this.countTotals(row, 1);
    }
    this.writeTotals();
  }

  /** Moves rank_totals by this revision's counts, dropping the groups left at zero. */
  private writeTotals(): void {
    if (this.totalsDelta.size === 0) return;
    const add = this.db.query("INSERT INTO rank_totals (figure, kind, role, n) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n");
    for (const [key, n] of this.totalsDelta) if (n !== 0) add.run(...(key.split("\0") as [string, string, string]), n);
    this.db.run("DELETE FROM rank_totals WHERE n = 0");
  }

  private addTotal(f: RankedFigure, row: { kind: string; role: string | null }, n: number): void {
    const key = `${f}\0${row.kind}\0${row.role ?? ""}`;
    this.totalsDelta.set(key, (this.totalsDelta.get(key) ?? 0) + n);
  }

  /** Counts a node's figures above zero into (sign 1) or out of (-1) the totals of its kind and role. */
  private countTotals(row: FiguresRow, sign: 1 | -1): void {
    for (const f of RANKED_FIGURES) if (row[f] > 0) this.addTotal(f, row, sign);
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
      edgeRows.push([src, dst, e.kind, owner, e.via ?? null, e.confidence ?? null, e.lines.join(","), e.names?.length ? e.names.join(",") : null, e.asValue ? 1 : null]);
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
    if (!this.cold) {
      const stored = this.storedRowsOf(owner);
      if (sameMultiset(stored.edges, edgeRows) && sameMultiset(stored.sites, siteRows)) return;
      if (!this.shapeMoved && !(sameMultiset(stored.edges.map(edgeShape), edgeRows.map(edgeShape)) && sameMultiset(stored.sites.map(siteShape), siteRows.map(siteShape)))) {
        this.shapeMoved = true;
      }
    }

    if (!this.cold) this.clearOwner(owner);
    const insertEdge = this.db.query("INSERT INTO edges (src, dst, kind, owner, via, confidence, lines, names, as_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (const r of edgeRows) insertEdge.run(...r);
    if (this.coldFigures) for (const r of edgeRows) this.coldFigures.edge(r);
    else this.figuresMoved(edgeRows);
    const insertSite = this.db.query("INSERT INTO unresolved (src, owner, kind, name, receiver, lines) VALUES (?, ?, ?, ?, ?, ?)");
    for (const r of siteRows) insertSite.run(...r);
    if (edgeRows.length + siteRows.length > 0) this.rewrittenOwners++;
    this.writeLinks(owner, this.linksOf(owner, edgeRows));
  }

  /** The owner's file links from its edge rows: edges between two files, by kind, with the names IMPORTS take. */
  private linksOf(owner: string, edgeRows: SqlValue[][]): FileLinkRow[] {
    const rows = edgeRows.filter((r) => r[2] !== "CONTAINS");
    this.learnFilesOf(rows.flatMap((r) => [r[0] as number, r[1] as number]));
    const links = new Map<string, FileLinkRow & { nameSet: Set<string> }>();
    for (const r of rows) {
      const src = this.fileOfRowid[r[0] as number];
      const dst = this.fileOfRowid[r[1] as number];
      if (src === undefined || dst === undefined || src === dst) continue;
      const kind = r[2] as string;
      const key = `${src}\0${dst}\0${kind}`;
      let link = links.get(key);
      if (!link) links.set(key, (link = { owner, src, dst, kind, count: 0, names: null, nameSet: new Set() }));
      link.count++;
      if (kind !== "IMPORTS") continue;
      if (r[7] === null) link.nameSet.add("*");
      else for (const name of (r[7] as string).split(",")) link.nameSet.add(name);
    }
    return [...links.values()].map(({ nameSet, ...link }) => ({ ...link, names: link.kind === "IMPORTS" ? [...nameSet].join(",") : null }));
  }

  /** The files of the nodes these rowids name, read from the store for the ones this revision has not met. */
  private learnFilesOf(rowids: number[]): void {
    const unknown = [...new Set(rowids.filter((rowid) => this.fileOfRowid[rowid] === undefined))];
    for (const part of chunks(unknown)) {
      for (const [rowid, path] of this.db.query(`SELECT rowid, path FROM nodes WHERE rowid IN (${placeholders(part.length)})`).values(...part) as [number, string][]) {
        this.fileOfRowid[rowid] = path;
      }
    }
  }

  /** The owner's file links read back from its stored edges: for owners whose edges lost rows they did not write again. */
  private relinkFromEdges(owner: string): void {
    const rows = this.db
      .query(
        `SELECT e.owner, s.path, d.path, e.kind, count(*), CASE WHEN e.kind = 'IMPORTS' THEN group_concat(coalesce(e.names, '*')) END
         FROM edges e JOIN nodes s ON s.rowid = e.src JOIN nodes d ON d.rowid = e.dst
         WHERE e.owner = ? AND e.kind != 'CONTAINS' AND s.path != d.path GROUP BY s.path, d.path, e.kind`,
      )
      .values(owner) as [string, string, string, string, number, string | null][];
    this.writeLinks(
      owner,
      rows.map(([, src, dst, kind, count, names]) => ({ owner, src, dst, kind, count, names: names === null ? null : [...new Set(names.split(","))].join(",") })),
    );
  }

  /**
   * Replaces the owner's file links. The file graph has moved when the links between two files
   * or their counts did: a body edit moves lines, not these, and names taken move the smells only.
   */
  private writeLinks(owner: string, links: FileLinkRow[]): void {
    this.staleLinkOwners.delete(owner);
    if (!this.cold) {
      const counts = (rows: { src: string; dst: string; kind: string; count: number }[]) => rows.map((l) => `${l.src}\0${l.dst}\0${l.kind}\0${l.count}`).sort();
      const stored = this.db.query("SELECT src, dst, kind, count FROM file_links WHERE owner = ?").all(owner) as { src: string; dst: string; kind: string; count: number }[];
      if (!this.fileGraphMoved && counts(stored).join("\n") !== counts(links).join("\n")) this.fileGraphMoved = true;
      this.db.query("DELETE FROM file_links WHERE owner = ?").run(owner);
    }
    const insert = this.db.query("INSERT INTO file_links (owner, src, dst, kind, count, names) VALUES (?, ?, ?, ?, ?, ?)");
    for (const l of links) insert.run(l.owner, l.src, l.dst, l.kind, l.count, l.names);
  }

  /** The owner's stored edge and site rows, in the column order replaceOwnerEdges writes them. */
  private storedRowsOf(owner: string): { edges: SqlValue[][]; sites: SqlValue[][] } {
    return {
      edges: this.db.query("SELECT src, dst, kind, owner, via, confidence, lines, names, as_value FROM edges WHERE owner = ?").values(owner) as SqlValue[][],
      sites: this.db.query("SELECT src, owner, kind, name, receiver, lines FROM unresolved WHERE owner = ?").values(owner) as SqlValue[][],
    };
  }
}

/**
 * An entity that went and one that came in the same revision with the same kind and text are
 * one entity moved (its file renamed, or it moved to another file): the newcomer names its
 * predecessor. Pairs with the same name first, then a text shared by exactly one of each.
 */
function matchMoves(changes: ChangeRow[]): void {
  const gone = new Map<string, ChangeRow[]>();
  for (const c of changes) {
    if (c.op !== "removed" || !c.body) continue;
    const key = `${c.kind}\0${c.body}`;
    gone.set(key, [...(gone.get(key) ?? []), c]);
  }
  if (gone.size === 0) return;
  const came = new Map<string, ChangeRow[]>();
  for (const c of changes) {
    if (c.op !== "added" || !c.body) continue;
    const key = `${c.kind}\0${c.body}`;
    if (gone.has(key)) came.set(key, [...(came.get(key) ?? []), c]);
  }
  for (const [key, added] of came) {
    const removed = [...gone.get(key)!];
    const left: ChangeRow[] = [];
    for (const c of added) {
      const i = removed.findIndex((r) => r.name === c.name);
      if (i < 0) left.push(c);
      else c.fromId = removed.splice(i, 1)[0]!.id;
    }
    if (left.length === 1 && removed.length === 1) left[0]!.fromId = removed[0]!.id;
  }
}

/** An edge row without what moves inside bodies (via, confidence, lines): which node links to which. */
const edgeShape = (row: SqlValue[]): SqlValue[] => [row[0]!, row[1]!, row[2]!, row[7]!, row[8]!];
/** An unresolved site row as its holder and name, without its receiver text and lines. */
const siteShape = (row: SqlValue[]): SqlValue[] => [row[0]!, row[2]!, row[3]!];

function sameMultiset(a: SqlValue[][], b: SqlValue[][]): boolean {
  if (a.length !== b.length) return false;
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

/**
 * A cold map's rank figures, counted from the edge rows as they are written (NODE_FIGURES'
 * rules) with each node's kind and role, and written once at the end: counting them back from
 * the 480k edges of a 13k-file graph took 0.4 s more, and writing them into the node rows 1.6 s.
 */
class ColdFigures {
  private readonly counts = new Map<RankedFigure, number[]>(RANKED_FIGURES.map((f) => [f, []]));
  private readonly kindOf: string[] = [];
  private readonly roleOf: (string | null)[] = [];

  node(rowid: number, kind: string, role: string | null): void {
    this.kindOf[rowid] = kind;
    this.roleOf[rowid] = role;
  }

  /** An edge row as replaceOwnerEdges writes it: src, dst, kind, …, as_value last. */
  edge(row: SqlValue[]): void {
    const [src, dst, kind] = row as [number, number, string];
    if (kind === "CONTAINS") return this.add("members", src);
    this.add("dependents", dst);
    if (kind === "CALLS" || (kind === "REFERENCES" && row[8] === 1)) this.add("callers", dst);
    else if (kind === "IMPORTS") this.add("importers", dst);
  }

  private add(f: RankedFigure, rowid: number): void {
    const list = this.counts.get(f)!;
    list[rowid] = (list[rowid] ?? 0) + 1;
  }

  write(db: Database): void {
    const figures = RANKED_FIGURES.map((f) => this.counts.get(f)!);
    const insert = db.query(`INSERT INTO node_figures (rowid, ${FIGURE_COLUMNS}) VALUES (?, ${placeholders(RANKED_FIGURES.length)})`);
    // Per figure, kind and role: nested maps, not a key string and a list per row (on 13k
    // files RSS grew 54 MB over this loop that way, 14 MB this way).
    const totals = RANKED_FIGURES.map(() => new Map<string, Map<string, number>>());
    const values = new Array<number>(figures.length);
    const end = Math.max(...figures.map((list) => list.length));
    for (let rowid = 0; rowid < end; rowid++) {
      let any = false;
      for (let i = 0; i < figures.length; i++) any = (values[i] = figures[i]![rowid] ?? 0) > 0 || any;
      if (!any) continue;
      insert.run(rowid, ...values);
      const kind = this.kindOf[rowid]!;
      const role = this.roleOf[rowid] ?? "";
      for (let i = 0; i < figures.length; i++) {
        if (values[i] === 0) continue;
        let byRole = totals[i]!.get(kind);
        if (!byRole) totals[i]!.set(kind, (byRole = new Map()));
        byRole.set(role, (byRole.get(role) ?? 0) + 1);
      }
    }
    const total = db.query("INSERT INTO rank_totals (figure, kind, role, n) VALUES (?, ?, ?, ?)");
    for (const [i, figure] of RANKED_FIGURES.entries()) for (const [kind, byRole] of totals[i]!) for (const [role, n] of byRole) total.run(figure, kind, role, n);
  }
}
