// Reading Python type annotations: which names they mention (REFERENCES edges) and, when an
// annotation boils down to one user type, that type (typed variables for receiver resolution).
import type { Node } from "web-tree-sitter";
import { depthFirst } from "../../util/depth-first";

/** Builtins and typing wrappers: never a reference worth an edge. */
const BUILTIN_TYPES = new Set([
  "int", "str", "float", "bool", "bytes", "None", "list", "dict", "set", "tuple", "object",
  "complex", "frozenset", "bytearray", "type", "Any", "Optional", "List", "Dict", "Set",
  "Tuple", "Union", "FrozenSet", "Type", "Callable", "Iterable", "Iterator", "Sequence",
  "Mapping", "MutableMapping", "MutableSequence", "Generator", "AsyncIterator",
  "AsyncGenerator", "Awaitable", "Coroutine", "ClassVar", "Final", "Literal", "Annotated",
  "Self", "NoReturn", "Never", "TypeVar", "Generic", "Protocol",
]);

/** Typing wrappers whose arguments are not types (Literal) or only the first is (Annotated). */
const VALUE_ARGUMENTS = new Set(["Literal"]);
const FIRST_ARGUMENT_ONLY = new Set(["Annotated"]);
/** Wrappers that name the same type they wrap, for the purpose of a variable's type. */
const TRANSPARENT_WRAPPERS = new Set(["Optional", "ClassVar", "Final", "Annotated"]);

const DOTTED_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
const NAMES_IN_STRING = /[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*/g;
const TYPING_MODULES = new Set(["typing", "t", "typing_extensions", "collections.abc", "abc"]);

/** `typing.Optional` counts as the builtin `Optional`. */
export function isBuiltinType(name: string): boolean {
  if (BUILTIN_TYPES.has(name)) return true;
  const dot = name.lastIndexOf(".");
  return dot > 0 && TYPING_MODULES.has(name.slice(0, dot)) && BUILTIN_TYPES.has(name.slice(dot + 1));
}

function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf(".") + 1);
}

/** `a.b.c` as written when the node is a plain dotted path, else undefined. */
export function dottedPath(node: Node): string | undefined {
  if (node.type === "identifier") return node.text;
  // A loop, not recursion: an attribute chain is as long as the file makes it.
  const attributes: string[] = [];
  let current = node;
  while (current.type === "attribute") {
    const object = current.childForFieldName("object");
    const attribute = current.childForFieldName("attribute");
    if (!object || !attribute) return undefined;
    attributes.push(attribute.text);
    current = object;
  }
  if (current.type !== "identifier") return undefined;
  attributes.push(current.text);
  return attributes.reverse().join(".");
}

/** The base and arguments of `X[A, B]`, whichever node shape the grammar chose for it. */
function genericParts(node: Node): { base: string | undefined; args: Node[] } | undefined {
  if (node.type === "generic_type") {
    const baseNode = node.namedChildren.find((c) => c.type === "identifier" || c.type === "attribute");
    const params = node.namedChildren.find((c) => c.type === "type_parameter");
    return { base: baseNode && dottedPath(baseNode), args: params ? params.namedChildren : [] };
  }
  if (node.type === "subscript") {
    const value = node.childForFieldName("value");
    return { base: value ? dottedPath(value) : undefined, args: node.childrenForFieldName("subscript") };
  }
  return undefined;
}

function stringContent(node: Node): string {
  let text = "";
  for (const child of node.namedChildren) if (child.type === "string_content") text += child.text;
  return text;
}

/** Every non-builtin type name an annotation mentions, subscripts opened up. */
export function typeNamesIn(annotation: Node, out: string[]): void {
  // Most annotations are one name: no walk for them.
  if (annotation.type === "identifier") {
    typeNamesAt(annotation, out);
    return;
  }
  depthFirst(annotation, (node) => typeNamesAt(node, out));
}

/** The names `node` itself mentions; the nodes under it that may mention more. */
function typeNamesAt(node: Node, out: string[]): readonly Node[] | undefined {
  switch (node.type) {
    case "identifier":
    case "attribute": {
      const name = dottedPath(node);
      if (name !== undefined) {
        if (!isBuiltinType(name)) out.push(name);
        return;
      }
      break;
    }
    case "string": {
      // Forward references: "Foo" or "Optional[Foo]" written as a string.
      for (const match of stringContent(node).matchAll(NAMES_IN_STRING)) {
        if (!isBuiltinType(match[0])) out.push(match[0]);
      }
      return;
    }
    case "none":
    case "integer":
    case "float":
    case "true":
    case "false":
    case "ellipsis":
      return;
    case "generic_type":
    case "subscript": {
      const parts = genericParts(node);
      if (parts) {
        if (parts.base !== undefined && !isBuiltinType(parts.base)) out.push(parts.base);
        const wrapper = parts.base === undefined ? "" : lastSegment(parts.base);
        if (VALUE_ARGUMENTS.has(wrapper)) return;
        return FIRST_ARGUMENT_ONLY.has(wrapper) ? parts.args.slice(0, 1) : parts.args;
      }
      break;
    }
  }
  return node.namedChildren;
}

/** Members of a `A | B | None` union, flattened, left to right. */
function unionMembers(union: Node, out: Node[]): void {
  depthFirst(union, (node) => {
    if (node.type !== "binary_operator" || node.childForFieldName("operator")?.type !== "|") {
      out.push(node);
      return;
    }
    const left = node.childForFieldName("left");
    const right = node.childForFieldName("right");
    return [left, right].filter((side): side is Node => side !== null);
  });
}

function isNone(node: Node): boolean {
  return node.type === "none" || (node.type === "type" && node.namedChild(0)?.type === "none");
}

/**
 * The one user type an annotation stands for: `Foo`, `Optional[Foo]`, `Foo | None`, `"Foo"`,
 * `QuerySet[Foo]` → "QuerySet". Undefined for builtins, unions of several types, anything else.
 */
/** Collections whose one type argument is what iterating them gives. */
const COLLECTIONS = new Set(["list", "List", "set", "Set", "frozenset", "FrozenSet", "Sequence", "MutableSequence", "Iterable", "Iterator"]);

/** `list[Foo]`, `Optional[Sequence[Foo]]`, `set[Foo] | None`, `tuple[Foo, ...]` → "Foo"; else undefined. */
export function elementType(node: Node): string | undefined {
  const inner = unwrapped(node);
  if (inner?.type !== "generic_type" && inner?.type !== "subscript") return undefined;
  const parts = genericParts(inner);
  if (!parts || parts.base === undefined || !isBuiltinType(parts.base)) return undefined;
  const wrapper = lastSegment(parts.base);
  const [first, second] = parts.args;
  const ellipsis = second?.type === "type" ? second.namedChild(0) : second;
  const homogeneousTuple = (wrapper === "tuple" || wrapper === "Tuple") && parts.args.length === 2 && ellipsis?.type === "ellipsis";
  if (!first || (!homogeneousTuple && (!COLLECTIONS.has(wrapper) || parts.args.length !== 1))) return undefined;
  return annotatedType(first);
}

export function annotatedType(node: Node): string | undefined {
  const inner = unwrapped(node);
  switch (inner?.type) {
    case "identifier":
    case "attribute": {
      const name = dottedPath(inner);
      return name === undefined || isBuiltinType(name) ? undefined : name;
    }
    case "string": {
      const text = stringContent(inner).trim();
      return DOTTED_NAME.test(text) && !isBuiltinType(text) ? text : undefined;
    }
    case "generic_type":
    case "subscript": {
      const base = genericParts(inner)?.base;
      return base === undefined || isBuiltinType(base) ? undefined : base;
    }
  }
  return undefined;
}

/**
 * The annotation under `type` nodes and parentheses, `X | None`, `Union[X, None]` and the
 * wrappers that do not change what a variable holds (`Optional[X]`, `ClassVar[X]`…); undefined
 * for a union of several types.
 */
function unwrapped(annotation: Node): Node | undefined {
  // A loop, not recursion: `Optional[Optional[…]]` nests as deep as the file does.
  let node: Node | undefined = annotation;
  while (node) {
    const inner = unwrappedOnce(node);
    if (inner === node) return node;
    node = inner;
  }
  return undefined;
}

/** One layer off `node`: the node itself when none comes off, undefined when nothing is left. */
function unwrappedOnce(node: Node): Node | undefined {
  switch (node.type) {
    case "type":
    case "parenthesized_expression":
      return node.namedChild(0) ?? undefined;
    case "binary_operator": {
      const members: Node[] = [];
      unionMembers(node, members);
      return soleMember(members);
    }
    case "generic_type":
    case "subscript": {
      const parts = genericParts(node);
      if (!parts || parts.base === undefined || !isBuiltinType(parts.base)) return node;
      const wrapper = lastSegment(parts.base);
      if (TRANSPARENT_WRAPPERS.has(wrapper)) return parts.args[0];
      return wrapper === "Union" ? soleMember(parts.args) : node;
    }
  }
  return node;
}

/** The one member of a union that is not None, when there is exactly one. */
function soleMember(members: Node[]): Node | undefined {
  const real = members.filter((m) => !isNone(m));
  return real.length === 1 ? real[0] : undefined;
}

/** `Callable[[F], Group]`, `t.Callable[..., Group]` → "Group": what calling the function an annotation names returns. */
export function callableResult(node: Node): string | undefined {
  const inner = unwrapped(node);
  if (inner?.type !== "generic_type" && inner?.type !== "subscript") return undefined;
  const parts = genericParts(inner);
  if (!parts || parts.base === undefined || lastSegment(parts.base) !== "Callable" || !isBuiltinType(parts.base)) return undefined;
  const result = parts.args.length === 2 ? parts.args[1] : undefined;
  return result && annotatedType(result);
}

/** Generators a yield fixture is annotated with; their first argument is what it yields. */
const GENERATORS = new Set(["Generator", "Iterator", "Iterable", "AsyncGenerator", "AsyncIterator"]);

/** `Generator[Foo, None, None]`, `Iterator[Foo]` → "Foo": what a generator function yields. */
export function yieldedType(node: Node): string | undefined {
  const inner = unwrapped(node);
  if (inner?.type !== "generic_type" && inner?.type !== "subscript") return undefined;
  const parts = genericParts(inner);
  if (!parts || parts.base === undefined || !GENERATORS.has(lastSegment(parts.base)) || !isBuiltinType(parts.base)) return undefined;
  const first = parts.args[0];
  return first && annotatedType(first);
}
