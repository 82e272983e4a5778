// The store's interfaces: what the rest of ix may ask of a graph and how a map writes one.
// Everything is async, so a store that answers over a network fits the same shapes; nodes are
// known by their stable ids, never by a row number of the engine behind them.
import type { EdgeKind } from "../model/edges";
import type { DocClaims, FileFacts } from "../model/facts";
import type { Hierarchy, Region, RegionFile, RegionInputFile, RegionLink } from "../model/regions";
import type { StampList } from "./stamps";

export type { EdgeKind };
export type { Hierarchy, Region, RegionFile, RegionInputFile, RegionLink };
export type { FileStamp, StampList } from "./stamps";

/** One file as the graph recorded it. */
export interface FileRow {
  path: string;
  size: number;
  mtimeMs: number;
  hash: string;
  lang: string | null;
  parseErrors: number;
  role: string;
}

/** A node: a file (kind "file", parentId null) or an entity inside one. */
export interface GraphNode {
  id: string;
  kind: string;
  name: string;
  qname: string;
  path: string;
  startLine: number;
  endLine: number;
  lang: string | null;
  signature: string;
  /** Overload signatures folded into the entity (EntityFact.overloads); absent when none. */
  overloads?: string[];
  exported: boolean;
  role: string;
  parentId: string | null;
}

/** An edge seen from one end: `node` is the node at the other end. */
export interface GraphEdge {
  node: GraphNode;
  kind: string;
  via: string | null;
  confidence: number | null;
  lines: number[];
  names: string[];
  /** REFERENCES: the target is handed over by name (a value), not named as a type. */
  asValue: boolean;
}

/** How an entity is used from elsewhere, by the edges into it. */
export interface UseCounts {
  /** CALLS edges. */
  calls: number;
  /** REFERENCES edges that hand it over by name. */
  references: number;
  /** REFERENCES edges that name it as a type. */
  typeReferences: number;
}

/** Which edges one hop of a walk follows. */
export interface HopLinks {
  kinds: readonly EdgeKind[];
  /** REFERENCES that name the node as a type, beside those that hand it over by name. */
  typeReferences: boolean;
}

/** A node one hop away from a walk's frontier, once however many edges lead to it. */
export interface HopEdge {
  node: GraphNode;
  /** The frontier node it is reached from (the first of them in rowid order). */
  at: string;
  /** The distinct kinds of the edges between them. */
  kinds: EdgeKind[];
  /** A call, or a hand-over by name, is among them. */
  uses: boolean;
}

/** An edge with both ends, for reading a whole graph. */
export interface FullEdge {
  src: GraphNode;
  dst: GraphNode;
  kind: EdgeKind;
  owner: string;
  via: string | null;
  confidence: number | null;
  lines: number[];
  names: string[];
  asValue: boolean;
}

/** A call (or heritage, or hand-over) site that could not be bound to a definition. */
export interface UnresolvedSite {
  src: GraphNode;
  owner: string;
  kind: EdgeKind;
  name: string;
  receiver: string | null;
  lines: number[];
}

/** The edges (CONTAINS aside) of one kind from the nodes of one file to those of another. */
export interface FileLink {
  from: string;
  to: string;
  kind: EdgeKind;
  count: number;
  /** IMPORTS: the names the imports take, "*" for an import of the whole module; else empty. */
  names: string[];
}

/** An entity as the file graph lists it. */
export interface EntityAt {
  name: string;
  kind: string;
  path: string;
  line: number;
}

export interface FileGraph {
  links: FileLink[];
  /** Entities (files aside) per file; files without any are left out. */
  entities: Map<string, number>;
  /** Exported entities directly under their file that no edge but CONTAINS comes into, in path order. */
  unusedExports: EntityAt[];
}

export interface StoreStats {
  nodes: Record<string, number>;
  edges: Record<string, number>;
}

export interface RevisionRow {
  rev: number;
  at: string;
  filesAdded: number;
  filesChanged: number;
  filesDeleted: number;
  /** What made it (RevisionOrigin.source); null on a revision written before it was kept. */
  source: string | null;
  intent: string | null;
  /** The commit git's HEAD named when the map ran; null outside a repository or on an unborn branch. */
  head: string | null;
  /** Whether the tracked files differed from that commit (null: not known). */
  dirty: boolean | null;
  /** A map of an empty graph: it keeps no row per entity, every entity of it appeared there. */
  baseline: boolean;
}

/** Who or what made a revision, written on its row. */
export interface RevisionOrigin {
  /** map, watch, hook, mcp, reset. */
  source: string;
  /** Why, when the caller said: `ix map --intent`, the hook's tool and file. */
  intent?: string;
  head?: string;
  dirty?: boolean;
  /** The tracked files that differed from HEAD, kept in meta (DIRTY_PATHS_META) for the next revision's narrow check. */
  dirtyPaths?: string[];
}

/** Meta: the tracked files the last revision found differing from its HEAD (a JSON list). */
export const DIRTY_PATHS_META = "git_dirty_paths";

/** What one revision did to one entity (a file node included). */
export interface EntityChange {
  rev: number;
  id: string;
  kind: string;
  name: string;
  qname: string;
  path: string;
  change: "added" | "changed" | "removed";
  /** changed: which of signature and body moved. */
  what: ("signature" | "body")[];
  /** added: the id of the entity removed in the same revision with the same text (a move or rename). */
  renamedFrom?: string;
  signature: string;
}

export interface PatchRow {
  rev: number;
  path: string;
  op: "add" | "modify" | "delete";
  hash: string;
  added: number;
  removed: number;
}

export interface InventoryQuery {
  kind?: string;
  /** Under this path (a file or a directory). */
  path?: string;
  limit: number;
}

/**
 * A figure entities are ranked by, counted over the whole graph; pagerank is each file's as the
 * architecture map's region work stored it (RegionFile.pagerank).
 */
export type RankFigure = "dependents" | "callers" | "importers" | "members" | "pagerank";

export interface RankQuery {
  by: RankFigure;
  kind?: string;
  /** Under this path (a file or a directory). */
  path?: string;
  /** Entities of files with these roles are left out. */
  exceptRoles: readonly string[];
  limit: number;
}

export interface RankedNode {
  node: GraphNode;
  value: number;
}

/** The files holding uses of an entity: how many uses each, and the file's role. */
export interface UsesInFile {
  path: string;
  role: string;
  uses: number;
}

/** What a store is and where: status and doctor report it. */
export interface StoreDescription {
  backend: "embedded";
  schema: number;
  location: string;
}

/**
 * A graph as one revision: a reader answers from the revision that was the last committed when
 * it first read, for its whole life, so one question's statements never mix two revisions.
 * A newer revision is read by a new reader.
 */
export interface GraphReader {
  describe(): StoreDescription;
  close(): void;

  rev(): Promise<number>;
  meta(key: string): Promise<string | undefined>;
  /**
   * Fields of a meta value that holds a JSON object, read without parsing all of it: each
   * field's value (an object or array as JSON text), undefined when the key or field is absent.
   */
  metaFields(key: string, fields: readonly string[]): Promise<(string | number | undefined)[]>;
  stats(): Promise<StoreStats>;
  unresolvedCount(): Promise<number>;
  /**
   * "ok"; "busy" when another process held the graph past every wait (the check could not
   * run, which says nothing about damage); else what the engine's own consistency check found.
   */
  integrity(): Promise<string>;

  node(id: string): Promise<GraphNode | undefined>;
  /** Entities (not files) named exactly `name`. */
  nodesNamed(name: string): Promise<GraphNode[]>;
  /** The same, each with its parent's name and kind. */
  nodesNamedWithParent(name: string): Promise<{ node: GraphNode; parentName: string | null; parentKind: string | null }[]>;
  nodesNamedNoCase(name: string): Promise<GraphNode[]>;
  /** Entities whose name starts with `prefix`, at most `limit`. */
  nodesWithPrefix(prefix: string, limit?: number): Promise<GraphNode[]>;
  /** Names starting with `prefix` in any case, files' base names included. */
  nodesWithPrefixNoCase(prefix: string, limit: number): Promise<GraphNode[]>;
  /** Nodes whose id starts with `prefix` (any case), at most 20. */
  nodesWithIdPrefix(prefix: string): Promise<GraphNode[]>;
  /** Entities (not files) carrying one of `names`, at most `limit`. */
  nodesWithNames(names: readonly string[], limit: number): Promise<GraphNode[]>;
  /** Names and qualified names holding `term` as a word or a word's start, best first. */
  searchNames(term: string, limit: number): Promise<GraphNode[]>;
  /** Every distinct entity name, files aside. */
  distinctNames(): Promise<string[]>;
  fileNode(path: string): Promise<GraphNode | undefined>;
  /** The innermost entity whose span holds `line`. */
  innermostAt(path: string, line: number): Promise<GraphNode | undefined>;
  /** The entities (not files) that start on `line`, in no particular order. */
  startingAt(path: string, line: number): Promise<GraphNode[]>;
  /**
   * The members of a node: what it CONTAINS, which is its own nesting and, for a type, methods
   * declared in other files. Those in the node's own file first, then by path; in line order.
   */
  children(parentId: string): Promise<GraphNode[]>;
  countChildren(parentId: string): Promise<number>;
  inventory(query: InventoryQuery): Promise<GraphNode[]>;
  /**
   * Of `points` entities spread evenly over the graph, how many hang under a CONTAINS edge: a
   * sample of its health without counting every edge.
   */
  containsProbe(points: number): Promise<{ sampled: number; attached: number }>;

  /** Edges of `kinds` into the node, each with its source, in path order; at most `limit` (-1: all). */
  edgesInto(id: string, kinds: readonly EdgeKind[], limit?: number): Promise<GraphEdge[]>;
  /** Edges of `kinds` out of the node, each with its target. */
  edgesFrom(id: string, kinds: readonly EdgeKind[], limit?: number): Promise<GraphEdge[]>;
  countInto(id: string, kinds: readonly EdgeKind[]): Promise<number>;
  countFrom(id: string, kinds: readonly EdgeKind[]): Promise<number>;
  /**
   * For each member of the node that edges of `kinds` come into, from sources whose role is not
   * one of `exceptRoles`: how many, and how many of them from another file.
   */
  countIntoMembers(parentId: string, kinds: readonly EdgeKind[], exceptRoles: readonly string[]): Promise<Map<string, { total: number; outside: number }>>;
  /** Calls of the node and hand-overs of it by name (value REFERENCES), each with its source, in path order; at most `limit` (-1: all). */
  usesInto(id: string, limit?: number): Promise<GraphEdge[]>;
  /** The edges into the node that use it, by how they use it. */
  countUses(id: string): Promise<UseCounts>;
  /** The IMPORTS edges into the node, each as its importing file's path and the names it takes (GraphEdge.names). */
  importNamesInto(id: string): Promise<{ path: string; names: string[] }[]>;
  /** The files holding calls of the node or hand-overs of it by name, in path order. */
  usesByFile(id: string): Promise<UsesInFile[]>;
  /**
   * Entities by a figure (RankQuery.by), highest first, from the figures the revision writer
   * keeps per entity (pagerank: the region work's, per file); `total` counts every entity the filters keep whose figure is above zero.
   */
  rank(query: RankQuery): Promise<{ rows: RankedNode[]; total: number }>;
  /** How many revisions changed the file. */
  historyOf(path: string): Promise<number>;
  /**
   * One hop from many nodes at once: the distinct nodes that edges of `links` lead to from
   * `ids` (`into`: the edges' sources, `from`: their targets), in path order, at most `limit`.
   */
  hop(ids: readonly string[], direction: "into" | "from", links: HopLinks, limit: number): Promise<HopEdge[]>;
  /** Unresolved call sites and hand-overs that use `name`. */
  unresolvedUses(name: string): Promise<number>;
  /** Unresolved call sites inside the node (`kind` IMPORTS: a file's imports that found no module of the project). */
  unresolvedFrom(id: string, kind?: "CALLS" | "IMPORTS"): Promise<{ name: string; receiver: string | null; lines: number[] }[]>;

  fileRow(path: string): Promise<FileRow | undefined>;
  /** The rows of some files (missing paths are left out). */
  fileRowsOf(paths: readonly string[]): Promise<Map<string, FileRow>>;
  fileRows(): Promise<Map<string, FileRow>>;
  /** Every file's path, in no particular order: the file rows without reading them whole. */
  filePaths(): Promise<string[]>;
  /** The files whose tree held ERROR or MISSING nodes, with how many, sorted by path. */
  filesWithParseErrors(): Promise<{ path: string; errors: number }[]>;
  /** Size and mtime of every file, sorted by path: all a no-change map compares. */
  fileStampList(): Promise<StampList>;
  facts(path: string): Promise<FileFacts | undefined>;

  /**
   * The file graph the architecture questions read, from one pass over the nodes and one over
   * the edges: every link between two files by kind, each file's entities, and the exports
   * nothing uses.
   */
  fileGraph(): Promise<FileGraph>;
  /** Of `names`, those some entity carries. */
  namesAmong(names: readonly string[]): Promise<Set<string>>;
  /** The DocClaims of every file under `path` (a file or a directory; "" is every file) that has any, in path order. */
  docClaims(path: string): Promise<DocClaims[]>;
  /** Of `names`, those an unresolved call or hand-over uses. */
  unresolvedNamesAmong(names: readonly string[]): Promise<Set<string>>;
  /** Unresolved sites of each of `paths` (left out: none). */
  unresolvedCountsOf(paths: readonly string[]): Promise<Map<string, number>>;

  /** Files whose IMPORTS edges point at one of `paths`. */
  importersOf(paths: readonly string[]): Promise<string[]>;
  /** Files owning any edge but CONTAINS into a node of `paths`. */
  ownersOfEdgesInto(paths: readonly string[]): Promise<string[]>;
  /** Files with unresolved sites that use one of `names`. */
  ownersOfUnresolved(names: readonly string[]): Promise<string[]>;
  /** Files whose last resolution read one of `keys` (src/resolve/reads.ts); undefined when a key cannot be matched. */
  ownersReading(keys: readonly string[]): Promise<string[] | undefined>;

  /** Every mapped source file (a language read it) with its role and entity count, in path order. */
  regionInputFiles(): Promise<RegionInputFile[]>;

  /**
   * The architecture map, as the last region work stored it (meta regions_rev names the
   * revision it matches): every region, parents before children.
   */
  regions(): Promise<Region[]>;
  /** Each file's innermost region and its edges inside and outside it (what a rule about a file's region needs). */
  regionFiles(): Promise<RegionFile[]>;
  regionOfFile(path: string): Promise<RegionFile | undefined>;
  /** The region and its ancestors, innermost first, the root last (none: an unknown id). */
  regionAncestry(id: string): Promise<Region[]>;
  /** The innermost region of each of `paths` (left out: none). */
  regionsOfFiles(paths: readonly string[]): Promise<Map<string, string>>;
  /** The system and the regions at most `depth` levels below it, in stored order. */
  regionsTop(depth: number): Promise<Region[]>;
  /** Edges between regions of a level, either end `id` (every link when absent). */
  regionLinks(id?: string): Promise<RegionLink[]>;

  /** The whole graph, for tests and exports. */
  allNodes(): AsyncIterable<GraphNode>;
  allEdges(kind?: EdgeKind): AsyncIterable<FullEdge>;
  allUnresolved(): AsyncIterable<UnresolvedSite>;
  revisions(): Promise<RevisionRow[]>;
  patches(rev?: number): Promise<PatchRow[]>;
  /** The kept revisions, newest first, at most `limit`, and how many are kept. */
  recentRevisions(limit: number): Promise<{ rows: RevisionRow[]; total: number }>;
  revision(rev: number): Promise<RevisionRow | undefined>;
  /** What the kept revisions did to these entities, oldest first. */
  changesOf(ids: readonly string[]): Promise<EntityChange[]>;
  /** The last kept change of each entity that is named `name` (or whose qualified name or id prefix it is), newest first, at most `limit`. */
  changesNamed(name: string, limit: number): Promise<EntityChange[]>;
  /** What the revisions after `from` up to `to` did, oldest first, at most `limit` rows. */
  changesBetween(from: number, to: number, limit: number): Promise<EntityChange[]>;
  /** The patch rows of one path, oldest first. */
  patchesOf(path: string): Promise<PatchRow[]>;
}

/**
 * What a map writes for one node; `parentId` null for the file node. `body`: the hash of its
 * text (a file's, its content hash), which history compares across revisions.
 */
export type NodeRecord = GraphNode & { body?: string };

export interface EdgeRecord {
  srcId: string;
  dstId: string;
  kind: EdgeKind;
  via?: string;
  confidence?: number;
  lines: number[];
  names?: string[];
  /** REFERENCES: the target is handed over by name (a value), not named as a type. */
  asValue?: boolean;
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

export interface RevisionRest {
  /** Paths removed from the workspace. */
  deleted: string[];
  /** Owner path -> its complete outgoing edges, replacing the owner's old ones; consumed as produced. */
  edges: Iterable<[string, OwnerEdges]> | AsyncIterable<[string, OwnerEdges]>;
  /**
   * Meta values to write with the revision, asked for once the edges are consumed (what only
   * resolving them tells, such as which files failed); undefined leaves a key as it is.
   */
  meta?: () => Record<string, string | undefined>;
  /**
   * Meta values derived from the whole revision (its smells), computed from the graph as
   * written, inside the revision's transaction, so a reader sees them with the revision they
   * describe. Called only when the revision changed something; `shapeChanged` as in
   * CommitResult.
   */
  derive?: (graph: GraphReader, rev: number, shapeChanged: boolean) => Promise<Record<string, string>>;
  /** Written on the revision's row; a promise is awaited only once the edges are written (a git run in the background). */
  origin?: RevisionOrigin | Promise<RevisionOrigin>;
  /** Revisions to keep: older ones, with their patches and changes, are dropped in the same transaction. */
  keep?: number;
}

export interface RevisionInput extends RevisionRest {
  /** Added or modified files: their nodes are replaced in full. Read once, in order, before any edge. */
  changed: Iterable<FileChange>;
  /** Same hash, new size/mtime: the row is updated; on their own they make no revision. */
  touched: FileRow[];
}

export interface CommitResult {
  rev: number;
  patches: number;
  /** Edges and unresolved sites left out because an endpoint id is not in the graph. */
  droppedEdges: number;
  /**
   * Whether the graph's shape may have changed: nodes came, went or changed kind, name, export
   * or parent, or edges or unresolved sites came or went. False when only lines moved (an edit
   * inside bodies), so what is derived from the shape carries over.
   */
  shapeChanged: boolean;
  /**
   * Whether the file-level graph (fileGraph().links, the file set) may differ from the previous
   * revision's: false after an edit inside bodies that moved no edge between two files.
   */
  fileGraphChanged: boolean;
}

/**
 * One revision being written. Readers see none of it until finish() commits; abort(), or the
 * process dying, leaves the previous revision whole. The store's own reads see the revision as
 * written so far.
 */
export interface RevisionWriter {
  /** Same content, new size or mtime: the row is updated; on its own it makes no revision. */
  touch(row: FileRow): Promise<void>;
  /** An added or modified file: its row, facts and nodes replace the old ones. */
  change(change: FileChange): Promise<void>;
  /**
   * A file's facts as this revision holds them. Synchronous: the resolver is a synchronous walk
   * over facts that asks for another file's facts wherever it meets one.
   */
  factsNow(path: string): FileFacts | undefined;
  finish(rest: RevisionRest): Promise<CommitResult>;
  abort(): Promise<void>;
}

/** A store a map writes to. */
export interface GraphStore extends GraphReader {
  setMeta(key: string, value: string): Promise<void>;
  /** Keeps the stamp list of a graph written before it was kept, so the next map reads one value. */
  keepStampList(): Promise<void>;
  begin(): Promise<RevisionWriter>;
  /** A whole revision at once. */
  commit(input: RevisionInput): Promise<CommitResult>;
  /** Replaces the architecture map and writes `meta` with it, in one transaction of its own. */
  writeRegions(hierarchy: Hierarchy, meta: Record<string, string>): Promise<void>;
}

/**
 * schema_mismatch: another ix version's graph; store_unavailable: the graph cannot be opened;
 * store_busy: another process held the graph past every wait (a transient state, not damage).
 */
export type StoreErrorCode = "schema_mismatch" | "store_unavailable" | "store_busy";

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "StoreError";
  }
}
