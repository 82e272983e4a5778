// Calls with their receivers; a variable initialised by a call, and a call on another call's
// result, are linked to that call's index.
import type { Node } from "web-tree-sitter";
import { baseType, isBuiltinType } from "../types";
import { dottedPath } from "./paths";
import { type GoFile, lineOf, spanKey } from "./state";

export function visitCall(file: GoFile, node: Node, from: number): void {
  const calls = file.facts.calls;
  const fn = node.childForFieldName("function");
  const before = calls.length;
  if (fn) addCall(file, fn, lineOf(node), from);
  if (calls.length === before) return;
  const span = spanKey(node);
  file.callsBySpan.set(span, before);
  // The variable's declaration came first in document order, so it is already waiting.
  const awaiting = file.awaitingCall.get(span);
  if (awaiting) {
    awaiting.fromCall = calls.length - 1;
    file.resultVars.push(awaiting);
  }
}

/** `F[int](x)` parses as a conversion; it is a call of the generic function F. */
export function visitConversion(file: GoFile, node: Node, from: number): void {
  const type = node.childForFieldName("type");
  if (type?.type === "generic_type") addCall(file, type, lineOf(node), from);
}

function addCall(file: GoFile, callee: Node, at: number, from: number): void {
  const calls = file.facts.calls;
  const before = calls.length;
  addCallOf(file, callee, at, from);
  if (calls.length > before) file.callOffsets[before] = callee.startIndex;
}

function addCallOf(file: GoFile, callee: Node, at: number, from: number): void {
  const calls = file.facts.calls;
  // `F[T]()`: the grammar reads the instantiation as an index expression or a generic type;
  // looked through in a loop, since `F[int][int]…` nests as deep as the file does.
  let target: Node | null = callee;
  while (target?.type === "index_expression" || target?.type === "generic_type") {
    target = target.childForFieldName(target.type === "index_expression" ? "operand" : "type");
  }
  if (!target) return;
  switch (target.type) {
    case "identifier":
    case "type_identifier":
      calls.push({ from, line: at, callee: file.text(target) });
      return;
    case "selector_expression": {
      const field = target.childForFieldName("field");
      const operand = target.childForFieldName("operand");
      if (!field || !operand) return;
      calls.push({ from, line: at, callee: file.text(field), receiver: dottedPath(file, operand) ?? "?" });
      // `usersResource{}.Routes()`, `(&Mux{}).Get(…)`: the literal states its type.
      const literal = literalType(operand);
      if (literal !== undefined) calls[calls.length - 1]!.receiverType = literal;
      // `store.Open().Save()`: the receiver is what Open returns, linked once Open is recorded.
      const inner = callUnder(operand);
      if (inner) file.receiverCalls.push([calls.length - 1, spanKey(inner)]);
      return;
    }
    case "qualified_type": {
      const pkg = target.childForFieldName("package");
      const name = target.childForFieldName("name");
      if (pkg && name) calls.push({ from, line: at, callee: file.text(name), receiver: file.text(pkg) });
      return;
    }
  }
}

/** The named type of a composite literal, through parentheses and `&`: `T{}`, `(&pkg.T{})`. */
function literalType(operand: Node): string | undefined {
  let current: Node | null = operand;
  for (let depth = 0; current && depth < 8; depth++) {
    if (current.type === "composite_literal") {
      const type = current.childForFieldName("type");
      const name = type ? baseType(type) : undefined;
      return name === undefined || isBuiltinType(name) ? undefined : name;
    }
    if (current.type === "parenthesized_expression") current = current.firstNamedChild;
    else if (current.type === "unary_expression" && current.childForFieldName("operator")?.type === "&") current = current.childForFieldName("operand");
    else return undefined;
  }
  return undefined;
}

/** The call whose result `operand` is, through parentheses: `f().g()`, `(f()).g()`. */
function callUnder(operand: Node): Node | undefined {
  let current: Node | null = operand;
  for (let depth = 0; current && depth < 8; depth++) {
    if (current.type === "call_expression") return current;
    if (current.type !== "parenthesized_expression") return undefined;
    current = current.firstNamedChild;
  }
  return undefined;
}

/** A call on a call's result comes before that call in document order: linked at the end. */
export function linkReceiverCalls(file: GoFile): void {
  for (const [call, span] of file.receiverCalls) {
    const inner = file.callsBySpan.get(span);
    if (inner !== undefined) file.facts.calls[call]!.receiverCall = inner;
  }
}

/**
 * A call whose receiver or callee is named by a variable of its scope coming into force or going
 * out of it within the call's line looks that name up at its column (facts.ts,
 * CallFact.column); elsewhere its line tells as much.
 */
export function settleCallColumns(file: GoFile): void {
  const facts = file.facts;
  const boundaries = new Set<string>();
  const note = (scope: number, name: string, at: number | undefined) => {
    if (at !== undefined && !Number.isInteger(at)) boundaries.add(`${scope}\0${name}\0${Math.floor(at)}`);
  };
  for (const [scope, name, from, until] of file.locals) {
    note(scope, name, from);
    note(scope, name, until);
  }
  for (const v of [...facts.vars, ...file.resultVars]) {
    note(v.scope, v.name, v.line);
    note(v.scope, v.name, v.until);
  }
  if (boundaries.size === 0) return;
  facts.calls.forEach((call, i) => {
    const head = call.receiver === undefined ? call.callee : call.receiver.split(".", 1)[0]!;
    if (boundaries.has(`${call.from}\0${head}\0${call.line}`)) call.column = file.columnAt(file.callOffsets[i]!);
  });
}
