// The complete outgoing edges of one file: IMPORTS, CALLS, EXTENDS/IMPLEMENTS, REFERENCES, and
// the CONTAINS edges that reach across files (a method declared apart from its type).
import { type CallFact, type HeritageFact, type ImportFact, lookupPosition, type RefFact } from "../model/facts.ts";
import type { Binder, Value } from "./binder.ts";
import { EdgeSink } from "./edge-sink.ts";
import type { FileIndex } from "./file-index.ts";
import type { LanguageResolver, Mod } from "./language.ts";
import type { EntityRef, FileResolution, Via } from "./model.ts";
import { CALLABLE, type EntityValue } from "./values.ts";

/** A bound target, "external" (known outside: drop), or undefined (no evidence: unresolved). */
type Target = { dst: EntityRef; via: Via; confidence: number } | "external" | undefined;

export function resolveFileEdges(binder: Binder, path: string): FileResolution {
  const sink = new EdgeSink();
  const index = binder.index(path);
  if (!index) return sink.result();
  const language = index.language;
  const file: EntityRef = { path, index: -1 };
  for (const imp of index.facts.imports) addImport(binder, index, sink, file, imp);
  for (const call of index.facts.calls) {
    const src = { path, index: call.from };
    if (call.access !== undefined) {
      const accessor = bindAccess(binder, path, call);
      if (accessor) sink.edge(src, accessor.dst, "CALLS", accessor.via, accessor.confidence, call.line);
      continue;
    }
    // `c.req.header()` reads the getter `req` first: a call of it.
    const reads: EntityValue[] | undefined = call.receiver?.includes(".") ? [] : undefined;
    const target = bindCall(binder, path, language, call, reads);
    if (reads) addReads(sink, { path, index: call.from }, reads, call.line);
    if (target === "external") continue;
    if (target) sink.edge(src, target.dst, "CALLS", target.via, target.confidence, call.line);
    else sink.miss(src, "CALLS", call.callee, call.receiver, call.line);
  }
  for (const [from, dotted, line] of index.facts.reads ?? []) addPathReads(binder, sink, path, from, dotted, line);
  for (const heritage of index.facts.heritage) addHeritage(binder, index, sink, language, heritage);
  for (const found of language.satisfactions?.(path, index) ?? []) sink.edge(found.type, found.iface, "IMPLEMENTS", found.via, 1, found.line);
  for (const ref of index.facts.refs) {
    if (ref.value) addValueReference(binder, path, language, sink, ref);
    else addReference(binder, path, sink, ref);
  }
  index.facts.entities.forEach((entity, i) => {
    if (entity.receiverType !== undefined && entity.parent < 0) addOutsideMember(language, sink, path, i, entity.receiverType, entity.startLine);
  });
  return sink.result();
}

/**
 * A method declared in another file than its type (Go: any file of the package) is still one
 * of the type's members, so the type CONTAINS it, as well as the file that declares it. The
 * edge is this file's: it goes when this file's resolution no longer finds the type.
 */
function addOutsideMember(language: LanguageResolver, sink: EdgeSink, path: string, method: number, receiverType: string, line: number): void {
  const type = language.packageName?.(path, receiverType, "type");
  if (type?.t === "entity") sink.edge(type.ref, { path, index: method }, "CONTAINS", type.via, 1, line);
}

function addImport(binder: Binder, index: FileIndex, sink: EdgeSink, file: EntityRef, imp: ImportFact): void {
  const mod = index.language.resolveImport(index.facts, imp);
  if (mod === "external") return;
  if (mod === "unknown") {
    sink.miss(file, "IMPORTS", imp.source, undefined, imp.line);
    return;
  }
  const names = imp.names.map((n) => n.imported);
  const language = binder.languages.ofModule(mod);
  const defaultName = names.includes("default") ? defaultExportName(binder, mod) : undefined;
  for (const target of language.moduleFiles(mod)) {
    if (target === file.path) continue;
    // `import App from "./App"` names App as much as `import { App }` does: importers of App
    // are matched by name (explain, impact, the dead-export smell).
    const named = defaultName?.path === target ? [...names, defaultName.name] : names;
    sink.edge(file, { path: target, index: -1 }, "IMPORTS", "import", 1, imp.line, named);
  }
  // `from pkg import mod`: the submodule is imported too.
  if (!language.importsNameModules) return;
  for (const name of imp.names) {
    if (name.imported === "*") continue;
    const member = binder.moduleMember(mod, name.imported);
    if (member?.t !== "module") continue;
    for (const target of binder.languages.ofModule(member.mod).moduleFiles(member.mod)) {
      if (target !== file.path) sink.edge(file, { path: target, index: -1 }, "IMPORTS", "import", 1, imp.line, [name.imported]);
    }
  }
}

/** The entity a module exports as its default, by its own name and file; none for an anonymous one. */
function defaultExportName(binder: Binder, mod: Mod): { path: string; name: string } | undefined {
  const value = binder.moduleMember(mod, "default");
  if (value?.t !== "entity") return undefined;
  const name = binder.index(value.ref.path)?.entity(value.ref.index)?.name;
  return name === undefined || name === "default" ? undefined : { path: value.ref.path, name };
}

function bindCall(binder: Binder, path: string, language: LanguageResolver, call: CallFact, reads?: EntityValue[]): Target {
  if (call.receiver === undefined) {
    if (language.superCallsBase && call.callee === "super") return superConstructor(binder, path, call.from);
    const value = binder.lookupName(path, call.from, call.callee, "call", lookupPosition(call));
    if (!value) return language.isBuiltinFunction(call.callee) ? "external" : undefined;
    return asTarget(value);
  }
  const computed = call.receiverCall !== undefined || call.receiverType !== undefined;
  if (call.receiver === "?" && !computed) return undefined;
  const receiver = binder.receiverValue(path, call, reads);
  if (!receiver) return !computed && language.isBuiltinReceiver(call.receiver) ? "external" : undefined;
  const value = binder.member(receiver, call.callee, "call");
  return value && asTarget(value);
}

/**
 * A property read or written: the accessor it runs (its getter; its setter for a write), where
 * the receiver's type is known. Anything else is no call, and nothing is kept unresolved.
 */
function bindAccess(binder: Binder, path: string, call: CallFact): { dst: EntityRef; via: Via; confidence: number } | undefined {
  const receiver = binder.receiverValue(path, call);
  const accessor = receiver && binder.accessorOf(receiver, call.callee, call.access === "write");
  return accessor && { dst: accessor.ref, via: accessor.via, confidence: accessor.confidence ?? confidenceOf(accessor.via, 0) };
}

/** `super(...)` in a constructor calls the base class. */
function superConstructor(binder: Binder, path: string, from: number): Target {
  const cls = binder.enclosingClass(path, from);
  const base = cls && binder.bases(cls)[0];
  if (base === "external") return "external";
  return base && { dst: base, via: "super", confidence: 1 };
}

function asTarget(value: Value): Target {
  if (value.t === "external") return "external";
  if (value.t !== "entity") return undefined;
  const via: Via = value.kind === "class" ? "constructor" : value.via;
  return { dst: value.ref, via, confidence: value.confidence ?? confidenceOf(value.via, value.hops) };
}

function confidenceOf(via: Via, hops: number): number {
  if (via === "receiver-type") return 0.9;
  return hops > 1 ? 0.8 : 1;
}

function addHeritage(binder: Binder, index: FileIndex, sink: EdgeSink, language: LanguageResolver, heritage: HeritageFact): void {
  const path = index.facts.path;
  const scope = index.entity(heritage.entity)?.parent ?? -1;
  const kind = heritage.kind === "extends" ? "EXTENDS" : "IMPLEMENTS";
  const src = { path, index: heritage.entity };
  const value = binder.resolvePath(path, scope, heritage.name, "type");
  if (value?.t === "external" || (!value && language.isBuiltinType(heritage.name.split(".")[0]!))) return;
  const acceptable = value?.t === "entity" && (value.kind === "class" || value.kind === "interface" || (language.typesAreBases && value.kind === "type"));
  if (value?.t === "entity" && acceptable) {
    sink.edge(src, value.ref, kind, value.via, confidenceOf(value.via, value.hops), heritage.line);
    return;
  }
  const dot = heritage.name.lastIndexOf(".");
  if (dot < 0) sink.miss(src, kind, heritage.name, undefined, heritage.line);
  else if (!language.isBuiltinReceiver(heritage.name.slice(0, dot))) sink.miss(src, kind, heritage.name.slice(dot + 1), heritage.name.slice(0, dot), heritage.line);
}

/**
 * A CALLS edge to each getter read (`c.req` in `c.req.header()`), as the compiler counts a
 * getter read as a call of it.
 */
function addReads(sink: EdgeSink, src: EntityRef, reads: readonly EntityValue[], line: number): void {
  for (const read of reads) sink.edge(src, read.ref, "CALLS", read.via, read.confidence ?? confidenceOf(read.via, read.hops), line);
}

/** A member chain read (`c.req.url`, `this.size > 0`): the getters it reads. */
function addPathReads(binder: Binder, sink: EdgeSink, path: string, from: number, dotted: string, line: number): void {
  const reads: EntityValue[] = [];
  binder.resolvePath(path, from, dotted, "any", line, reads);
  addReads(sink, { path, index: from }, reads, line);
}

function addReference(binder: Binder, path: string, sink: EdgeSink, ref: RefFact): void {
  const value = binder.resolvePath(path, ref.from, ref.name, "type");
  if (value?.t !== "entity") return;
  if (value.ref.path === path && value.ref.index === ref.from) return;
  sink.edge({ path, index: ref.from }, value.ref, "REFERENCES", value.via, confidenceOf(value.via, value.hops), ref.line);
}

/**
 * A function, method or class handed over by name, bound with the evidence a call of it would
 * need. A value that binds to anything else (a variable, a module, a type) is no hand-over. One
 * that binds to nothing is kept unresolved, as a call is, only where its name (or its object's)
 * is imported from a module that could not be found: elsewhere an unbound value is a variable
 * far more often than a function.
 */
function addValueReference(binder: Binder, path: string, language: LanguageResolver, sink: EdgeSink, ref: RefFact): void {
  const src = { path, index: ref.from };
  const reads: EntityValue[] = [];
  const value = binder.resolvePath(path, ref.from, ref.name, "call", ref.line, reads);
  addReads(sink, src, reads, ref.line);
  if (value?.t === "entity" && CALLABLE.has(value.kind)) {
    // Reading a getter calls it (`const r = c.req`, `f(this.size)`); it hands nothing over.
    if (binder.isAccessor(value.ref)) {
      const getter = binder.accessorRun(value.ref, false);
      if (getter) addReads(sink, src, [{ ...value, ref: getter }], ref.line);
      return;
    }
    sink.edge(src, value.ref, "REFERENCES", value.via, value.confidence ?? confidenceOf(value.via, value.hops), ref.line, undefined, true);
    return;
  }
  if (value || !binder.importNotFound(path, ref.name.split(".")[0]!)) return;
  const dot = ref.name.lastIndexOf(".");
  if (dot < 0) sink.miss(src, "REFERENCES", ref.name, undefined, ref.line);
  else if (!language.isBuiltinReceiver(ref.name.slice(0, dot))) sink.miss(src, "REFERENCES", ref.name.slice(dot + 1), ref.name.slice(0, dot), ref.line);
}
