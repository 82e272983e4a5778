// The store's tables. Secondary indexes are kept apart from the tables so a cold load can
// insert everything first and index afterwards (edge inserts measured 6x faster that way).

export const SCHEMA_VERSION = 17;

/** The rank figures kept per node (node_figures); pagerank is the region work's, per file. */
export const RANKED_FIGURES = ["dependents", "callers", "importers", "members"] as const;
export type RankedFigure = (typeof RANKED_FIGURES)[number];

export const PRAGMAS = [
  "PRAGMA journal_mode = WAL",
  "PRAGMA synchronous = NORMAL",
  "PRAGMA foreign_keys = OFF",
  // The log is kept when the writer closes (store.ts, persistent WAL): this bounds what a map
  // leaves of it between its transactions, and at the close it is emptied whole.
  "PRAGMA journal_size_limit = 67108864",
];

export const TABLES = [
  `CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)`,
  `CREATE TABLE IF NOT EXISTS files (
     path TEXT PRIMARY KEY, size INT, mtime_ms INT, hash TEXT, lang TEXT,
     parse_errors INT, role TEXT)`,
  // Facts live apart from the file rows: every map scans the rows, and a row that carried its
  // facts blob filled a page of its own (2.5k rows took 28 ms to scan; apart, ~2 ms).
  `CREATE TABLE IF NOT EXISTS facts (path TEXT PRIMARY KEY, data BLOB NOT NULL)`,
  // Per file whose doc comments make checkable claims, its DocClaims (model/facts docClaimsOf):
  // conflicts over a 13k-file graph read these rows instead of every file's facts (3.8 s).
  `CREATE TABLE IF NOT EXISTS doc_claims (path TEXT PRIMARY KEY, data TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS nodes (
     rowid INTEGER PRIMARY KEY, id TEXT UNIQUE NOT NULL, kind TEXT, name TEXT, qname TEXT,
     path TEXT, start_line INT, end_line INT, lang TEXT, signature TEXT, exported INT,
     role TEXT, parent INT, overloads TEXT, body TEXT)`,
  // The figures `ix rank` orders by (NODE_FIGURES in revision.ts), per node (its rowid) with one
  // above zero, kept by the revision writer for the nodes whose edges moved: a rank reads its
  // figure's index from the top and stops at the limit, where aggregating the edges per query
  // took 8-21x `ix --version` on a 13k-file graph. Apart from the node rows: a cold map's one
  // pass writing them into 99k wide node rows took 1.6 s more than inserting these.
  `CREATE TABLE IF NOT EXISTS node_figures (
     rowid INTEGER PRIMARY KEY, dependents INT NOT NULL, callers INT NOT NULL, importers INT NOT NULL, members INT NOT NULL)`,
  // External content: the text lives in nodes; the store writes the index entries itself.
  `CREATE VIRTUAL TABLE IF NOT EXISTS nodes_fts USING fts5(
     name, qname, content='nodes', content_rowid='rowid', tokenize="unicode61 tokenchars '_$'")`,
  // as_value: 1 on a REFERENCES edge that hands its target over by name, null on the rest.
  `CREATE TABLE IF NOT EXISTS edges (
     src INT, dst INT, kind TEXT, owner TEXT, via TEXT, confidence REAL, lines TEXT, names TEXT, as_value INT)`,
  `CREATE TABLE IF NOT EXISTS unresolved (
     src INT, owner TEXT, kind TEXT, name TEXT, receiver TEXT, lines TEXT)`,
  // Every distinct entity name (files aside): "did you mean" and substring search scan these
  // ~30k rows instead of 170k nodes, which took 20-40 ms in a fresh process on a 13k-file graph.
  `CREATE TABLE IF NOT EXISTS names (name TEXT PRIMARY KEY) WITHOUT ROWID`,
  // Which other files' facts (and Go packages) each file's resolution read, and which questions
  // about the file set it asked (src/resolve/reads.ts): an edit that moves a file's surface, or
  // adds or deletes a file, re-resolves the files whose keys hold it. Per file, "\n"-joined
  // with a "\n" at each end.
  `CREATE TABLE IF NOT EXISTS file_reads (path TEXT PRIMARY KEY, keys TEXT NOT NULL)`,
  // The file-level graph, kept with the edges it counts: per owner (the file whose resolution
  // wrote the edges), the edges between two files by kind, and for IMPORTS the names taken
  // ("*": the whole module), comma-joined. The smells and the regions read this instead of
  // scanning every edge: on a 13k-file graph ~190k rows against ~480k edges and 180k nodes.
  `CREATE TABLE IF NOT EXISTS file_links (owner TEXT, src TEXT, dst TEXT, kind TEXT, count INT, names TEXT)`,
  // How many entities of each kind and role have each rank figure above zero: a rank's total
  // without --path, where counting 81k ranked entities took 15-40 ms on a 13k-file graph. Kept
  // with the figures.
  `CREATE TABLE IF NOT EXISTS rank_totals (figure TEXT, kind TEXT, role TEXT, n INT NOT NULL, PRIMARY KEY (figure, kind, role)) WITHOUT ROWID`,
  // The architecture map of the revision meta's regions_rev names (src/regions): its regions,
  // each file's innermost region with its edges inside and outside it, and the edges between
  // regions of a level. Rewritten whole by region work, in its own transaction after the
  // revision's.
  `CREATE TABLE IF NOT EXISTS regions (
     id TEXT PRIMARY KEY, ord INT, kind TEXT, label TEXT, level INT, parent TEXT, children TEXT, files INT,
     entities INT, cohesion REAL, coupling REAL, crosscut REAL, confidence REAL, signals TEXT, dir TEXT)`,
  `CREATE TABLE IF NOT EXISTS region_files (
     path TEXT PRIMARY KEY, region TEXT, edges_inside INT, edges_outside INT, neighbors_inside INT, neighbors_outside INT, pagerank REAL)`,
  `CREATE TABLE IF NOT EXISTS region_links (src TEXT, dst TEXT, edges INT, PRIMARY KEY (src, dst)) WITHOUT ROWID`,
  // source/intent: what made the revision; head/dirty: git's HEAD then, and whether the tracked
  // files differed from it; baseline: a map of an empty graph, which keeps no changes rows.
  `CREATE TABLE IF NOT EXISTS revisions (
     rev INTEGER PRIMARY KEY, at TEXT, files_added INT, files_changed INT, files_deleted INT,
     source TEXT, intent TEXT, head TEXT, dirty INT, baseline INT NOT NULL DEFAULT 0)`,
  // What each revision did to each entity (files included): added, changed (what: signature,
  // body or both; a shift of lines is no change) or removed, with the entity's names then, so
  // a removed one is still found. from_id: an added entity's predecessor, removed in the same
  // revision with the same text (a file renamed, an entity moved whole). A baseline revision
  // writes none: every entity of it appeared there.
  `CREATE TABLE IF NOT EXISTS changes (
     rev INT, id TEXT, kind TEXT, name TEXT, qname TEXT, path TEXT, op TEXT, what TEXT, from_id TEXT, signature TEXT)`,
  `CREATE TABLE IF NOT EXISTS patches (
     rev INT, path TEXT, op TEXT, hash TEXT, added INT, removed INT)`,
];

export const INDEXES = [
  `CREATE INDEX IF NOT EXISTS nodes_name ON nodes(name)`,
  `CREATE INDEX IF NOT EXISTS nodes_path ON nodes(path, start_line)`,
  // inventory --kind lists in path order without sorting the whole table.
  `CREATE INDEX IF NOT EXISTS nodes_kind_path ON nodes(kind, path, start_line)`,
  `CREATE INDEX IF NOT EXISTS nodes_name_nocase ON nodes(lower(name))`,
  `CREATE INDEX IF NOT EXISTS edges_dst_kind ON edges(dst, kind)`,
  `CREATE INDEX IF NOT EXISTS edges_src_kind ON edges(src, kind)`,
  `CREATE INDEX IF NOT EXISTS edges_owner ON edges(owner)`,
  `CREATE INDEX IF NOT EXISTS file_links_owner ON file_links(owner)`,
  // The hand-overs by name (~10% of REFERENCES): rank --by callers counts them beside the calls
  // without reading every REFERENCES row for its as_value.
  `CREATE INDEX IF NOT EXISTS edges_value_refs ON edges(dst) WHERE kind = 'REFERENCES' AND as_value = 1`,
  // One per rank figure, highest first: a rank reads it down to its limit.
  ...RANKED_FIGURES.map((f) => `CREATE INDEX IF NOT EXISTS node_figures_${f} ON node_figures(${f} DESC) WHERE ${f} > 0`),
  `CREATE INDEX IF NOT EXISTS unresolved_name ON unresolved(name)`,
  `CREATE INDEX IF NOT EXISTS unresolved_owner ON unresolved(owner)`,
  // Lets a commit drop the sites of a removed entity without scanning every site.
  `CREATE INDEX IF NOT EXISTS unresolved_src ON unresolved(src)`,
  `CREATE INDEX IF NOT EXISTS patches_rev ON patches(rev)`,
  // explain's history: the revisions that changed one file.
  `CREATE INDEX IF NOT EXISTS patches_path ON patches(path)`,
  `CREATE INDEX IF NOT EXISTS changes_id ON changes(id, rev)`,
  `CREATE INDEX IF NOT EXISTS changes_rev ON changes(rev)`,
  `CREATE INDEX IF NOT EXISTS changes_name ON changes(name)`,
];

/** Names of the indexes above, to tell whether a database has been indexed yet. */
export const INDEX_NAMES = INDEXES.map((sql) => /INDEX IF NOT EXISTS (\w+)/.exec(sql)![1]!);
