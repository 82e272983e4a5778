// Names local to a def or lambda: its parameters, and whatever it assigns anywhere in it.
// They hide outer definitions of the same name.
import type { Node } from "web-tree-sitter";
import { localFact } from "../../../model/facts";
import { depthFirst } from "../../../util/depth-first";
import type { Scope } from "./scopes";
import { lineOf, type PythonFile } from "./state";

/** The name a parameter binds: `x`, `x: T`, `x=1`, `x: T = 1`, `*args`, `**kw`. */
export function parameterNames(file: PythonFile, parameter: Node): string[] {
  if (parameter.type === "identifier") return [file.text(parameter)];
  const named = parameter.childForFieldName("name") ?? parameter.namedChild(0);
  return named?.type === "identifier" ? [file.text(named)] : [];
}

/** A lambda is no entity: its parameters hide outer names over its own lines. */
export function visitLambda(file: PythonFile, node: Node, scope: Scope): void {
  const parameters = node.childForFieldName("parameters");
  for (const parameter of parameters?.namedChildren ?? []) {
    for (const name of parameterNames(file, parameter)) file.locals.push(localFact(scope.index, name, lineOf(node), node.endPosition.row + 1));
  }
}

/** An assignment anywhere in a def makes the name local to all of it. */
export function addAssignedLocals(file: PythonFile, left: Node, scope: Scope): void {
  if (scope.kind !== "function") return;
  const at = file.facts.entities[scope.index]!.startLine;
  for (const name of assignedNames(file, left)) file.locals.push(localFact(scope.index, name, at));
}

/** The names an assignment's left side binds: `x`, `a, b`, `(a, [b, *c])`. */
function assignedNames(file: PythonFile, left: Node): string[] {
  const names: string[] = [];
  depthFirst(left, (node) => {
    if (node.type === "identifier") names.push(file.text(node));
    else if (node.type === "pattern_list" || node.type === "tuple_pattern" || node.type === "list_pattern" || node.type === "list_splat_pattern") {
      return node.namedChildren;
    }
  });
  return names;
}
