// Local entities: those declared inside a function or method (a nested def, `const helper = () =>
// …` in a body). They answer for themselves (their callers, their calls), but a name that also
// names a module-level entity means that one first, as a test's does after production code's.
import type { GraphNode, GraphReader } from "../store";

const CALLABLE_PARENTS = new Set(["function", "method"]);

/** At most this many containers are looked up (one indexed read each): past them, nodes count as module-level. */
const LOOKUP_LIMIT = 64;

/** The ids, among `nodes` (the first ones first), of those whose container is a function or method. */
export async function localIds(graph: GraphReader, nodes: readonly GraphNode[]): Promise<Set<string>> {
  const local = new Set<string>();
  const kinds = new Map<string, string | undefined>();
  for (const node of nodes) {
    // A module-level entity's parent is its file, a class, an interface or a module: only a
    // dotted qualified name can hang under a function.
    if (node.kind === "file" || node.parentId === null || !node.qname.includes(".")) continue;
    const parent = node.parentId;
    if (!kinds.has(parent)) {
      if (kinds.size === LOOKUP_LIMIT) break;
      kinds.set(parent, (await graph.node(parent))?.kind);
    }
    if (CALLABLE_PARENTS.has(kinds.get(parent) ?? "")) local.add(node.id);
  }
  return local;
}

/** `nodes` without the local ones, when any module-level one is left; else as they are. */
export async function preferModuleLevel(graph: GraphReader, nodes: GraphNode[]): Promise<GraphNode[]> {
  if (nodes.length < 2) return nodes;
  const local = await localIds(graph, nodes);
  if (local.size === 0 || local.size === nodes.length) return nodes;
  return nodes.filter((n) => !local.has(n.id));
}
