// Contextual typing of callbacks, the extractor's half. A declaration such as
//   function operate(init: (source: Observable<T>, subscriber: Subscriber<R>) => void)
// says what every function passed as `init` receives; a call such as
//   operate((source, subscriber) => source.subscribe(…))
// leaves those parameters unannotated. The extractor records both sides; the resolver joins
// them, resolving the type names in the declaring file.
import type { Node } from "web-tree-sitter";
import type { CallbackParams } from "../../model/facts";
import { endLineOf, lineOf, textOf, typeNameOf } from "./syntax";

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
 * default. What a function or object literal passed there receives is read through it.
 * Undefined when no parameter has one.
 */
export function declaredParams(fn: Node, source: string): string[] | undefined {
  const params = fn.childForFieldName("parameters");
  if (!params) return undefined;
  const bounds = typeBounds(fn, source);
  const types = positionalParameters(params).map((param) => {
    if (!PARAMETER_NODES.has(param.type)) return "";
    const annotation = param.childForFieldName("type");
    const name = typeNameOf(annotation, source) ?? "";
    const bound = bounds.get(name);
    return bound === undefined ? name : typeNameOf(bound, source) ?? "";
  });
  return types.some((type) => type !== "") ? types : undefined;
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

/** Overloads' parameter types: a position keeps a type where every overload agrees on it. */
export function mergeParams(a: string[] | undefined, b: string[] | undefined): string[] | undefined {
  if (!a || !b) return a ?? b;
  const length = Math.max(a.length, b.length);
  const merged = Array.from({ length }, (_, i) => (a[i] === b[i] ? a[i]! : ""));
  return merged.some((type) => type !== "") ? merged : undefined;
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
