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
  let found: CallbackParams | undefined;
  positionalParameters(params).forEach((param, position) => {
    if (!PARAMETER_NODES.has(param.type)) return;
    const fnType = functionTypeOf(param.childForFieldName("type"), source);
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
    arg++;
  }
  return found;
}

function collectParameters(fn: Node, arg: number, source: string, found: CallbackParameter[]): void {
  const until = endLineOf(fn);
  const single = fn.childForFieldName("parameter");
  if (single) {
    if (single.type === "identifier") found.push({ name: textOf(single, source), arg, param: 0, line: lineOf(single), until });
    return;
  }
  const params = fn.childForFieldName("parameters");
  if (!params) return;
  positionalParameters(params).forEach((param, position) => {
    const name = unannotatedName(param);
    if (name) found.push({ name: textOf(name, source), arg, param: position, line: lineOf(name), until });
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
