// What the TS/JS extractor can only settle once the whole file has been walked.
import type { FileFacts } from "../../model/facts";
import { keepLikelyValues } from "../value-refs";
import { settleCallbacks, settleParams } from "./callbacks";
import { LIBRARY_TYPES } from "./syntax";

export function finishFacts(facts: FileFacts, typeVariables: ReadonlySet<string>): void {
  markExportedByName(facts);
  dropUnbindableRefs(facts, typeVariables);
  settleAllCallbacks(facts, typeVariables);
  settleReturns(facts, typeVariables);
  settleTypeArgs(facts, typeVariables);
}

/** A generic argument that is a type variable (`x: Box<T>`) names nothing to pass through. */
function settleTypeArgs(facts: FileFacts, typeVariables: ReadonlySet<string>): void {
  for (const v of facts.vars) {
    if (!v.typeArgs) continue;
    const args = withoutTypeVariables(v.typeArgs, typeVariables);
    if (args) v.typeArgs = args;
    else delete v.typeArgs;
  }
}

/** Type names with the type variables among them made unknown (""); undefined if none is left. */
function withoutTypeVariables(types: readonly string[], typeVariables: ReadonlySet<string>): string[] | undefined {
  const known = types.map((type) => (typeVariables.has(type.split(".")[0]!) ? "" : type));
  return known.some((type) => type !== "") ? known : undefined;
}

/** A result type that is a type variable (`<T>(…): T`), or none, or overloads that disagree, says nothing. */
function settleReturns(facts: FileFacts, typeVariables: ReadonlySet<string>): void {
  for (const entity of facts.entities) {
    if (entity.returns === undefined) continue;
    if (entity.returns === "" || typeVariables.has(entity.returns.split(".")[0]!)) delete entity.returns;
  }
}

/** Callback and parameter types are final once the file's type variables are all known. */
function settleAllCallbacks(facts: FileFacts, typeVariables: ReadonlySet<string>): void {
  for (const entity of facts.entities) {
    if (entity.params) {
      const params = settleParams(entity.params, typeVariables);
      if (params) entity.params = params;
      else delete entity.params;
    }
    if (!entity.callbackParams) continue;
    const settled = settleCallbacks(entity.callbackParams, typeVariables);
    if (settled) entity.callbackParams = settled;
    else delete entity.callbackParams;
  }
}

/** `export { a }`, `export default a`, `module.exports = a` export the top-level entity `a`. */
function markExportedByName(facts: FileFacts): void {
  if (facts.exports.length === 0) return;
  const topLevel = new Map<string, number[]>();
  facts.entities.forEach((entity, index) => {
    if (entity.parent !== -1 || entity.scopeLines) return;
    const same = topLevel.get(entity.name);
    if (same) same.push(index);
    else topLevel.set(entity.name, [index]);
  });
  for (const fact of facts.exports) {
    for (const index of topLevel.get(fact.local) ?? []) {
      const entity = facts.entities[index]!;
      entity.exported = true;
      if (fact.exported === "default") entity.defaultExport = true;
    }
  }
}

/**
 * References to type variables and to the global library can never bind to project code,
 * unless the file itself declares or imports that name, which then shadows the global.
 */
function dropUnbindableRefs(facts: FileFacts, typeVariables: ReadonlySet<string>): void {
  const local = new Set<string>();
  for (const entity of facts.entities) local.add(entity.name);
  for (const fact of facts.imports) for (const name of fact.names) if (name.local) local.add(name.local);
  facts.refs = facts.refs.filter((ref) => {
    if (ref.value || local.has(ref.name)) return true;
    return !typeVariables.has(ref.name) && !LIBRARY_TYPES.has(ref.name);
  });
  keepLikelyValues(facts, SELF_NAMES);
  keepTypedReads(facts);
}

/**
 * A read can call a getter only where its head has a type the resolver may know: `this`, a
 * typed variable or parameter, a callback's parameter, an import, a declared name. The rest
 * (a plain local's `.length`) are dropped here, before they cost the store and the resolver.
 */
function keepTypedReads(facts: FileFacts): void {
  if (!facts.reads) return;
  const known = new Set<string>(["this"]);
  for (const v of facts.vars) known.add(v.name.split(".")[0]!);
  for (const v of facts.resultVars ?? []) known.add(v.name);
  for (const entity of facts.entities) known.add(entity.name);
  for (const fact of facts.imports) for (const name of fact.names) if (name.local) known.add(name.local.split(".")[0]!);
  const kept = facts.reads.filter(([, path]) => known.has(path.slice(0, path.indexOf("."))));
  if (kept.length > 0) facts.reads = kept;
  else delete facts.reads;
}

const SELF_NAMES: ReadonlySet<string> = new Set(["this", "super"]);
