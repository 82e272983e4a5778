// Typed variables of `var` / `const` specs and `:=`: stated by a literal, an assertion or a
// builtin maker, read from a field path or one element of a collection, or awaiting the call
// whose declared result types them. The names are locals of the func too.
import type { Node } from "web-tree-sitter";
import type { TypedVarFact } from "../../../model/facts";
import { nameClosures } from "./closures";
import { addRefs, addTypedVar } from "./declared-types";
import { dottedPath } from "./paths";
import { addLocals, type Reach, reachOf, within } from "./reach";
import type { Scope } from "./scopes";
import { type GoFile, spanKey } from "./state";
import { visitValueList } from "./values";

export function visitVarSpec(file: GoFile, spec: Node, scope: Scope): void {
  const names = spec.childrenForFieldName("name");
  addLocals(file, names, spec, scope);
  if (scope.index < 0) for (const name of names) file.packageVars.add(file.text(name));
  const type = spec.childForFieldName("type");
  const values = spec.childForFieldName("value");
  const reach = reachOf(file, spec, scope);
  if (type) {
    addRefs(file, type, scope.index, scope.typeParameters);
    for (const name of names) addTypedVar(file, name, type, reach);
  } else if (values) {
    typeFromValues(file, names, values.namedChildren, reach);
  }
  if (values) nameClosures(file, names, values.namedChildren, spec, scope);
  if (values) visitValueList(file, values, scope);
}

export function visitShortVar(file: GoFile, node: Node, scope: Scope): void {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  if (left) addLocals(file, left.namedChildren, node, scope);
  if (left && right) {
    typeFromValues(file, left.namedChildren, right.namedChildren, reachOf(file, node, scope));
    nameClosures(file, left.namedChildren, right.namedChildren, node, scope);
  }
  if (right) visitValueList(file, right, scope);
}

function typeFromValues(file: GoFile, names: Node[], values: Node[], reach: Reach): void {
  typeFromLiterals(file, names, values, reach);
  typeFromCalls(file, names, values, reach);
  typeFromPaths(file, names, values, reach);
}

/**
 * `x := Foo{}`, `x := &Foo{}`, `x := v.(*Foo)`, `x := new(Foo)` and `x := make([]*Foo, n)` type
 * x; `x := NewFoo()` does not: the constructor convention is
 * only a convention, and a wrong type would bind calls with false confidence.
 */
function typeFromLiterals(file: GoFile, names: Node[], values: Node[], reach: Reach): void {
  // `fn, ok := v.(*Function)`: the comma-ok form of an assertion.
  if (names.length === 2 && values.length === 1 && values[0]!.type === "type_assertion_expression") {
    const type = values[0]!.childForFieldName("type");
    if (type && names[0]!.type === "identifier" && file.text(names[0]!) !== "_") addTypedVar(file, names[0]!, type, reach);
    return;
  }
  if (names.length !== values.length) return;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    let value = values[i]!;
    if (name.type !== "identifier" || file.text(name) === "_") continue;
    if (value.type === "unary_expression" && value.childForFieldName("operator")?.type === "&") {
      value = value.childForFieldName("operand") ?? value;
    }
    // An assertion, or the builtin that made the value, states the type as surely as a literal does.
    const made = value.type === "call_expression" ? builtinMaker(file, value) : undefined;
    if (made) addTypedVar(file, name, made, reach);
    if (value.type !== "composite_literal" && value.type !== "type_assertion_expression") continue;
    const type = value.childForFieldName("type");
    if (type) addTypedVar(file, name, type, reach);
  }
}

/**
 * `x := F()`, `x, err := pkg.F()`, `var x = r.Open()`: x awaits its call's index; the resolver
 * types it by the callee's declared result, the evidence a naming convention is not.
 */
function typeFromCalls(file: GoFile, names: Node[], values: Node[], reach: Reach): void {
  const pairs = values.length === 1 ? [0] : names.length === values.length ? names.map((_, i) => i) : [];
  for (const i of pairs) {
    const name = names[i]!;
    const value = values[i]!;
    if (name.type !== "identifier" || file.text(name) === "_" || value.type !== "call_expression" || builtinMaker(file, value)) continue;
    const awaiting: TypedVarFact = within({ scope: reach.scope, name: file.text(name), type: "", line: reach.from, fromCall: -1 }, reach.until);
    file.awaitingCall.set(spanKey(value), awaiting);
  }
}

/** `rws := w.rws`, `m := mx`: x holds what the path holds; the resolver reads its declared type. */
function typeFromPaths(file: GoFile, names: Node[], values: Node[], reach: Reach): void {
  // `it, ok := s.items[k]` and `v, ok := <-ch`: the comma-ok forms of a map read and a receive.
  if (names.length === 2 && values.length === 1) {
    const collection = collectionRead(values[0]!);
    if (collection) addElementVar(file, names[0]!, collection, reach);
    return;
  }
  if (names.length !== values.length) return;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const value = values[i]!;
    const collection = collectionRead(value);
    if (collection) {
      addElementVar(file, name, collection, reach);
      continue;
    }
    // `m := mx` holds what mx holds, as `rws := w.rws` holds the field's value.
    if (name.type !== "identifier" || file.text(name) === "_" || (value.type !== "selector_expression" && value.type !== "identifier")) continue;
    const fromPath = dottedPath(file, value);
    if (fromPath) file.facts.vars.push(within({ scope: reach.scope, name: file.text(name), type: "", line: reach.from, fromPath }, reach.until));
  }
}

/**
 * `it, ok := s.items[k]` and `for _, it := range s.items`: it is one element of what the path
 * holds. (A range's single variable is an index or key, except over a channel: not taken.)
 */
export function addElementVar(file: GoFile, name: Node, collection: Node, reach: Reach): void {
  if (name.type !== "identifier" || file.text(name) === "_") return;
  const fromPath = dottedPath(file, collection);
  if (fromPath) file.facts.vars.push(within({ scope: reach.scope, name: file.text(name), type: "", line: reach.from, fromPath, element: true }, reach.until));
}

/** The collection an element is read from: `s.items[k]`, `<-ch`. */
function collectionRead(value: Node): Node | null {
  if (value.type === "index_expression") return value.childForFieldName("operand");
  if (value.type === "unary_expression" && value.childForFieldName("operator")?.type === "<-") return value.childForFieldName("operand");
  return null;
}

/** `make([]*Item, n)`, `new(Item)`: the type argument of the builtin that made the value. */
function builtinMaker(file: GoFile, call: Node): Node | undefined {
  const fn = call.childForFieldName("function");
  if (fn?.type !== "identifier" || (file.text(fn) !== "make" && file.text(fn) !== "new")) return undefined;
  return call.childForFieldName("arguments")?.firstNamedChild ?? undefined;
}
