// callers, callees, imports, imported-by: the edge rows, each with where the other end is
// defined (path, lines) and where the edge itself is on disk now (site, also, snippet).
import type { EdgeKind } from "../model/edges";
import type { GraphEdge, GraphNode } from "../store";
import { edgeSite, type SiteAt } from "./edge-site";
import { importMissRows, importMisses, type ImportMissRow } from "./import-misses";
import type { Session } from "./session";
import { callsThroughTypes, type ThroughType } from "./through-types";
import { callerCounts, callerEdges, type CallerCounts } from "./usage";

export type Relation = "callers" | "callees" | "imports" | "imported-by";

export interface RefRow {
  node: GraphNode;
  edge: GraphEdge;
  site?: SiteAt;
  stale: boolean;
}

export interface EdgeAnswer {
  target: GraphNode;
  rows: RefRow[];
  total: number;
  /** callers: unresolved call sites and hand-overs using the target's name; callees: unresolved calls inside it. */
  unresolved: number;
  /** callers: how many of `total` hand the target over by name rather than call it, and the type references that are no callers. */
  callers?: CallerCounts;
  /** callers of a class's method: the interface members it implements, whose calls may run it. */
  through?: ThroughType[];
  /**
   * imports: the file's imports that reached no file of the graph, counted in `total`; the ones
   * the limit leaves room for are rows after `rows`.
   */
  misses?: { rows: ImportMissRow[]; unresolved: number; external: number };
}

/** The file a relation is about: a file target is itself; a symbol's file otherwise. */
async function fileOf(session: Session, node: GraphNode): Promise<GraphNode> {
  return node.kind === "file" ? node : ((await session.graph.fileNode(node.path)) ?? node);
}

/** The first `limit` edges of the relation, in path order, and how many there are in all; callers as answers/usage counts them. */
async function edgesFor(
  session: Session,
  relation: Relation,
  target: GraphNode,
  limit: number,
): Promise<{ edges: GraphEdge[]; total: number; callers?: CallerCounts }> {
  const { graph } = session;
  if (relation === "callers") {
    const callers = await callerCounts(session, target);
    return { edges: await callerEdges(session, target, limit), total: callers.callers, callers };
  }
  const incoming = relation === "imported-by";
  const kinds: EdgeKind[] = relation === "callees" ? ["CALLS"] : ["IMPORTS"];
  const node = kinds[0] === "IMPORTS" ? await fileOf(session, target) : target;
  return incoming
    ? { edges: await graph.edgesInto(node.id, kinds, limit), total: await graph.countInto(node.id, kinds) }
    : { edges: await graph.edgesFrom(node.id, kinds, limit), total: await graph.countFrom(node.id, kinds) };
}

/** Where the edge sits: in the caller (callers), in the target (callees), in the importing file. */
function siteOf(session: Session, relation: Relation, target: GraphNode, edge: GraphEdge): Promise<SiteAt | undefined> {
  const other = edge.node;
  const holder = relation === "callers" || relation === "imported-by" ? other : target;
  const named = relation === "callers" ? target : other;
  if (relation === "callers" || relation === "callees") return edgeSite(session, holder, named.name, edge.lines, "call");
  const imported = edge.names.find((n) => n !== "*" && n !== "default") ?? named.name.replace(/\.[^.]+$/, "");
  return edgeSite(session, holder, imported, edge.lines, "import");
}

export async function edgeAnswer(session: Session, relation: Relation, target: GraphNode, limit: number): Promise<EdgeAnswer> {
  const { edges: shown, total, callers } = await edgesFor(session, relation, target, limit);
  const rows: RefRow[] = [];
  for (const edge of shown) {
    const site = await siteOf(session, relation, target, edge);
    rows.push({ node: edge.node, edge, site, stale: site ? await session.files.stale(site.path) : false });
  }
  const unresolved = callers ? callers.unresolved : relation === "callees" ? (await session.graph.unresolvedFrom(target.id)).length : 0;
  const through = relation === "callers" ? await callsThroughTypes(session, target) : undefined;
  if (relation !== "imports") return { target, rows, total, unresolved, callers, through };
  // Every import the file makes is listed: one that found no file is no less an import.
  const file = await fileOf(session, target);
  const all = await importMisses(session, file);
  const shownMisses = await importMissRows(session, file, all.slice(0, Math.max(0, limit - rows.length)));
  const misses = { rows: shownMisses, unresolved: all.filter((m) => m.kind === "unresolved").length, external: all.filter((m) => m.kind === "external").length };
  return { target, rows, total: total + all.length, unresolved: misses.unresolved, misses };
}
