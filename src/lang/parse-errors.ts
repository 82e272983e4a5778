import type { Node } from "web-tree-sitter";

/** ERROR and MISSING nodes under root; descends only into subtrees that hold one. */
export function countParseErrors(root: Node): number {
  if (!root.hasError) return 0;
  let count = 0;
  const pending: Node[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.isError || node.isMissing) count++;
    for (const child of node.children) if (child.hasError || child.isMissing) pending.push(child);
  }
  return count;
}
