// An assignment informs several facts at once: `__all__`, the annotation's references, the
// def's locals and the target's type. Its fields are read once for all of them.
import type { Node } from "web-tree-sitter";
import { noteTargets } from "./accesses";
import { addRefs } from "./annotations";
import { addAssignedLocals } from "./locals";
import type { Scope } from "./scopes";
import { type PythonFile, spanNumber } from "./state";
import { addValues } from "./values";
import { addAssignedVar } from "./variables";

export function visitAssignment(file: PythonFile, node: Node, scope: Scope): void {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  const type = node.childForFieldName("type");
  if (!left) return;
  noteTargets(file, left, false);
  if (scope.kind === "module" && right && left.type === "identifier" && file.text(left) === "__all__") file.dunderAll.assign(right);
  if (type) addRefs(file, type, scope.index);
  addAssignedLocals(file, left, scope);
  addAssignedVar(file, node, left, right, type, scope);
  if (right) addValues(file, right, scope.index);
}

export function visitAugmentedAssignment(file: PythonFile, node: Node, scope: Scope): void {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  if (left) noteTargets(file, left, true);
  if (left && right && scope.kind === "module" && file.text(left) === "__all__") file.dunderAll.extend(right);
}

/** `del self.cache`: the deleter runs, not a getter; no read. */
export function visitDelete(file: PythonFile, node: Node): void {
  for (const target of node.namedChildren) {
    const targets = target.type === "expression_list" ? target.namedChildren : [target];
    for (const t of targets) if (t.type === "attribute") file.attributeTargets.set(spanNumber(t), "deleted");
  }
}
