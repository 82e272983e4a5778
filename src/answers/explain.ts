// ix explain: what an entity is, what it is for (its role), how much rests on it (its
// importance), where it sits in the architecture map, and the first rows worth opening. The
// counts are the ones entity, callers and rank give (answers/usage, GraphReader.countInto),
// so two answers about one entity never disagree. On a graph that lost its structure, or an
// entity that lost its file, what would be read off missing edges is withheld (spec: "Graph
// health"): the rules never run on zeros that mean "unknown".
import { declaresEntryPoint, isEntryPoint, isPackageIndex, mayDeclareEntryPoint } from "../lang/registry";
import type { EdgeKind } from "../model/edges";
import { TEST_ROLES } from "../model/roles";
import type { GraphEdge, GraphNode, Region } from "../store";
import { importanceOf, roleOf, type ExplainFacts, type Importance, type RoleName, type Verdict } from "./explain-rules";
import { targetHealth, type HealthVerdict } from "./health";
import { mapComplete } from "../ingest/regions";
import { roleOf as fileRoleOf } from "../ingest/roles";
import { storedPackageEntries } from "../smells/package-entries";
import { chainTo, pathLabels } from "./regions";
import type { Session } from "./session";
import { callerCounts, callerEdges, importersOfEntity } from "./usage";
import { claimsOf, type Claim } from "./claims";
import { conflictsAmong, type Conflict } from "./conflicts";

/** Every edge that makes its source depend on its target, one per source and kind: what rank's dependents count. */
export const DEPENDENT_KINDS: readonly EdgeKind[] = ["CALLS", "REFERENCES", "IMPORTS", "EXTENDS", "IMPLEMENTS"];
/** How far downstream (through calls) explain looks, and how many entities it counts there at most. */
export const DOWNSTREAM_DEPTH = 2;
export const DOWNSTREAM_CAP = 500;
/** Rows of each kind shown under the counts. */
export const TOP_ROWS = 3;

const CALLABLE = new Set(["function", "method"]);

export interface Location {
  /** The innermost subsystem holding its file, and the module (the map's smallest region). */
  subsystem?: Region;
  module?: Region;
  systemPath: string[];
  /** The map matches the graph's revision. */
  current: boolean;
}

export interface ExplainAnswer {
  node: GraphNode;
  rev: number;
  stale: boolean;
  /** The graph's verdict for this entity; anything but ok withholds role, importance and zeros. */
  health: HealthVerdict;
  facts: ExplainFacts;
  role?: Verdict<RoleName>;
  importance?: Importance;
  container?: GraphNode;
  location?: Location;
  depth: number;
  /** Revisions that changed its file. */
  history: number;
  /** Whether `downstream` stopped at DOWNSTREAM_CAP. */
  downstreamCut: boolean;
  topCallers: GraphEdge[];
  /** Edges into it that are no calls: importers, subtypes, type annotations. */
  topDependents: GraphEdge[];
  /** Members ranked by their uses from outside tests, most used first. */
  topMembers: { node: GraphNode; uses: number }[];
  usedBy: { files: number; tests: number };
  /** What its doc comment states, in claimsOfDoc's order (none for a file or an undocumented entity). */
  claims: Claim[];
  /** Those claims the code contradicts. */
  conflicts: Conflict[];
}

export async function explainAnswer(session: Session, node: GraphNode): Promise<ExplainAnswer> {
  const { graph } = session;
  const file = node.kind === "file";
  const health = await targetHealth(graph, node);
  const uses = await callerCounts(session, node);
  const byFile = await graph.usesByFile(node.id);
  const calleeEdges = await graph.edgesFrom(node.id, ["CALLS"]);
  const members = await graph.children(node.id);
  const fileNode = file ? node : await graph.fileNode(node.path);
  // Paths and names only: a hub file's 300 importers read whole cost ~15 ms.
  const fileImports = fileNode ? await graph.importNamesInto(fileNode.id) : [];
  const importers = file ? fileImports : await importersOfEntity(session, node, fileImports);
  const entries = await storedPackageEntries(graph);
  const packageEntry = (path: string) => isPackageIndex(path) || entries.has(path);
  const containers = file ? [] : await graph.edgesInto(node.id, ["CONTAINS"]);
  const container = containers.find((e) => e.node.kind !== "file")?.node;
  const { downstream, cut } = await downstreamOf(session, node, calleeEdges);
  const facts: ExplainFacts = {
    kind: node.kind,
    name: node.name,
    exported: node.exported,
    fileRole: node.role,
    callers: uses.callers,
    testCallers: byFile.filter((f) => TEST_ROLES.has(f.role)).reduce((sum, f) => sum + f.uses, 0),
    callerFiles: byFile.filter((f) => f.path !== node.path).length,
    unresolved: uses.unresolved,
    typeReferences: uses.typeReferences,
    callees: calleeEdges.length,
    calleeFiles: new Set(calleeEdges.map((e) => e.node.path).filter((p) => p !== node.path)).size,
    members: members.length,
    methods: members.filter((m) => CALLABLE.has(m.kind)).length,
    importers: importers.length,
    dependents: await graph.countInto(node.id, DEPENDENT_KINDS),
    downstream,
    subtypes: await graph.countInto(node.id, ["EXTENDS", "IMPLEMENTS"]),
    bases: await graph.countFrom(node.id, ["EXTENDS", "IMPLEMENTS"]),
    entryFile: !file && !container && (isEntryPoint(node.path) || (await declaredEntry(session, node.path))),
    local: container !== undefined && CALLABLE.has(container.kind),
    // A package's entry (an index, or a file its manifest names: exports, main, bin), not every
    // exported name: a language whose every module is importable (exportsArePublic) would make
    // each of its top-level functions API and hide how it is used.
    packageApi: !file && node.exported && !container && (packageEntry(node.path) || importers.some((imp) => packageEntry(imp.path))),
  };
  const whole = health.health === "ok";
  return {
    node,
    rev: await graph.rev(),
    stale: await session.files.stale(node.path),
    health,
    facts,
    role: whole ? roleOf(facts) : undefined,
    importance: whole ? importanceOf(facts) : undefined,
    container,
    location: await locationOf(session, node.path),
    depth: DOWNSTREAM_DEPTH,
    history: await graph.historyOf(node.path),
    downstreamCut: cut,
    topCallers: await callerEdges(session, node, TOP_ROWS),
    topDependents: await dependentRows(session, node),
    topMembers: await rankedMembers(session, node, members),
    usedBy: file ? importingFiles(node.path, importers) : { files: byFile.length, tests: byFile.filter((f) => TEST_ROLES.has(f.role)).length },
    claims: (await claimsOf(graph, [node])).get(node.id) ?? [],
    conflicts: file ? [] : await conflictsAmong(session, [node]),
  };
}

/** A file is used by the files importing it: no caller names a file. */
function importingFiles(self: string, importers: readonly { path: string }[]): { files: number; tests: number } {
  const paths = [...new Set(importers.map((imp) => imp.path))].filter((path) => path !== self);
  return { files: paths.length, tests: paths.filter((path) => TEST_ROLES.has(fileRoleOf(path))).length };
}

async function declaredEntry(session: Session, path: string): Promise<boolean> {
  if (!mayDeclareEntryPoint(path)) return false;
  const facts = await session.graph.facts(path);
  return facts !== undefined && declaresEntryPoint(facts);
}

/** Distinct entities reached through calls within DOWNSTREAM_DEPTH hops, at most DOWNSTREAM_CAP. */
async function downstreamOf(session: Session, node: GraphNode, first: GraphEdge[]): Promise<{ downstream: number; cut: boolean }> {
  const seen = new Set<string>([node.id]);
  let frontier = first.map((e) => e.node);
  for (let hop = 1; hop <= DOWNSTREAM_DEPTH && frontier.length > 0; hop++) {
    const next: GraphNode[] = [];
    for (const callee of frontier) {
      if (seen.has(callee.id)) continue;
      seen.add(callee.id);
      if (seen.size > DOWNSTREAM_CAP) return { downstream: DOWNSTREAM_CAP, cut: true };
      if (hop < DOWNSTREAM_DEPTH) for (const e of await session.graph.edgesFrom(callee.id, ["CALLS"])) next.push(e.node);
    }
    frontier = next;
  }
  return { downstream: seen.size - 1, cut: false };
}

/** The first few edges into it that are not calls: a file's importers, a type's subtypes and annotations. */
async function dependentRows(session: Session, node: GraphNode): Promise<GraphEdge[]> {
  if (node.kind === "file") return session.graph.edgesInto(node.id, ["IMPORTS"], TOP_ROWS);
  const edges = await session.graph.edgesInto(node.id, ["EXTENDS", "IMPLEMENTS", "REFERENCES"], 4 * TOP_ROWS);
  return edges.filter((e) => !e.asValue).slice(0, TOP_ROWS);
}

async function rankedMembers(session: Session, node: GraphNode, members: GraphNode[]): Promise<{ node: GraphNode; uses: number }[]> {
  if (members.length === 0) return [];
  const counts = await session.graph.countIntoMembers(node.id, ["CALLS", "REFERENCES"], [...TEST_ROLES]);
  return members
    .map((m) => ({ node: m, uses: counts.get(m.id)?.total ?? 0, outside: counts.get(m.id)?.outside ?? 0 }))
    .sort((a, b) => b.outside - a.outside || b.uses - a.uses)
    .slice(0, TOP_ROWS)
    .map(({ node, uses }) => ({ node, uses }));
}

async function locationOf(session: Session, path: string): Promise<Location | undefined> {
  const file = await session.graph.regionOfFile(path);
  if (!file) return undefined;
  const chain = await chainTo(session, file.region);
  if (chain.length === 0) return undefined;
  return {
    module: chain.findLast((r) => r.kind === "module"),
    subsystem: chain.findLast((r) => r.kind === "subsystem"),
    systemPath: pathLabels(chain),
    current: await mapComplete(session.graph),
  };
}
