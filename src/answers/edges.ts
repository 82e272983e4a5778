// callers, callees, imports, imported-by: the edge rows, each with where the other end is
// defined (path, lines) and where the edge itself is on disk now (site, also, snippet).
import { siteSyntaxOf } from "../lang/registry";
import type { EdgeKind } from "../model/edges";
import type { GraphEdge, GraphNode } from "../store";
import { findSiteInLines, recordedCallSite, type Site } from "../sites";
import type { Session } from "./session";

export type Relation = "callers" | "callees" | "imports" | "imported-by";

export interface RefRow {
  node: GraphNode;
  edge: GraphEdge;
  site?: Site & { path: string };
  stale: boolean;
}

export interface EdgeAnswer {
  target: GraphNode;
  rows: RefRow[];
  total: number;
  /** callers: unresolved call sites using the target's name; callees: unresolved calls inside it. */
  unresolved: number;
}

/** The file a relation is about: a file target is itself; a symbol's file otherwise. */
async function fileOf(session: Session, node: GraphNode): Promise<GraphNode> {
  return node.kind === "file" ? node : ((await session.graph.fileNode(node.path)) ?? node);
}

/** The first `limit` edges of the relation, in path order, and how many there are in all. */
async function edgesFor(session: Session, relation: Relation, target: GraphNode, limit: number): Promise<{ edges: GraphEdge[]; total: number }> {
  const { graph } = session;
  const incoming = relation === "callers" || relation === "imported-by";
  const kinds: EdgeKind[] = relation === "callers" || relation === "callees" ? ["CALLS"] : ["IMPORTS"];
  const node = kinds[0] === "IMPORTS" ? await fileOf(session, target) : target;
  return incoming
    ? { edges: await graph.edgesInto(node.id, kinds, limit), total: await graph.countInto(node.id, kinds) }
    : { edges: await graph.edgesFrom(node.id, kinds, limit), total: await graph.countFrom(node.id, kinds) };
}

async function siteOf(session: Session, relation: Relation, target: GraphNode, edge: GraphEdge): Promise<(Site & { path: string }) | undefined> {
  const other = edge.node;
  // Where the edge sits: in the caller (callers), in the target (callees), in the importing file.
  const holder = relation === "callers" || relation === "imported-by" ? other : target;
  const named = relation === "callers" ? target : other;
  const lines = session.files.lines(holder.path);
  if (!lines) return undefined;
  const importing = relation === "imports" || relation === "imported-by";
  const stale = await session.files.stale(holder.path);
  const recorded = !importing && !stale ? recordedCallSite(lines, named.name, edge.lines, siteSyntaxOf(holder.lang)) : undefined;
  if (recorded) return { ...recorded, path: holder.path };
  const site = findSiteInLines(lines, {
    text: undefined,
    name: importing ? (edge.names.find((n) => n !== "*" && n !== "default") ?? named.name.replace(/\.[^.]+$/, "")) : named.name,
    scope:
      holder.kind === "file"
        ? null
        : { name: holder.name, kind: holder.kind, startLine: holder.startLine, endLine: holder.endLine, signature: holder.signature || undefined },
    hintLines: edge.lines,
    mode: importing ? "import" : "call",
    syntax: siteSyntaxOf(holder.lang),
  });
  if (site) return { ...site, path: holder.path };
  // The graph's own line is still the best answer when the file did not change.
  const line = edge.lines[0];
  if (line !== undefined && !stale && lines[line - 1] !== undefined) {
    return { line, also: edge.lines.slice(1, 5), more: Math.max(0, edge.lines.length - 5), snippet: (lines[line - 1] as string).trim().slice(0, 200), path: holder.path };
  }
  return undefined;
}

export async function edgeAnswer(session: Session, relation: Relation, target: GraphNode, limit: number): Promise<EdgeAnswer> {
  const { edges: shown, total } = await edgesFor(session, relation, target, limit);
  const rows: RefRow[] = [];
  for (const edge of shown) {
    const site = await siteOf(session, relation, target, edge);
    rows.push({ node: edge.node, edge, site, stale: site ? await session.files.stale(site.path) : false });
  }
  const unresolved =
    relation === "callers"
      ? await session.graph.unresolvedUses(target.name)
      : relation === "callees"
        ? (await session.graph.unresolvedFrom(target.id)).length
        : 0;
  return { target, rows, total, unresolved };
}
