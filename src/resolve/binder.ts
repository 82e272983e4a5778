// Name binding with evidence: what a name, a dotted path or a member means at one point of
// one file. Every answer carries how it was found (via) and how many re-export hops it took;
// "no answer" means no evidence, never a guess among same-named definitions.
import type { CallFact, EntityKind, TypedVarFact } from "../model/facts.ts";
import { isBuiltinType } from "./builtins.ts";
import { CallbackTypes } from "./callbacks.ts";
import { FileIndex, type ImportBinding } from "./file-index.ts";
import { guessPackageName } from "./go-modules.ts";
import type { GoPackage, Mod, PyModule, TsModule } from "./module-types.ts";
import type { EntityRef, Via } from "./model.ts";
import { familyOf, type LangFamily, type Modules } from "./modules.ts";
import { factsReadKey, type ReadLog, type Remembered } from "./reads.ts";
import type { Workspace } from "./workspace.ts";

export type Value =
  /** confidence: set when the evidence is weaker than via and hops tell (a callback's parameter). */
  | { t: "entity"; ref: EntityRef; kind: EntityKind; via: Via; hops: number; confidence?: number }
  | { t: "module"; mod: Mod; via: Via; hops: number }
  /** A value of known class type; `classes` are searched in order (super: the bases). */
  | { t: "instance"; classes: EntityRef[]; via: Via; confidence?: number }
  /** A collection (Go slice, array, map, channel; TS array, Set) of `of`; its members are the runtime's. */
  | { t: "elements"; of: Value }
  | { t: "external" };

type EntityValue = Extract<Value, { t: "entity" }>;

/** What the name is used as: called, named as a type, or the head of a member access. */
export type Want = "call" | "type" | "any";

const EXTERNAL: Value = { t: "external" };
const CALLABLE = new Set<EntityKind>(["function", "class", "method"]);
const TYPES = new Set<EntityKind>(["class", "interface", "type"]);
const CLASS_LIKE = new Set<EntityKind>(["class", "interface", "type", "module"]);
const SCOPE_OPENERS = new Set<EntityKind>(["function", "method", "module"]);

interface GoTable {
  names: Map<string, EntityRef[]>;
  /** "Type.method" -> methods declared anywhere in the package. */
  methods: Map<string, EntityRef[]>;
}

/**
 * Every memo keeps the reads behind its answers (reads.ts), and `index` charges each file's
 * facts to whoever asks: an answer reused by another file counts as read by that file too.
 */
export class Binder {
  private readonly indexes = new Map<string, { index: FileIndex | null; readKey: string }>();
  private readonly memberMemo = new Map<string, Remembered<Value | null>>();
  private readonly typeMemo = new Map<string, Remembered<Value | null>>();
  private readonly bindingMemo = new Map<ImportBinding, Partial<Record<Want, Remembered<Value | null>>>>();
  private readonly baseMemo = new Map<string, Remembered<(EntityRef | "external")[]>>();
  private readonly goTables = new Map<string, GoTable>();
  private readonly goNamedImports = new Map<string, Remembered<Map<string, ImportBinding>>>();
  /** null while being computed: `x := x.Next()` must not recurse into itself. */
  private readonly resultMemo = new Map<CallFact, Remembered<Value | null>>();
  readonly reads: ReadLog;
  /** Field paths being read for a variable (`n := n.next`): a second read of one is a cycle. */
  private readonly readingPaths = new Set<string>();
  /** Set when a lookup was cut short by a re-export cycle: its result must not be memoised. */
  private cycleCut = false;
  private readonly callbacks: CallbackTypes;

  constructor(
    private readonly ws: Workspace,
    readonly modules: Modules,
  ) {
    this.reads = ws.reads;
    this.callbacks = new CallbackTypes(this);
  }

  index(path: string): FileIndex | undefined {
    let known = this.indexes.get(path);
    if (known === undefined) {
      const facts = this.ws.facts(path);
      known = { index: facts ? new FileIndex(facts) : null, readKey: factsReadKey(path) };
      this.indexes.set(path, known);
    }
    this.reads.note(known.readKey);
    return known.index ?? undefined;
  }

  family(path: string): LangFamily | undefined {
    const index = this.index(path);
    return index && familyOf(index.facts.lang);
  }

  // ---- names in scope --------------------------------------------------------------------

  /**
   * A bare name: enclosing scopes outward, the file, the Go package, imports, star imports.
   * `line`, where the name is used, lets callback parameters in scope there count. The head of
   * a dotted type name (`cldr.Decoder`) is a package, namespace or class, never a variable:
   * `typeHead` looks past variables and parameters of that name.
   */
  lookupName(path: string, from: number, name: string, want: Want, line?: number, typeHead = false): Value | undefined {
    const index = this.index(path);
    if (!index) return undefined;
    const family = familyOf(index.facts.lang);
    const chain = index.chain(from);
    for (let i = 0; i < chain.length; i++) {
      const scope = chain[i]!;
      const kind = index.entity(scope)!.kind;
      // Class bodies are not scopes for the code inside their methods (Python's class body is,
      // for code written directly in it).
      if (!SCOPE_OPENERS.has(kind) && !(i === 0 && family === "py")) continue;
      if (want === "any" && !typeHead) {
        const typed = this.typedVar(path, index, scope, name, line);
        if (typed) return typed;
      }
      const nested = pickEntity(index, index.childrenNamed(scope, name), want);
      if (nested !== undefined) return entityValue(path, index, nested, "local", 0);
      // A parameter or local variable of that name: what it holds is not known, and it is not
      // the outer definition. Types live apart: `pass *pass` leaves the type pass in reach.
      if (want !== "type" && !typeHead && index.hides(scope, name, line)) return undefined;
    }
    if (want === "any" && !typeHead) {
      const typed = this.typedVar(path, index, -1, name, line);
      if (typed) return typed;
    }
    if (want !== "type" && !typeHead && index.hides(-1, name, line)) return undefined;
    const top = pickEntity(index, index.topLevel.get(name) ?? [], want);
    if (top !== undefined) return entityValue(path, index, top, "local", 0);
    if (family === "go") {
      const sibling = this.goPackageName(path, name, want);
      if (sibling) return sibling;
    }
    const binding = index.bindings.get(name) ?? (family === "go" ? this.goUnnamedImport(path, index, name) : undefined);
    if (binding) return this.bindingValue(path, binding, want);
    for (const imp of index.starImports) {
      const mod = this.modules.resolve(index.facts, imp);
      if (mod === "external" || mod === "unknown") continue;
      const found = this.moduleMember(mod, name, want);
      if (found && found.t !== "external" && fits(found, want)) return withVia(found, family === "go" ? "package" : viaOfImport(found));
    }
    return undefined;
  }

  /** A dotted path as written ("this.db", "ns.Foo", "a.b.c"), or a single name, used at `line`. */
  resolvePath(path: string, from: number, dotted: string, want: Want, line?: number): Value | undefined {
    const index = this.index(path);
    if (!index) return undefined;
    const family = familyOf(index.facts.lang);
    if (isSelfName(family, dotted)) return this.selfValue(path, from, family === "ts" ? "this" : "self", line);
    if (dotted === "super" || dotted === "super()") return this.superValue(path, from);
    if (!dotted.includes(".")) return this.lookupName(path, from, dotted, want, line);
    const field = this.fieldValue(path, index, from, dotted);
    if (field) return field;
    // Python `import a.b.c` keeps the dotted name bound: `a.b.c.f()`.
    const dottedBinding = family === "py" ? index.bindings.get(dotted) : undefined;
    if (dottedBinding) return this.bindingValue(path, dottedBinding);
    const segments = dotted.split(".");
    const head = segments[0]!;
    let value = want === "type" && !isSelfName(family, head) && head !== "super"
      ? this.lookupName(path, from, head, "any", line, true)
      : this.resolvePath(path, from, head, "any", line);
    for (let i = 1; i < segments.length && value; i++) {
      value = this.member(value, segments[i]!, i === segments.length - 1 ? want : "any");
    }
    return value;
  }

  /** `value.name`: a module's export, a class's static member, an instance's method. */
  member(value: Value, name: string, want: Want): Value | undefined {
    switch (value.t) {
      case "external":
        return EXTERNAL;
      case "module": {
        const found = this.moduleMember(value.mod, name, want);
        if (!found || found.t === "external" || found.t === "instance" || found.t === "elements") return found;
        return fits(found, want) ? { ...found, via: value.via, hops: value.hops + found.hops } : undefined;
      }
      case "entity": {
        if (!CLASS_LIKE.has(value.kind)) return undefined;
        const found = this.findMember([value.ref], name);
        if (found === "external") return EXTERNAL;
        return found && fits(found, want) ? withConfidence({ ...found, via: value.via, hops: value.hops }, value.confidence) : undefined;
      }
      case "instance": {
        const found = this.findMember(value.classes, name);
        if (found && found !== "external") return fits(found, want) ? withConfidence({ ...found, via: value.via, hops: 0 }, value.confidence) : undefined;
        const field = want === "call" ? undefined : this.findField(value.classes, name);
        if (field) return field.t === "instance" && value.confidence !== undefined ? { ...field, confidence: value.confidence } : field;
        return found === "external" ? EXTERNAL : undefined;
      }
      case "elements":
        // A slice's or an array's methods are the runtime's (`items.map(…)`); Go's have none.
        return EXTERNAL;
    }
  }

  /** The class or interface entity a type name denotes where it is written. */
  typeValue(path: string, scope: number, type: string): Value | undefined {
    const key = `${path}\0${scope}\0${type}`;
    return this.reads.cachedWithStandIn(this.typeMemo, key, null, () => this.computeType(path, scope, type) ?? null) ?? undefined;
  }

  private computeType(path: string, scope: number, type: string): Value | undefined {
    const found = this.resolvePath(path, scope, type, "type");
    if (found?.t === "entity" && TYPES.has(found.kind)) return { t: "instance", classes: [found.ref], via: "receiver-type" };
    if (found?.t === "external") return EXTERNAL;
    if (!found && isBuiltinType(this.family(path) ?? "ts", type.split(".")[0]!)) return EXTERNAL;
    return undefined;
  }

  /** A variable of `scope` with a known type; annotated ones before callback parameters. */
  private typedVar(path: string, index: FileIndex, scope: number, name: string, line?: number): Value | undefined {
    const vars = index.varsByScope.get(scope);
    const typed = vars && namedAt(vars, name, line);
    if (typed?.fromPath !== undefined) return this.pathValue(path, typed);
    if (typed) return typed.fromCall === undefined ? this.declaredValue(path, typed.scope, typed) : this.resultValue(path, index, typed);
    return line === undefined ? undefined : this.callbacks.valueAt(path, index, scope, name, line);
  }

  /** What a declaration's type makes of a variable or field: an instance, or a collection of them. */
  private declaredValue(path: string, scope: number, typed: TypedVarFact): Value | undefined {
    const value = this.typeValue(path, scope, typed.type);
    return value && typed.collection ? { t: "elements", of: value } : value;
  }

  /**
   * `rws := w.rws`: the value of the path, read on the line before the variable exists (so
   * `n := n.next` reads the outer n); for `it := s.items[k]`, one element of it. A path already
   * being read answers nothing: no cycles.
   */
  private pathValue(path: string, typed: TypedVarFact): Value | undefined {
    const key = `${path}\0${typed.scope}\0${typed.name}\0${typed.line}`;
    if (this.readingPaths.has(key)) return undefined;
    this.readingPaths.add(key);
    try {
      const value = this.resolvePath(path, typed.scope, typed.fromPath!, "any", typed.line - 1);
      if (!typed.element) return value;
      return value?.t === "elements" ? value.of : undefined;
    } finally {
      this.readingPaths.delete(key);
    }
  }

  /** `x := pkg.F()`: the variable holds what the call returns. */
  private resultValue(path: string, index: FileIndex, typed: TypedVarFact): Value | undefined {
    const call = index.facts.calls[typed.fromCall!];
    return call && this.callResult(path, call);
  }

  /**
   * What a call returns: for `new A()` (or Python's `A()`) an A; for a method of a typed array,
   * the array (`slice`, `filter`…) or one element (`shift`, `find`…); otherwise the type the
   * called function or method declares as its result, named in its own file. The call must bind
   * to one definition; the evidence is that declaration, not the callee's name.
   */
  private callResult(path: string, call: CallFact): Value | undefined {
    return this.reads.cachedWithStandIn(this.resultMemo, call, null, () => this.computeResult(path, call) ?? null) ?? undefined;
  }

  private computeResult(path: string, call: CallFact): Value | undefined {
    let value: Value | undefined;
    const constructs = call.isNew || this.family(path) === "py";
    // The receiver and the called value are looked up once, for every case below.
    const receiver = call.receiver === undefined ? undefined : this.receiverValue(path, call);
    const called =
      call.receiver === undefined ? this.lookupName(path, call.from, call.callee, "call", call.line) : receiver && this.member(receiver, call.callee, "call");
    if (constructs && called?.t === "entity" && called.kind === "class") value = { t: "instance", classes: [called.ref], via: "receiver-type" };
    else if (!constructs && receiver?.t === "elements") value = collectionResult(receiver, call.callee);
    else if (!call.isNew) {
      const callee = this.calleeOf(called, call);
      const returns = callee && this.index(callee.path)?.entity(callee.index)?.returns;
      value = returns ? this.typeValue(callee.path, callee.index, returns) : undefined;
    }
    return value;
  }

  private memberOfReceiver(path: string, call: CallFact): Value | undefined {
    const receiver = this.receiverValue(path, call);
    return receiver && this.member(receiver, call.callee, "call");
  }

  /** The receiver of a method call, as a value where the call is written. */
  receiverValue(path: string, call: CallFact): Value | undefined {
    if (call.receiverType !== undefined) return this.typeValue(path, call.from, call.receiverType);
    if (call.receiverCall !== undefined) {
      const inner = this.index(path)?.facts.calls[call.receiverCall];
      return inner && this.callResult(path, inner);
    }
    if (call.receiver === undefined || call.receiver === "?") return undefined;
    return this.resolvePath(path, call.from, call.receiver, "any", call.line);
  }

  /** The function or method a call binds to; for `new C()`, C's own constructor. */
  calledEntity(path: string, call: CallFact): EntityRef | undefined {
    const value = call.receiver === undefined ? this.lookupName(path, call.from, call.callee, "call", call.line) : this.memberOfReceiver(path, call);
    return this.calleeOf(value, call);
  }

  /** The function or method `value`, what `call` names, stands for; for `new C()`, C's constructor. */
  private calleeOf(value: Value | undefined, call: CallFact): EntityRef | undefined {
    if (value?.t !== "entity") return undefined;
    if (value.kind === "function" || value.kind === "method") return value.ref;
    if (value.kind !== "class" || !call.isNew) return undefined;
    const index = this.index(value.ref.path);
    const constructor = index && pickEntity(index, index.childrenNamed(value.ref.index, "constructor"), "call");
    return constructor === undefined ? undefined : { path: value.ref.path, index: constructor };
  }

  /** "this.db" / "self.repo": a typed field of the enclosing class or of one of its bases. */
  private fieldValue(path: string, index: FileIndex, from: number, dotted: string): Value | undefined {
    for (const scope of index.chain(from)) {
      const typed = this.typedVar(path, index, scope, dotted);
      if (typed) return typed;
    }
    const fileLevel = this.typedVar(path, index, -1, dotted);
    if (fileLevel) return fileLevel;
    const family = familyOf(index.facts.lang);
    const [head, ...rest] = dotted.split(".");
    if (!isSelfName(family, head!) || rest.length !== 1) return undefined;
    const cls = this.enclosingClass(path, from);
    if (!cls) return undefined;
    const seen = new Set<string>([refKey(cls)]);
    const queue = this.bases(cls).filter((b) => b !== "external");
    while (queue.length > 0) {
      const base = queue.shift()!;
      if (seen.has(refKey(base))) continue;
      seen.add(refKey(base));
      const baseIndex = this.index(base.path);
      if (!baseIndex) continue;
      const baseFamily = familyOf(baseIndex.facts.lang);
      const selfName = baseFamily === "ts" ? "this" : "self";
      const typed = this.typedVar(base.path, baseIndex, base.index, `${selfName}.${rest[0]}`);
      if (typed) return typed;
      queue.push(...this.bases(base).filter((b) => b !== "external"));
    }
    return undefined;
  }

  private selfValue(path: string, from: number, via: Via, line?: number): Value | undefined {
    // TS `function (this: Foo)`: the declared type of `this` there (arrows inside share it).
    const declared = via === "this" ? declaredThis(this.index(path)?.varsByScope.get(from), line) : undefined;
    if (declared) return this.typeValue(path, from, declared.type);
    const cls = this.enclosingClass(path, from);
    return cls && { t: "instance", classes: [cls], via };
  }

  private superValue(path: string, from: number): Value | undefined {
    const cls = this.enclosingClass(path, from);
    if (!cls) return undefined;
    const bases = this.bases(cls);
    const known = bases.filter((b) => b !== "external");
    if (known.length > 0) return { t: "instance", classes: known, via: "super" };
    if (bases.length > 0) return EXTERNAL;
    // No base written at all: the implicit root (object, Object) is the runtime's.
    const declared = this.index(cls.path)?.heritageByEntity.get(cls.index)?.some((h) => h.kind === "extends");
    return declared ? undefined : EXTERNAL;
  }

  // ---- imports and modules ---------------------------------------------------------------

  /** What an import binding of `path` denotes, used as `want`. */
  bindingValue(path: string, binding: ImportBinding, want: Want = "any"): Value | undefined {
    let memo = this.bindingMemo.get(binding);
    if (!memo) this.bindingMemo.set(binding, (memo = {}));
    const known = memo[want];
    if (known !== undefined) return this.reads.reuse(known) ?? undefined;
    const computed = this.reads.remember(() => this.bindingTarget(path, binding, want) ?? null);
    if (computed.settled) memo[want] = computed;
    return computed.value ?? undefined;
  }

  private bindingTarget(path: string, binding: ImportBinding, want: Want): Value | undefined {
    const index = this.index(path);
    if (!index) return undefined;
    const mod = binding.source !== undefined
      ? this.modules.resolveSource(index.facts, binding.source)
      : this.modules.resolve(index.facts, binding.imp);
    if (mod === "external") return EXTERNAL;
    if (mod === "unknown") return undefined;
    if (binding.imported === "*") return { t: "module", mod, via: mod.lang === "go" ? "package" : "namespace", hops: 0 };
    const found = this.moduleMember(mod, binding.imported, want);
    return found && withVia(found, viaOfImport(found));
  }

  /**
   * An exported name of a module, following re-exports (cycle-safe, memoised). `want` chooses
   * among declarations merged under one TS name (`interface X`, `const X = …`, `namespace X`).
   */
  moduleMember(mod: Mod, name: string, want: Want = "any", visitingSoFar?: Set<string>): Value | undefined {
    const key = `${mod.key}\0${name}\0${want}`;
    const memo = this.memberMemo.get(key);
    if (memo !== undefined) return this.reads.reuse(memo) ?? undefined;
    const visiting = visitingSoFar ?? new Set<string>();
    if (visiting.has(key)) {
      this.cycleCut = true;
      return undefined;
    }
    visiting.add(key);
    const outerCut = this.cycleCut;
    this.cycleCut = false;
    const found = this.reads.remember(() =>
      (mod.lang === "ts" ? this.tsExport(mod, name, want, visiting)
        : mod.lang === "py" ? this.pyMember(mod, name, visiting)
        : this.goMember(mod, name)) ?? null);
    visiting.delete(key);
    if (!this.cycleCut && found.settled) this.memberMemo.set(key, found);
    this.cycleCut ||= outerCut;
    return found.value ?? undefined;
  }

  private tsExport(mod: TsModule, name: string, want: Want, visiting: Set<string>): Value | undefined {
    const index = this.index(mod.file);
    if (!index) return undefined;
    if (name === "default" && index.defaultExport !== undefined) {
      return entityValue(mod.file, index, index.defaultExport, "import", 0);
    }
    const declared = index.exportsByName.get(name);
    if (declared) {
      const local = pickMerged(index, index.topLevel.get(declared.local) ?? [], want);
      if (local !== undefined) return entityValue(mod.file, index, local, "import", 0);
      const binding = index.bindings.get(declared.local);
      if (binding) return this.follow(mod.file, binding, visiting, want);
    }
    if (name !== "default") {
      const exported = (index.topLevel.get(name) ?? []).filter((i) => index.entity(i)!.exported);
      const top = pickMerged(index, exported, want);
      if (top !== undefined) return entityValue(mod.file, index, top, "import", 0);
    }
    const reexport = index.namedReexports.get(name);
    if (reexport) return this.follow(mod.file, reexport, visiting, want);
    if (name === "default") return undefined;
    // `export const db = new Database()`: an importer naming it is evidence it is exported.
    const instance = this.typedVar(mod.file, index, -1, declared?.local ?? name);
    if (instance) return instance;
    const starred = this.throughStars(index, index.starReexports, name, visiting, want);
    if (starred !== undefined) return starred ?? undefined;
    // CommonJS modules export by assignment, which declarations do not show.
    if (index.facts.lang === "javascript") {
      const candidates = index.topLevel.get(name) ?? [];
      if (candidates.length === 1) return entityValue(mod.file, index, candidates[0]!, "import", 0);
    }
    return index.starReexports.some((imp) => this.modules.resolve(index.facts, imp) === "external") ? EXTERNAL : undefined;
  }

  private pyMember(mod: PyModule, name: string, visiting: Set<string>): Value | undefined {
    const index = mod.file === undefined ? undefined : this.index(mod.file);
    if (index && mod.file !== undefined) {
      const top = pickEntity(index, index.topLevel.get(name) ?? [], "any");
      if (top !== undefined) return entityValue(mod.file, index, top, "import", 0);
      const binding = index.bindings.get(name);
      if (binding) return this.follow(mod.file, binding, visiting);
      // A module-level instance: `router = ConnectionRouter()`.
      const instance = this.typedVar(mod.file, index, -1, name);
      if (instance) return instance;
      const starred = this.throughStars(index, index.starImports, name, visiting);
      if (starred) return starred;
    }
    const sub = this.modules.py.submodule(mod, name);
    return sub && { t: "module", mod: sub, via: "namespace", hops: 0 };
  }

  private goMember(pkg: GoPackage, name: string): Value | undefined {
    const refs = this.goTable(pkg).names.get(name) ?? [];
    if (refs.length !== 1) return undefined;
    const ref = refs[0]!;
    const index = this.index(ref.path)!;
    return entityValue(ref.path, index, ref.index, "package", 0);
  }

  /** One re-export hop: the binding's target, one hop further from the importer. */
  private follow(path: string, binding: ImportBinding, visiting: Set<string>, want: Want = "any"): Value | undefined {
    const index = this.index(path)!;
    const mod = this.modules.resolve(index.facts, binding.imp);
    if (mod === "external") return EXTERNAL;
    if (mod === "unknown") return undefined;
    if (binding.imported === "*") return { t: "module", mod, via: "namespace", hops: 1 };
    const found = this.moduleMember(mod, binding.imported, want, visiting);
    return found && addHop(found);
  }

  /**
   * A name through `export * from` / `from x import *`: exactly one source must provide it.
   * null: provided by several (ambiguous, stop); undefined: by none.
   */
  private throughStars(index: FileIndex, stars: readonly { source: string; line: number }[], name: string, visiting: Set<string>, want: Want = "any"): Value | null | undefined {
    const found = new Map<string, Value>();
    for (const imp of stars) {
      const mod = this.modules.resolveSource(index.facts, imp.source);
      if (mod === "external" || mod === "unknown") continue;
      const value = this.moduleMember(mod, name, want, visiting);
      if (value && value.t !== "external") found.set(valueKey(value), addHop(value));
    }
    if (found.size > 1) return null;
    return found.values().next().value;
  }

  // ---- Go packages -----------------------------------------------------------------------

  private goPackageName(path: string, name: string, want: Want): Value | undefined {
    const pkg = this.modules.go.packageOf(path);
    if (!pkg) return undefined;
    const refs = (this.goTable(pkg).names.get(name) ?? []).filter((ref) => ref.path !== path);
    const fitting = refs.filter((ref) => {
      const kind = this.index(ref.path)!.entity(ref.index)!.kind;
      return want === "any" || (want === "call" ? CALLABLE : TYPES).has(kind);
    });
    if (fitting.length !== 1) return undefined;
    const ref = fitting[0]!;
    return entityValue(ref.path, this.index(ref.path)!, ref.index, "package", 0);
  }

  /** Unaliased Go imports bind the package's declared name (or, outside, its usual name). */
  private goUnnamedImport(path: string, index: FileIndex, name: string): ImportBinding | undefined {
    const named = this.reads.cached(this.goNamedImports, path, () => {
      const bound = new Map<string, ImportBinding>();
      for (const imp of index.unnamedGoImports) {
        const pkg = this.modules.resolve(index.facts, imp);
        const names = typeof pkg === "object" && pkg.lang === "go" ? [pkg.name] : guessPackageName(imp.source);
        for (const name of names) if (!bound.has(name)) bound.set(name, { imp, imported: "*" });
      }
      return bound;
    });
    return named.get(name);
  }

  /** Read as a whole: charged as the package's read key, not as each file's facts. */
  private goTable(pkg: GoPackage): GoTable {
    this.reads.note(pkg.readKey);
    let table = this.goTables.get(pkg.key);
    if (table) return table;
    table = this.reads.apart(() => {
      const built: GoTable = { names: new Map(), methods: new Map() };
      for (const file of pkg.files) {
        const index = this.index(file);
        if (!index) continue;
        index.facts.entities.forEach((entity, i) => {
          const ref = { path: file, index: i };
          if (entity.receiverType !== undefined) pushRef(built.methods, `${entity.receiverType}.${entity.name}`, ref);
          else if (entity.parent < 0) pushRef(built.names, entity.name, ref);
        });
      }
      return built;
    });
    this.goTables.set(pkg.key, table);
    return table;
  }

  // ---- classes ---------------------------------------------------------------------------

  enclosingClass(path: string, from: number): EntityRef | undefined {
    const index = this.index(path);
    if (!index) return undefined;
    for (const scope of index.chain(from)) {
      if (index.entity(scope)!.kind === "class") return { path, index: scope };
    }
    return undefined;
  }

  /** The resolved `extends` targets of a class or interface ("external" for outside ones). */
  bases(cls: EntityRef): (EntityRef | "external")[] {
    const key = refKey(cls);
    return this.reads.cachedWithStandIn(this.baseMemo, key, [], () => this.computeBases(cls));
  }

  private computeBases(cls: EntityRef): (EntityRef | "external")[] {
    const index = this.index(cls.path);
    const bases: (EntityRef | "external")[] = [];
    const family = this.family(cls.path) ?? "ts";
    const scope = index?.entity(cls.index)?.parent ?? -1;
    for (const heritage of index?.heritageByEntity.get(cls.index) ?? []) {
      if (heritage.kind !== "extends") continue;
      const found = this.resolvePath(cls.path, scope, heritage.name, "type");
      if (found?.t === "entity" && TYPES.has(found.kind)) bases.push(found.ref);
      else if (found?.t === "external" || (!found && isBuiltinType(family, heritage.name))) bases.push("external");
    }
    return bases;
  }

  /** A member of these classes or, depth first in declaration order, of their bases. */
  private findMember(classes: EntityRef[], name: string): EntityValue | "external" | undefined {
    const seen = new Set<string>();
    let externalBase = false;
    const visit = (cls: EntityRef): EntityValue | undefined => {
      const key = refKey(cls);
      if (seen.has(key)) return undefined;
      seen.add(key);
      const own = this.ownMember(cls, name);
      if (own) return own;
      for (const base of this.bases(cls)) {
        if (base === "external") externalBase = true;
        else {
          const found = visit(base);
          if (found) return found;
        }
      }
      return undefined;
    };
    for (const cls of classes) {
      const found = visit(cls);
      if (found) return found;
    }
    return externalBase ? "external" : undefined;
  }

  /**
   * A typed field of these classes or, nearest first, of their bases (Go embeddings promote
   * fields): `p.db` with `type Printer struct{ db *Store }`, `this.a` with `a: A`.
   */
  private findField(classes: EntityRef[], name: string): Value | undefined {
    const seen = new Set<string>();
    const queue = [...classes];
    while (queue.length > 0) {
      const cls = queue.shift()!;
      if (seen.has(refKey(cls))) continue;
      seen.add(refKey(cls));
      const index = this.index(cls.path);
      if (!index) continue;
      const field = ownField(index, cls.index, name);
      if (field) return this.declaredValue(cls.path, cls.index, field);
      for (const base of this.bases(cls)) if (base !== "external") queue.push(base);
    }
    return undefined;
  }

  private ownMember(cls: EntityRef, name: string): EntityValue | undefined {
    const index = this.index(cls.path);
    if (!index) return undefined;
    const child = pickEntity(index, index.childrenNamed(cls.index, name), "any");
    if (child !== undefined) return entityValue(cls.path, index, child, "local", 0);
    if (index.facts.lang !== "go") return undefined;
    const pkg = this.modules.go.packageOf(cls.path);
    const refs = pkg ? this.goTable(pkg).methods.get(`${index.entity(cls.index)!.name}.${name}`) ?? [] : [];
    if (refs.length !== 1) return undefined;
    const ref = refs[0]!;
    return entityValue(ref.path, this.index(ref.path)!, ref.index, "local", 0);
  }
}

function entityValue(path: string, index: FileIndex, entity: number, via: Via, hops: number): EntityValue {
  return { t: "entity", ref: { path, index: entity }, kind: index.entity(entity)!.kind, via, hops };
}

/**
 * Among same-named entities of ONE scope (overloads, redefinitions, a class merged with an
 * interface): the last that fits the use, a class first when a type or a namespace is wanted.
 */
function pickEntity(index: FileIndex, candidates: readonly number[], want: Want): number | undefined {
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
function pickMerged(index: FileIndex, candidates: readonly number[], want: Want): number | undefined {
  return (want === "any" ? undefined : pickEntity(index, candidates, want)) ?? pickEntity(index, candidates, "any");
}

/** Array methods whose result is the same kind of collection, and those that give one element. */
const SAME_COLLECTION = new Set(["slice", "filter", "concat", "reverse", "sort", "toReversed", "toSorted", "splice"]);
const ONE_ELEMENT = new Set(["shift", "pop", "at", "find", "findLast"]);

/** `items.slice()` is again a collection of items; `items.shift()` one of them. */
function collectionResult(collection: Extract<Value, { t: "elements" }>, method: string): Value | undefined {
  if (SAME_COLLECTION.has(method)) return collection;
  return ONE_ELEMENT.has(method) ? collection.of : undefined;
}

function fits(value: Value, want: Want): boolean {
  if (value.t !== "entity" || want === "any") return true;
  return (want === "call" ? CALLABLE : TYPES).has(value.kind);
}

function isSelfName(family: LangFamily, name: string): boolean {
  return family === "ts" ? name === "this" : family === "py" ? name === "self" || name === "cls" : false;
}

function withConfidence(value: EntityValue, confidence: number | undefined): EntityValue {
  return confidence === undefined ? value : { ...value, confidence };
}

function withVia(value: Value, via: Via): Value {
  return value.t === "entity" || value.t === "module" ? { ...value, via } : value;
}

function viaOfImport(value: Value): Via {
  if (value.t === "module") return "namespace";
  return value.t === "entity" && value.hops > 0 ? "reexport" : "import";
}

function addHop(value: Value): Value {
  return value.t === "entity" || value.t === "module" ? { ...value, hops: value.hops + 1 } : value;
}

function valueKey(value: Value): string {
  if (value.t === "entity") return refKey(value.ref);
  if (value.t === "module") return value.mod.key;
  return value.t;
}

export function refKey(ref: EntityRef): string {
  return `${ref.path}#${ref.index}`;
}

/**
 * The variable `name` in force at `line`: of those declared by then (one that holds over a few
 * lines, a closure's parameter, only within them), the latest, and of two from the same line the
 * narrower (a closure's parameter, not the variable declared on the line before it); failing
 * that, as before lines counted, the last one declared for the whole scope.
 */
function namedAt(vars: readonly TypedVarFact[], name: string, line: number | undefined): TypedVarFact | undefined {
  let latest: TypedVarFact | undefined;
  let whole: TypedVarFact | undefined;
  for (let i = vars.length - 1; i >= 0; i--) {
    const v = vars[i]!;
    if (v.name !== name) continue;
    if (v.until === undefined) whole ??= v;
    if (line === undefined || v.line > line || (v.until !== undefined && line > v.until)) continue;
    if (!latest || v.line > latest.line || (v.line === latest.line && endsSooner(v, latest))) latest = v;
  }
  return latest ?? whole;
}

function endsSooner(a: TypedVarFact, b: TypedVarFact): boolean {
  return a.until !== undefined && (b.until === undefined || a.until < b.until);
}

function lastNamed(vars: readonly TypedVarFact[], name: string): TypedVarFact | undefined {
  for (let i = vars.length - 1; i >= 0; i--) if (vars[i]!.name === name) return vars[i];
  return undefined;
}

function ownField(index: FileIndex, cls: number, name: string): TypedVarFact | undefined {
  const family = familyOf(index.facts.lang);
  if (family === "go") {
    const fields = index.fieldsByEntity.get(cls);
    return fields && lastNamed(fields, name);
  }
  const vars = index.varsByScope.get(cls);
  return vars && lastNamed(vars, `${family === "ts" ? "this" : "self"}.${name}`);
}

function pushRef(map: Map<string, EntityRef[]>, key: string, ref: EntityRef): void {
  const list = map.get(key);
  if (list) list.push(ref);
  else map.set(key, [ref]);
}

/** The `this:` parameter in force at `line`: the innermost one whose lines hold it, else the scope's own. */
function declaredThis(vars: readonly TypedVarFact[] | undefined, line: number | undefined): TypedVarFact | undefined {
  let found: TypedVarFact | undefined;
  for (const v of vars ?? []) {
    if (v.name !== "this") continue;
    if (v.until === undefined) found ??= v;
    else if (line !== undefined && v.line <= line && line <= v.until && (found?.until === undefined || v.line >= found.line)) found = v;
  }
  return found;
}
