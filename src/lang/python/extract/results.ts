// What a def gives back when no annotation says: the class it constructs in every `return`
// (`return CliRunner()`), a typed local it returns, or the nested def it returns (a decorator
// factory's inner function); for a pytest fixture, what it yields too. Noted as the walk meets
// each `return` and `yield`, settled once every def is known, and kept for fixtures and
// decorator factories only.
import type { Node } from "web-tree-sitter";
import { dottedPath } from "../types";
import { isClassLike } from "./variables";
import { lineOf, type PythonFile } from "./state";

/** What the returns of one def have given so far. */
export interface Returned {
  /** Classes constructed, or the types of typed locals, given back. */
  types: Set<string>;
  /** Nested defs given back (entity indexes). */
  nested: Set<number>;
  /** Yields count only for fixtures: a generator's caller gets the generator. */
  yielded: Set<string>;
  /** Something else was given back: nothing can be said. */
  other: boolean;
}

/** `return value` / `yield value` in the def `fn`. */
export function noteResult(file: PythonFile, value: Node | null, fn: number, yields: boolean): void {
  const entity = file.facts.entities[fn];
  if (!entity || (entity.kind !== "function" && entity.kind !== "method")) return;
  // A bare `return`, `return None`, `yield`: no value that callers use.
  if (!value || value.type === "none") return;
  let returned = file.returned.get(fn);
  if (!returned) file.returned.set(fn, (returned = { types: new Set(), nested: new Set(), yielded: new Set(), other: false }));
  const type = resultType(file, value, fn);
  if (type !== undefined) {
    (yields ? returned.yielded : returned.types).add(type);
    return;
  }
  if (yields) return;
  const nested = value.type === "identifier" ? nestedDef(file, fn, file.text(value)) : undefined;
  if (nested !== undefined) returned.nested.add(nested);
  else returned.other = true;
}

/** The class `Foo(…)` constructs, or the type of the typed local named. */
function resultType(file: PythonFile, value: Node, fn: number): string | undefined {
  if (value.type === "call") {
    const callee = value.childForFieldName("function");
    const path = callee ? dottedPath(callee) : undefined;
    return path !== undefined && isClassLike(path) ? path : undefined;
  }
  if (value.type !== "identifier") return undefined;
  const name = file.text(value);
  const at = lineOf(value);
  const vars = file.facts.vars;
  for (let i = vars.length - 1; i >= 0; i--) {
    const v = vars[i]!;
    if (v.scope === fn && v.name === name && v.line <= at) return v.type !== "" && !v.collection ? v.type : undefined;
  }
  return undefined;
}

function nestedDef(file: PythonFile, fn: number, name: string): number | undefined {
  const entities = file.facts.entities;
  for (let i = entities.length - 1; i > fn; i--) {
    const e = entities[i]!;
    if (e.parent === fn && e.name === name && e.kind === "function") return i;
  }
  return undefined;
}

/**
 * A fixture without a declared result gets the one its returns (or yields) agree on; a def
 * returning a nested def gets what that def declares or its returns agree on, as what calling
 * its result gives (a decorator factory). Other defs keep to their annotations: a call's
 * result is typed by what the callee declares. Inner defs come after their outer one, so they
 * are settled first.
 */
export function settleResults(file: PythonFile): void {
  const entities = file.facts.entities;
  const inferred = new Map<number, string>();
  const settled = [...file.returned.entries()].sort((a, b) => b[0] - a[0]);
  for (const [fn, returned] of settled) {
    const entity = entities[fn]!;
    if (returned.other || file.annotatedResults.has(fn)) continue;
    const given = entity.fixture && returned.types.size === 0 ? returned.yielded : returned.types;
    if (returned.nested.size === 0 && given.size === 1) inferred.set(fn, [...given][0]!);
    if (entity.fixture && entity.returns === undefined && inferred.has(fn)) entity.returns = inferred.get(fn)!;
    if (entity.returnsCallable === undefined && given.size === 0 && returned.nested.size === 1) {
      const nested = [...returned.nested][0]!;
      const inner = entities[nested]!.returns ?? inferred.get(nested);
      if (inner !== undefined) entity.returnsCallable = inner;
    }
  }
}
