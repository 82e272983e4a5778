// Where an edge is on disk now, for every answer that shows one (callers, callees, imports,
// imported-by, around): in the file of the node that holds it (the caller, the importing file).
// A file unchanged since the map shows the lines the graph recorded; an edited one is searched
// in the holder's span re-anchored, without the scopes nested in it, whose calls are theirs.
import { siteSyntaxOf } from "../lang/registry";
import { findSiteInLines, recordedCallSite, type Scope, type Site } from "../sites";
import type { GraphNode } from "../store";
import type { Session } from "./session";

export type SiteAt = Site & { path: string };

/** The kinds a call inside one belongs to (model/facts.ts, CallFact.from). */
const OWNS_CALLS = new Set(["function", "method", "class"]);

/**
 * The site in `holder` of a use of `name`: a call (or a bare use) of a callee, or an import of
 * a name or module. `recorded` are the lines the graph recorded for the edge.
 */
export async function edgeSite(
  session: Session,
  holder: GraphNode,
  name: string,
  recorded: readonly number[],
  mode: "call" | "import",
): Promise<SiteAt | undefined> {
  const lines = session.files.lines(holder.path);
  if (!lines) return undefined;
  const syntax = siteSyntaxOf(holder.lang);
  const stale = await session.files.stale(holder.path);
  const at = (site: Site): SiteAt => ({ ...site, path: holder.path });
  const unchanged = mode === "call" && !stale ? recordedCallSite(lines, name, recorded, syntax) : undefined;
  if (unchanged) return at(unchanged);
  const site = findSiteInLines(lines, {
    name,
    scope: scopeOf(holder),
    nested: mode === "call" ? await nestedScopes(session, holder) : undefined,
    hintLines: [...recorded],
    mode,
    syntax,
  });
  if (site) return at(site);
  // The graph's own line is still the best answer when the file did not change.
  const line = recorded[0];
  if (line === undefined || stale || lines[line - 1] === undefined) return undefined;
  return at({ line, also: recorded.slice(1, 5), more: Math.max(0, recorded.length - 5), snippet: lines[line - 1]!.trim().slice(0, 200) });
}

/** A node's span as the graph recorded it; the qualified name lets the owner tell two apart. */
function scopeOf(node: GraphNode): Scope {
  return { name: node.kind === "file" ? node.name : node.qname, kind: node.kind, startLine: node.startLine, endLine: node.endLine, signature: node.signature || undefined };
}

/** Per question: callees ask about one holder once per row. */
const nestedOf = new WeakMap<Session, Map<string, Promise<Scope[]>>>();

/** The scopes inside `holder` that own their calls; a namespace or an interface is looked into. */
function nestedScopes(session: Session, holder: GraphNode): Promise<Scope[]> {
  let known = nestedOf.get(session);
  if (!known) nestedOf.set(session, (known = new Map()));
  let scopes = known.get(holder.id);
  if (!scopes) known.set(holder.id, (scopes = scopesInside(session, holder)));
  return scopes;
}

async function scopesInside(session: Session, holder: GraphNode): Promise<Scope[]> {
  const scopes: Scope[] = [];
  const pending = await session.graph.children(holder.id);
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (OWNS_CALLS.has(node.kind)) scopes.push(scopeOf(node));
    else pending.push(...(await session.graph.children(node.id)));
  }
  return scopes;
}
