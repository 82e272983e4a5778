// What a name means where it is used, as the binder and the language families' lookups
// exchange it, and the small rules for choosing among same-named entities.
import type { EntityKind, TypedVarFact } from "../model/facts.ts";
import type { FileIndex } from "./file-index.ts";
import type { Mod } from "./language.ts";
import type { EntityRef, Via } from "./model.ts";

export type Value =
  /** confidence: set when the evidence is weaker than via and hops tell (a callback's parameter). */
  | { t: "entity"; ref: EntityRef; kind: EntityKind; via: Via; hops: number; confidence?: number }
  | { t: "module"; mod: Mod; via: Via; hops: number }
  /** A value of known class type; `classes` are searched in order (super: the bases). */
  | { t: "instance"; classes: EntityRef[]; via: Via; confidence?: number }
  /** A collection (Go slice, array, map, channel; TS array, Set) of `of`; its members are the runtime's. */
  | { t: "elements"; of: Value }
  | { t: "external" };

export type EntityValue = Extract<Value, { t: "entity" }>;

/** What the name is used as: called, named as a type, or the head of a member access. */
export type Want = "call" | "type" | "any";

export const EXTERNAL: Value = { t: "external" };
export const CALLABLE: ReadonlySet<EntityKind> = new Set<EntityKind>(["function", "class", "method"]);
export const TYPES: ReadonlySet<EntityKind> = new Set<EntityKind>(["class", "interface", "type"]);

export function entityValue(path: string, index: FileIndex, entity: number, via: Via, hops: number): EntityValue {
  return { t: "entity", ref: { path, index: entity }, kind: index.entity(entity)!.kind, via, hops };
}

/**
 * Among same-named entities of ONE scope (overloads, redefinitions, a class merged with an
 * interface): the last that fits the use, a class first when a type or a namespace is wanted.
 */
export function pickEntity(index: FileIndex, candidates: readonly number[], want: Want): number | undefined {
  let picked: number | undefined;
  for (const candidate of candidates) {
    const kind = index.entity(candidate)!.kind;
    if (want === "call" && !CALLABLE.has(kind)) continue;
    if (want === "type" && !TYPES.has(kind)) continue;
    if (want !== "call" && picked !== undefined && index.entity(picked)!.kind === "class" && kind !== "class") continue;
    picked = candidate;
  }
  return picked;
}

/**
 * Among declarations merged under one name, the one that fits the use (the function of
 * `interface X` + `const X = …` + `namespace X` when called); with none fitting, as before.
 */
export function pickMerged(index: FileIndex, candidates: readonly number[], want: Want): number | undefined {
  return (want === "any" ? undefined : pickEntity(index, candidates, want)) ?? pickEntity(index, candidates, "any");
}

export function fits(value: Value, want: Want): boolean {
  if (value.t !== "entity" || want === "any") return true;
  return (want === "call" ? CALLABLE : TYPES).has(value.kind);
}

export function withVia(value: Value, via: Via): Value {
  return value.t === "entity" || value.t === "module" ? { ...value, via } : value;
}

export function viaOfImport(value: Value): Via {
  if (value.t === "module") return "namespace";
  return value.t === "entity" && value.hops > 0 ? "reexport" : "import";
}

export function addHop(value: Value): Value {
  return value.t === "entity" || value.t === "module" ? { ...value, hops: value.hops + 1 } : value;
}

export function refKey(ref: EntityRef): string {
  return `${ref.path}#${ref.index}`;
}

export function pushRef(map: Map<string, EntityRef[]>, key: string, ref: EntityRef): void {
  const list = map.get(key);
  if (list) list.push(ref);
  else map.set(key, [ref]);
}

/** The last variable (or field) of that name: the declaration that counts for the whole scope. */
export function lastNamed(vars: readonly TypedVarFact[], name: string): TypedVarFact | undefined {
  for (let i = vars.length - 1; i >= 0; i--) if (vars[i]!.name === name) return vars[i];
  return undefined;
}
