// Name search: one identifier, ranked exact > case-insensitive > prefix > a word inside a
// camelCase/snake_case name > qualified-name match.
import type { GraphNode, GraphReader } from "../store";
import { wordsOf } from "../util/words";
import { byCodeUnit } from "../util/compare";
import { localIds } from "./locals";

export interface SearchHit {
  node: GraphNode;
  score: number;
  /** Set when the hit matched on something other than the name itself. */
  match?: "qname";
}

const SCAN_LIMIT = 500;

export async function search(graph: GraphReader, term: string, kind?: string): Promise<SearchHit[]> {
  const hits = new Map<string, SearchHit>();
  const add = (nodes: GraphNode[], score: number, match?: "qname") => {
    for (const node of nodes) if (!hits.has(node.id)) hits.set(node.id, { node, score, match });
  };
  const lower = term.toLowerCase();
  const inName = (name: string) => (wordsOf(name).includes(lower) ? 0.7 : 0.6);
  add(await graph.nodesNamed(term), 1);
  add(await graph.nodesNamedNoCase(term), 0.9);
  const exact = hits.size > 0;
  for (const node of await graph.nodesWithPrefixNoCase(term, SCAN_LIMIT)) {
    add([node], node.kind !== "file" && node.name.startsWith(term) ? 0.8 : inName(node.name));
  }
  // The text index adds names and qualified names holding the term as a later word. Beside an
  // exact name such rows are noise, and joining them to their nodes cost ~6 ms: only without one.
  // SQLite's text index reads its query as a C string: a NUL ends it inside the quotes the term
  // is wrapped in ("unterminated string"). No name holds a NUL, so the index has nothing to add.
  if (!exact && !term.includes("\u0000")) {
    for (const node of await graph.searchNames(term, SCAN_LIMIT)) {
      if (hits.has(node.id)) continue;
      if (node.name.toLowerCase().includes(lower)) add([node], inName(node.name));
      else add([node], 0.4, "qname");
    }
  }
  if (hits.size === 0) {
    // A word inside a camelCase name is not a token FTS knows: scan names containing it.
    const holding = (await graph.distinctNames()).filter((name) => name.toLowerCase().includes(lower));
    for (const node of await graph.nodesWithNames(holding, SCAN_LIMIT)) add([node], inName(node.name));
  }
  const order = (local: ReadonlySet<string>) => (a: SearchHit, b: SearchHit) =>
    b.score - a.score ||
    Number(a.node.role === "test" || a.node.role === "fixture") - Number(b.node.role === "test" || b.node.role === "fixture") ||
    Number(local.has(a.node.id)) - Number(local.has(b.node.id)) ||
    Number(b.node.exported) - Number(a.node.exported) ||
    a.node.name.length - b.node.name.length ||
    byCodeUnit(a.node.path, b.node.path);
  const sorted = [...hits.values()].filter((h) => !kind || h.node.kind === kind).sort(order(NONE));
  // A function's locals come after the module-level entities of the same standing.
  const local = await localIds(graph, sorted.map((h) => h.node));
  return local.size === 0 ? sorted : sorted.sort(order(local));
}

const NONE: ReadonlySet<string> = new Set();
