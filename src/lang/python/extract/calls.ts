// Calls with their receivers; a receiver or variable that is another call's result is linked
// to that call's index once the walk has recorded every call.
import type { Node } from "web-tree-sitter";
import { dottedPath } from "../types";
import { lineOf, type PythonFile, spanKey, spanNumber } from "./state";
import { addArgumentValues } from "./values";

export function visitCall(file: PythonFile, node: Node, from: number): void {
  const fn = node.childForFieldName("function");
  if (fn?.type === "attribute") file.callTargets.add(spanNumber(fn));
  const before = file.facts.calls.length;
  if (fn) addCallTo(file, fn, lineOf(node), from);
  if (file.facts.calls.length > before) file.callsBySpan.set(spanKey(node), before);
  const args = node.childForFieldName("arguments");
  if (args?.type === "argument_list") addArgumentValues(file, args, from);
}

/** A call of what `target` names; also a decorator's, which calls without a call node. */
export function addCallTo(file: PythonFile, target: Node, at: number, from: number): void {
  const calls = file.facts.calls;
  if (target.type === "identifier") {
    calls.push({ from, line: at, callee: file.text(target) });
    return;
  }
  if (target.type !== "attribute") return;
  const attribute = target.childForFieldName("attribute");
  const object = target.childForFieldName("object");
  if (!attribute || !object) return;
  calls.push({ from, line: at, callee: file.text(attribute), receiver: receiverOf(object) });
  // `repo().save()`: the receiver is what repo returns, linked once that call is recorded.
  if (object.type === "call" && object.childForFieldName("function")?.text !== "super") {
    file.receiverCalls.push([calls.length - 1, spanKey(object)]);
  }
}

function receiverOf(object: Node): string {
  const path = dottedPath(object);
  if (path !== undefined) return path;
  // The resolver binds `super().x()` to the base classes' x.
  if (object.type === "call" && object.childForFieldName("function")?.text === "super") return "super()";
  return "?";
}

/** A call on a call's result comes before that call in document order: linked at the end. */
export function linkCallResults(file: PythonFile): void {
  const facts = file.facts;
  for (const [call, span] of file.receiverCalls) {
    const inner = file.callsBySpan.get(span);
    if (inner !== undefined) facts.calls[call]!.receiverCall = inner;
  }
  for (const [variable, span] of file.awaitingCall) {
    const call = file.callsBySpan.get(span);
    if (call === undefined) continue;
    variable.fromCall = call;
    (facts.resultVars ??= []).push(variable);
  }
}
