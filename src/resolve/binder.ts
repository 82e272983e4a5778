// Name binding with evidence: what a name, a dotted path or a member means at one point of
// one file. Every answer carries how it was found (via) and how many re-export hops it took;
// "no answer" means no evidence, never a guess among same-named definitions.
import { type CallFact, justBefore, lookupPosition, RETURNED, type TypedVarFact } from "../model/facts.ts";
import { CallbackTypes } from "./callbacks.ts";
import { FileIndex, type ImportBinding } from "./file-index.ts";
import type { BinderHost, Mod, SelfRules } from "./language.ts";
import { Languages } from "./languages.ts";
import type { EntityRef, Via } from "./model.ts";
import { factsReadKey, type ReadLog, type Remembered } from "./reads.ts";
import {
  addHop, CALLABLE, entityValue, type EntityValue, EXTERNAL, fits, pickEntity, refKey, TYPES, type Value, viaOfImport, type Want, withVia,
} from "./values.ts";
import type { Workspace } from "./workspace.ts";

export type { Value, Want };

const CLASS_LIKE = new Set(["class", "interface", "type", "module"]);
const SCOPE_OPENERS = new Set(["function", "method", "module"]);

/**
 * Every memo keeps the reads behind its answers (reads.ts), and `index` charges each file's
 * facts to whoever asks: an answer reused by another file counts as read by that file too.
 */
export class Binder implements BinderHost {
  private readonly indexes = new Map<string, { index: FileIndex | null; readKey: string }>();
  private readonly memberMemo = new Map<string, Remembered<Value | null>>();
  private readonly typeMemo = new Map<string, Remembered<Value | null>>();
  private readonly bindingMemo = new Map<ImportBinding, Partial<Record<Want, Remembered<Value | null>>>>();
  private readonly baseMemo = new Map<string, Remembered<(EntityRef | "external")[]>>();
  private readonly memberOfClassMemo = new Map<string, Remembered<EntityValue | "external" | null>>();
  /** null while being computed: `x := x.Next()` must not recurse into itself. */
  private readonly resultMemo = new Map<CallFact, Remembered<Value | null>>();
  readonly reads: ReadLog;
  /** Field paths being read for a variable (`n := n.next`): a second read of one is a cycle. */
  private readonly readingPaths = new Set<string>();
  /** Set when a lookup was cut short by a re-export cycle: its result must not be memoised. */
  private cycleCut = false;
  private readonly callbacks: CallbackTypes;

  /** The chunk's resolver of each language family: module resolution and each family's rules. */
  readonly languages: Languages;

  constructor(private readonly ws: Workspace) {
    this.reads = ws.reads;
    this.callbacks = new CallbackTypes(this);
    this.languages = new Languages(ws, this, ws.languages);
  }

  index(path: string): FileIndex | undefined {
    let known = this.indexes.get(path);
    if (known === undefined) {
      const facts = this.ws.facts(path);
      known = { index: facts ? new FileIndex(facts, this.languages.of(facts.lang)) : null, readKey: factsReadKey(path) };
      this.indexes.set(path, known);
    }
    this.reads.note(known.readKey);
    return known.index ?? undefined;
  }

  // ---- names in scope --------------------------------------------------------------------

  /**
   * A bare name: enclosing scopes outward, the file, the package, imports, star imports.
   * `line`, where the name is used, lets callback parameters in scope there count. The head of
   * a dotted type name (`cldr.Decoder`) is a package, namespace or class, never a variable:
   * `typeHead` looks past variables and parameters of that name.
   */
  lookupName(path: string, from: number, name: string, want: Want, line?: number, typeHead = false): Value | undefined {
    const index = this.index(path);
    if (!index) return undefined;
    const language = index.language;
    const chain = index.chain(from);
    for (let i = 0; i < chain.length; i++) {
      const scope = chain[i]!;
      const kind = index.entity(scope)!.kind;
      // Class bodies are not scopes for the code inside their methods (in some languages they
      // are, for code written directly in them).
      if (!SCOPE_OPENERS.has(kind) && !(i === 0 && language.classBodyIsScope)) continue;
      // An object's members are reached through it (`util.f`), never by their bare names.
      if (index.entity(scope)!.object) continue;
      if (want === "any" && !typeHead) {
        const typed = this.typedVar(path, index, scope, name, line);
        if (typed) return typed;
      }
      if (want === "call") {
        const called = this.destructuredCallee(path, index, scope, name, line);
        if (called) return called;
      }
      const nested = pickEntity(index, index.scopedNamed(scope, name, line), want) ?? pickEntity(index, index.childrenNamed(scope, name), want);
      if (nested !== undefined) return entityValue(path, index, nested, "local", 0);
      // A parameter or local variable of that name: what it holds is not known, and it is not
      // the outer definition. Types live apart: `pass *pass` leaves the type pass in reach.
      if (want !== "type" && !typeHead && index.hides(scope, name, line)) return undefined;
    }
    if (want === "any" && !typeHead) {
      const typed = this.typedVar(path, index, -1, name, line);
      if (typed) return typed;
    }
    const local = pickEntity(index, index.scopedNamed(-1, name, line), want);
    if (local !== undefined) return entityValue(path, index, local, "local", 0);
    if (want !== "type" && !typeHead && index.hides(-1, name, line)) return undefined;
    const top = pickEntity(index, index.topLevel.get(name) ?? [], want);
    if (top !== undefined) return entityValue(path, index, top, "local", 0);
    if (language.packageName) {
      const sibling = language.packageName(path, name, want);
      if (sibling) return sibling;
    }
    const binding = index.bindings.get(name) ?? language.unnamedImport?.(path, index, name);
    if (binding) return this.bindingValue(path, binding, want);
    for (const imp of index.starImports) {
      const mod = language.resolveImport(index.facts, imp);
      if (mod === "external" || mod === "unknown") continue;
      const found = this.moduleMember(mod, name, want);
      if (found && found.t !== "external" && fits(found, want)) return withVia(found, language.starImportVia ?? viaOfImport(found));
    }
    return undefined;
  }

  /** Whether the file imports `name` (Go: as an unaliased package's name too) from a module that is not found. */
  importNotFound(path: string, name: string): boolean {
    const index = this.index(path);
    const binding = index && (index.bindings.get(name) ?? index.language.unnamedImport?.(path, index, name));
    if (!binding) return false;
    const language = index.language;
    return (binding.source !== undefined ? language.resolveSource(index.facts, binding.source) : language.resolveImport(index.facts, binding.imp)) === "unknown";
  }

  /**
   * A dotted path as written ("this.db", "ns.Foo", "a.b.c"), or a single name, used at `line`.
   * `reads` collects the getters read on the way (`req` of `c.req.header`), each a call of it,
   * but for the last name when a call is wanted: that one is the callee.
   */
  resolvePath(path: string, from: number, dotted: string, want: Want, line?: number, reads?: EntityValue[]): Value | undefined {
    const index = this.index(path);
    if (!index) return undefined;
    const language = index.language;
    const self = language.self;
    if (self?.names.has(dotted)) return this.selfValue(path, from, self, line);
    if (dotted === "super" || dotted === "super()") return this.superValue(path, from);
    if (!dotted.includes(".")) return this.lookupName(path, from, dotted, want, line);
    const field = this.fieldValue(path, index, from, dotted);
    if (field) return field;
    // `import a.b.c` keeps the dotted name bound: `a.b.c.f()`.
    const dottedBinding = language.imports.dottedImports ? index.bindings.get(dotted) : undefined;
    if (dottedBinding) return this.bindingValue(path, dottedBinding);
    const segments = dotted.split(".");
    const head = segments[0]!;
    let value = want === "type" && !self?.names.has(head) && head !== "super"
      ? this.lookupName(path, from, head, "any", line, true)
      : this.resolvePath(path, from, head, "any", line);
    for (let i = 1; i < segments.length && value; i++) {
      const last = i === segments.length - 1;
      if (reads && !(last && want === "call")) this.noteAccessor(value, segments[i]!, reads);
      value = this.member(value, segments[i]!, last ? want : "any");
    }
    return value;
  }

  /** `value.name` where that is a getter of value's known class: a read of it, noted in `reads`. */
  private noteAccessor(value: Value, name: string, reads: EntityValue[]): void {
    if (value.t !== "instance" && (value.t !== "entity" || !CLASS_LIKE.has(value.kind))) return;
    const found = this.findMember(value.t === "instance" ? value.classes : [value.ref], name);
    if (!found || found === "external") return;
    const getter = this.accessorRun(found.ref, false);
    if (!getter) return;
    reads.push(withConfidence({ ...found, ref: getter, via: value.via, hops: value.t === "entity" ? value.hops : 0 }, value.confidence));
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
        if (found && want !== "call" && this.isAccessor(found.ref)) return this.propertyValue(found, value.confidence);
        return found && fits(found, want) ? withConfidence({ ...found, via: value.via, hops: value.hops }, value.confidence) : undefined;
      }
      case "instance": {
        const found = this.findMember(value.classes, name);
        // A getter read is what the getter gives (`c.req.header()` with `get req(): HonoRequest`,
        // `response.request.url` under a Python @property).
        if (found && found !== "external" && want !== "call" && this.isAccessor(found.ref)) return this.propertyValue(found, value.confidence);
        if (found && found !== "external") return fits(found, want) ? withConfidence({ ...found, via: value.via, hops: 0 }, value.confidence) : undefined;
        const field = this.findField(value.classes, name);
        if (want === "call") {
          // A field called is the function or class it holds (`self.context_class(…)`); a typed one's instance is no callee.
          if (field?.t === "entity" && fits(field, want)) return withConfidence({ ...field, via: value.via, hops: 0 }, value.confidence);
          return found === "external" ? EXTERNAL : undefined;
        }
        if (field) return field.t === "instance" && value.confidence !== undefined ? { ...field, confidence: value.confidence } : field;
        return found === "external" ? EXTERNAL : undefined;
      }
      case "elements":
        // A slice's or an array's methods are the runtime's (`items.map(…)`); Go's have none.
        return EXTERNAL;
    }
  }

  /** A getter or setter: reading it (or assigning to it) calls it. */
  isAccessor(ref: EntityRef): boolean {
    return this.index(ref.path)?.entity(ref.index)?.accessor === true;
  }

  /**
   * The accessor of its class that reading (or writing) the property `ref` names runs: of its
   * accessors of that name, the first that is no setter (the setter). Undefined when `ref` is
   * no accessor, or none of them runs so.
   */
  accessorRun(ref: EntityRef, write: boolean): EntityRef | undefined {
    const index = this.index(ref.path);
    const entity = index?.entity(ref.index);
    if (!index || !entity?.accessor) return undefined;
    const run = index.childrenNamed(entity.parent, entity.name).find((i) => {
      const sibling = index.entity(i)!;
      return sibling.accessor === true && (sibling.setter === true) === write;
    });
    return run === undefined ? undefined : { path: ref.path, index: run };
  }

  /**
   * The accessor a read (or a write) of `name` on an instance runs, with how the instance was
   * known. Only members are looked at, never fields: most attributes read are fields, and
   * none of them runs anything.
   */
  accessorOf(receiver: Value, name: string, write: boolean): { ref: EntityRef; via: Via; confidence?: number } | undefined {
    if (receiver.t !== "instance") return undefined;
    const found = this.findMember(receiver.classes, name);
    const run = found && found !== "external" ? this.accessorRun(found.ref, write) : undefined;
    return run && { ref: run, via: receiver.via, confidence: receiver.confidence };
  }

  /**
   * What reading a property gives: its getter's declared result, or what the getter's own
   * `return` evidently holds (the extractor's RETURNED variable); nothing where neither tells.
   */
  private propertyValue(found: EntityValue, confidence: number | undefined): Value | undefined {
    const getter = this.accessorRun(found.ref, false);
    const index = getter && this.index(getter.path);
    if (!getter || !index) return undefined;
    const returns = index.entity(getter.index)?.returns;
    const value = returns !== undefined ? this.typeValue(getter.path, getter.index, returns) : this.typedVar(getter.path, index, getter.index, RETURNED);
    return value?.t === "instance" && confidence !== undefined ? { ...value, confidence } : value;
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
    if (!found && this.index(path)?.language.isBuiltinType(type.split(".")[0]!)) return EXTERNAL;
    return undefined;
  }

  /** `({ refetch }: Input) => refetch()`: the method a destructured property of a typed value is. */
  private destructuredCallee(path: string, index: FileIndex, scope: number, name: string, line?: number): Value | undefined {
    const typed = index.varsByScope.get(scope);
    const v = typed && namedAt(typed, name, line);
    if (v?.property === undefined) return undefined;
    const value = this.partValue(path, v);
    return value?.t === "entity" && fits(value, "call") ? value : undefined;
  }

  /** A variable of `scope` with a known type; annotated ones before callback parameters. */
  private typedVar(path: string, index: FileIndex, scope: number, name: string, line?: number): Value | undefined {
    const vars = index.varsByScope.get(scope);
    const typed = vars && namedAt(vars, name, line);
    if (typed?.fromPath !== undefined) return this.pathValue(path, typed);
    if (typed?.injected) return index.language.injectedValue?.(path, typed.name);
    if (typed) return typed.fromCall === undefined ? this.declaredValue(path, typed.scope, typed) : this.resultValue(path, index, typed);
    return line === undefined ? undefined : this.callbacks.valueAt(path, index, scope, name, line);
  }

  /**
   * A parameter of a function typed by name (`const h: Handler = (c) => …`), a property
   * destructured from a typed value (`({ api }: Input) => …`), or a variable typed by a
   * property's type (`x: Router['ssr']`): read through the named type.
   */
  private partValue(path: string, typed: TypedVarFact): Value | undefined {
    let value = this.typeValue(path, typed.scope, typed.type);
    if (value && typed.parameterOf !== undefined) {
      const args = (typed.typeArgs ?? []).map((type) => (type ? { path, scope: typed.scope, type } : undefined));
      value = this.callbacks.parameterOf(value, typed.parameterOf, args);
    }
    if (typed.typeOfProperty !== undefined) value = value && this.member(value, typed.typeOfProperty, "any");
    for (const name of typed.property?.split(".") ?? []) value = value && this.member(value, name, "any");
    return value;
  }

  /** What a declaration's type makes of a variable or field: an instance, or a collection of them. */
  private declaredValue(path: string, scope: number, typed: TypedVarFact): Value | undefined {
    if (typed.parameterOf !== undefined || typed.property !== undefined || typed.typeOfProperty !== undefined) return this.partValue(path, typed);
    let value = this.typeValue(path, scope, typed.type);
    if (typed.typeArgs && value?.t === "instance") value = this.passedThrough(value, path, scope, typed.typeArgs) ?? value;
    return value && typed.collection ? { t: "elements", of: value } : value;
  }

  /**
   * `options: PickAsRequired<RouterOptions, 'k'>` where `type PickAsRequired<T, K> = Omit<T, K> & …`:
   * the argument the alias passes through, named where the variable is declared.
   */
  private passedThrough(value: Extract<Value, { t: "instance" }>, path: string, scope: number, args: readonly string[]): Value | undefined {
    const ref = value.classes[0]!;
    const alias = this.index(ref.path)?.entity(ref.index);
    const passed = alias?.kind === "type" ? alias.aliasOf?.find((name) => name.startsWith("<")) : undefined;
    const arg = passed === undefined ? undefined : args[Number(passed.slice(1, -1))];
    return arg ? this.typeValue(path, scope, arg) : undefined;
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
      const value = this.resolvePath(path, typed.scope, typed.fromPath!, "any", justBefore(typed.line));
      if (!typed.element) return value;
      return value?.t === "elements" ? value.of : undefined;
    } finally {
      this.readingPaths.delete(key);
    }
  }

  /** `x := pkg.F()`: the variable holds what the call returns; `applied`, what calling that returns. */
  private resultValue(path: string, index: FileIndex, typed: TypedVarFact): Value | undefined {
    const call = index.facts.calls[typed.fromCall!];
    if (!call) return undefined;
    if (typed.applied) return this.appliedResult(path, call, typed);
    const result = this.callResult(path, call);
    return typed.thenCalls === undefined ? result : result && this.methodResult(result, typed.thenCalls);
  }

  /** What calling `method` on `receiver` returns: its receiver again, or what it declares. */
  private methodResult(receiver: Value, method: string): Value | undefined {
    const found = this.member(receiver, method, "call");
    if (found?.t !== "entity" || found.kind !== "method") return undefined;
    const entity = this.index(found.ref.path)?.entity(found.ref.index);
    if (entity?.returnsSelf) return receiver;
    return entity?.returns === undefined ? undefined : this.typeValue(found.ref.path, found.ref.index, entity.returns);
  }

  /**
   * `@cli.command() def hello`: hello is what calling `cli.command()`'s result returns, which
   * the called function declares (`returnsCallable`). The decorator may name the decorated
   * name itself (`@hello.register()`): reading it again while it is read answers nothing.
   */
  private appliedResult(path: string, call: CallFact, typed: TypedVarFact): Value | undefined {
    const key = `${path}\0${typed.scope}\0${typed.name}\0${typed.line}`;
    if (this.readingPaths.has(key)) return undefined;
    this.readingPaths.add(key);
    try {
      const callee = this.calledEntity(path, call);
      const returns = callee && this.index(callee.path)?.entity(callee.index)?.returnsCallable;
      return callee && returns !== undefined ? this.typeValue(callee.path, callee.index, returns) : undefined;
    } finally {
      this.readingPaths.delete(key);
    }
  }

  /**
   * What a call returns: for `new A()` (or `A()` where a bare call constructs) an A; for a
   * method of a typed array, the array (`slice`, `filter`…) or one element (`shift`, `find`…);
   * otherwise the type the called function or method declares as its result, named in its own
   * file. The call must bind to one definition; the evidence is that declaration, not the
   * callee's name.
   */
  private callResult(path: string, call: CallFact): Value | undefined {
    this.settleReceiverCalls(path, call);
    return this.memoResult(path, call);
  }

  private memoResult(path: string, call: CallFact): Value | undefined {
    return this.reads.cachedWithStandIn(this.resultMemo, call, null, () => this.computeResult(path, call) ?? null) ?? undefined;
  }

  /**
   * In `a.b().c()…` each call's receiver is the result of the call before it, so asking for
   * the last result asked for every other one inside it: 10k links overflowed the stack. The
   * results not known yet are computed first, innermost first, each one finding the one under
   * it in the memo, so no ask goes deeper than one link.
   */
  private settleReceiverCalls(path: string, call: CallFact): void {
    const calls = this.index(path)?.facts.calls;
    if (!calls) return;
    const unknown: CallFact[] = [];
    // Each link is a call inside the one before it, so the chain ends; the bound only guards facts that say otherwise.
    for (let inner = receiverCallOf(calls, call); inner && !this.resultMemo.has(inner) && unknown.length < calls.length; inner = receiverCallOf(calls, inner)) {
      unknown.push(inner);
    }
    for (let i = unknown.length - 1; i >= 0; i--) this.memoResult(path, unknown[i]!);
  }

  private computeResult(path: string, call: CallFact): Value | undefined {
    let value: Value | undefined;
    const constructs = call.isNew || this.index(path)?.language.bareCallConstructs === true;
    // The receiver and the called value are looked up once, for every case below.
    const receiver = call.receiver === undefined ? undefined : this.receiverValue(path, call);
    const called =
      call.receiver === undefined ? this.lookupName(path, call.from, call.callee, "call", lookupPosition(call)) : receiver && this.member(receiver, call.callee, "call");
    if (constructs && called?.t === "entity" && called.kind === "class") value = { t: "instance", classes: [called.ref], via: "receiver-type" };
    else if (!constructs && receiver?.t === "elements") value = collectionResult(receiver, call.callee);
    else if (!call.isNew) {
      const callee = this.calleeOf(called, call);
      const entity = callee && this.index(callee.path)?.entity(callee.index);
      // `client.__enter__()` declared `(self: T) -> T`: the receiver, of whatever class it is.
      if (entity?.returnsSelf && receiver?.t === "instance") value = receiver;
      else value = entity?.returns ? this.typeValue(callee!.path, callee!.index, entity.returns) : callee || called ? undefined : this.signatureResult(path, call, receiver);
    }
    return value;
  }

  /**
   * `app.get('/', h).post(…)`: calling a property or variable of a callable type (an interface
   * of call signatures) gives what its signatures agree they return.
   */
  private signatureResult(path: string, call: CallFact, receiver: Value | undefined): Value | undefined {
    if (call.receiver !== undefined && !receiver) return undefined;
    const fn = receiver ? this.member(receiver, call.callee, "any") : this.lookupName(path, call.from, call.callee, "any", call.line);
    const signatures = fn?.t === "instance" ? this.callbacks.signaturesOf(fn) : undefined;
    const returns = signatures?.entity.returns;
    return returns ? this.typeValue(signatures.ref.path, signatures.ref.index, returns) : undefined;
  }

  private memberOfReceiver(path: string, call: CallFact): Value | undefined {
    const receiver = this.receiverValue(path, call);
    return receiver && this.member(receiver, call.callee, "call");
  }

  /** The receiver of a method call, as a value where the call is written; `reads`: the getters its path reads. */
  receiverValue(path: string, call: CallFact, reads?: EntityValue[]): Value | undefined {
    if (call.receiverType !== undefined) return this.typeValue(path, call.from, call.receiverType);
    if (call.receiverCall !== undefined) {
      const inner = this.index(path)?.facts.calls[call.receiverCall];
      return inner && this.callResult(path, inner);
    }
    if (call.receiver === undefined || call.receiver === "?") return undefined;
    return this.resolvePath(path, call.from, call.receiver, "any", lookupPosition(call), reads);
  }

  /** The type a member holding a function is declared with by name (`onError?: OnError`), as an instance. */
  memberType(member: EntityRef): Value | undefined {
    const typedAs = this.index(member.path)?.entity(member.index)?.typedAs;
    return typedAs === undefined ? undefined : this.typeValue(member.path, member.index, typedAs);
  }

  /** What a call's callee names as a value where it is no function or method: a typed property or variable. */
  calledValue(path: string, call: CallFact): Value | undefined {
    if (call.receiver === undefined) return this.lookupName(path, call.from, call.callee, "any", lookupPosition(call));
    const receiver = this.receiverValue(path, call);
    return receiver && this.member(receiver, call.callee, "any");
  }

  /** The function or method a call binds to; for `new C()`, C's own constructor. */
  calledEntity(path: string, call: CallFact): EntityRef | undefined {
    const value = call.receiver === undefined ? this.lookupName(path, call.from, call.callee, "call", lookupPosition(call)) : this.memberOfReceiver(path, call);
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
    const [head, ...rest] = dotted.split(".");
    if (!index.language.self?.names.has(head!) || rest.length !== 1) return undefined;
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
      const prefix = baseIndex.language.self?.factName;
      const typed = prefix === undefined ? undefined : this.typedVar(base.path, baseIndex, base.index, `${prefix}.${rest[0]}`);
      if (typed) return typed;
      queue.push(...this.bases(base).filter((b) => b !== "external"));
    }
    return undefined;
  }

  private selfValue(path: string, from: number, self: SelfRules, line?: number): Value | undefined {
    // `function (this: Foo)`: the declared type of `this` there (arrows inside share it).
    const declared = self.typedByParameter ? declaredSelf(this.index(path)?.varsByScope.get(from), self.factName, line) : undefined;
    if (declared) return this.typeValue(path, from, declared.type);
    const cls = this.enclosingClass(path, from) ?? objectOfMethod(this.index(path), from);
    return cls && { t: "instance", classes: [cls], via: self.via };
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
      ? index.language.resolveSource(index.facts, binding.source)
      : index.language.resolveImport(index.facts, binding.imp);
    if (mod === "external") return EXTERNAL;
    if (mod === "unknown") return undefined;
    if (binding.imported === "*") {
      const language = this.languages.ofModule(mod);
      // `const express = require('express'); express()`: the module's value as a whole.
      const whole = want === "any" ? undefined : language.wholeModule?.(mod, want);
      return whole ? withVia(whole, viaOfImport(whole)) : { t: "module", mod, via: language.namespaceVia, hops: 0 };
    }
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
    const found = this.reads.remember(() => this.languages.ofModule(mod).moduleMember(mod, name, want, visiting) ?? null);
    visiting.delete(key);
    if (!this.cycleCut && found.settled) this.memberMemo.set(key, found);
    this.cycleCut ||= outerCut;
    return found.value ?? undefined;
  }

  /** One re-export hop: the binding's target, one hop further from the importer. */
  follow(path: string, binding: ImportBinding, visiting: Set<string>, want: Want = "any"): Value | undefined {
    const index = this.index(path)!;
    const mod = index.language.resolveImport(index.facts, binding.imp);
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
  throughStars(index: FileIndex, stars: readonly { source: string; line: number }[], name: string, visiting: Set<string>, want: Want = "any"): Value | null | undefined {
    const found = new Map<string, Value>();
    for (const imp of stars) {
      const mod = index.language.resolveSource(index.facts, imp.source);
      if (mod === "external" || mod === "unknown") continue;
      const value = this.moduleMember(mod, name, want, visiting);
      if (value && value.t !== "external") found.set(valueKey(value), addHop(value));
    }
    if (found.size > 1) return null;
    return found.values().next().value;
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
    const language = index?.language;
    const scope = index?.entity(cls.index)?.parent ?? -1;
    const names = (index?.heritageByEntity.get(cls.index) ?? []).flatMap((h) => (h.kind === "extends" ? [h.name] : []));
    // A type alias has the members of the types it stands for (one passed as an argument is
    // known only where the alias is used: passedThrough).
    for (const name of index?.entity(cls.index)?.aliasOf ?? []) if (!name.startsWith("<")) names.push(name);
    for (const name of names) {
      const found = this.resolvePath(cls.path, scope, name, "type");
      if (found?.t === "entity" && TYPES.has(found.kind)) bases.push(found.ref);
      else if (found?.t === "external" || (!found && language!.isBuiltinType(name))) bases.push("external");
    }
    return bases;
  }

  /**
   * A member of these classes or, depth first in declaration order, of their bases. The walk
   * keeps its own stack: a file can declare a chain of 10k classes each extending the last.
   */
  private findMember(classes: EntityRef[], name: string): EntityValue | "external" | undefined {
    // One class, as nearly every receiver is: its answer is kept, since a deep hierarchy is
    // walked again for each name read or called on its instances.
    if (classes.length === 1) {
      const key = `${refKey(classes[0]!)}\0${name}`;
      return this.reads.cached(this.memberOfClassMemo, key, () => this.walkMembers(classes, name) ?? null) ?? undefined;
    }
    return this.walkMembers(classes, name);
  }

  private walkMembers(classes: EntityRef[], name: string): EntityValue | "external" | undefined {
    const seen = new Set<string>();
    let externalBase = false;
    const stack = [...classes].reverse();
    while (stack.length > 0) {
      const cls = stack.pop()!;
      const key = refKey(cls);
      if (seen.has(key)) continue;
      seen.add(key);
      const own = this.ownMember(cls, name);
      if (own) return own;
      const bases = this.bases(cls);
      for (let i = bases.length - 1; i >= 0; i--) {
        const base = bases[i]!;
        if (base === "external") externalBase = true;
        else stack.push(base);
      }
    }
    return externalBase ? "external" : undefined;
  }

  /**
   * A typed field of these classes or, nearest first, of their bases (embedded types promote
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
      const field = index.language.fieldOf(index, cls.index, name);
      if (field) return field.fromPath !== undefined ? this.pathValue(cls.path, field) : this.declaredValue(cls.path, cls.index, field);
      for (const base of this.bases(cls)) if (base !== "external") queue.push(base);
    }
    return undefined;
  }

  private ownMember(cls: EntityRef, name: string): EntityValue | undefined {
    const index = this.index(cls.path);
    if (!index) return undefined;
    const child = pickEntity(index, index.childrenNamed(cls.index, name), "any");
    if (child !== undefined) return entityValue(cls.path, index, child, "local", 0);
    return index.language.outsideMember?.(cls, index, name);
  }

  moduleVariable(path: string, index: FileIndex, name: string): Value | undefined {
    return this.typedVar(path, index, -1, name);
  }
}

/** The call whose result `call`'s receiver is, when its receiver is known by no declared type. */
function receiverCallOf(calls: readonly CallFact[], call: CallFact): CallFact | undefined {
  return call.receiverType === undefined && call.receiverCall !== undefined ? calls[call.receiverCall] : undefined;
}

/** Array methods whose result is the same kind of collection, and those that give one element. */
const SAME_COLLECTION = new Set(["slice", "filter", "concat", "reverse", "sort", "toReversed", "toSorted", "splice"]);
const ONE_ELEMENT = new Set(["shift", "pop", "at", "find", "findLast", "get"]);

/** `items.slice()` is again a collection of items; `items.shift()` one of them, as a map's `get(k)` is. */
function collectionResult(collection: Extract<Value, { t: "elements" }>, method: string): Value | undefined {
  if (SAME_COLLECTION.has(method)) return collection;
  return ONE_ELEMENT.has(method) ? collection.of : undefined;
}

function withConfidence(value: EntityValue, confidence: number | undefined): EntityValue {
  return confidence === undefined ? value : { ...value, confidence };
}

function valueKey(value: Value): string {
  if (value.t === "entity") return refKey(value.ref);
  if (value.t === "module") return value.mod.key;
  return value.t;
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

/** The `this:` parameter in force at `line`: the innermost one whose lines hold it, else the scope's own. */
/**
 * In a method of an object namespace (`util = { f() { this.g() } }`), `this` is the object, as
 * the calls `util.f()` its callers write make it; an arrow's `this` is not (it is a function).
 */
function objectOfMethod(index: FileIndex | undefined, from: number): EntityRef | undefined {
  const method = index?.entity(from);
  if (method?.kind !== "method" || !index!.entity(method.parent)?.object) return undefined;
  return { path: index!.facts.path, index: method.parent };
}

function declaredSelf(vars: readonly TypedVarFact[] | undefined, self: string, line: number | undefined): TypedVarFact | undefined {
  let found: TypedVarFact | undefined;
  for (const v of vars ?? []) {
    if (v.name !== self) continue;
    if (v.until === undefined) found ??= v;
    else if (line !== undefined && v.line <= line && line <= v.until && (found?.until === undefined || v.line >= found.line)) found = v;
  }
  return found;
}
