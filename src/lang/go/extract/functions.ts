// Funcs, methods and func literals: entities with their parameters and declared results; a
// func's or method's body becomes the current scope.
import type { Node } from "web-tree-sitter";
import { localFact } from "../../../model/facts";
import { baseType, isBuiltinType, typeParameterNames } from "../types";
import { addRefs, addTypedVar } from "./declared-types";
import { addEntity } from "./entities";
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

/** A closure belongs to its enclosing declaration: its types are that one's references. */
export function visitFuncLiteral(file: GoFile, node: Node, scope: Scope): void {
  const parameters = node.childForFieldName("parameters");
  if (parameters) visitParameters(file, parameters, scope, node);
  const result = node.childForFieldName("result");
  if (result) addRefs(file, result, scope.index, scope.typeParameters);
}

/** Parameters and results of a func or method, then its body becomes the current scope. */
function visitSignature(file: GoFile, node: Node, scope: Scope): void {
  const parameters = node.childForFieldName("parameters");
  if (parameters) visitParameters(file, parameters, scope);
  const result = node.childForFieldName("result");
  if (result) {
    addRefs(file, result, scope.index, scope.typeParameters);
    const returns = firstResultType(result, scope.typeParameters);
    if (returns !== undefined) file.facts.entities[scope.index]!.returns = returns;
  }
  file.enter(scope);
}

/** `T`, `*pkg.T`, `(T, error)`, `(t *T, err error)` → the first result's named type. */
function firstResultType(result: Node, typeParameters: ReadonlySet<string>): string | undefined {
  const typeNode = result.type === "parameter_list"
    ? result.namedChildren.find((c) => c.type === "parameter_declaration")?.childForFieldName("type")
    : result;
  const type = typeNode ? baseType(typeNode) : undefined;
  return type === undefined || isBuiltinType(type) || typeParameters.has(type) ? undefined : type;
}

/** Parameters are locals and typed vars of the scope; a func `literal`'s only over its own lines. */
function visitParameters(file: GoFile, parameters: Node, scope: Scope, literal?: Node): void {
  // A func or method owns its parameters; a func literal's hold over its own lines in the scope it shares.
  const from = literal ? lineOf(literal) : (file.facts.entities[scope.index]?.startLine ?? lineOf(parameters));
  const until = literal ? literal.endPosition.row + 1 : undefined;
  for (const parameter of parameters.namedChildren) {
    for (const name of parameter.childrenForFieldName("name")) file.locals.push(localFact(scope.index, file.text(name), from, until));
    const type = parameter.childForFieldName("type");
    if (!type) continue;
    addRefs(file, type, scope.index, scope.typeParameters);
    if (parameter.type === "parameter_declaration") {
      for (const name of parameter.childrenForFieldName("name")) addTypedVar(file, name, type, { scope: scope.index, from: lineOf(name), until });
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
