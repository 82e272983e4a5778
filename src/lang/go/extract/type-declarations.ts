// `type X …`: struct, interface and other type entities, with their fields, embeddings (Go's
// heritage) and the types they reference.
import type { Node } from "web-tree-sitter";
import type { EntityKind } from "../../../model/facts";
import { baseType, isBuiltinType, typeParameterNames } from "../types";
import { addRefs, declaredType } from "./declared-types";
import { addEntity } from "./entities";
import { firstResultType } from "./functions";
import { methodTypes } from "./method-types";
import type { Scope } from "./scopes";
import { type GoFile, lineOf } from "./state";

export function visitTypeDeclaration(file: GoFile, node: Node, scope: Scope): void {
  const specs = node.namedChildren.filter((c) => c.type === "type_spec" || c.type === "type_alias");
  // A lone `type X ...` spans its `type` keyword; each spec of a `type ( ... )` group spans itself.
  const grouped = specs.length !== 1 || node.children.some((c) => c.type === "(");
  for (const spec of specs) visitTypeSpec(file, spec, grouped ? spec : node, scope);
}

function visitTypeSpec(file: GoFile, spec: Node, spanNode: Node, scope: Scope): void {
  const nameNode = spec.childForFieldName("name");
  const type = spec.childForFieldName("type");
  if (!nameNode || !type) return;
  const name = file.text(nameNode);
  const kind: EntityKind =
    spec.type === "type_alias"
      ? "type"
      : type.type === "struct_type"
        ? "class"
        : type.type === "interface_type"
          ? "interface"
          : "type";
  const owner = file.facts.entities[scope.index];
  const index = addEntity(file, spanNode, name, kind, scope.index, owner ? `${owner.qname}.${name}` : name);
  // Only package-level types can own methods.
  if (scope.index === -1) file.packageTypes.set(name, index);
  const typeParameters = new Set(scope.typeParameters);
  typeParameterNames(spec.childForFieldName("type_parameters"), typeParameters);
  if (kind === "class") visitStructFields(file, type, index, typeParameters);
  else if (kind === "interface") visitInterfaceElements(file, type, index, typeParameters);
  else addRefs(file, type, index, typeParameters);
}

function visitStructFields(file: GoFile, struct: Node, entity: number, typeParameters: ReadonlySet<string>): void {
  const fields = struct.namedChildren.find((c) => c.type === "field_declaration_list");
  if (!fields) return;
  for (const field of fields.namedChildren) {
    if (field.type !== "field_declaration") continue;
    const type = field.childForFieldName("type");
    if (!type) continue;
    const fieldType = baseType(type);
    const typed = fieldType !== undefined && !isBuiltinType(fieldType) && !typeParameters.has(fieldType);
    const names = field.childrenForFieldName("name");
    if (names.length > 0) {
      addRefs(file, type, entity, typeParameters);
      const declared = declaredType(type, typeParameters);
      if (declared) for (const name of names) file.structFields.push({ scope: entity, name: file.text(name), line: lineOf(name), ...declared });
      continue;
    }
    // A field without a name is an embedding: Go's only form of inheritance.
    if (fieldType === undefined) continue;
    file.facts.heritage.push({ entity, kind: "extends", name: fieldType, line: lineOf(field) });
    // `x.Store` names the embedded value itself.
    if (typed) file.structFields.push({ scope: entity, name: fieldType.slice(fieldType.lastIndexOf(".") + 1), type: fieldType, line: lineOf(field) });
  }
}

/**
 * An interface's methods are its members, as a struct's are: a call through a value of the
 * interface's type binds to them. Its embedded interfaces extend it.
 */
function visitInterfaceElements(file: GoFile, iface: Node, entity: number, typeParameters: ReadonlySet<string>): void {
  const owner = file.facts.entities[entity]!;
  for (const element of iface.namedChildren) {
    if (element.type === "method_elem") {
      const nameNode = element.childForFieldName("name");
      const parameters = element.childForFieldName("parameters");
      const result = element.childForFieldName("result");
      const name = nameNode ? file.text(nameNode) : undefined;
      const method = name === undefined ? entity : addEntity(file, element, name, "method", entity, `${owner.qname}.${name}`);
      if (method !== entity) {
        const declared = file.facts.entities[method]!;
        declared.methodTypes = methodTypes(file, parameters, result, typeParameters);
        // `With(…) Router`: a call through the interface returns what it declares, as a method's call does.
        const returns = result ? firstResultType(result, typeParameters) : undefined;
        if (returns !== undefined) declared.returns = returns;
      }
      if (parameters) addRefs(file, parameters, method, typeParameters);
      if (result) addRefs(file, result, method, typeParameters);
    } else if (element.type === "type_elem") {
      // One named type is an embedded interface; unions (`~int | ~string`) are constraints.
      const only = element.namedChildCount === 1 ? element.namedChild(0) : null;
      const embedded = only ? baseType(only) : undefined;
      if (embedded && !isBuiltinType(embedded) && !typeParameters.has(embedded)) {
        file.facts.heritage.push({ entity, kind: "extends", name: embedded, line: lineOf(element) });
      }
    }
  }
}
