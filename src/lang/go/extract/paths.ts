// Selector paths as written: what a receiver or a variable's value reads.
import type { Node } from "web-tree-sitter";
import type { GoFile } from "./state";

/** `a.b.c` as written when the node is a plain selector path, else undefined. */
export function dottedPath(file: GoFile, node: Node): string | undefined {
  if (node.type === "identifier") return file.text(node);
  // A loop, not recursion: a selector chain is as long as the file makes it.
  const fields: string[] = [];
  let current = node;
  while (current.type === "selector_expression") {
    const operand = current.childForFieldName("operand");
    const field = current.childForFieldName("field");
    if (!operand || !field) return undefined;
    fields.push(file.text(field));
    current = operand;
  }
  if (current.type !== "identifier") return undefined;
  fields.push(file.text(current));
  return fields.reverse().join(".");
}
