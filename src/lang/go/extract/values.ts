// Funcs and methods handed over by name, where a value is not called: `http.HandleFunc("/",
// handler)`, `mux.Handle("/x", h.serve)`, `Server{Handler: serve}`, `f := pkg.Fn`, `return
// handler`. Noted as the walk meets them; once the file is walked, the names of its variables
// and parameters are dropped (another file of the package may declare the func, so a bare
// name is kept unless this file says it is a variable).
import type { Node } from "web-tree-sitter";
import { dottedPath } from "./paths";
import type { Scope } from "./scopes";
import { type GoFile, lineOf } from "./state";

/** A call's arguments, a `return`'s results, an assignment's right side. */
export function visitValueList(file: GoFile, list: Node, scope: Scope): void {
  for (const value of list.namedChildren) addValue(file, value, scope.index);
}

/** `T{a, b}`, `T{Field: value}`, `map[K]V{k: v}`: the elements, and the keyed elements' values. */
export function visitLiteralValue(file: GoFile, literal: Node, scope: Scope): void {
  for (const element of literal.namedChildren) {
    const value = element.type === "keyed_element" ? element.namedChild(1) : element;
    const inner = value?.type === "literal_element" ? value.firstNamedChild : value;
    if (inner) addValue(file, inner, scope.index);
  }
}

export function addValue(file: GoFile, value: Node, from: number): void {
  let node = value;
  while (node.type === "parenthesized_expression" && node.firstNamedChild) node = node.firstNamedChild;
  if (node.type !== "identifier" && node.type !== "selector_expression") return;
  const name = dottedPath(file, node);
  if (name !== undefined && name !== "_") file.facts.refs.push({ from, name, line: lineOf(node), value: true });
}

/**
 * Drops the values that name a variable of this file: a parameter, local, receiver or
 * package-level variable. A method value of a variable (`h.serve`) is kept when this file
 * declares a method of that name.
 */
export function dropVariableValues(file: GoFile): void {
  const facts = file.facts;
  if (!facts.refs.some((ref) => ref.value)) return;
  const variables = new Set<string>();
  for (const [scope, name] of file.locals) variables.add(`${scope}\0${name}`);
  for (const v of facts.vars) variables.add(`${v.scope}\0${v.name}`);
  const methods = new Set<string>();
  for (const entity of facts.entities) if (entity.kind === "method") methods.add(entity.name);
  const isVariable = (from: number, name: string) => variables.has(`${from}\0${name}`) || file.packageVars.has(name);
  facts.refs = facts.refs.filter((ref) => {
    if (!ref.value) return true;
    const dot = ref.name.indexOf(".");
    if (dot < 0) return !isVariable(ref.from, ref.name);
    return !isVariable(ref.from, ref.name.slice(0, dot)) || methods.has(ref.name.slice(ref.name.lastIndexOf(".") + 1));
  });
}
