// Read-side questions over the store that the map pipeline and the commands ask. SQL lives
// here and in store.ts only; commands never touch SQLite.
import type { Store } from "./store";

const CHUNK = 500;
const inList = (items: readonly unknown[]) => items.map(() => "?").join(",");

export interface NodeRow {
  rowid: number;
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
  parent: number | null;
}

export interface EdgeRow {
  node: NodeRow;
  kind: string;
  via: string | null;
  confidence: number | null;
  lines: number[];
  names: string[];
}

// Columns aliased to NodeRow's names, so a row needs only its 0/1 flag turned into a boolean.
const NODE_COLUMNS =
  "n.rowid, n.id, n.kind, n.name, n.qname, n.path, n.start_line AS startLine, n.end_line AS endLine, n.lang, coalesce(n.signature, '') AS signature, n.exported, n.role, n.parent";

type RawNode = Omit<NodeRow, "exported"> & { exported: number };

function toNode(r: RawNode): NodeRow {
  // Listed, not spread: edge queries return their own columns on the same row.
  const { rowid, id, kind, name, qname, path, startLine, endLine, lang, signature, exported, role, parent } = r;
  return { rowid, id, kind, name, qname, path, startLine, endLine, lang, signature, exported: exported === 1, role, parent };
}

const splitList = (text: string | null): string[] => (text ? text.split(",") : []);
const splitLines = (text: string | null): number[] => (text ? text.split(",").map(Number) : []);

function nodes(store: Store, where: string, ...params: (string | number)[]): NodeRow[] {
  return (store.db.query(`SELECT ${NODE_COLUMNS} FROM nodes n WHERE ${where}`).all(...params) as RawNode[]).map(toNode);
}

export function nodeByRowid(store: Store, rowid: number): NodeRow | undefined {
  return nodes(store, "n.rowid = ?", rowid)[0];
}

export function nodesNamed(store: Store, name: string): NodeRow[] {
  return nodes(store, "n.name = ? AND n.kind != 'file'", name);
}

/** Entities (not files) named `name`, each with its parent's name and kind, in one query. */
export function nodesNamedWithParent(store: Store, name: string): { node: NodeRow; parentName: string | null; parentKind: string | null }[] {
  const rows = store.db
    .query(`SELECT ${NODE_COLUMNS}, p.name AS parentName, p.kind AS parentKind FROM nodes n LEFT JOIN nodes p ON p.rowid = n.parent WHERE n.name = ? AND n.kind != 'file'`)
    .all(name) as (RawNode & { parentName: string | null; parentKind: string | null })[];
  return rows.map((r) => ({ node: toNode(r), parentName: r.parentName, parentKind: r.parentKind }));
}

export function nodesNamedNoCase(store: Store, name: string): NodeRow[] {
  return nodes(store, "lower(n.name) = lower(?) AND n.kind != 'file'", name);
}

export function nodesWithQname(store: Store, qname: string): NodeRow[] {
  return nodes(store, "n.qname = ? AND n.kind != 'file'", qname);
}

/** Names starting with prefix, using the name index (a range, not LIKE). */
export function nodesWithPrefix(store: Store, prefix: string, limit = 50): NodeRow[] {
  return nodes(store, "n.name >= ? AND n.name < ? AND n.kind != 'file' LIMIT ?", prefix, prefix + "\uffff", limit);
}

/** Names starting with prefix in any case, files' base names included, using the lower(name) index. */
export function nodesWithPrefixNoCase(store: Store, prefix: string, limit: number): NodeRow[] {
  const lower = prefix.toLowerCase();
  return nodes(store, "lower(n.name) >= ? AND lower(n.name) < ? LIMIT ?", lower, lower + "\uffff", limit);
}

export function nodesWithIdPrefix(store: Store, prefix: string): NodeRow[] {
  const lower = prefix.toLowerCase();
  return nodes(store, "n.id >= ? AND n.id < ? LIMIT 20", lower, lower + "\uffff");
}

export function fileNode(store: Store, path: string): NodeRow | undefined {
  return nodes(store, "n.path = ? AND n.kind = 'file'", path)[0];
}

/** The innermost entity whose span holds line, if any. */
export function innermostAt(store: Store, path: string, line: number): NodeRow | undefined {
  return nodes(
    store,
    "n.path = ? AND n.kind != 'file' AND n.start_line <= ? AND n.end_line >= ? ORDER BY (n.end_line - n.start_line), n.start_line DESC LIMIT 1",
    path,
    line,
    line,
  )[0];
}

export function children(store: Store, parent: number): NodeRow[] {
  return nodes(store, "n.parent = ? ORDER BY n.start_line", parent);
}

/** Every distinct entity name in the graph, files aside. */
export function distinctNames(store: Store): string[] {
  return (store.db.query("SELECT name FROM names").values() as [string][]).map((r) => r[0]);
}

/** Entities (not files) carrying one of names, at most limit of them. */
export function nodesWithNames(store: Store, names: readonly string[], limit: number): NodeRow[] {
  const out: NodeRow[] = [];
  for (let i = 0; i < names.length && out.length < limit; i += CHUNK) {
    const part = names.slice(i, i + CHUNK);
    out.push(...nodes(store, `n.name IN (${inList(part)}) AND n.kind != 'file' LIMIT ?`, ...part, limit - out.length));
  }
  return out;
}

/**
 * Of `points` symbols spread evenly over the rowid range, how many hang under a CONTAINS edge:
 * a sample of the graph's health in well under a millisecond, where counting every edge takes ~100 ms.
 */
export function containsProbe(store: Store, points: number): { sampled: number; attached: number } {
  // Two subqueries: min() and max() in one SELECT scan the table, each alone is one seek.
  const range = store.db.query("SELECT (SELECT min(rowid) FROM nodes) lo, (SELECT max(rowid) FROM nodes) hi").get() as {
    lo: number | null;
    hi: number | null;
  };
  if (range.lo === null || range.hi === null) return { sampled: 0, attached: 0 };
  const symbolFrom = store.db.query("SELECT rowid FROM nodes WHERE rowid >= ? AND kind != 'file' ORDER BY rowid LIMIT 1");
  const attached = store.db.query("SELECT 1 FROM edges WHERE dst = ? AND kind = 'CONTAINS' LIMIT 1");
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

function edgeRows(store: Store, sql: string, ...params: (string | number)[]): EdgeRow[] {
  const rows = store.db.query(sql).all(...params) as (RawNode & {
    e_kind: string;
    via: string | null;
    confidence: number | null;
    lines: string | null;
    names: string | null;
  })[];
  return rows.map((r) => ({
    node: toNode(r),
    kind: r.e_kind,
    via: r.via,
    confidence: r.confidence,
    lines: splitLines(r.lines),
    names: splitList(r.names),
  }));
}

/** The column that holds the node asked about: `dst` for edges into it, `src` for edges out. */
type End = "dst" | "src";
const other = (end: End): End => (end === "dst" ? "src" : "dst");

function countAt(store: Store, end: End, rowid: number, kinds: string[]): number {
  return (store.db.query(`SELECT count(*) n FROM edges WHERE ${end} = ? AND kind IN (${inList(kinds)})`).get(rowid, ...kinds) as { n: number }).n;
}

/** Edges at `rowid`, each with the node at the other end, in path order. */
function edgesAt(store: Store, end: End, rowid: number, kinds: string[], limit: number): EdgeRow[] {
  return edgeRows(
    store,
    `SELECT ${NODE_COLUMNS}, e.kind e_kind, e.via, e.confidence, e.lines, e.names FROM edges e JOIN nodes n ON n.rowid = e.${other(end)}
     WHERE e.${end} = ? AND e.kind IN (${inList(kinds)}) ORDER BY n.path, n.start_line LIMIT ?`,
    rowid,
    ...kinds,
    limit,
  );
}

/** How many edges of the given kinds reach `rowid` (a count, without fetching rows). */
export const countInto = (store: Store, rowid: number, kinds: string[]) => countAt(store, "dst", rowid, kinds);
export const countFrom = (store: Store, rowid: number, kinds: string[]) => countAt(store, "src", rowid, kinds);

/** Edges into `rowid` (the row's node is the source), at most `limit` (-1: all). */
export const edgesInto = (store: Store, rowid: number, kinds: string[], limit = -1) => edgesAt(store, "dst", rowid, kinds, limit);
/** Edges out of `rowid` (the row's node is the target). */
export const edgesFrom = (store: Store, rowid: number, kinds: string[], limit = -1) => edgesAt(store, "src", rowid, kinds, limit);

export function countChildren(store: Store, parent: number): number {
  return (store.db.query("SELECT count(*) n FROM nodes WHERE parent = ?").get(parent) as { n: number }).n;
}

/** Call sites that use `name` but could not be bound to any definition. */
export function unresolvedUses(store: Store, name: string): number {
  return (store.db.query("SELECT count(*) n FROM unresolved WHERE name = ? AND kind = 'CALLS'").get(name) as { n: number }).n;
}

/** Unresolved call sites inside the entity: what its callee list cannot show. */
export function unresolvedFrom(store: Store, rowid: number): { name: string; receiver: string | null; lines: number[] }[] {
  return (store.db.query("SELECT name, receiver, lines FROM unresolved WHERE src = ? AND kind = 'CALLS' ORDER BY name").all(rowid) as {
    name: string;
    receiver: string | null;
    lines: string | null;
  }[]).map((r) => ({ name: r.name, receiver: r.receiver, lines: splitLines(r.lines) }));
}

/** Full-text name search (FTS5 over name and qname), best first. */
export function searchNames(store: Store, term: string, limit: number): NodeRow[] {
  const quoted = `"${term.replace(/"/g, '""')}"*`;
  return (store.db
    .query(
      `SELECT ${NODE_COLUMNS} FROM nodes_fts f JOIN nodes n ON n.rowid = f.rowid
       WHERE nodes_fts MATCH ? ORDER BY rank LIMIT ?`,
    )
    .all(`{name qname} : ${quoted}`, limit) as RawNode[]).map(toNode);
}

export function inventory(store: Store, opts: { kind?: string; path?: string; limit: number }): NodeRow[] {
  const where: string[] = ["1 = 1"];
  const params: (string | number)[] = [];
  if (opts.kind) {
    where.push("n.kind = ?");
    params.push(opts.kind);
  } else where.push("n.kind != 'file'");
  if (opts.path) {
    where.push("(n.path = ? OR (n.path >= ? AND n.path < ?))");
    const dir = opts.path.endsWith("/") ? opts.path : opts.path + "/";
    params.push(opts.path, dir, dir + "\uffff");
  }
  params.push(opts.limit);
  return nodes(store, `${where.join(" AND ")} ORDER BY n.path, n.start_line LIMIT ?`, ...params);
}

/** Files owning any edge (a call, an import, a heritage, a type use) into a node of `paths`. */
export function ownersOfEdgesInto(store: Store, paths: string[]): string[] {
  const owners = new Set<string>();
  for (let i = 0; i < paths.length; i += CHUNK) {
    const part = paths.slice(i, i + CHUNK);
    const rows = store.db
      .query(
        `SELECT DISTINCT e.owner AS owner FROM nodes n JOIN edges e ON e.dst = n.rowid
         WHERE n.path IN (${inList(part)}) AND e.kind != 'CONTAINS'`,
      )
      .all(...part) as { owner: string }[];
    for (const row of rows) owners.add(row.owner);
  }
  return [...owners];
}

export function unresolvedCount(store: Store): number {
  return (store.db.query("SELECT count(*) AS n FROM unresolved").get() as { n: number }).n;
}
