// Name search: one identifier, ranked exact > case-insensitive > prefix > a word inside a
// camelCase/snake_case name > qualified-name match.
import { distinctNames, nodesNamed, nodesNamedNoCase, nodesWithNames, nodesWithPrefix, searchNames, type NodeRow } from "../graph/queries";
import type { Store } from "../graph/store";
import { wordsOf } from "../util/words";

export interface SearchHit {
  node: NodeRow;
  score: number;
  /** Set when the hit matched on something other than the name itself. */
  match?: "qname";
}

const SCAN_LIMIT = 500;

export function search(store: Store, term: string): SearchHit[] {
  const hits = new Map<number, SearchHit>();
  const add = (nodes: NodeRow[], score: number, match?: "qname") => {
    for (const node of nodes) if (!hits.has(node.rowid)) hits.set(node.rowid, { node, score, match });
  };
  add(nodesNamed(store, term), 1);
  add(nodesNamedNoCase(store, term), 0.9);
  add(nodesWithPrefix(store, term, SCAN_LIMIT), 0.8);
  const lower = term.toLowerCase();
  const viaFts = searchNames(store, term, SCAN_LIMIT);
  for (const node of viaFts) {
    if (hits.has(node.rowid)) continue;
    const words = wordsOf(node.name);
    if (words.includes(lower)) add([node], 0.7);
    else if (node.name.toLowerCase().includes(lower)) add([node], 0.6);
    else add([node], 0.4, "qname");
  }
  if (hits.size === 0) {
    // A word inside a camelCase name is not a token FTS knows: scan names containing it.
    const holding = distinctNames(store).filter((name) => name.toLowerCase().includes(lower));
    for (const node of nodesWithNames(store, holding, SCAN_LIMIT)) add([node], wordsOf(node.name).includes(lower) ? 0.7 : 0.6);
  }
  const all = [...hits.values()];
  // Rows that matched only on the qualified name go when some row matched the name exactly.
  const exact = all.some((h) => h.score >= 0.9);
  return all
    .filter((h) => !(exact && h.match))
    .sort(
      (a, b) =>
        b.score - a.score ||
        Number(a.node.role === "test" || a.node.role === "fixture") - Number(b.node.role === "test" || b.node.role === "fixture") ||
        Number(b.node.exported) - Number(a.node.exported) ||
        a.node.name.length - b.node.name.length ||
        a.node.path.localeCompare(b.node.path),
    );
}
