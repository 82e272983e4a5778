// callers, callees, imports, imported-by: the edge rows, each with where the other end is
// defined (path, lines) and where the edge itself is on disk now (site, also, snippet).
import { countFrom, countInto, edgesFrom, edgesInto, fileNode, unresolvedFrom, unresolvedUses, type EdgeRow, type NodeRow } from "../graph/queries";
import { findSiteInLines, recordedCallSite, type Site } from "../sites";
import type { Fields } from "../wire/record";
import type { Session } from "./session";

export type Relation = "callers" | "callees" | "imports" | "imported-by";

export interface RefRow {
  node: NodeRow;
  edge: EdgeRow;
  site?: Site & { path: string };
  stale: boolean;
}

export interface EdgeAnswer {
  target: NodeRow;
  rows: RefRow[];
  total: number;
  /** callers: unresolved call sites using the target's name; callees: unresolved calls inside it. */
  unresolved: number;
}

const DIRECT = new Set(["local", "import", "this", "self", "package", "namespace", "constructor"]);
const LANGS = new Set(["typescript", "tsx", "javascript", "python", "go"]);

function langOf(node: NodeRow): "typescript" | "tsx" | "javascript" | "python" | "go" {
  return (LANGS.has(node.lang ?? "") ? node.lang : "typescript") as "typescript";
}

/** The file a relation is about: a file target is itself; a symbol's file otherwise. */
export function fileOf(session: Session, node: NodeRow): NodeRow {
  return node.kind === "file" ? node : (fileNode(session.store, node.path) ?? node);
}

/** The first `limit` edges of the relation, in path order, and how many there are in all. */
function edgesFor(session: Session, relation: Relation, target: NodeRow, limit: number): { edges: EdgeRow[]; total: number } {
  const { store } = session;
  const incoming = relation === "callers" || relation === "imported-by";
  const kinds = relation === "callers" || relation === "callees" ? ["CALLS"] : ["IMPORTS"];
  const node = kinds[0] === "IMPORTS" ? fileOf(session, target) : target;
  return incoming
    ? { edges: edgesInto(store, node.rowid, kinds, limit), total: countInto(store, node.rowid, kinds) }
    : { edges: edgesFrom(store, node.rowid, kinds, limit), total: countFrom(store, node.rowid, kinds) };
}

function siteOf(session: Session, relation: Relation, target: NodeRow, edge: EdgeRow): (Site & { path: string }) | undefined {
  const other = edge.node;
  // Where the edge sits: in the caller (callers), in the target (callees), in the importing file.
  const holder = relation === "callers" || relation === "imported-by" ? other : target;
  const named = relation === "callers" ? target : other;
  const lines = session.files.lines(holder.path);
  if (!lines) return undefined;
  const importing = relation === "imports" || relation === "imported-by";
  const recorded = !importing && !session.files.stale(holder.path) ? recordedCallSite(lines, named.name, edge.lines, langOf(holder)) : undefined;
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
    lang: langOf(holder),
  });
  if (site) return { ...site, path: holder.path };
  // The graph's own line is still the best answer when the file did not change.
  const line = edge.lines[0];
  if (line !== undefined && !session.files.stale(holder.path) && lines[line - 1] !== undefined) {
    return { line, also: edge.lines.slice(1, 5), snippet: (lines[line - 1] as string).trim().slice(0, 200), path: holder.path };
  }
  return undefined;
}

export function edgeAnswer(session: Session, relation: Relation, target: NodeRow, limit: number): EdgeAnswer {
  const { edges: shown, total } = edgesFor(session, relation, target, limit);
  const rows = shown.map((edge) => {
    const site = siteOf(session, relation, target, edge);
    return { node: edge.node, edge, site, stale: site ? session.files.stale(site.path) : false };
  });
  const unresolved =
    relation === "callers" ? unresolvedUses(session.store, target.name) : relation === "callees" ? unresolvedFrom(session.store, target.rowid).length : 0;
  return { target, rows, total, unresolved };
}

/** A row's fields; `withId` when another row shares its name, kind and path. */
export function refFields(row: RefRow, withId: boolean): { fields: Fields; optional: Fields } {
  const { node, edge, site } = row;
  const indirect = edge.via !== null && !DIRECT.has(edge.via);
  const fields: Fields = {
    name: node.kind === "file" ? node.path.slice(node.path.lastIndexOf("/") + 1) : node.name,
    kind: node.kind,
    path: node.path,
    lines: node.kind === "file" ? undefined : `${node.startLine}-${node.endLine}`,
    site: site ? `${site.path}:${site.line}` : undefined,
    also: site?.also.length ? site.also : undefined,
    snippet: site?.snippet,
    via: indirect ? (edge.via ?? undefined) : undefined,
    confidence: indirect || (edge.confidence !== null && edge.confidence < 1) ? (edge.confidence ?? undefined) : undefined,
    stale: row.stale || undefined,
    id: withId ? node.id : undefined,
  };
  return { fields, optional: { id: node.id, via: edge.via ?? undefined, confidence: edge.confidence ?? undefined, signature: node.signature, role: node.role } };
}

/** Rows that would read the same (name, kind, path) need their ids to be told apart. */
export function needsId(rows: RefRow[]): Set<RefRow> {
  const seen = new Map<string, RefRow[]>();
  for (const row of rows) {
    const key = `${row.node.name}\0${row.node.kind}\0${row.node.path}`;
    seen.set(key, [...(seen.get(key) ?? []), row]);
  }
  return new Set([...seen.values()].filter((group) => group.length > 1).flat());
}
