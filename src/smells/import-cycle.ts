// import_cycle: files that import each other, directly or round a loop: the strongly connected
// components of the IMPORTS graph among production files, one smell per component.
import type { Smell } from "./model";
import { byCodeUnit } from "../util/compare";
import { type SmellRule } from "./rule";

/**
 * The strongly connected components of more than one node (Tarjan's algorithm with its own
 * stack: a chain of imports is as long as the repository is large), each sorted, in the order
 * of their first file.
 */
export function stronglyConnected(edges: readonly [string, string][]): string[][] {
  const next = new Map<string, string[]>();
  for (const [from, to] of edges) {
    if (from === to) continue;
    let list = next.get(from);
    if (!list) next.set(from, (list = []));
    list.push(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let counter = 0;
  for (const root of [...next.keys()].sort(byCodeUnit)) {
    if (index.has(root)) continue;
    // Each frame: a node and how many of its successors it has visited.
    const frames: [string, number][] = [[root, 0]];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const [node, at] = frame;
      const successors = next.get(node) ?? [];
      if (at < successors.length) {
        frame[1]++;
        const to = successors[at]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          frames.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0])!, low.get(node)!));
      if (low.get(node) !== index.get(node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) out.push(component.sort(byCodeUnit));
    }
  }
  return out.sort((a, b) => byCodeUnit(a[0]!, b[0]!));
}

/** One smell per cycle, named by its first file. Confidence 0.9: every IMPORTS edge is a resolved import. */
export function importCycles(imports: readonly [string, string][]): Smell[] {
  return stronglyConnected(imports).map((files) => ({ kind: "import_cycle", file: files[0]!, confidence: 0.9, signals: { size: files.length }, files }));
}

export const importCycleRule: SmellRule = {
  name: "import_cycle",
  summary: "each strongly connected component (2+ files) of the IMPORTS graph among production files, with its files; confidence 0.9",
  detect: (input) => ({ smells: importCycles(input.imports) }),
};
