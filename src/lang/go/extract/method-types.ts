// A method's parameter and result types in one comparable string (EntityFact.methodTypes): a
// type satisfies an interface when it has each of the interface's methods by name with the
// same types. Types are compared as written, package qualifiers dropped (`*chi.Context` in one
// package is `*Context` in chi's own), so a type named two ways in two packages may differ.
import type { Node } from "web-tree-sitter";
import type { GoFile } from "./state";

/** `(pattern string, h http.HandlerFunc)` and `(bool, error)` → `string;HandlerFunc|bool;error`. */
export function methodTypes(file: GoFile, parameters: Node | null, result: Node | null, typeParameters: ReadonlySet<string>): string {
  const params: string[] = [];
  if (parameters) listTypes(file, parameters, typeParameters, params);
  const results: string[] = [];
  if (result?.type === "parameter_list") listTypes(file, result, typeParameters, results);
  else if (result) results.push(normalized(file.text(result), typeParameters));
  return `${params.join(";")}|${results.join(";")}`;
}

function listTypes(file: GoFile, list: Node, typeParameters: ReadonlySet<string>, into: string[]): void {
  for (const parameter of list.namedChildren) {
    const type = parameter.childForFieldName("type");
    if (!type) continue;
    const text = (parameter.type === "variadic_parameter_declaration" ? "..." : "") + normalized(file.text(type), typeParameters);
    // `method, path string` declares two parameters of one type.
    const names = parameter.childrenForFieldName("name").length;
    for (let i = 0; i < Math.max(1, names); i++) into.push(text);
  }
}

const QUALIFIER = /\b[A-Za-z_][A-Za-z0-9_]*\./g;
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/g;

function normalized(text: string, typeParameters: ReadonlySet<string>): string {
  const plain = text.replace(/\s+/g, " ").replace(QUALIFIER, "");
  return typeParameters.size === 0 ? plain : plain.replace(IDENTIFIER, (name) => (typeParameters.has(name) ? "?" : name));
}
