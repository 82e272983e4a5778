// Who uses an entity, defined once for every answer that counts it (entity, callers, around):
// before, each command counted in its own way, and one interface had 22 callers in around and
// none in entity or callers.
//
// - callers: the entities that call it or hand it over by name (a function passed as an
//   argument, assigned, returned, put in an object or array): a hand-over is a use as surely
//   as a call, and without it a callback reads as dead code. Counted as calls + references.
//   A type named in an annotation is no caller: typeReferences counts those apart.
// - unresolved: call sites and hand-overs using its name that no evidence bound, so the true
//   number of callers may be higher by as many.
// - tests: the test files that exercise it: that hold a caller of it, a caller of one of its
//   callers, or import it and use it.
// - users: the other files that use it without holding a caller of it: that name it as a type,
//   or import it, name it in the import and use it on disk (a use the resolver could not bind).
import { importsNameNoEntity, siteSyntaxOf } from "../lang/registry";
import { TEST_ROLES } from "../model/roles";
import { findSiteInLines } from "../sites";
import type { GraphEdge, GraphNode } from "../store";
import type { SiteAt } from "./edge-site";
import type { Session } from "./session";

export interface CallerCounts {
  /** calls + references. */
  callers: number;
  calls: number;
  /** Hand-overs by name. */
  references: number;
  /** Annotations naming it as a type: not callers. */
  typeReferences: number;
  /** Unresolved sites using its name (files: none). */
  unresolved: number;
}

export async function callerCounts(session: Session, node: GraphNode): Promise<CallerCounts> {
  const uses = await session.graph.countUses(node.id);
  const unresolved = node.kind === "file" ? 0 : await session.graph.unresolvedUses(node.name);
  return { callers: uses.calls + uses.references, calls: uses.calls, references: uses.references, typeReferences: uses.typeReferences, unresolved };
}

/**
 * Which of the imports into an entity's file import the entity: those naming it, or taking
 * its whole module when it is exported. Where an import names no entity (a Go package's), a
 * file importing the module imports the entity only where it uses it: calls it, hands it over
 * or names it as a type; otherwise every importer of a package counted for each of its names.
 */
export async function importersOfEntity<T extends { path: string; names: readonly string[] }>(session: Session, node: GraphNode, imports: readonly T[]): Promise<T[]> {
  if (!importsNameNoEntity(node.lang)) return imports.filter((imp) => imp.names.includes(node.name) || (node.exported && imp.names.includes("*")));
  if (imports.length === 0) return [];
  const using = new Set((await session.graph.edgesInto(node.id, ["CALLS", "REFERENCES"])).map((edge) => edge.node.path));
  return imports.filter((imp) => using.has(imp.path));
}

/** The edges of its callers, in path order: calls and hand-overs (`edge.asValue`). */
export function callerEdges(session: Session, node: GraphNode, limit = -1): Promise<GraphEdge[]> {
  return session.graph.usesInto(node.id, limit);
}

/**
 * Where a test or a user uses the entity: an edge of the graph, held by `edge.node` and naming
 * `named` (the entity, or the caller of it a test reaches it through), whose site is looked for
 * when it is shown; or a use already found on disk.
 */
export type Use = { edge: GraphEdge; named: GraphNode; via?: string; site?: undefined } | { site: SiteAt; edge?: undefined };

export interface Dependents extends CallerCounts {
  users: number;
  tests: number;
  /** Callers outside test files (those in test files are among `testUses`). */
  callerRows: GraphEdge[];
  /** One per test file. */
  testUses: Use[];
  /** One per file. */
  userRows: Use[];
}

/** Tests reached through a caller are looked for among this many callers (hubs have thousands). */
const VIA_CALLERS = 50;

/**
 * Callers, users and tests of `node`, whose file `importers` import. The counts of tests and
 * users are floors on a hub: tests through callers are looked for among its first callers only.
 */
export async function dependentsOf(session: Session, node: GraphNode, importers: readonly GraphEdge[]): Promise<Dependents> {
  const counts = await callerCounts(session, node);
  const edges = await callerEdges(session, node);
  const callerRows: GraphEdge[] = [];
  const testUses: Use[] = [];
  /** Files already counted: a file is a test or a user once. */
  const seen = new Set<string>();
  for (const edge of edges) {
    if (!TEST_ROLES.has(edge.node.role)) continue;
    if (!seen.has(edge.node.path)) testUses.push({ edge, named: node });
    seen.add(edge.node.path);
  }
  let viaChecked = 0;
  for (const edge of edges) {
    if (TEST_ROLES.has(edge.node.role)) continue;
    callerRows.push(edge);
    seen.add(edge.node.path);
  }
  for (const edge of callerRows) {
    // A test that exercises this symbol through one of its callers.
    if (viaChecked++ >= VIA_CALLERS) break;
    for (const viaEdge of await callerEdges(session, edge.node)) {
      if (!TEST_ROLES.has(viaEdge.node.role) || seen.has(viaEdge.node.path)) continue;
      seen.add(viaEdge.node.path);
      testUses.push({ edge: viaEdge, named: edge.node, via: edge.node.name });
    }
  }
  const userRows: Use[] = [];
  for (const edge of await session.graph.edgesInto(node.id, ["REFERENCES"])) {
    if (edge.asValue || seen.has(edge.node.path) || edge.node.path === node.path) continue;
    seen.add(edge.node.path);
    (TEST_ROLES.has(edge.node.role) ? testUses : userRows).push({ edge, named: node });
  }
  const named = await importersOfEntity(session, node, importers.map((edge) => ({ edge, path: edge.node.path, names: edge.names })));
  for (const { edge: imp } of named) {
    if (seen.has(imp.node.path)) continue;
    const site = useIn(session, imp.node.path, node.name, imp.node.lang);
    if (!site) continue;
    seen.add(imp.node.path);
    (TEST_ROLES.has(imp.node.role) ? testUses : userRows).push({ site });
  }
  return { ...counts, users: userRows.length, tests: testUses.length, callerRows, testUses, userRows };
}

/** First use of `name` in an importing file outside its import lines. */
function useIn(session: Session, path: string, name: string, lang: string | null): SiteAt | undefined {
  const lines = session.files.lines(path);
  if (!lines) return undefined;
  const site = findSiteInLines(lines, {
    text: undefined,
    name,
    scope: null,
    hintLines: [],
    mode: "call",
    syntax: siteSyntaxOf(lang),
  });
  // The site finder already skips import lines, comments and strings, and takes a bare use
  // (a function handed over by name) when there is no call.
  return site && { ...site, path };
}
