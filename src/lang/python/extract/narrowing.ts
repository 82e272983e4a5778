// Types that hold over a block only: the element a `for` loop binds, the class an `isinstance`
// test establishes.
import type { Node } from "web-tree-sitter";
import { dottedPath } from "../types";
import type { Scope } from "./scopes";
import { lineOf, type PythonFile } from "./state";

/** `for x in self.items:`: over the loop, x is one element of what the path holds. */
export function visitFor(file: PythonFile, node: Node, scope: Scope): void {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  if (left?.type !== "identifier" || !right || scope.kind === "class") return;
  const fromPath = dottedPath(right);
  if (fromPath) file.facts.vars.push({ scope: scope.index, name: file.text(left), type: "", line: lineOf(node), fromPath, element: true, until: node.endPosition.row + 1 });
}

/**
 * `if isinstance(x, Foo):` or `elif …`, also as one of several `and` terms: over the block,
 * x is a Foo. A tuple of classes tells nothing.
 */
export function visitIf(file: PythonFile, node: Node, scope: Scope): void {
  const consequence = node.childForFieldName("consequence");
  const condition = node.childForFieldName("condition");
  if (!consequence || !condition || scope.kind === "class") return;
  const terms = [condition];
  for (let term = terms.pop(); term; term = terms.pop()) {
    if (term.type === "parenthesized_expression") {
      if (term.firstNamedChild) terms.push(term.firstNamedChild);
      continue;
    }
    if (term.type === "boolean_operator") {
      const left = term.childForFieldName("left");
      const right = term.childForFieldName("right");
      if (term.childForFieldName("operator")?.type === "and" && left && right) terms.push(left, right);
      continue;
    }
    if (term.type !== "call" || file.text(term.childForFieldName("function") ?? term) !== "isinstance") continue;
    const args = term.childForFieldName("arguments")?.namedChildren ?? [];
    const [subject, cls] = args;
    if (args.length !== 2 || subject?.type !== "identifier" || !cls) continue;
    const type = cls.type === "identifier" || cls.type === "attribute" ? dottedPath(cls) : undefined;
    if (type) file.facts.vars.push({ scope: scope.index, name: file.text(subject), type, line: lineOf(consequence), until: consequence.endPosition.row + 1 });
  }
}
