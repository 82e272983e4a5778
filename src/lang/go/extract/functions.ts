// Funcs, methods and func literals: entities with their parameters and declared results; a
// func's or method's body becomes the current scope.
import type { Node } from "web-tree-sitter";
import { localFact } from "../../../model/facts";
import { baseType, isBuiltinType, typeParameterNames } from "../types";
import { addRefs, addTypedVar } from "./declared-types";
import { addEntity } from "./entities";
import { methodTypes } from "./method-types";
import type { Scope } from "./scopes";
import { type GoFile, lineOf } from "./state";

export function visitFunction(file: GoFile, node: Node): void {
  const nameNode = node.childForFieldName("name");
  if (!nameNode) return;
  const name = file.text(nameNode);
  const typeParameters = new Set<string>();
  typeParameterNames(node.childForFieldName("type_parameters"), typeParameters);
  const index = addEntity(file, node, name, "function", -1, name);
  visitSignature(file, node, { index, typeParameters, end: node.endIndex });
}

export function visitMethod(file: GoFile, node: Node): void {
  const nameNode = node.childForFieldName("name");
  const receiver = node
    .childForFieldName("receiver")
    ?.namedChildren.find((c) => c.type === "parameter_declaration");
  const receiverTypeNode = receiver?.childForFieldName("type");
  const receiverType = receiverTypeNode ? baseType(receiverTypeNode) : undefined;
  if (!nameNode || !receiverTypeNode || receiverType === undefined) return;
  const name = file.text(nameNode);
  // Parent stays -1 until the end: the receiver's type may be declared further down.
  const index = addEntity(file, node, name, "method", -1, `${receiverType}.${name}`);
  file.facts.entities[index]!.receiverType = receiverType;
  file.methods.push(index);
  // `func (l *List[T])` introduces T for the method's signature and body.
  const typeParameters = new Set<string>();
  receiverTypeParameters(receiverTypeNode, typeParameters);
  file.facts.entities[index]!.methodTypes = methodTypes(file, node.childForFieldName("parameters"), node.childForFieldName("result"), typeParameters);
  const receiverName = receiver?.childForFieldName("name");
  if (receiverName && file.text(receiverName) !== "_") {
    file.facts.vars.push({ scope: index, name: file.text(receiverName), type: receiverType, line: lineOf(receiverName) });
  }
  visitSignature(file, node, { index, typeParameters, end: node.endIndex });
}

/** Once every type of the file is known: a method belongs to its receiver's type if declared here. */
export function settleMethodParents(file: GoFile): void {
  for (const index of file.methods) {
    const method = file.facts.entities[index]!;
    method.parent = file.packageTypes.get(method.receiverType ?? "") ?? -1;
  }
}

/**
 * A closure's types are its enclosing declaration's references, its parameters and named
 * results are in force inside it only, from the end of its signature: not on the call it is
 * passed to, though that is written on the same line. A named one's body is its own scope.
 */
export function visitFuncLiteral(file: GoFile, node: Node, scope: Scope): void {
  const parameters = node.childForFieldName("parameters");
  const result = node.childForFieldName("result");
  const reach = { from: file.endOf(result ?? parameters ?? node), until: file.endOf(node) };
  if (parameters) visitParameters(file, parameters, scope, reach);
  if (result?.type === "parameter_list") visitParameters(file, result, scope, reach);
  else if (result) addRefs(file, result, scope.index, scope.typeParameters);
  // A named closure's body calls as itself.
  const named = file.closures.get(node.startIndex);
  if (!named) return;
  const returns = result ? firstResultType(result, scope.typeParameters) : undefined;
  if (returns !== undefined) file.facts.entities[named.index]!.returns = returns;
  file.enterNested(named);
}

/** Parameters and results of a func or method, then its body becomes the current scope. */
function visitSignature(file: GoFile, node: Node, scope: Scope): void {
  const whole = { from: file.facts.entities[scope.index]!.startLine, until: undefined };
  const parameters = node.childForFieldName("parameters");
  if (parameters) visitParameters(file, parameters, scope, whole);
  const result = node.childForFieldName("result");
  if (result) {
    // Named results are variables of the body as parameters are.
    if (result.type === "parameter_list") visitParameters(file, result, scope, whole);
    else addRefs(file, result, scope.index, scope.typeParameters);
    const returns = firstResultType(result, scope.typeParameters);
    if (returns !== undefined) file.facts.entities[scope.index]!.returns = returns;
  }
  file.enter(scope);
}

/** `T`, `*pkg.T`, `(T, error)`, `(t *T, err error)` → the first result's named type. */
export function firstResultType(result: Node, typeParameters: ReadonlySet<string>): string | undefined {
  const typeNode = result.type === "parameter_list"
    ? result.namedChildren.find((c) => c.type === "parameter_declaration")?.childForFieldName("type")
    : result;
  const type = typeNode ? baseType(typeNode) : undefined;
  return type === undefined || isBuiltinType(type) || typeParameters.has(type) ? undefined : type;
}

/**
 * Parameters are locals and typed vars of the scope: a func's or method's over all of it, a
 * func literal's over its own body in the scope it shares.
 */
function visitParameters(file: GoFile, parameters: Node, scope: Scope, reach: { from: number; until: number | undefined }): void {
  const { from, until } = reach;
  for (const parameter of parameters.namedChildren) {
    const names = parameter.childrenForFieldName("name").filter((name) => file.text(name) !== "_");
    for (const name of names) file.locals.push(localFact(scope.index, file.text(name), from, until));
    const type = parameter.childForFieldName("type");
    if (!type) continue;
    addRefs(file, type, scope.index, scope.typeParameters);
    if (parameter.type === "parameter_declaration") {
      for (const name of names) addTypedVar(file, name, type, { scope: scope.index, from, until });
    }
  }
}

function receiverTypeParameters(node: Node, into: Set<string>): void {
  const generic = node.type === "pointer_type" ? node.namedChild(0) : node;
  if (generic?.type !== "generic_type") return;
  const args = generic.childForFieldName("type_arguments");
  if (!args) return;
  for (const arg of args.namedChildren) {
    const name = baseType(arg);
    if (name !== undefined) into.add(name);
  }
}
