// Every read of the embedded store, in SQLite's dialect. Nodes leave here known by their ids;
// the rowids that edges use inside the database stay here (a cache fills as nodes are read).
import type { Database } from "bun:sqlite";
import type { EdgeKind } from "../../model/edges";
import type { DocClaims, FileFacts } from "../../model/facts";
import type {
  EntityChange,
  EntityAt,
  FileGraph,
  FileLink,
  FileRow,
  FullEdge,
  GraphEdge,
  GraphNode,
  GraphReader,
  HopEdge,
  HopLinks,
  InventoryQuery,
  PatchRow,
  RankedNode,
  RankFigure,
  RankQuery,
  Region,
  RegionFile,
  RegionInputFile,
  RegionLink,
  RevisionRow,
  StoreDescription,
  StoreStats,
  UnresolvedSite,
  UseCounts,
  UsesInFile,
} from "../graph";
import { decodeStamps, stampListOf, type StampList } from "../stamps";
import { byCodeUnit } from "../../util/compare";
import { isBusy } from "./busy";
import { SCHEMA_VERSION } from "./schema";

/** SQLite's default limit on bound parameters is far above this; chunks keep IN lists modest. */
export const IN_CHUNK = 500;
/** Past this many paths, one scan of the files table beats a lookup per path. */
const FEW_ROWS = 256;

export function placeholders(count: number): string {
  return new Array<string>(count).fill("?").join(",");
}

export function chunks<T>(items: readonly T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Keys as file_reads holds them: "\n"-joined with a "\n" at each end, so that instr finds a
 * whole key. A key holding a newline could not be told apart (keyless).
 */
export function keyList(keys: Iterable<string>): string {
  return `\n${[...keys].join("\n")}\n`;
}

// Columns aliased to GraphNode's names. The parent's id comes from a join on its rowid
// (PARENT_JOIN after the table aliased n): for 2,079 nodes of one name, a subquery per row
// cost 1.1-1.9 ms more than none, the join 0.5 ms.
const OWN_COLUMNS =
  "n.rowid AS rowid, n.id, n.kind, n.name, n.qname, n.path, n.start_line AS startLine, n.end_line AS endLine, n.lang, coalesce(n.signature, '') AS signature, n.overloads, n.exported, n.role";
const NODE_COLUMNS = `${OWN_COLUMNS}, np.id AS parentId`;
const PARENT_JOIN = "LEFT JOIN nodes np ON np.rowid = n.parent";
/** The edges that use an entity as a caller does: calls of it, and hand-overs of it by name. */
const USES = "e.kind IN ('CALLS', 'REFERENCES') AND (e.kind = 'CALLS' OR e.as_value = 1)";

/** Each file's PageRank as the region work stored it: the node's rowid `r` and its figure `v`. */
const PAGERANK = "SELECT n.rowid AS r, rf.pagerank AS v FROM region_files rf JOIN nodes n ON n.path = rf.path AND n.kind = 'file' WHERE rf.pagerank > 0";

type RawNode = Omit<GraphNode, "exported" | "overloads"> & { rowid: number; exported: number; overloads: string | null };

interface RawFileRow {
  path: string;
  size: number;
  mtime_ms: number;
  hash: string;
  lang: string | null;
  parse_errors: number;
  role: string;
}

const FILE_COLUMNS = "path, size, mtime_ms, hash, lang, parse_errors, role";
const REGION_FILE_COLUMNS =
  "path, region, edges_inside AS edgesInside, edges_outside AS edgesOutside, neighbors_inside AS neighborsInside, neighbors_outside AS neighborsOutside, pagerank";

type RawRegionFile = Omit<RegionFile, "pagerank"> & { pagerank: number | null };

/** A map written before PageRank was kept has none: the field is left off rather than null. */
function regionFileOf(row: RawRegionFile): RegionFile {
  if (row.pagerank !== null) return row as RegionFile;
  const { pagerank: _, ...rest } = row;
  return rest;
}

function fileRowOf(r: RawFileRow): FileRow {
  return { path: r.path, size: r.size, mtimeMs: r.mtime_ms, hash: r.hash, lang: r.lang, parseErrors: r.parse_errors, role: r.role };
}

const splitList = (text: string | null): string[] => (text ? text.split(",") : []);
/** The names of a file link that has none, shared: FileGraph.links is read, never written. */
const NO_NAMES: string[] = [];

const REGION_COLUMNS = "r.id, r.kind, r.label, r.level, r.parent, r.children, r.files, r.entities, r.cohesion, r.coupling, r.crosscut, r.confidence, r.signals, r.dir";
type RawRegion = Omit<Region, "children" | "signals"> & { children: string | null; signals: string | null };
const regionFromRow = (row: RawRegion): Region => ({ ...row, children: splitList(row.children), signals: splitList(row.signals) });
const splitLines = (text: string | null): number[] => (text ? text.split(",").map(Number) : []);

/** The column that holds the node asked about: `dst` for edges into it, `src` for edges out. */
type End = "dst" | "src";
const other = (end: End): End => (end === "dst" ? "src" : "dst");

/**
 * The stamp list as kept in meta (`stamps`, a blob) by every revision that writes file rows;
 * undefined on a graph written before it was kept.
 */
function keptStampList(db: Database): StampList | undefined {
  const row = db.query("SELECT value FROM meta WHERE key = 'stamps'").values()[0] as [unknown] | undefined;
  return row?.[0] instanceof Uint8Array ? decodeStamps(row[0]) : undefined;
}

export function readStampList(db: Database): StampList {
  const kept = keptStampList(db);
  if (kept) return kept;
  const rows = db.query("SELECT path, size, mtime_ms FROM files").values() as [string, number, number][];
  return stampListOf(rows.map(([path, size, mtimeMs]) => [path, { size, mtimeMs }]));
}

const REVISION_COLUMNS = "rev, at, files_added AS filesAdded, files_changed AS filesChanged, files_deleted AS filesDeleted, source, intent, head, dirty, baseline";
type StoredRevision = Omit<RevisionRow, "dirty" | "baseline"> & { dirty: number | null; baseline: number };
const revisionRow = (r: StoredRevision): RevisionRow => ({ ...r, dirty: r.dirty === null ? null : r.dirty === 1, baseline: r.baseline === 1 });

const CHANGE_COLUMNS = "rev, id, kind, name, qname, path, op, what, from_id AS fromId, signature";
type StoredChange = { rev: number; id: string; kind: string; name: string; qname: string; path: string; op: EntityChange["change"]; what: string | null; fromId: string | null; signature: string | null };
const changeRow = (c: StoredChange): EntityChange => ({
  rev: c.rev,
  id: c.id,
  kind: c.kind,
  name: c.name,
  qname: c.qname,
  path: c.path,
  change: c.op,
  what: (c.what ? c.what.split(",") : []) as EntityChange["what"],
  ...(c.fromId ? { renamedFrom: c.fromId } : {}),
  signature: c.signature ?? "",
});

export class SqliteGraphReader implements GraphReader {
  private readonly rowids = new Map<string, number>();
  /** Parents' ids by rowid: edge rows share few parents (their files, their classes). */
  private readonly idsByRowid = new Map<number, string | null>();

  constructor(
    protected readonly db: Database,
    private readonly location: string,
  ) {}

  describe(): StoreDescription {
    return { backend: "embedded", schema: SCHEMA_VERSION, location: this.location };
  }

  close(): void {
    // A reader's snapshot ends here (store.ts); nothing was written in it.
    if (this.db.inTransaction) this.db.run("ROLLBACK");
    this.db.close();
  }

  async rev(): Promise<number> {
    return this.revNow();
  }

  protected revNow(): number {
    const value = this.metaNow("rev");
    return value === undefined ? 0 : Number(value);
  }

  async meta(key: string): Promise<string | undefined> {
    return this.metaNow(key);
  }

  async metaFields(key: string, fields: readonly string[]): Promise<(string | number | undefined)[]> {
    if (fields.length === 0) return [];
    // SQLite's JSON reader takes a field out of a 400 KB smells report in ~3.5 ms, against ~14
    // ms to hand the text to JavaScript and parse it there (a fresh process); only the fields
    // asked for cross over.
    const columns = fields.map((_, i) => `json_extract(value, ?${i + 2})`).join(", ");
    let row: (string | number | null)[] | undefined;
    try {
      row = this.db.query(`SELECT ${columns} FROM meta WHERE key = ?1`).values(key, ...fields.map((field) => `$.${field}`))[0] as typeof row;
    } catch (error) {
      // A value that is not JSON has none of the fields.
      if (!/malformed JSON/i.test((error as Error).message)) throw error;
    }
    return fields.map((_, i) => row?.[i] ?? undefined);
  }

  protected metaNow(key: string): string | undefined {
    const row = this.db.query("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | null;
    return row?.value ?? undefined;
  }

  async stats(): Promise<StoreStats> {
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

  async unresolvedCount(): Promise<number> {
    return (this.db.query("SELECT count(*) AS n FROM unresolved").get() as { n: number }).n;
  }

  async integrity(): Promise<string> {
    try {
      return (this.db.query("PRAGMA quick_check").get() as { quick_check: string }).quick_check;
    } catch (error) {
      if (isBusy(error)) return "busy";
      throw error;
    }
  }

  private toNode(r: RawNode): GraphNode {
    // Listed, not spread: edge queries return their own columns on the same row.
    const { rowid, id, kind, name, qname, path, startLine, endLine, lang, signature, overloads, exported, role, parentId } = r;
    this.rowids.set(id, rowid);
    const node: GraphNode = { id, kind, name, qname, path, startLine, endLine, lang, signature, exported: exported === 1, role, parentId };
    // One line each (EntityFact.overloads), so a newline keeps them apart.
    if (overloads) node.overloads = overloads.split("\n");
    return node;
  }

  /** The rowid behind a node id, or undefined when no node has it. */
  protected rowidOf(id: string): number | undefined {
    const known = this.rowids.get(id);
    if (known !== undefined) return known;
    const row = this.db.query("SELECT rowid FROM nodes WHERE id = ?").get(id) as { rowid: number } | null;
    if (row) this.rowids.set(id, row.rowid);
    return row?.rowid;
  }

  /** The id of the node at a rowid (null for none): for parents of rows read without them. */
  private idOfRowid(rowid: number | null): string | null {
    if (rowid === null) return null;
    let id = this.idsByRowid.get(rowid);
    if (id === undefined) {
      id = (this.db.query("SELECT id FROM nodes WHERE rowid = ?").get(rowid) as { id: string } | null)?.id ?? null;
      this.idsByRowid.set(rowid, id);
    }
    return id;
  }

  private nodes(where: string, ...params: (string | number)[]): GraphNode[] {
    return (this.db.query(`SELECT ${NODE_COLUMNS} FROM nodes n ${PARENT_JOIN} WHERE ${where}`).all(...params) as RawNode[]).map((r) => this.toNode(r));
  }

  async node(id: string): Promise<GraphNode | undefined> {
    return this.nodes("n.id = ?", id)[0];
  }

  async nodesNamed(name: string): Promise<GraphNode[]> {
    return this.nodes("n.name = ? AND n.kind != 'file'", name);
  }

  async nodesNamedWithParent(name: string): Promise<{ node: GraphNode; parentName: string | null; parentKind: string | null }[]> {
    const rows = this.db
      .query(
        `SELECT ${NODE_COLUMNS}, np.name AS parentName, np.kind AS parentKind FROM nodes n ${PARENT_JOIN} WHERE n.name = ? AND n.kind != 'file'`,
      )
      .all(name) as (RawNode & { parentName: string | null; parentKind: string | null })[];
    return rows.map((r) => ({ node: this.toNode(r), parentName: r.parentName, parentKind: r.parentKind }));
  }

  async nodesNamedNoCase(name: string): Promise<GraphNode[]> {
    return this.nodes("lower(n.name) = lower(?) AND n.kind != 'file'", name);
  }

  // Prefixes are ranges over the name indexes (`>= p AND < p\uffff`), not LIKE.
  async nodesWithPrefix(prefix: string, limit = 50): Promise<GraphNode[]> {
    return this.nodes("n.name >= ? AND n.name < ? AND n.kind != 'file' LIMIT ?", prefix, prefix + "\uffff", limit);
  }

  async nodesWithPrefixNoCase(prefix: string, limit: number): Promise<GraphNode[]> {
    const lower = prefix.toLowerCase();
    return this.nodes("lower(n.name) >= ? AND lower(n.name) < ? LIMIT ?", lower, lower + "\uffff", limit);
  }

  async nodesWithIdPrefix(prefix: string): Promise<GraphNode[]> {
    const lower = prefix.toLowerCase();
    return this.nodes("n.id >= ? AND n.id < ? LIMIT 20", lower, lower + "\uffff");
  }

  async nodesWithNames(names: readonly string[], limit: number): Promise<GraphNode[]> {
    const out: GraphNode[] = [];
    for (let i = 0; i < names.length && out.length < limit; i += IN_CHUNK) {
      const part = names.slice(i, i + IN_CHUNK);
      out.push(...this.nodes(`n.name IN (${placeholders(part.length)}) AND n.kind != 'file' LIMIT ?`, ...part, limit - out.length));
    }
    return out;
  }

  async searchNames(term: string, limit: number): Promise<GraphNode[]> {
    const quoted = `"${term.replace(/"/g, '""')}"*`;
    const rows = this.db
      .query(`SELECT ${NODE_COLUMNS} FROM nodes_fts f JOIN nodes n ON n.rowid = f.rowid ${PARENT_JOIN} WHERE nodes_fts MATCH ? ORDER BY rank LIMIT ?`)
      .all(`{name qname} : ${quoted}`, limit) as RawNode[];
    return rows.map((r) => this.toNode(r));
  }

  async distinctNames(): Promise<string[]> {
    return (this.db.query("SELECT name FROM names").values() as [string][]).map((r) => r[0]);
  }

  async fileNode(path: string): Promise<GraphNode | undefined> {
    return this.nodes("n.path = ? AND n.kind = 'file'", path)[0];
  }

  async startingAt(path: string, line: number): Promise<GraphNode[]> {
    return this.nodes("n.path = ? AND n.kind != 'file' AND n.start_line = ?", path, line);
  }

  async innermostAt(path: string, line: number): Promise<GraphNode | undefined> {
    return this.nodes(
      "n.path = ? AND n.kind != 'file' AND n.start_line <= ? AND n.end_line >= ? ORDER BY (n.end_line - n.start_line), n.start_line DESC LIMIT 1",
      path,
      line,
      line,
    )[0];
  }

  async children(parentId: string): Promise<GraphNode[]> {
    const parent = this.rowidOf(parentId);
    if (parent === undefined) return [];
    return this.nodes(
      `n.rowid IN (SELECT dst FROM edges WHERE src = ?1 AND kind = 'CONTAINS')
       ORDER BY n.path != (SELECT path FROM nodes WHERE rowid = ?1), n.path, n.start_line`,
      parent,
    );
  }

  async countChildren(parentId: string): Promise<number> {
    return this.countAt("src", parentId, ["CONTAINS"]);
  }

  async inventory(query: InventoryQuery): Promise<GraphNode[]> {
    const where: string[] = ["1 = 1"];
    const params: (string | number)[] = [];
    if (query.kind) {
      where.push("n.kind = ?");
      params.push(query.kind);
    } else where.push("n.kind != 'file'");
    if (query.path) {
      where.push("(n.path = ? OR (n.path >= ? AND n.path < ?))");
      const dir = query.path.endsWith("/") ? query.path : query.path + "/";
      params.push(query.path, dir, dir + "\uffff");
    }
    params.push(query.limit);
    return this.nodes(`${where.join(" AND ")} ORDER BY n.path, n.start_line LIMIT ?`, ...params);
  }

  async containsProbe(points: number): Promise<{ sampled: number; attached: number }> {
    // Two subqueries: min() and max() in one SELECT scan the table, each alone is one seek.
    const range = this.db.query("SELECT (SELECT min(rowid) FROM nodes) lo, (SELECT max(rowid) FROM nodes) hi").get() as {
      lo: number | null;
      hi: number | null;
    };
    if (range.lo === null || range.hi === null) return { sampled: 0, attached: 0 };
    const symbolFrom = this.db.query("SELECT rowid FROM nodes WHERE rowid >= ? AND kind != 'file' ORDER BY rowid LIMIT 1");
    const attached = this.db.query("SELECT 1 FROM edges WHERE dst = ? AND kind = 'CONTAINS' LIMIT 1");
    const seen = new Set<number>();
    let hits = 0;
    for (let i = 0; i < points; i++) {
      const from = range.lo + Math.floor(((range.hi - range.lo) * i) / Math.max(1, points - 1));
      const row = symbolFrom.get(from) as { rowid: number } | null;
      if (!row || seen.has(row.rowid)) continue;
      seen.add(row.rowid);
      if (attached.get(row.rowid)) hits++;
    }
    return { sampled: seen.size, attached: hits };
  }

  private countAt(end: End, id: string, kinds: readonly EdgeKind[]): number {
    const rowid = this.rowidOf(id);
    if (rowid === undefined) return 0;
    return (this.db.query(`SELECT count(*) n FROM edges WHERE ${end} = ? AND kind IN (${placeholders(kinds.length)})`).get(rowid, ...kinds) as { n: number }).n;
  }

  /** Edges at the node, each with the node at the other end, in path order. */
  private edgesAt(end: End, id: string, kinds: readonly EdgeKind[], limit: number): GraphEdge[] {
    return this.edgesWhere(end, id, `e.kind IN (${placeholders(kinds.length)})`, kinds, limit);
  }

  private edgesWhere(end: End, id: string, condition: string, params: readonly string[], limit: number): GraphEdge[] {
    const rowid = this.rowidOf(id);
    if (rowid === undefined) return [];
    // A bounded list looks its rows' parents up afterwards, rather than joining them to every
    // edge before the sort: a hub's 1,416 callers sorted with their parents cost its 50-row
    // answer ~1.8 ms. A whole list joins them: looking up 1,416 rows' parents one by one cost
    // `around` ~2 ms more than the join.
    const joined = limit < 0;
    const rows = this.db
      .query(
        `SELECT ${OWN_COLUMNS}, ${joined ? "np.id AS parentId" : "n.parent AS parentRowid"}, e.kind e_kind, e.via, e.confidence, e.lines, e.names, e.as_value
         FROM edges e JOIN nodes n ON n.rowid = e.${other(end)} ${joined ? PARENT_JOIN : ""}
         WHERE e.${end} = ? AND ${condition} ORDER BY n.path, n.start_line LIMIT ?`,
      )
      .all(rowid, ...params, limit) as (RawNode & {
      parentRowid?: number | null;
      e_kind: string;
      via: string | null;
      confidence: number | null;
      lines: string | null;
      names: string | null;
      as_value: number | null;
    })[];
    if (!joined) for (const r of rows) r.parentId = this.idOfRowid(r.parentRowid ?? null);
    return rows.map((r) => ({
      node: this.toNode(r),
      kind: r.e_kind,
      via: r.via,
      confidence: r.confidence,
      lines: splitLines(r.lines),
      names: splitList(r.names),
      asValue: r.as_value === 1,
    }));
  }

  async edgesInto(id: string, kinds: readonly EdgeKind[], limit = -1): Promise<GraphEdge[]> {
    return this.edgesAt("dst", id, kinds, limit);
  }

  async edgesFrom(id: string, kinds: readonly EdgeKind[], limit = -1): Promise<GraphEdge[]> {
    return this.edgesAt("src", id, kinds, limit);
  }

  async countInto(id: string, kinds: readonly EdgeKind[]): Promise<number> {
    return this.countAt("dst", id, kinds);
  }

  async countFrom(id: string, kinds: readonly EdgeKind[]): Promise<number> {
    return this.countAt("src", id, kinds);
  }

  async countIntoMembers(parentId: string, kinds: readonly EdgeKind[], exceptRoles: readonly string[]): Promise<Map<string, { total: number; outside: number }>> {
    const parent = this.rowidOf(parentId);
    if (parent === undefined) return new Map();
    const rows = this.db
      .query(
        // Members as children() reads them, through CONTAINS (edges_src_kind): a scan of the
        // nodes' parent column, which has no index, cost ~80 ms on a 170k-node graph.
        `SELECT m.id, count(*) total, sum(s.path <> m.path) outside
         FROM edges c JOIN nodes m ON m.rowid = c.dst JOIN edges e ON e.dst = m.rowid JOIN nodes s ON s.rowid = e.src
         WHERE c.src = ? AND c.kind = 'CONTAINS' AND e.kind IN (${placeholders(kinds.length)}) AND s.role NOT IN (${placeholders(exceptRoles.length)})
         GROUP BY m.rowid`,
      )
      .all(parent, ...kinds, ...exceptRoles) as { id: string; total: number; outside: number }[];
    return new Map(rows.map((r) => [r.id, { total: r.total, outside: r.outside }]));
  }

  async usesInto(id: string, limit = -1): Promise<GraphEdge[]> {
    return this.edgesWhere("dst", id, USES, [], limit);
  }

  async countUses(id: string): Promise<UseCounts> {
    const rowid = this.rowidOf(id);
    if (rowid === undefined) return { calls: 0, references: 0, typeReferences: 0 };
    const row = this.db
      .query(
        `SELECT coalesce(sum(kind = 'CALLS'), 0) calls, coalesce(sum(kind = 'REFERENCES' AND as_value = 1), 0) refs, coalesce(sum(kind = 'REFERENCES' AND as_value IS NULL), 0) types
         FROM edges WHERE dst = ? AND kind IN ('CALLS', 'REFERENCES')`,
      )
      .get(rowid) as { calls: number; refs: number; types: number };
    return { calls: row.calls, references: row.refs, typeReferences: row.types };
  }

  async importNamesInto(id: string): Promise<{ path: string; names: string[] }[]> {
    const rowid = this.rowidOf(id);
    if (rowid === undefined) return [];
    const rows = this.db.query("SELECT owner, names FROM edges WHERE dst = ? AND kind = 'IMPORTS' ORDER BY owner").values(rowid) as [string, string | null][];
    return rows.map(([path, names]) => ({ path, names: splitList(names) }));
  }

  async usesByFile(id: string): Promise<UsesInFile[]> {
    const rowid = this.rowidOf(id);
    if (rowid === undefined) return [];
    return this.db
      .query(`SELECT n.path, n.role, count(*) AS uses FROM edges e JOIN nodes n ON n.rowid = e.src WHERE e.dst = ? AND ${USES} GROUP BY n.path ORDER BY n.path`)
      .all(rowid) as UsesInFile[];
  }

  async rank(query: RankQuery): Promise<{ rows: RankedNode[]; total: number }> {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (query.kind) {
      where.push("n.kind = ?");
      params.push(query.kind);
    }
    if (query.path) {
      where.push("(n.path = ? OR (n.path >= ? AND n.path < ?))");
      const dir = query.path.endsWith("/") ? query.path : query.path + "/";
      params.push(query.path, dir, dir + "\uffff");
    }
    if (query.exceptRoles.length > 0) {
      where.push(`n.role NOT IN (${placeholders(query.exceptRoles.length)})`);
      params.push(...query.exceptRoles);
    }
    const filter = where.length ? ` AND ${where.join(" AND ")}` : "";
    // The rows shown, read whole from the top N (r, v). Ties on the figure, path and line (a file
    // and an entity on its first line) go by id, which a node keeps across maps; its rowid
    // depends on the order files were mapped in.
    const shown = (top: string, extra = "") =>
      `SELECT ${NODE_COLUMNS}, t.v AS value${extra} FROM (${top}) t JOIN nodes n ON n.rowid = t.r ${PARENT_JOIN} ORDER BY t.v DESC, n.path, n.start_line, n.id`;
    if (query.by === "pagerank") {
      // Filtered by the nodes it names once (materialized: the cut list and its total both read it).
      const rows = this.db
        .query(
          `WITH k AS MATERIALIZED (SELECT f.r, f.v, n.path AS p, n.start_line AS l FROM (${PAGERANK}) f JOIN nodes n ON n.rowid = f.r WHERE 1${filter})
           ${shown("SELECT r, v FROM k ORDER BY v DESC, p, l LIMIT ?", ", (SELECT count(*) FROM k) AS total")}`,
        )
        .all(...params, query.limit) as (RawNode & { value: number; total: number })[];
      return { rows: rows.map((r) => ({ node: this.toNode(r), value: r.value })), total: rows[0]?.total ?? 0 };
    }
    // The figure kept per node, read down its index (node_figures_*) to the limit, each entity's
    // filters and its place among equal figures read from its node (a sort of each run of equal
    // figures, not of them all).
    const f = query.by;
    const ranked = `FROM node_figures k INDEXED BY node_figures_${f} CROSS JOIN nodes n ON n.rowid = k.rowid WHERE k.${f} > 0${filter}`;
    const rows = this.db
      .query(shown(`SELECT k.rowid AS r, k.${f} AS v ${ranked} ORDER BY k.${f} DESC, n.path, n.start_line LIMIT ?`))
      .all(...params, query.limit) as (RawNode & { value: number })[];
    return { rows: rows.map((r) => ({ node: this.toNode(r), value: r.value })), total: rows.length < query.limit ? rows.length : this.rankTotal(query, filter, params) };
  }

  /** How many entities the rank's filters keep: from rank_totals by kind and role, or under --path by counting the nodes there. */
  private rankTotal(query: RankQuery, filter: string, params: (string | number)[]): number {
    if (query.path) {
      // From the nodes under the path (nodes_path), each looked up in the figures.
      return (this.db.query(`SELECT count(*) AS n FROM nodes n JOIN node_figures k ON k.rowid = n.rowid WHERE k.${query.by} > 0${filter}`).get(...params) as { n: number }).n;
    }
    const where = ["figure = ?"];
    const args: string[] = [query.by];
    if (query.kind) {
      where.push("kind = ?");
      args.push(query.kind);
    }
    if (query.exceptRoles.length > 0) {
      where.push(`role NOT IN (${placeholders(query.exceptRoles.length)})`);
      args.push(...query.exceptRoles);
    }
    return (this.db.query(`SELECT coalesce(sum(n), 0) AS n FROM rank_totals WHERE ${where.join(" AND ")}`).get(...args) as { n: number }).n;
  }

  async historyOf(path: string): Promise<number> {
    return (this.db.query("SELECT count(DISTINCT rev) n FROM patches WHERE path = ?").get(path) as { n: number }).n;
  }

  async hop(ids: readonly string[], direction: "into" | "from", links: HopLinks, limit: number): Promise<HopEdge[]> {
    if (ids.length === 0 || links.kinds.length === 0 || limit <= 0) return [];
    const end: End = direction === "into" ? "dst" : "src";
    const idOf = new Map<number, string>();
    for (const id of ids) {
      const rowid = this.rowidOf(id);
      if (rowid !== undefined) idOf.set(rowid, id);
    }
    if (idOf.size === 0) return [];
    // The frontier as one JSON array: one statement per hop whatever its size, where an IN list
    // would be cut into chunks and each chunk's nodes grouped apart.
    const typeRefs = links.typeReferences ? "" : "AND (e.kind != 'REFERENCES' OR e.as_value = 1)";
    const rows = this.db
      .query(
        `SELECT ${NODE_COLUMNS}, min(e.${end}) AS at_rowid, group_concat(DISTINCT e.kind) AS e_kinds,
           max(e.kind = 'CALLS' OR coalesce(e.as_value, 0) = 1) AS uses
         FROM edges e JOIN nodes n ON n.rowid = e.${other(end)} ${PARENT_JOIN}
         WHERE e.${end} IN (SELECT value FROM json_each(?)) AND e.kind IN (${placeholders(links.kinds.length)}) ${typeRefs}
         GROUP BY n.rowid ORDER BY n.path, n.start_line LIMIT ?`,
      )
      .all(JSON.stringify([...idOf.keys()]), ...links.kinds, limit) as (RawNode & { at_rowid: number; e_kinds: string; uses: number })[];
    return rows.map((r) => ({ node: this.toNode(r), at: idOf.get(r.at_rowid)!, kinds: r.e_kinds.split(",") as EdgeKind[], uses: r.uses === 1 }));
  }

  async unresolvedUses(name: string): Promise<number> {
    return (this.db.query("SELECT count(*) n FROM unresolved WHERE name = ? AND kind IN ('CALLS', 'REFERENCES')").get(name) as { n: number }).n;
  }

  async unresolvedFrom(id: string, kind: "CALLS" | "IMPORTS" = "CALLS"): Promise<{ name: string; receiver: string | null; lines: number[] }[]> {
    const rowid = this.rowidOf(id);
    if (rowid === undefined) return [];
    const rows = this.db.query("SELECT name, receiver, lines FROM unresolved WHERE src = ? AND kind = ? ORDER BY name").all(rowid, kind) as {
      name: string;
      receiver: string | null;
      lines: string | null;
    }[];
    return rows.map((r) => ({ name: r.name, receiver: r.receiver, lines: splitLines(r.lines) }));
  }

  async fileRow(path: string): Promise<FileRow | undefined> {
    const r = this.db.query(`SELECT ${FILE_COLUMNS} FROM files WHERE path = ?`).get(path) as RawFileRow | null;
    return r ? fileRowOf(r) : undefined;
  }

  async fileRowsOf(paths: readonly string[]): Promise<Map<string, FileRow>> {
    if (paths.length > FEW_ROWS) {
      const all = await this.fileRows();
      return new Map(paths.flatMap((path) => (all.has(path) ? [[path, all.get(path)!] as const] : [])));
    }
    const out = new Map<string, FileRow>();
    const query = this.db.query(`SELECT ${FILE_COLUMNS} FROM files WHERE path = ?`);
    for (const path of paths) {
      const r = query.get(path) as RawFileRow | null;
      if (r) out.set(path, fileRowOf(r));
    }
    return out;
  }

  async fileRows(): Promise<Map<string, FileRow>> {
    const rows = this.db.query(`SELECT ${FILE_COLUMNS} FROM files`).all() as RawFileRow[];
    const out = new Map<string, FileRow>();
    for (const r of rows) out.set(r.path, fileRowOf(r));
    return out;
  }

  async filesWithParseErrors(): Promise<{ path: string; errors: number }[]> {
    const rows = this.db.query("SELECT path, parse_errors AS errors FROM files WHERE parse_errors > 0").all() as { path: string; errors: number }[];
    // Code-unit order, as every list of paths ix writes (SQLite's BINARY collation is byte order).
    return rows.sort((a, b) => byCodeUnit(a.path, b.path));
  }

  async fileStampList(): Promise<StampList> {
    return readStampList(this.db);
  }

  async facts(path: string): Promise<FileFacts | undefined> {
    return this.factsNow(path);
  }

  factsNow(path: string): FileFacts | undefined {
    const row = this.db.query("SELECT data FROM facts WHERE path = ?").get(path) as { data: string } | null;
    return row ? (JSON.parse(row.data) as FileFacts) : undefined;
  }

  async fileGraph(): Promise<FileGraph> {
    // The revision writer keeps the file-level graph (file_links): reading it is a scan of one
    // row per owner and pair of files, not of every edge and node.
    const index = new Map<string, number>();
    const paths: string[] = [];
    const number = (path: string) => {
      let i = index.get(path);
      if (i === undefined) {
        index.set(path, (i = paths.length));
        paths.push(path);
      }
      return i;
    };
    // A file graph is held through the smells and the regions, so it is kept lean: rows come in
    // key order, so a link's rows from several owners meet without a map of every link, and one
    // string per kind and one list per set of names (one empty list for the links without) serve
    // every row that repeats them. A process holding stack's graph (188k links) was then at 88 MB
    // of RSS instead of 119 MB, and read it in 590 ms instead of 750-880 ms.
    const links: FileLink[] = [];
    const kinds = new Map<string, EdgeKind>();
    const listOf = new Map<string, string[]>();
    const namesOf = (names: string) => listOf.get(names) ?? (listOf.set(names, [...new Set(names.split(","))]).get(names)!);
    // Row by row: the whole table as one array held every row's path strings at once (a
    // cold map's peak on 13k files rose by the table's size).
    const rows = this.db.query("SELECT src, dst, kind, count, names FROM file_links ORDER BY src, dst, kind").iterate() as Iterable<{ src: string; dst: string; kind: EdgeKind; count: number; names: string | null }>;
    let link: FileLink | undefined;
    for (const { src, dst, kind, count, names } of rows) {
      if (!link || link.kind !== kind || link.to !== dst || link.from !== src) {
        link = { from: paths[number(src)]!, to: paths[number(dst)]!, kind: kinds.get(kind) ?? (kinds.set(kind, kind), kind), count: 0, names: NO_NAMES };
        links.push(link);
      }
      link.count += count;
      // Lists are shared: a second owner's names make a new one.
      if (names !== null) link.names = link.names === NO_NAMES ? namesOf(names) : [...new Set([...link.names, ...namesOf(names)])];
    }
    const entities = new Map<string, number>();
    for (const [path, n] of this.db.query("SELECT path, count(*) FROM nodes WHERE kind != 'file' GROUP BY path").values() as [string, number][]) entities.set(path, n);
    const unusedExports = (
      this.db
        .query(
          `SELECT n.name, n.kind, n.path, n.start_line FROM nodes n JOIN nodes p ON p.rowid = n.parent AND p.kind = 'file'
           WHERE n.exported = 1 AND NOT EXISTS (SELECT 1 FROM edges e WHERE e.dst = n.rowid AND e.kind != 'CONTAINS')`,
        )
        .values() as [string, string, string, number][]
    ).map(([name, kind, path, line]) => ({ name, kind, path: paths[index.get(path) ?? -1] ?? path, line }));
    unusedExports.sort((a, b) => byCodeUnit(a.path, b.path) || a.line - b.line);
    return { links: links.sort((a, b) => byCodeUnit(a.from, b.from) || byCodeUnit(a.to, b.to) || byCodeUnit(a.kind, b.kind)), entities, unusedExports };
  }

  async filePaths(): Promise<string[]> {
    return (this.db.query("SELECT path FROM files").values() as [string][]).map((r) => r[0]);
  }

  async docClaims(path: string): Promise<DocClaims[]> {
    const rows = (path === ""
      ? this.db.query("SELECT path, data FROM doc_claims ORDER BY path").all()
      : this.db.query("SELECT path, data FROM doc_claims WHERE path = ? OR substr(path, 1, ?) = ? ORDER BY path").all(path, path.length + 1, `${path.replace(/\/$/, "")}/`)) as { path: string; data: string }[];
    return rows.map((row) => ({ path: row.path, ...(JSON.parse(row.data) as Omit<DocClaims, "path">) }));
  }

  async namesAmong(names: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let i = 0; i < names.length; i += IN_CHUNK) {
      const part = names.slice(i, i + IN_CHUNK);
      for (const [name] of this.db.query(`SELECT name FROM names WHERE name IN (${placeholders(part.length)})`).values(...part) as [string][]) found.add(name);
    }
    return found;
  }

  async unresolvedNamesAmong(names: readonly string[]): Promise<Set<string>> {
    const used = new Set<string>();
    for (const part of chunks([...new Set(names)])) {
      const rows = this.db
        .query(`SELECT DISTINCT name FROM unresolved WHERE name IN (${placeholders(part.length)}) AND kind IN ('CALLS', 'REFERENCES')`)
        .values(...part) as [string][];
      for (const [name] of rows) used.add(name);
    }
    return used;
  }

  async unresolvedCountsOf(paths: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const part of chunks(paths)) {
      const rows = this.db.query(`SELECT owner, count(*) FROM unresolved WHERE owner IN (${placeholders(part.length)}) GROUP BY owner`).values(...part) as [string, number][];
      for (const [owner, n] of rows) out.set(owner, n);
    }
    return out;
  }

  async importersOf(paths: readonly string[]): Promise<string[]> {
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

  async ownersOfEdgesInto(paths: readonly string[]): Promise<string[]> {
    const owners = new Set<string>();
    for (const part of chunks(paths)) {
      const rows = this.db
        .query(
          `SELECT DISTINCT e.owner AS owner FROM nodes n JOIN edges e ON e.dst = n.rowid
           WHERE n.path IN (${placeholders(part.length)}) AND e.kind != 'CONTAINS'`,
        )
        .all(...part) as { owner: string }[];
      for (const row of rows) owners.add(row.owner);
    }
    return [...owners];
  }

  async ownersOfUnresolved(names: readonly string[]): Promise<string[]> {
    const owners = new Set<string>();
    for (const part of chunks(names)) {
      const rows = this.db
        .query(`SELECT DISTINCT owner FROM unresolved WHERE name IN (${placeholders(part.length)})`)
        .all(...part) as { owner: string }[];
      for (const r of rows) owners.add(r.owner);
    }
    return [...owners].sort();
  }

  async ownersReading(keys: readonly string[]): Promise<string[] | undefined> {
    if (keys.length === 0) return [];
    if (keys.some((key) => key.includes("\n"))) return undefined;
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

  async regionInputFiles(): Promise<RegionInputFile[]> {
    const entities = new Map<string, number>();
    for (const r of this.db.query("SELECT path, count(*) AS n FROM nodes WHERE kind != 'file' GROUP BY path").all() as { path: string; n: number }[]) entities.set(r.path, r.n);
    const files = this.db.query("SELECT path, role FROM files WHERE lang IS NOT NULL ORDER BY path").all() as { path: string; role: string }[];
    return files.map((f) => ({ path: f.path, role: f.role, entities: entities.get(f.path) ?? 0 }));
  }

  async regions(): Promise<Region[]> {
    return (this.db.query(`SELECT ${REGION_COLUMNS} FROM regions r ORDER BY ord`).all() as RawRegion[]).map(regionFromRow);
  }

  async regionsTop(depth: number): Promise<Region[]> {
    // Down the parent column from the system: the top of a 1,705-region map without reading
    // the rest (every row read cost \`ix subsystems\` ~10 ms of its start).
    const rows = this.db
      .query(
        `WITH RECURSIVE down(id, depth) AS (SELECT id, 0 FROM regions WHERE parent IS NULL UNION ALL SELECT r.id, down.depth + 1 FROM regions r JOIN down ON r.parent = down.id WHERE down.depth < ?)
         SELECT ${REGION_COLUMNS} FROM down JOIN regions r ON r.id = down.id ORDER BY r.ord`,
      )
      .all(depth) as RawRegion[];
    return rows.map(regionFromRow);
  }

  async regionFiles(): Promise<RegionFile[]> {
    return (this.db.query(`SELECT ${REGION_FILE_COLUMNS} FROM region_files ORDER BY path`).all() as RawRegionFile[]).map(regionFileOf);
  }

  async regionOfFile(path: string): Promise<RegionFile | undefined> {
    const row = this.db.query(`SELECT ${REGION_FILE_COLUMNS} FROM region_files WHERE path = ?`).get(path) as RawRegionFile | null;
    return row ? regionFileOf(row) : undefined;
  }

  async regionAncestry(id: string): Promise<Region[]> {
    // Up the parent column only: reading every region to walk one chain cost explain ~15 ms on
    // a map of 1,705 regions.
    const rows = this.db
      .query(
        `WITH RECURSIVE up(id, depth) AS (SELECT id, 0 FROM regions WHERE id = ? UNION ALL SELECT r.parent, up.depth + 1 FROM regions r JOIN up ON r.id = up.id WHERE r.parent IS NOT NULL)
         SELECT ${REGION_COLUMNS} FROM up JOIN regions r ON r.id = up.id ORDER BY up.depth`,
      )
      .all(id) as RawRegion[];
    return rows.map(regionFromRow);
  }

  async regionsOfFiles(paths: readonly string[]): Promise<Map<string, string>> {
    if (paths.length === 0) return new Map();
    const rows = this.db.query("SELECT path, region FROM region_files WHERE path IN (SELECT value FROM json_each(?))").values(JSON.stringify(paths)) as [string, string][];
    return new Map(rows);
  }

  async regionLinks(id?: string): Promise<RegionLink[]> {
    if (id === undefined) return this.db.query("SELECT src, dst, edges FROM region_links ORDER BY src, dst").all() as RegionLink[];
    return this.db.query("SELECT src, dst, edges FROM region_links WHERE src = ?1 OR dst = ?1 ORDER BY src, dst").all(id) as RegionLink[];
  }

  async *allNodes(): AsyncIterable<GraphNode> {
    for (const r of this.db.query(`SELECT ${NODE_COLUMNS} FROM nodes n ${PARENT_JOIN} ORDER BY n.rowid`).iterate() as Iterable<RawNode>) yield this.toNode(r);
  }

  /** Every node by rowid, for the whole-graph reads below. */
  private nodesByRowid(): Map<number, GraphNode> {
    const out = new Map<number, GraphNode>();
    for (const r of this.db.query(`SELECT ${NODE_COLUMNS} FROM nodes n ${PARENT_JOIN}`).all() as RawNode[]) out.set(r.rowid, this.toNode(r));
    return out;
  }

  async *allEdges(kind?: EdgeKind): AsyncIterable<FullEdge> {
    const byRowid = this.nodesByRowid();
    const sql = `SELECT src, dst, kind, owner, via, confidence, lines, names, as_value FROM edges${kind ? " WHERE kind = ?" : ""} ORDER BY rowid`;
    const rows = this.db.query(sql).iterate(...(kind ? [kind] : [])) as Iterable<{
      src: number;
      dst: number;
      kind: EdgeKind;
      owner: string;
      via: string | null;
      confidence: number | null;
      lines: string | null;
      names: string | null;
      as_value: number | null;
    }>;
    for (const r of rows) {
      yield {
        src: byRowid.get(r.src)!,
        dst: byRowid.get(r.dst)!,
        kind: r.kind,
        owner: r.owner,
        via: r.via,
        confidence: r.confidence,
        lines: splitLines(r.lines),
        names: splitList(r.names),
        asValue: r.as_value === 1,
      };
    }
  }

  async *allUnresolved(): AsyncIterable<UnresolvedSite> {
    const byRowid = this.nodesByRowid();
    const rows = this.db.query("SELECT src, owner, kind, name, receiver, lines FROM unresolved ORDER BY rowid").iterate() as Iterable<{
      src: number;
      owner: string;
      kind: EdgeKind;
      name: string;
      receiver: string | null;
      lines: string | null;
    }>;
    for (const r of rows) yield { src: byRowid.get(r.src)!, owner: r.owner, kind: r.kind, name: r.name, receiver: r.receiver, lines: splitLines(r.lines) };
  }

  async revisions(): Promise<RevisionRow[]> {
    return (this.db.query(`SELECT ${REVISION_COLUMNS} FROM revisions ORDER BY rev`).all() as StoredRevision[]).map(revisionRow);
  }

  async recentRevisions(limit: number): Promise<{ rows: RevisionRow[]; total: number }> {
    const rows = this.db.query(`SELECT ${REVISION_COLUMNS} FROM revisions ORDER BY rev DESC LIMIT ?`).all(limit) as StoredRevision[];
    const total = (this.db.query("SELECT count(*) AS n FROM revisions").get() as { n: number }).n;
    return { rows: rows.map(revisionRow), total };
  }

  async revision(rev: number): Promise<RevisionRow | undefined> {
    const row = this.db.query(`SELECT ${REVISION_COLUMNS} FROM revisions WHERE rev = ?`).get(rev) as StoredRevision | null;
    return row ? revisionRow(row) : undefined;
  }

  async changesOf(ids: readonly string[]): Promise<EntityChange[]> {
    if (ids.length === 0) return [];
    return (this.db.query(`SELECT ${CHANGE_COLUMNS} FROM changes WHERE id IN (${placeholders(ids.length)}) ORDER BY rev, rowid`).all(...ids) as StoredChange[]).map(changeRow);
  }

  async changesNamed(name: string, limit: number): Promise<EntityChange[]> {
    // The newest row of each id: its names then, and whether it was removed.
    const rows = this.db
      .query(
        `SELECT ${CHANGE_COLUMNS} FROM changes c WHERE (name = ?1 OR qname = ?1 OR (length(?1) >= 4 AND id LIKE ?1 || '%'))
           AND rev = (SELECT max(rev) FROM changes WHERE id = c.id) ORDER BY rev DESC LIMIT ?2`,
      )
      .all(name, limit) as StoredChange[];
    return rows.map(changeRow);
  }

  async changesBetween(from: number, to: number, limit: number): Promise<EntityChange[]> {
    return (this.db.query(`SELECT ${CHANGE_COLUMNS} FROM changes WHERE rev > ? AND rev <= ? ORDER BY rev, rowid LIMIT ?`).all(from, to, limit) as StoredChange[]).map(changeRow);
  }

  async patchesOf(path: string): Promise<PatchRow[]> {
    return this.db.query("SELECT rev, path, op, hash, added, removed FROM patches WHERE path = ? ORDER BY rev").all(path) as PatchRow[];
  }

  async patches(rev?: number): Promise<PatchRow[]> {
    const where = rev === undefined ? "" : " WHERE rev = ?";
    return this.db.query(`SELECT rev, path, op, hash, added, removed FROM patches${where} ORDER BY rev, path`).all(...(rev === undefined ? [] : [rev])) as PatchRow[];
  }
}
