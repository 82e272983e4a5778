// Attributes read or written without being called: `if response.is_redirect:`, `self.timeout =
// t`. Reading a `@property` runs its getter, writing it its setter, so each is a use of it
// (CallFact.access). Most attributes are plain fields: only those whose receiver the resolver
// may know are kept (the instance itself, a typed variable, a call's result), and of the
// instance's, none the file only ever assigns as a field.
import type { Node } from "web-tree-sitter";
import type { CallFact } from "../../../model/facts";
import type { Scope } from "./scopes";
import { lineOf, type PythonFile, spanKey, spanNumber } from "./state";

/** What the walk noted of an access, kept or dropped once the whole file is known. */
export interface PendingAccess {
  fact: CallFact;
  /** The span of the call whose result is the receiver. */
  receiverCall?: string;
  /** The class whose instance the receiver is (the method's own), else -1. */
  selfClass: number;
}

/** Targets whose attributes an assignment writes: `self.a = …`, `self.a, self.b = …`. */
const TARGET_LISTS = new Set(["pattern_list", "tuple_pattern", "list_pattern"]);
/** An attribute written as a plain dotted path: `self.size`, `response.request.url`. */
const DOTTED = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$/;
/** An attribute of a call's result: `make().ready`. */
const CALLED = /\)\.[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * What an assignment does to the attributes it targets, noted before the walk meets them (an
 * assignment comes before its children in document order): `=` writes, `+=` reads and writes.
 */
export function noteTargets(file: PythonFile, left: Node, augmented: boolean): void {
  const pending = [left];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === "attribute") file.attributeTargets.set(spanNumber(node), augmented ? "update" : "write");
    else if (TARGET_LISTS.has(node.type)) pending.push(...node.namedChildren);
  }
}

/**
 * An attribute read or written. The walk never asks for a node's parent: a call notes its
 * callee's span (`a.b(…)` is a call of b, no read), an assignment its targets', a `del` its own.
 */
export function visitAttribute(file: PythonFile, node: Node, scope: Scope): void {
  const span = spanNumber(node);
  if (file.callTargets.has(span)) return;
  const target = file.attributeTargets.get(span);
  if (target === "deleted") return;
  // Read from the text, not the tree: a lookup of the node's fields is a call into the parser's
  // runtime, and a module has thousands of attributes.
  const text = file.text(node);
  let receiver: string;
  let receiverCall: string | undefined;
  if (DOTTED.test(text)) {
    receiver = text.slice(0, text.lastIndexOf("."));
  } else if (CALLED.test(text)) {
    // `make().ready`: the receiver is the call's result.
    const object = node.childForFieldName("object");
    if (object?.type !== "call") return;
    receiver = "?";
    receiverCall = spanKey(object);
  } else {
    return;
  }
  const callee = text.slice(text.lastIndexOf(".") + 1);
  if (callee.startsWith("__")) return;
  const head = receiver.split(".", 1)[0]!;
  const selfClass = scope.selfClass >= 0 && (head === "self" || head === "cls" || head === scope.selfName) ? scope.selfClass : -1;
  const at = lineOf(node);
  const add = (access: "read" | "write") => {
    const fact: CallFact = { from: scope.index, line: at, callee, receiver, access };
    file.accesses.push(receiverCall === undefined ? { fact, selfClass } : { fact, receiverCall, selfClass });
  };
  // `self.count += 1` reads the property and writes it.
  if (target === undefined || target === "update") add("read");
  if (target !== undefined) add("write");
}

/**
 * Appends the accesses worth resolving to the file's calls, after every call (so no call's
 * index moves): those of a receiver the resolver may type, none of a name the file only
 * assigns on its instance without defining it, each once per line.
 */
export function settleAccesses(file: PythonFile): void {
  if (file.accesses.length === 0) return;
  const facts = file.facts;
  const typed = new Set<string>();
  for (const v of facts.vars) typed.add(v.name.split(".", 1)[0]!);
  for (const v of facts.resultVars ?? []) typed.add(v.name.split(".", 1)[0]!);
  const defined = new Set<string>();
  for (const entity of facts.entities) defined.add(entity.name);
  const fields = new Set<string>();
  for (const access of file.accesses) if (access.selfClass >= 0 && access.fact.access === "write" && access.fact.receiver!.indexOf(".") < 0) fields.add(access.fact.callee);
  const closed = closedClasses(facts);
  const seen = new Set<string>();
  for (const { fact, receiverCall, selfClass } of file.accesses) {
    const ofSelf = selfClass >= 0;
    // Of the instance's own: a field the file assigns, or a name no class it may inherit from defines.
    if (ofSelf && !defined.has(fact.callee) && (fields.has(fact.callee) || (closed.has(selfClass) && fact.receiver === "self"))) continue;
    if (!ofSelf && receiverCall === undefined && !typed.has(fact.receiver!.split(".", 1)[0]!)) continue;
    const key = `${fact.from}\0${fact.line}\0${fact.receiver}\0${fact.callee}\0${fact.access}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (receiverCall !== undefined) {
      const inner = file.callsBySpan.get(receiverCall);
      if (inner === undefined) continue;
      fact.receiverCall = inner;
    }
    facts.calls.push(fact);
  }
}

/**
 * The classes of the file whose every base is a class of the file too, or that have none: the
 * members of their instances are all defined here.
 */
function closedClasses(facts: PythonFile["facts"]): Set<number> {
  const bases = new Map<number, string[]>();
  for (const h of facts.heritage) {
    let list = bases.get(h.entity);
    if (!list) bases.set(h.entity, (list = []));
    list.push(h.name);
  }
  const local = new Map<string, number>();
  facts.entities.forEach((entity, i) => {
    if (entity.kind === "class" && entity.parent < 0) local.set(entity.name, i);
  });
  const closed = new Set<number>();
  // Declaration order: a base declared in the file comes before the classes extending it.
  facts.entities.forEach((entity, i) => {
    if (entity.kind !== "class") return;
    const own = bases.get(i) ?? [];
    if (own.every((name) => name === "object" || closed.has(local.get(name) ?? -1))) closed.add(i);
  });
  return closed;
}
