// Contextual typing of callbacks, the extractor's half. A declaration such as
//   function operate(init: (source: Observable<T>, subscriber: Subscriber<R>) => void)
// says what every function passed as `init` receives; a call such as
//   operate((source, subscriber) => source.subscribe(…))
// leaves those parameters unannotated. The extractor records both sides; the resolver joins
// them, resolving the type names in the declaring file.
import type { Node } from "web-tree-sitter";
import { type CallbackParams, propertyType, REST_PARAMETER } from "../../model/facts";
import { endLineOf, flattened, indexedTypeOf, isNullish, lineOf, textOf, typeArgumentNames, typeNameOf } from "./syntax";

/** An unannotated parameter of a function written directly as a call argument. */
export interface CallbackParameter {
  name: string;
  arg: number;
  param: number;
  line: number;
  until: number;
  /** The function is this property of an object literal argument. */
  property?: string;
}

const PARAMETER_NODES = new Set(["required_parameter", "optional_parameter"]);
const CALLBACK_VALUES = new Set(["arrow_function", "function_expression", "function"]);
/** Union members that make the contextual type of a function argument unknowable. */
const OPAQUE_TYPES = new Set(["any", "unknown"]);

/**
 * What each function-typed parameter of `fn` (a declaration, signature, method or function
 * value) passes to its function. Lists whose types are all unknown are kept, so that merging
 * overloads can tell "this overload types nothing" from "this overload has no callback here";
 * settleCallbacks drops them.
 */
export function declaredCallbacks(fn: Node, source: string): CallbackParams | undefined {
  const params = fn.childForFieldName("parameters");
  if (!params) return undefined;
  const bounds = typeBounds(fn, source);
  let found: CallbackParams | undefined;
  positionalParameters(params).forEach((param, position) => {
    if (!PARAMETER_NODES.has(param.type)) return;
    const annotation = param.childForFieldName("type");
    const fnType = functionTypeOf(annotation, source) ?? functionTypeOf(bounds.get(typeNameOf(annotation, source) ?? "") ?? null, source);
    const inner = fnType?.childForFieldName("parameters");
    if (!inner) return;
    found ??= {};
    found[position] = positionalParameters(inner).map((p) =>
      PARAMETER_NODES.has(p.type) && p.childForFieldName("pattern")?.type === "identifier"
        ? typeNameOf(p.childForFieldName("type"), source) ?? ""
        : "",
    );
  });
  return found;
}

/**
 * The named type each parameter of `fn` is declared with ("" where none): `opts: Options`,
 * `handler: Handler<E>` (an alias of a function type), a type parameter as its constraint or
 * default, `H<E> & M` as H where every named part is H; a rest parameter's element type as
 * "...H" (`...handlers: H[]`), a tuple's elements at their own positions (`...hs: [H, ...H[]]`).
 * NO_CALLBACK where nothing but a primitive, a literal or an array goes (`path: string`), which
 * merging overloads passes over. What a function or object literal passed there receives is
 * read through it. Undefined when no parameter has one.
 */
export function declaredParams(fn: Node, source: string): string[] | undefined {
  const params = fn.childForFieldName("parameters");
  if (!params) return undefined;
  const bounds = typeBounds(fn, source);
  const types: string[] = [];
  for (const param of positionalParameters(params)) {
    if (!PARAMETER_NODES.has(param.type)) {
      types.push("");
      continue;
    }
    const annotation = param.childForFieldName("type");
    if (param.childForFieldName("pattern")?.type === "rest_pattern") {
      types.push(...restTypes(annotation, bounds, source));
      break;
    }
    types.push(parameterType(annotation, bounds, source, 0));
  }
  return types.some((type) => type !== "") ? types : undefined;
}

/** A parameter position no function or object literal can be passed to; settled to "" once overloads are merged. */
export const NO_CALLBACK = "-";

/** Bounds followed this deep: `<A extends B, B extends C>`. */
const MAX_BOUND_DEPTH = 8;

function parameterType(annotation: Node | null, bounds: ReadonlyMap<string, Node>, source: string, depth: number): string {
  let type = annotation;
  while (type && (type.type === "type_annotation" || type.type === "parenthesized_type" || type.type === "optional_type")) type = type.firstNamedChild;
  if (!type || depth > MAX_BOUND_DEPTH) return "";
  if (takesNoCallback(type, source)) return NO_CALLBACK;
  if (type.type === "intersection_type") return intersectionType(type, bounds, source, depth);
  // `refinement: Effect<T>['refinement']`: that property's type, as "Effect['refinement']".
  const indexed = indexedTypeOf(type, source);
  if (indexed) return propertyType(indexed.type, indexed.typeOfProperty);
  const name = typeNameOf(type, source) ?? "";
  const bound = bounds.get(name);
  return bound === undefined ? name : parameterType(bound, bounds, source, depth + 1);
}

/** `H<E> & M1` with `M1 extends H`: the one named type its parts agree on (object literal parts add members, not signatures). */
function intersectionType(type: Node, bounds: ReadonlyMap<string, Node>, source: string, depth: number): string {
  let agreed: string | undefined;
  for (const part of flattened(type)) {
    if (part.type === "object_type") continue;
    const one = parameterType(part, bounds, source, depth + 1);
    if (one === NO_CALLBACK) return NO_CALLBACK;
    if (one === "" || (agreed !== undefined && agreed !== one)) return "";
    agreed = one;
  }
  return agreed ?? "";
}

/** `...xs: H[]`, `...xs: Array<H>`: "...H"; `...xs: [A, B?, ...C[]]`: A, B, "...C"; anything else a rest of unknown type. */
function restTypes(annotation: Node | null, bounds: ReadonlyMap<string, Node>, source: string): string[] {
  let type = annotation;
  while (type && (type.type === "type_annotation" || type.type === "parenthesized_type" || type.type === "readonly_type")) type = type.firstNamedChild;
  const element = type && arrayElement(type, source);
  if (element) return [REST_PARAMETER + parameterType(element, bounds, source, 0)];
  if (type?.type !== "tuple_type") return [REST_PARAMETER];
  const types: string[] = [];
  for (const member of type.namedChildren) {
    if (member.type === "comment") continue;
    if (member.type === "rest_type") {
      const inner = member.firstNamedChild && arrayElement(member.firstNamedChild, source);
      types.push(REST_PARAMETER + (inner ? parameterType(inner, bounds, source, 0) : ""));
      return types;
    }
    // A named member (`[path: P, handler?: H]`) holds its type under `type`.
    const named = PARAMETER_NODES.has(member.type) ? member.childForFieldName("type") : member;
    types.push(parameterType(named, bounds, source, 0));
  }
  return types;
}

/** The element type of `H[]` or `Array<H>`. */
function arrayElement(type: Node, source: string): Node | undefined {
  if (type.type === "array_type") return type.firstNamedChild ?? undefined;
  if (type.type !== "generic_type") return undefined;
  const name = type.childForFieldName("name");
  if (!name || !ARRAYS.has(textOf(name, source))) return undefined;
  return type.childForFieldName("type_arguments")?.namedChildren.find((arg) => arg.type !== "comment");
}

const ARRAYS = new Set(["Array", "ReadonlyArray"]);

/** Types no function and no object literal is assignable to. */
const PRIMITIVES = new Set(["string", "number", "boolean", "bigint", "symbol", "undefined", "null", "void", "never"]);
const NO_CALLBACK_NODES = new Set(["literal_type", "template_literal_type", "array_type", "tuple_type", "undefined", "null"]);

function takesNoCallback(type: Node, source: string): boolean {
  if (NO_CALLBACK_NODES.has(type.type)) return true;
  if (type.type === "predefined_type") return PRIMITIVES.has(textOf(type, source));
  if (type.type === "union_type") return flattened(type).every((member) => takesNoCallback(member, source));
  return false;
}

/** `<H extends Handler = Default>`: each type parameter's constraint, else its default. */
export function typeBounds(fn: Node, source: string): Map<string, Node> {
  const bounds = new Map<string, Node>();
  for (const param of fn.childForFieldName("type_parameters")?.namedChildren ?? []) {
    if (param.type !== "type_parameter") continue;
    const name = param.childForFieldName("name");
    const bound = param.childForFieldName("constraint")?.firstNamedChild ?? param.childForFieldName("value")?.firstNamedChild;
    if (name && bound) bounds.set(textOf(name, source), bound);
  }
  return bounds;
}

/**
 * Overloads' parameter types: a position keeps a type where every overload that can take a
 * function there agrees on it. An overload passes over a position it has no parameter for, or
 * one that takes no callback (NO_CALLBACK); a rest parameter holds every position from its own.
 */
export function mergeParams(a: string[] | undefined, b: string[] | undefined): string[] | undefined {
  if (!a || !b) return a ?? b;
  const [fixedA, restA] = splitRest(a);
  const [fixedB, restB] = splitRest(b);
  const length = Math.max(fixedA.length, fixedB.length);
  const merged = Array.from({ length }, (_, i) => agreed(i < fixedA.length ? fixedA[i] : restA, i < fixedB.length ? fixedB[i] : restB));
  if (restA !== undefined || restB !== undefined) merged.push(REST_PARAMETER + agreed(restA, restB));
  return merged.some((type) => type !== "" && type !== REST_PARAMETER) ? merged : undefined;
}

function splitRest(params: readonly string[]): [fixed: readonly string[], rest: string | undefined] {
  const last = params[params.length - 1];
  return last?.startsWith(REST_PARAMETER) ? [params.slice(0, -1), last.slice(REST_PARAMETER.length)] : [params, undefined];
}

/** Two overloads' types at one position: undefined where an overload has no parameter there. */
function agreed(a: string | undefined, b: string | undefined): string {
  if (a === undefined || a === NO_CALLBACK) return b ?? a ?? "";
  if (b === undefined || b === NO_CALLBACK) return a;
  return a === b ? a : "";
}

/**
 * Parameter types once the file is walked: type variables and positions that take no callback
 * become unknown (""), a rest of unknown type is dropped; undefined when nothing is known.
 */
export function settleParams(params: readonly string[], typeVariables: ReadonlySet<string>): string[] | undefined {
  const settled: string[] = [];
  for (const type of params) {
    const rest = type.startsWith(REST_PARAMETER);
    const name = rest ? type.slice(REST_PARAMETER.length) : type;
    const known = name === NO_CALLBACK || typeVariables.has(name.split(/[.[]/)[0]!) ? "" : name;
    if (!rest) settled.push(known);
    else if (known !== "") settled.push(REST_PARAMETER + known);
  }
  return settled.some((type) => type !== "") ? settled : undefined;
}

/**
 * `type H<E> = Handler<E> | Middleware<E>`: the union's named members as aliasOf writes them
 * ("<i>" for the alias's own type parameter), with their generic arguments; undefined unless
 * every member but null and undefined is a named type.
 */
export function unionMembers(value: Node | null, typeParameters: readonly string[], source: string): { names: string[]; args?: Record<string, string[]> } | undefined {
  let type = value;
  while (type?.type === "parenthesized_type") type = type.firstNamedChild;
  if (type?.type !== "union_type") return undefined;
  const names: string[] = [];
  let args: Record<string, string[]> | undefined;
  // flattened lists a union's members last first.
  for (const member of flattened(type).reverse()) {
    if (isNullish(member, source)) continue;
    const name = member.type === "generic_type" || member.type === "type_identifier" || member.type === "nested_type_identifier" ? typeNameOf(member, source) : undefined;
    if (!name) return undefined;
    const own = typeParameters.indexOf(name);
    names.push(own < 0 ? name : `<${own}>`);
    const written = own < 0 ? typeArgumentNames(member, source) : undefined;
    if (written) (args ??= {})[name] = written.map((arg) => (arg !== "" && typeParameters.includes(arg) ? `<${typeParameters.indexOf(arg)}>` : arg));
  }
  const distinct = [...new Set(names)];
  if (distinct.length < 2) return undefined;
  return args ? { names: distinct, args } : { names: distinct };
}

/**
 * Overloads of one entity: a position keeps a type only where every overload that takes a
 * function there agrees on it.
 */
export function mergeCallbacks(a: CallbackParams | undefined, b: CallbackParams | undefined): CallbackParams | undefined {
  if (!a || !b) return a ?? b;
  const merged: CallbackParams = { ...a };
  for (const [key, types] of Object.entries(b)) {
    const position = Number(key);
    const known = merged[position];
    if (!known) merged[position] = types;
    else {
      const length = Math.max(known.length, types.length);
      merged[position] = Array.from({ length }, (_, i) => (known[i] === types[i] ? known[i]! : ""));
    }
  }
  return merged;
}

/** Type variables become unknown; lists with nothing known are dropped; undefined if none remain. */
export function settleCallbacks(params: CallbackParams, typeVariables: ReadonlySet<string>): CallbackParams | undefined {
  let settled: CallbackParams | undefined;
  for (const [key, types] of Object.entries(params)) {
    const known = types.map((type) => (typeVariables.has(type) ? "" : type));
    if (known.some((type) => type !== "")) (settled ??= {})[Number(key)] = known;
  }
  return settled;
}

/** The unannotated, plainly named parameters of functions written as the call's arguments. */
export function callbackParameters(args: Node, source: string): CallbackParameter[] {
  const found: CallbackParameter[] = [];
  let arg = 0;
  for (const child of args.namedChildren) {
    if (child.type === "comment") continue;
    // After a spread, positions are unknown.
    if (child.type === "spread_element") break;
    const fn = unparenthesized(child);
    if (CALLBACK_VALUES.has(fn.type)) collectParameters(fn, arg, source, found);
    else if (fn.type === "object") objectCallbacks(fn, arg, source, found);
    arg++;
  }
  return found;
}

/** `{ onError: (e) => …, onDone(r) { … } }`: the functions an object literal argument holds. */
function objectCallbacks(object: Node, arg: number, source: string, found: CallbackParameter[]): void {
  for (const member of object.namedChildren) {
    const key = member.childForFieldName(member.type === "pair" ? "key" : "name");
    if (key?.type !== "property_identifier") continue;
    const value = member.type === "pair" ? member.childForFieldName("value") : member.type === "method_definition" ? member : null;
    const fn = value && unparenthesized(value);
    if (fn && (fn.type === "method_definition" || CALLBACK_VALUES.has(fn.type))) collectParameters(fn, arg, source, found, textOf(key, source));
  }
}

function collectParameters(fn: Node, arg: number, source: string, found: CallbackParameter[], property?: string): void {
  const until = endLineOf(fn);
  const add = (name: Node, param: number): void => {
    const parameter: CallbackParameter = { name: textOf(name, source), arg, param, line: lineOf(name), until };
    if (property !== undefined) parameter.property = property;
    found.push(parameter);
  };
  const single = fn.childForFieldName("parameter");
  if (single) {
    if (single.type === "identifier") add(single, 0);
    return;
  }
  const params = fn.childForFieldName("parameters");
  if (!params) return;
  positionalParameters(params).forEach((param, position) => {
    const name = unannotatedName(param);
    if (name) add(name, position);
  });
}

/** The name of a parameter written without a type: `x`, `x = 1`; not destructured, not rest. */
function unannotatedName(param: Node): Node | undefined {
  if (param.type === "identifier") return param; // JavaScript
  if (param.type === "assignment_pattern") {
    const left = param.childForFieldName("left");
    return left?.type === "identifier" ? left : undefined;
  }
  if (!PARAMETER_NODES.has(param.type) || param.childForFieldName("type")) return undefined;
  const pattern = param.childForFieldName("pattern");
  return pattern?.type === "identifier" ? pattern : undefined;
}

/** Parameters in call positions: comments and a leading `this` parameter left out. */
function positionalParameters(params: Node): Node[] {
  return params.namedChildren.filter(
    (param) => param.type !== "comment" && !(PARAMETER_NODES.has(param.type) && param.childForFieldName("pattern")?.type === "this"),
  );
}

/**
 * The function type a parameter is declared with: `(a: A) => R`, `((a: A) => R) | undefined`.
 * A union qualifies when exactly one member is a function type and none is `any`/`unknown`
 * (a function argument then can only be that member).
 */
export function functionTypeOf(annotation: Node | null, source: string): Node | undefined {
  let current = annotation;
  for (let depth = 0; current && depth < 8; depth++) {
    switch (current.type) {
      case "type_annotation":
      case "parenthesized_type":
        current = current.firstNamedChild;
        break;
      case "function_type":
        return current;
      case "union_type":
        return soleFunctionMember(current, source);
      default:
        return undefined;
    }
  }
  return undefined;
}

function soleFunctionMember(union: Node, source: string): Node | undefined {
  let sole: Node | undefined;
  const stack: Node[] = [union];
  while (stack.length) {
    for (const member of stack.pop()!.namedChildren) {
      let inner: Node | null = member;
      while (inner?.type === "parenthesized_type") inner = inner.firstNamedChild;
      if (!inner) continue;
      if (inner.type === "union_type") stack.push(inner);
      else if (inner.type === "predefined_type" && OPAQUE_TYPES.has(textOf(inner, source))) return undefined;
      else if (inner.type === "function_type") {
        if (sole) return undefined;
        sole = inner;
      }
    }
  }
  return sole;
}

function unparenthesized(node: Node): Node {
  let current = node;
  while (current.type === "parenthesized_expression" && current.firstNamedChild) current = current.firstNamedChild;
  return current;
}
