// ix around <path>[:<line>]: the dependents of the code at a location, sized to a token
// budget. Callers come from the graph; users (files that import the symbol and use it — also
// when it is handed over by name, which no edge records) and tests are found on disk.
import { siteSyntaxOf } from "../lang/registry";
import { TEST_ROLES } from "../model/roles";
import { findSiteInLines } from "../sites";
import type { GraphEdge, GraphNode } from "../store";
import { edgeSite, type SiteAt } from "./edge-site";
import type { Session } from "./session";

/** A row's fields, in the order a surface shows them; its site comes after them. */
export type AroundFields = Record<string, string | number | undefined>;

/** What a row costs in the answer, in tokens: the surface that shows the rows knows. */
export type RowCost = (row: AroundRow) => number;

export interface AroundRow {
  kind: "caller" | "user" | "test" | "importer";
  fields: AroundFields;
  site?: SiteAt;
}

/** A row not yet shown: its site is looked for only if the budget gets to it. */
interface Candidate {
  kind: AroundRow["kind"];
  fields: AroundFields;
  /** An edge's site: the use of `name` in `holder` (the caller), at the lines the graph recorded. */
  edge?: { holder: GraphNode; name: string; lines: readonly number[] };
  /** A site already found on disk (a user's use). */
  site?: SiteAt;
  /** With several symbols, the one the row belongs to. */
  of?: string;
}

/** The candidate row for an edge into `named` held by the node at its other end. */
function edgeRow(kind: "caller" | "test", fields: AroundFields, edge: GraphEdge, named: GraphNode, of: string | undefined): Candidate {
  return { kind, fields, edge: { holder: edge.node, name: named.name, lines: edge.lines }, of };
}

export interface AroundSymbol {
  node: GraphNode;
  callers: number;
  users: number;
  tests: number;
}

export interface AroundAnswer {
  file: GraphNode;
  line?: number;
  symbols: AroundSymbol[];
  /** Without a line: how many top-level symbols the file has, of which `symbols` are shown. */
  symbolsTotal?: number;
  rows: AroundRow[];
  importers: { total: number; tests: number; shown: number };
}

const MAX_SYMBOLS = 5;
/** Tests reached through a caller are looked for among this many callers (hubs have thousands). */
const VIA_CALLERS = 50;
const CALLER_EDGES = ["CALLS", "REFERENCES"] as const;

/**
 * The symbol at the line; without one, the file's top-level symbols most used, since position
 * says nothing of what depends on the file: callers from other files first, then callers from
 * anywhere, then the exported ones, then position.
 */
async function symbolsAt(session: Session, file: GraphNode, line: number | undefined): Promise<{ symbols: GraphNode[]; total?: number }> {
  if (line !== undefined) {
    const inner = await session.graph.innermostAt(file.path, line);
    if (inner) return { symbols: [inner] };
  }
  const top = await session.graph.children(file.id);
  const uses = await session.graph.countIntoMembers(file.id, CALLER_EDGES, [...TEST_ROLES]);
  const use = (node: GraphNode) => uses.get(node.id) ?? { total: 0, outside: 0 };
  const ranked = top
    .map((node, at) => ({ node, at, ...use(node) }))
    .sort((a, b) => b.outside - a.outside || b.total - a.total || Number(b.node.exported) - Number(a.node.exported) || a.at - b.at);
  return { symbols: ranked.slice(0, MAX_SYMBOLS).map((r) => r.node), total: top.length };
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

export async function around(session: Session, file: GraphNode, line: number | undefined, budgetTokens: number, cost: RowCost): Promise<AroundAnswer> {
  const { symbols, total: symbolsTotal } = await symbolsAt(session, file, line);
  const many = symbols.length > 1;
  const importers = await session.graph.edgesInto(file.id, ["IMPORTS"]);
  const candidates: Candidate[] = [];
  const summaries: AroundSymbol[] = [];

  for (const node of symbols) {
    const of = many ? node.name : undefined;
    const callerEdges = await session.graph.edgesInto(node.id, CALLER_EDGES);
    const seen = new Set<string>();
    let callers = 0;
    let tests = 0;
    let viaChecked = 0;
    for (const edge of callerEdges) {
      seen.add(edge.node.path);
      if (TEST_ROLES.has(edge.node.role)) {
        tests++;
        candidates.push(edgeRow("test", {}, edge, node, of));
      } else {
        callers++;
        candidates.push(edgeRow("caller", { name: edge.node.name, kind: edge.node.kind }, edge, node, of));
        // A test that exercises this symbol through one of its callers.
        if (viaChecked++ >= VIA_CALLERS) continue;
        for (const viaEdge of await session.graph.edgesInto(edge.node.id, ["CALLS"])) {
          if (!TEST_ROLES.has(viaEdge.node.role) || seen.has(viaEdge.node.path)) continue;
          seen.add(viaEdge.node.path);
          tests++;
          candidates.push(edgeRow("test", { via: edge.node.name }, viaEdge, edge.node, of));
        }
      }
    }
    let users = 0;
    for (const imp of importers) {
      if (seen.has(imp.node.path)) continue;
      const named = imp.names.includes(node.name) || (node.exported && imp.names.includes("*"));
      if (!named) continue;
      const site = useIn(session, imp.node.path, node.name, imp.node.lang);
      if (!site) continue;
      seen.add(imp.node.path);
      if (TEST_ROLES.has(imp.node.role)) {
        tests++;
        candidates.push({ kind: "test", fields: {}, site, of });
      } else {
        users++;
        candidates.push({ kind: "user", fields: {}, site, of });
      }
    }
    summaries.push({ node, callers, users, tests });
  }

  // Rows in priority order until the budget runs out; importer rows are cut first. Sites are
  // looked for only for rows that are considered, and a hub's thousand callers stop early.
  let spent = 20 + summaries.length * 25;
  const rows: AroundRow[] = [];
  const order = { caller: 0, user: 1, test: 2, importer: 3 } as const;
  let misses = 0;
  for (const candidate of candidates.sort((a, b) => order[a.kind] - order[b.kind])) {
    const { edge } = candidate;
    const site = edge ? await edgeSite(session, edge.holder, edge.name, edge.lines, "call") : candidate.site;
    const row: AroundRow = { kind: candidate.kind, fields: { ...candidate.fields, of: candidate.of }, site };
    const c = cost(row);
    if (spent + c > budgetTokens) {
      if (++misses > 20) break;
      continue;
    }
    spent += c;
    rows.push(row);
  }
  let importersShown = 0;
  for (const imp of importers) {
    const row: AroundRow = { kind: "importer", fields: { path: imp.node.path } };
    const c = cost(row);
    if (spent + c > budgetTokens) break;
    spent += c;
    importersShown++;
    rows.push(row);
  }
  return {
    file,
    line,
    symbols: summaries,
    symbolsTotal,
    rows,
    importers: { total: importers.length, tests: importers.filter((i) => TEST_ROLES.has(i.node.role)).length, shown: importersShown },
  };
}

