// ix around <path>[:<line>]: the dependents of the code at a location, sized to a token
// budget. What counts as a caller, a user and a test is answers/usage's; this answer picks the
// rows that fit the budget.
import { TEST_ROLES } from "../model/roles";
import type { GraphEdge, GraphNode } from "../store";
import { edgeSite, type SiteAt } from "./edge-site";
import type { Session } from "./session";
import { dependentsOf, type Use } from "./usage";

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

/** The candidate row for an edge into `named` held by the node at its other end; a hand-over says so. */
function edgeRow(kind: AroundRow["kind"], fields: AroundFields, edge: GraphEdge, named: GraphNode, of: string | undefined): Candidate {
  const use = edge.asValue ? "reference" : undefined;
  return { kind, fields: { ...fields, use }, edge: { holder: edge.node, name: named.name, lines: edge.lines }, of };
}

/** A test's or a user's row: at its edge, or at the use found on disk. */
function useRow(kind: "test" | "user", use: Use, of: string | undefined): Candidate {
  if (use.edge) return edgeRow(kind, { via: use.via }, use.edge, use.named, of);
  return { kind, fields: {}, site: use.site, of };
}

export interface AroundSymbol {
  node: GraphNode;
  /** As answers/usage defines them, the same numbers entity and callers give. */
  callers: number;
  references: number;
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
/** What ranks a file's symbols: every use, a type's included (not the callers' definition). */
const USE_EDGES = ["CALLS", "REFERENCES"] as const;

/**
 * The symbol at the line; without one, the file's top-level symbols most used, since position
 * says nothing of what depends on the file: uses from other files first, then uses from
 * anywhere, then the exported ones, then position.
 */
async function symbolsAt(session: Session, file: GraphNode, line: number | undefined): Promise<{ symbols: GraphNode[]; total?: number }> {
  if (line !== undefined) {
    const inner = await session.graph.innermostAt(file.path, line);
    if (inner) return { symbols: [inner] };
  }
  const top = await session.graph.children(file.id);
  const uses = await session.graph.countIntoMembers(file.id, USE_EDGES, [...TEST_ROLES]);
  const use = (node: GraphNode) => uses.get(node.id) ?? { total: 0, outside: 0 };
  const ranked = top
    .map((node, at) => ({ node, at, ...use(node) }))
    .sort((a, b) => b.outside - a.outside || b.total - a.total || Number(b.node.exported) - Number(a.node.exported) || a.at - b.at);
  return { symbols: ranked.slice(0, MAX_SYMBOLS).map((r) => r.node), total: top.length };
}

export async function around(session: Session, file: GraphNode, line: number | undefined, budgetTokens: number, cost: RowCost): Promise<AroundAnswer> {
  const { symbols, total: symbolsTotal } = await symbolsAt(session, file, line);
  const many = symbols.length > 1;
  const importers = await session.graph.edgesInto(file.id, ["IMPORTS"]);
  const candidates: Candidate[] = [];
  const summaries: AroundSymbol[] = [];

  for (const node of symbols) {
    const of = many ? node.name : undefined;
    const found = await dependentsOf(session, node, importers);
    for (const edge of found.callerRows) candidates.push(edgeRow("caller", { name: edge.node.name, kind: edge.node.kind }, edge, node, of));
    for (const use of found.testUses) candidates.push(useRow("test", use, of));
    for (const use of found.userRows) candidates.push(useRow("user", use, of));
    summaries.push({ node, callers: found.callers, references: found.references, users: found.users, tests: found.tests });
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

