// Reading Go type expressions: the names they mention (REFERENCES edges) and the single named
// type behind a pointer or generic instantiation (typed variables, method receivers).
import type { Node } from "web-tree-sitter";
import { depthFirst } from "../../util/depth-first";

const BUILTIN_TYPES = new Set([
  "bool", "byte", "complex64", "complex128", "error", "float32", "float64", "int", "int8",
  "int16", "int32", "int64", "rune", "string", "uint", "uint8", "uint16", "uint32", "uint64",
  "uintptr", "any", "comparable",
]);

export function isBuiltinType(name: string): boolean {
  return BUILTIN_TYPES.has(name);
}

/** `Name` or `pkg.Name` for a type_identifier / qualified_type node, else undefined. */
export function namedType(node: Node): string | undefined {
  if (node.type === "type_identifier") return node.text;
  if (node.type === "qualified_type") {
    const pkg = node.childForFieldName("package");
    const name = node.childForFieldName("name");
    return pkg && name ? `${pkg.text}.${name.text}` : undefined;
  }
  return undefined;
}

/** `*pkg.Foo`, `Foo[T]`, `(Foo)` → the named type; slices, maps, funcs → undefined. */
export function baseType(type: Node): string | undefined {
  // A loop, not recursion: `****T` nests as deep as the file does.
  let node: Node | null = type;
  while (node) {
    switch (node.type) {
      case "type_identifier":
      case "qualified_type":
        return namedType(node);
      case "pointer_type":
      case "parenthesized_type":
      case "type_elem":
        node = node.namedChild(0);
        break;
      case "generic_type":
        node = node.childForFieldName("type");
        break;
      default:
        return undefined;
    }
  }
  return undefined;
}

/** `[]*Item`, `[4]Item`, `map[string]*Item`, `chan Item` → the node of the element (a map's value) type. */
export function elementTypeNode(node: Node): Node | null {
  switch (node.type) {
    case "slice_type":
    case "array_type":
      return node.childForFieldName("element");
    case "map_type":
    case "channel_type":
      return node.childForFieldName("value");
  }
  return null;
}

/** Type names mentioned anywhere in a type expression, minus builtins and type parameters. */
export function typeNamesIn(type: Node, typeParameters: ReadonlySet<string>, out: string[]): void {
  // Most types are one name: no walk for them.
  const name = namedType(type);
  if (name !== undefined) {
    if (!isBuiltinType(name) && !typeParameters.has(name)) out.push(name);
    return;
  }
  depthFirst(type, (node) => {
    const name = namedType(node);
    if (name === undefined) {
      // Array lengths and parameter names are expressions/identifiers, not type names: they
      // never match namedType, so walking through them is harmless.
      return node.namedChildren;
    }
    if (!isBuiltinType(name) && !typeParameters.has(name)) out.push(name);
  });
}

/** Names declared by a `[T any, U comparable]` list. */
export function typeParameterNames(list: Node | null, into: Set<string>): void {
  if (!list) return;
  for (const declaration of list.namedChildren) {
    for (const name of declaration.childrenForFieldName("name")) into.add(name.text);
  }
}
