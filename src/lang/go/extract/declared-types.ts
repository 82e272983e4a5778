// What a type expression gives: REFERENCES to the names it mentions, and a typed variable
// when it names one type or a collection of one.
import type { Node } from "web-tree-sitter";
import { baseType, elementTypeNode, isBuiltinType, typeNamesIn } from "../types";
import { type Reach, within } from "./reach";
import { type GoFile, lineOf } from "./state";

export function addRefs(file: GoFile, typeNode: Node, from: number, typeParameters: ReadonlySet<string>): void {
  const names: string[] = [];
  typeNamesIn(typeNode, typeParameters, names);
  const at = lineOf(typeNode);
  for (const name of names) file.facts.refs.push({ from, name, line: at });
}

export function addTypedVar(file: GoFile, nameNode: Node, typeNode: Node, reach: Reach): void {
  const declared = declaredType(typeNode);
  if (declared) file.facts.vars.push(within({ scope: reach.scope, name: file.text(nameNode), line: reach.from, ...declared }, reach.until));
}

/** A named type, or a collection of one (`[]*Item`: elements of type Item); builtins tell nothing. */
export function declaredType(typeNode: Node, typeParameters?: ReadonlySet<string>): { type: string; collection?: true } | undefined {
  const element = elementTypeNode(typeNode);
  const type = baseType(element ?? typeNode);
  if (type === undefined || isBuiltinType(type) || typeParameters?.has(type)) return undefined;
  return element ? { type, collection: true } : { type };
}
