// An assignment informs several facts at once: `__all__`, the annotation's references, the
// def's locals and the target's type. Its fields are read once for all of them.
import type { Node } from "web-tree-sitter";
import { addRefs } from "./annotations";
import { addAssignedLocals } from "./locals";
import type { Scope } from "./scopes";
import type { PythonFile } from "./state";
import { addValues } from "./values";
import { addAssignedVar } from "./variables";

export function visitAssignment(file: PythonFile, node: Node, scope: Scope): void {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  const type = node.childForFieldName("type");
  if (!left) return;
  if (scope.kind === "module" && right && left.type === "identifier" && file.text(left) === "__all__") file.dunderAll.assign(right);
  if (type) addRefs(file, type, scope.index);
  addAssignedLocals(file, left, scope);
  addAssignedVar(file, node, left, right, type, scope);
  if (right) addValues(file, right, scope.index);
}

export function visitAugmentedAssignment(file: PythonFile, node: Node, scope: Scope): void {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  if (left && right && scope.kind === "module" && file.text(left) === "__all__") file.dunderAll.extend(right);
}
