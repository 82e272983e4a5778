// Selector paths as written: what a receiver or a variable's value reads.
import type { Node } from "web-tree-sitter";
import type { GoFile } from "./state";

/** `a.b.c` as written when the node is a plain selector path, else undefined. */
export function dottedPath(file: GoFile, node: Node): string | undefined {
  if (node.type === "identifier") return file.text(node);
  if (node.type !== "selector_expression") return undefined;
  const operand = node.childForFieldName("operand");
  const field = node.childForFieldName("field");
  const head = operand ? dottedPath(file, operand) : undefined;
  return head !== undefined && field ? `${head}.${file.text(field)}` : undefined;
}
