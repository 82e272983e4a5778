// Small readers over tree-sitter-typescript / -javascript nodes, shared by the extractor's parts.
import type { Node } from "web-tree-sitter";
import { headerSignature } from "../signature.ts";

/**
 * Node.text asks the parse callback for the rest of the file and then cuts it; slicing the
 * source ourselves is cheaper. web-tree-sitter indexes a string input in UTF-16 units, the
 * same units String.prototype.slice uses.
 */
export function textOf(node: Node, source: string): string {
  return source.slice(node.startIndex, node.endIndex);
}

export function lineOf(node: Node): number {
  return node.startPosition.row + 1;
}

export function endLineOf(node: Node): number {
  return node.endPosition.row + 1;
}

/** The contents of a string literal node, or undefined when the node is not a plain string. */
export function stringValue(node: Node | null | undefined, source: string): string | undefined {
  if (!node || node.type !== "string") return undefined;
  return source.slice(node.startIndex + 1, node.endIndex - 1);
}

/** A name written as an identifier or a string (`export { "a-b" as c }`), unquoted. */
export function nameText(node: Node, source: string): string {
  return node.type === "string" ? source.slice(node.startIndex + 1, node.endIndex - 1) : textOf(node, source);
}

/** Declarations without a body, whose whole text is their header: overloads, interface members. */
const BODILESS = new Set(["function_signature", "method_signature", "abstract_method_signature", "property_signature"]);

/**
 * The signature of the declaration whose text starts at `start`: up to where `declaration`'s
 * body opens (its `{` included), all of a bodiless one, else the first line (lang/signature).
 */
export function signatureAt(source: string, start: number, declaration?: Node): string {
  // Most headers open their body on their first line: the tree is asked only about the rest.
  return headerSignature(source, start, declaration && !opensOnFirstLine(source, start) ? headerEnd(declaration, source) : undefined, "//");
}

/** The first line holds a body's `{` or an arrow: the header ends on it (or near enough to show it). */
function opensOnFirstLine(source: string, start: number): boolean {
  const newline = source.indexOf("\n", start);
  const line = source.slice(start, newline < 0 ? source.length : newline);
  return line.includes("{") || line.includes("=>");
}

/** Where a declaration's header ends: its body's `{` (or an arrow's expression) of its own or of the function it holds. */
function headerEnd(node: Node, source: string): number | undefined {
  if (BODILESS.has(node.type)) return node.endIndex;
  const body = node.childForFieldName("body") ?? node.childForFieldName("value")?.childForFieldName("body");
  if (!body) return undefined;
  return source[body.startIndex] === "{" ? body.startIndex + 1 : body.startIndex;
}

/** Where a declaration's own text begins: after any decorators that the grammar put inside it. */
export function declarationTextStart(node: Node): number {
  const first = node.firstChild;
  if (!first || first.type !== "decorator") return node.startIndex;
  for (const child of node.children) {
    if (child.type !== "decorator") return child.startIndex;
  }
  return node.startIndex;
}

/**
 * `this`, `a`, `a.b.c`, `this.#db`, `a?.b`, `a!.b` as a dotted path; undefined when any part
 * is not a plain name (a call, an index, a parenthesis, a literal).
 */
export function dottedPath(node: Node, source: string): string | undefined {
  const parts: string[] = [];
  let current: Node | null = node;
  while (current) {
    switch (current.type) {
      case "identifier":
      case "this":
      case "super":
        parts.push(textOf(current, source));
        return parts.reverse().join(".");
      case "member_expression": {
        const property = current.childForFieldName("property");
        if (!property) return undefined;
        parts.push(textOf(property, source));
        current = current.childForFieldName("object");
        break;
      }
      case "non_null_expression":
        current = current.firstNamedChild;
        break;
      default:
        return undefined;
    }
  }
  return undefined;
}

/** Types that say nothing about a receiver's methods we could resolve. */
const UNTYPED_NAMES = new Set(["Array", "ReadonlyArray"]);

/**
 * The nominal type a variable annotated with `node` holds: `Foo`, `Foo<T>`, `ns.Foo`,
 * `Foo | null`, `(Foo)`, `readonly Foo`. Undefined for primitives, arrays, tuples, functions,
 * objects, and unions of more than one named type.
 */
export function typeNameOf(node: Node | null, source: string): string | undefined {
  let current = unwrappedType(node, source);
  for (let depth = 0; depth < 8 && current?.type === "generic_type"; depth++) {
    const wrapped = memberWrapped(current, source);
    if (!wrapped) break;
    current = unwrappedType(wrapped, source);
  }
  if (current?.type === "generic_type") current = current.childForFieldName("name");
  if (current?.type === "type_identifier") {
    const name = textOf(current, source);
    return UNTYPED_NAMES.has(name) ? undefined : name;
  }
  return current?.type === "nested_type_identifier" ? compact(textOf(current, source)) : undefined;
}

/**
 * `Router['serverSsr']`, also under `NonNullable<…>`: the type of property serverSsr of a
 * Router, as the type name and the property.
 */
export function indexedTypeOf(node: Node | null, source: string): { type: string; typeOfProperty: string } | undefined {
  let current = unwrappedType(node, source);
  for (let depth = 0; depth < 8 && current?.type === "generic_type"; depth++) {
    const wrapped = memberWrapped(current, source);
    if (!wrapped) return undefined;
    current = unwrappedType(wrapped, source);
  }
  if (current?.type !== "lookup_type") return undefined;
  const [object, index] = current.namedChildren;
  const type = object && typeNameOf(object, source);
  const key = index?.type === "literal_type" ? index.firstNamedChild : null;
  if (!type || key?.type !== "string") return undefined;
  const property = textOf(key, source).slice(1, -1);
  return /^[\w$]+$/.test(property) ? { type, typeOfProperty: property } : undefined;
}

/** Library types whose members are (some of) their first type argument's: `Partial<Foo>` is read as Foo. */
const MEMBER_WRAPPERS = new Set(["Partial", "Required", "Readonly", "Pick", "Omit", "NonNullable"]);

function memberWrapped(generic: Node, source: string): Node | undefined {
  const name = generic.childForFieldName("name");
  if (name?.type !== "type_identifier" || !MEMBER_WRAPPERS.has(textOf(name, source))) return undefined;
  return typeArgumentsOf(generic)[0];
}

function typeArgumentsOf(generic: Node): Node[] {
  return generic.childForFieldName("type_arguments")?.namedChildren.filter((n) => n.type !== "comment") ?? [];
}

/**
 * The named types of a generic annotation's arguments (`Foo<Bar, 'k'>` → ["Bar", ""]), where
 * any has one: what an alias that passes an argument through (`type P<T> = Omit<T, 'a'>`) is.
 */
export function typeArgumentNames(node: Node | null, source: string): string[] | undefined {
  const current = unwrappedType(node, source);
  if (current?.type !== "generic_type" || memberWrapped(current, source)) return undefined;
  const names = typeArgumentsOf(current).map((arg) => typeNameOf(arg, source) ?? "");
  return names.some((name) => name !== "") ? names : undefined;
}

/** Collections whose first type argument is what iterating them gives. */
const COLLECTIONS = new Set(["Array", "ReadonlyArray", "Set", "ReadonlySet", "Iterable", "IterableIterator", "AsyncIterable"]);

/** Maps, whose second type argument is what `get` gives. */
const MAPS = new Set(["Map", "ReadonlyMap", "WeakMap"]);

/**
 * `Foo[]`, `readonly Foo[]`, `Array<Foo>`, `Set<Foo>`, `Foo[] | undefined` → "Foo"; a map's
 * values, `Map<K, Foo>` → "Foo"; else undefined.
 */
export function elementTypeOf(node: Node | null, source: string): string | undefined {
  const current = unwrappedType(node, source);
  if (current?.type === "array_type") return typeNameOf(current.firstNamedChild, source);
  if (current?.type !== "generic_type") return undefined;
  const name = current.childForFieldName("name");
  const collection = name ? textOf(name, source) : "";
  const args = typeArgumentsOf(current);
  if (COLLECTIONS.has(collection)) return typeNameOf(args[0] ?? null, source);
  return MAPS.has(collection) ? typeNameOf(args[1] ?? null, source) : undefined;
}

/** The type under an annotation's colon, parentheses, `readonly` and `| null | undefined`. */
function unwrappedType(node: Node | null, source: string): Node | null {
  let current = node;
  for (let depth = 0; current && depth < 16; depth++) {
    switch (current.type) {
      case "type_annotation":
      case "parenthesized_type":
      case "readonly_type":
        current = current.firstNamedChild;
        break;
      case "union_type":
        current = soleNamedMember(current, source);
        break;
      default:
        return current;
    }
  }
  return null;
}

/** The one member of a union that is not null/undefined, when there is exactly one. */
function soleNamedMember(union: Node, source: string): Node | null {
  let sole: Node | null = null;
  const stack: Node[] = [union];
  while (stack.length) {
    const node = stack.pop()!;
    for (const member of node.namedChildren) {
      if (member.type === "union_type") stack.push(member);
      else if (member.type === "literal_type" || isNullish(member, source)) continue;
      else if (sole) return null;
      else sole = member;
    }
  }
  return sole;
}

/** The members of `A | B | C` (or `&`), which the grammar nests one pair at a time: read without recursion. */
export function flattened(type: Node): Node[] {
  const members: Node[] = [];
  const pending = [type];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const children = next.namedChildren;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i]!;
      if (child.type === type.type) pending.push(child);
      else members.push(child);
    }
  }
  return members;
}

/** `undefined`, `null`, `void`, `never` as a type. */
export function isNullish(node: Node, source: string): boolean {
  if (node.type === "undefined" || node.type === "null") return true;
  if (node.type === "literal_type") return node.firstNamedChild !== null && isNullish(node.firstNamedChild, source);
  return node.type === "predefined_type" && NULLISH_TYPES.has(textOf(node, source));
}

const NULLISH_TYPES = new Set(["undefined", "null", "void", "never"]);

/** `ns . Foo` written across lines becomes `ns.Foo`. */
export function compact(text: string): string {
  return /\s/.test(text) ? text.replace(/\s+/g, "") : text;
}

/**
 * Global library types: references to them cannot bind to the project's code unless the file
 * declares or imports the same name, which the extractor checks before dropping them.
 */
export const LIBRARY_TYPES: ReadonlySet<string> = new Set([
  "Array", "ReadonlyArray", "ArrayLike", "Promise", "PromiseLike", "Awaited", "Record", "Partial",
  "Required", "Readonly", "Pick", "Omit", "Exclude", "Extract", "NonNullable", "ReturnType",
  "Parameters", "ConstructorParameters", "InstanceType", "ThisType", "ThisParameterType",
  "OmitThisParameter", "Uppercase", "Lowercase", "Capitalize", "Uncapitalize", "NoInfer", "Map",
  "ReadonlyMap", "Set", "ReadonlySet", "WeakMap", "WeakSet", "WeakRef", "Date", "RegExp", "Error",
  "TypeError", "RangeError", "Function", "Object", "String", "Number", "Boolean", "Symbol",
  "BigInt", "Iterable", "Iterator", "IterableIterator", "IteratorResult", "AsyncIterable",
  "AsyncIterator", "AsyncIterableIterator", "Generator", "AsyncGenerator", "PropertyKey",
  "PropertyDescriptor", "TemplateStringsArray", "Uint8Array", "ArrayBuffer", "DataView",
  "JSON", "Math", "Console", "globalThis",
]);

/** Calls given a function that return no function: `xs.map((x) => …)`, `p.then(…)`, `setTimeout(…)`. */
export const NOT_WRAPPERS = new Set([
  "map", "filter", "reduce", "reduceRight", "find", "findIndex", "findLast", "findLastIndex", "some", "every",
  "forEach", "flatMap", "sort", "toSorted", "then", "catch", "finally", "replace", "replaceAll", "from",
  "fromEntries", "setTimeout", "setInterval", "setImmediate", "queueMicrotask", "addEventListener", "on", "once",
]);
