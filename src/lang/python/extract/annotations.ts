// What an annotation gives: REFERENCES to the names it mentions, and a typed variable when it
// boils down to one user type or a collection of one.
import type { Node } from "web-tree-sitter";
import { annotatedType, elementType, typeNamesIn } from "../types";
import { lineOf, type PythonFile } from "./state";

export function addRefs(file: PythonFile, typeNode: Node, from: number): void {
  const names: string[] = [];
  typeNamesIn(typeNode, names);
  const at = lineOf(typeNode);
  for (const name of names) file.facts.refs.push({ from, name, line: at });
}

export function addAnnotatedVar(file: PythonFile, scope: number, name: string, typeNode: Node, at: number): void {
  const element = elementType(typeNode);
  if (element) {
    file.facts.vars.push({ scope, name, type: element, line: at, collection: true });
    return;
  }
  const type = annotatedType(typeNode);
  if (type) file.facts.vars.push({ scope, name, type, line: at });
}
