// ix around <path>[:<line>]: the dependents of the code at a location, sized to a token
// budget. Callers come from the graph; users (files that import the symbol and use it — also
// when it is handed over by name, which no edge records) and tests are found on disk.
import { siteSyntaxOf } from "../lang/registry";
import { TEST_ROLES } from "../model/roles";
import { findSiteInLines } from "../sites";
import type { GraphNode } from "../store";
import type { Session } from "./session";

/** A row's fields, in the order a surface shows them. */
export type AroundFields = Record<string, string | number | undefined>;

/** What a row costs in the answer, in tokens: the surface that shows the rows knows. */
export type RowCost = (kind: AroundRow["kind"], fields: AroundFields) => number;

export interface AroundRow {
  kind: "caller" | "user" | "test" | "importer";
  fields: AroundFields;
}

/** A row not yet shown: its snippet is read from `at` only if the budget gets to it. */
interface Candidate extends AroundRow {
  at?: { path: string; line: number };
  /** With several symbols, the one the row belongs to. */
  of?: string;
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
function useIn(session: Session, path: string, name: string, lang: string | null): { line: number; snippet: string } | undefined {
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
  return site ? { line: site.line, snippet: site.snippet } : undefined;
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
      const at = edge.lines[0];
      const site = at !== undefined ? `${edge.node.path}:${at}` : undefined;
      seen.add(edge.node.path);
      if (TEST_ROLES.has(edge.node.role)) {
        tests++;
        candidates.push({ kind: "test", fields: { site }, of, at: at === undefined ? undefined : { path: edge.node.path, line: at } });
      } else {
        callers++;
        candidates.push({ kind: "caller", fields: { name: edge.node.name, kind: edge.node.kind, site }, of, at: at === undefined ? undefined : { path: edge.node.path, line: at } });
        // A test that exercises this symbol through one of its callers.
        if (viaChecked++ >= VIA_CALLERS) continue;
        for (const viaEdge of await session.graph.edgesInto(edge.node.id, ["CALLS"])) {
          if (!TEST_ROLES.has(viaEdge.node.role) || seen.has(viaEdge.node.path)) continue;
          seen.add(viaEdge.node.path);
          tests++;
          const at2 = viaEdge.lines[0];
          candidates.push({
            kind: "test",
            fields: { site: at2 !== undefined ? `${viaEdge.node.path}:${at2}` : undefined, via: edge.node.name },
            of,
            at: at2 === undefined ? undefined : { path: viaEdge.node.path, line: at2 },
          });
        }
      }
    }
    let users = 0;
    for (const imp of importers) {
      if (seen.has(imp.node.path)) continue;
      const named = imp.names.includes(node.name) || (node.exported && imp.names.includes("*"));
      if (!named) continue;
      const use = useIn(session, imp.node.path, node.name, imp.node.lang);
      if (!use) continue;
      seen.add(imp.node.path);
      const fields: AroundFields = { site: `${imp.node.path}:${use.line}`, snippet: use.snippet };
      if (TEST_ROLES.has(imp.node.role)) {
        tests++;
        candidates.push({ kind: "test", fields, of });
      } else {
        users++;
        candidates.push({ kind: "user", fields, of });
      }
    }
    summaries.push({ node, callers, users, tests });
  }

  // Rows in priority order until the budget runs out; importer rows are cut first. Snippets
  // are read only for rows that are considered, and a hub's thousand callers stop early.
  let spent = 20 + summaries.length * 25;
  const rows: AroundRow[] = [];
  const order = { caller: 0, user: 1, test: 2, importer: 3 } as const;
  let misses = 0;
  for (const row of candidates.sort((a, b) => order[a.kind] - order[b.kind])) {
    const snippet = row.at ? session.files.lines(row.at.path)?.[row.at.line - 1]?.trim().slice(0, 200) : row.fields.snippet;
    const fields: AroundFields = { ...row.fields, snippet, of: row.of };
    const c = cost(row.kind, fields);
    if (spent + c > budgetTokens) {
      if (++misses > 20) break;
      continue;
    }
    spent += c;
    rows.push({ kind: row.kind, fields });
  }
  let importersShown = 0;
  for (const imp of importers) {
    const fields = { path: imp.node.path };
    const c = cost("importer", fields);
    if (spent + c > budgetTokens) break;
    spent += c;
    importersShown++;
    rows.push({ kind: "importer", fields });
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

