// Contextual typing of callbacks, the resolver's half: `operate((source, subscriber) => …)`
// gives `subscriber` the type that operate's declaration gives the second parameter of its
// first parameter's function. The evidence is the callee's own declaration, so the call must
// bind to one function or method, and the type name is resolved in the callee's file.
import { type CallbackSlot, type CallFact, type EntityFact, ofPropertyType, parameterAt, type TypedVarFact } from "../model/facts.ts";
import type { Value, Want } from "./binder.ts";
import type { FileIndex } from "./file-index.ts";
import type { EntityRef } from "./model.ts";
import type { ReadLog, Remembered } from "./reads.ts";
import { refKey } from "./values.ts";

/** Weaker than a written annotation: the binding depends on a second, resolved call. */
export const CALLBACK_CONFIDENCE = 0.8;

/** What the callback resolution needs from the binder. */
export interface CallbackHost {
  readonly reads: ReadLog;
  index(path: string): FileIndex | undefined;
  /** The function or method a call binds to (a class's constructor for `new`). */
  calledEntity(path: string, call: CallFact): EntityRef | undefined;
  /** What a call's callee names as a value, where it is no function or method: a typed property or variable. */
  calledValue(path: string, call: CallFact): Value | undefined;
  /** The class or interface a type name denotes at `scope` of `path`, as an instance. */
  typeValue(path: string, scope: number, type: string): Value | undefined;
  /** `value.name`, as the binder reads members. */
  member(value: Value, name: string, want: Want): Value | undefined;
  /** The resolved `extends` targets of a class or interface, and what a type alias stands for. */
  bases(cls: EntityRef): (EntityRef | "external")[];
  /** The type a member holding a function is declared with by name (`onError?: OnError`), as an instance (EntityFact.typedAs). */
  memberType(member: EntityRef): Value | undefined;
}

export class CallbackTypes {
  /** null while being computed: a callback whose call's receiver is that callback's own parameter. */
  private readonly memo = new Map<TypedVarFact, Remembered<Value | null>>();

  constructor(private readonly host: CallbackHost) {}

  /** The type of callback parameter `name` of `scope` where it is used at `line`. */
  valueAt(path: string, index: FileIndex, scope: number, name: string, line: number): Value | undefined {
    const vars = index.callbackVarsByScope.get(scope);
    const param = vars && nearestInScope(vars, name, line);
    return param && this.valueOf(path, index, param);
  }

  private valueOf(path: string, index: FileIndex, param: TypedVarFact): Value | undefined {
    return this.host.reads.cachedWithStandIn(this.memo, param, null, () => this.compute(path, index, param) ?? null) ?? undefined;
  }

  /**
   * From the declaration of what is called: the function or method the call binds to or, for a
   * property or variable of a callable type (`app.get('/', (c) => …)` with `get:
   * HandlerInterface`, an interface of call signatures), that type's signatures.
   */
  private compute(path: string, index: FileIndex, param: TypedVarFact): Value | undefined {
    const slot = param.fromCallback!;
    const call = index.facts.calls[slot.call];
    if (!call) return undefined;
    const callee = this.host.calledEntity(path, call);
    // A member whose own parameters say nothing is typed by its declared type's signatures.
    const called = callee ? this.host.memberType(callee) : this.host.calledValue(path, call);
    if (callee) {
      const own = this.fromDeclaration({ ref: callee, args: [] }, slot);
      if (own) return own;
    }
    const signatures = called?.t === "instance" ? this.signaturesOf(called) : undefined;
    return signatures && this.fromDeclaration(signatures, slot);
  }

  /**
   * The first of a callable type's classes, bases or aliased types that declares call
   * signatures (their parameters or result): what calling a value of that type means.
   */
  signaturesOf(fn: Extract<Value, { t: "instance" }>): (Declaration & { entity: EntityFact }) | undefined {
    for (const found of this.declarations(fn.classes.map((ref) => ({ ref, args: [] })), true)) {
      const { entity } = found;
      if (entity.params || entity.callbackParams || (entity.returns !== undefined && entity.kind !== "function" && entity.kind !== "method")) return found;
    }
    return undefined;
  }

  /**
   * A function type written on the declaration's parameter; else the named type the parameter
   * is declared with, an alias of a function type (`handler: Handler`) or, for a function that
   * is a property of an object literal argument, an object type whose property is a function
   * (`opts: Options` with `onError: (e: E) => void`).
   */
  private fromDeclaration(declaration: Declaration, slot: CallbackSlot): Value | undefined {
    const { ref, args } = declaration;
    const entity = this.host.index(ref.path)?.entity(ref.index);
    const written = slot.property === undefined ? entity?.callbackParams?.[slot.arg]?.[slot.param] : undefined;
    if (written) return this.typed(ref.path, ref.index, written);
    const named = entity?.params && parameterAt(entity.params, slot.arg);
    let holder = named ? this.declaredType(named, ref, args) : undefined;
    if (holder && slot.property !== undefined) holder = this.host.member(holder, slot.property, "any");
    return holder && this.parameterOf(holder, slot.param);
  }

  /**
   * Parameter `position` of a function value: a method, or an instance of a function type
   * alias, followed through the aliases it stands for. `args` are the generic arguments written
   * where the type is used, for an alias whose parameter is one of its own type parameters
   * (`type UnaryFunction<S, R> = (source: S) => R`). A union of function types
   * (`type H = Handler | MiddlewareHandler`) gives the parameter every member agrees on.
   */
  parameterOf(fn: Value, position: number, args: readonly (TypeArgument | undefined)[] = [], depth = 0): Value | undefined {
    const start = fn.t === "entity" ? [{ ref: fn.ref, args }] : fn.t === "instance" ? fn.classes.map((ref) => ({ ref, args })) : [];
    for (const { ref, args: passed, entity } of this.declarations(start, fn.t === "instance")) {
      const type = entity.params && parameterAt(entity.params, position);
      if (type) return this.declaredType(type, ref, passed, CALLBACK_CONFIDENCE);
      if (entity.unionOf && depth < MAX_UNION_DEPTH) {
        const agreed = this.unionParameter(ref, entity, passed, position, depth);
        if (agreed) return agreed;
      }
    }
    // A property holding a function of a named type: that type's parameter.
    const declared = fn.t === "entity" && depth < MAX_UNION_DEPTH ? this.host.memberType(fn.ref) : undefined;
    return declared && this.parameterOf(declared, position, [], depth + 1);
  }

  /** Each member's parameter `position`, when every member has one and all are the same type. */
  private unionParameter(ref: EntityRef, alias: EntityFact, args: readonly (TypeArgument | undefined)[], position: number, depth: number): Value | undefined {
    let agreed: Value | undefined;
    for (const name of alias.unionOf!) {
      const member = this.aliasTarget(ref, alias, name, args);
      const one = member && this.parameterOf({ t: "instance", classes: member.classes, via: "receiver-type" }, position, member.args, depth + 1);
      if (!one || (agreed && !sameType(agreed, one))) return undefined;
      agreed ??= one;
    }
    return agreed;
  }

  /**
   * The entities that may declare a function value's parameters, breadth first: the start, and
   * with `followBases` their bases and the types an alias stands for (`type H = Handler<E>`),
   * each with the generic arguments written where it is used.
   */
  private *declarations(start: readonly Declaration[], followBases: boolean): Generator<Declaration & { entity: EntityFact }> {
    const queue = [...start];
    const seen = new Set<string>();
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { ref } = next;
      const key = refKey(ref);
      if (seen.has(key)) continue;
      seen.add(key);
      const entity = this.host.index(ref.path)?.entity(ref.index);
      if (!entity) continue;
      yield { ...next, entity };
      if (!followBases) continue;
      if (entity.kind !== "type") {
        for (const base of this.host.bases(ref)) if (base !== "external") queue.push({ ref: base, args: [] });
        continue;
      }
      for (const name of entity.aliasOf ?? []) {
        const target = this.aliasTarget(ref, entity, name, next.args);
        for (const cls of target?.classes ?? []) queue.push({ ref: cls, args: target!.args });
      }
    }
  }

  /** A type an alias names (`Handler<E>` in `type H<E> = Handler<E> | …`), with the arguments it writes there. */
  private aliasTarget(ref: EntityRef, alias: EntityFact, name: string, args: readonly (TypeArgument | undefined)[]): { classes: EntityRef[]; args: (TypeArgument | undefined)[] } | undefined {
    const arg = argumentOf(name, ref, args);
    const base = arg && this.host.typeValue(arg.path, arg.scope, arg.type);
    if (base?.t !== "instance") return undefined;
    const written = isPassed(name) ? [] : alias.aliasArgs?.[name] ?? [];
    return { classes: base.classes, args: written.map((type) => (type ? argumentOf(type, ref, args) : undefined)) };
  }

  private typed(path: string, scope: number, type: string): Value | undefined {
    const value = this.host.typeValue(path, scope, type);
    return value?.t === "instance" ? { ...value, confidence: CALLBACK_CONFIDENCE } : value;
  }

  /**
   * A parameter type as a declaration writes it: a name of its file, an argument passed where
   * it is used, or a property's type (`Effect['refinement']`, read through the named type).
   */
  private declaredType(written: string, ref: EntityRef, args: readonly (TypeArgument | undefined)[], confidence?: number): Value | undefined {
    const property = ofPropertyType(written);
    const arg = argumentOf(property?.type ?? written, ref, args);
    let value = arg && this.host.typeValue(arg.path, arg.scope, arg.type);
    if (value && property) value = this.host.member(value, property.property, "any");
    return confidence !== undefined && value?.t === "instance" ? { ...value, confidence } : value;
  }
}

/** Aliases of unions of aliases followed this deep. */
const MAX_UNION_DEPTH = 4;

/** A declaration of parameters, with the generic arguments written where it is used. */
interface Declaration {
  ref: EntityRef;
  args: readonly (TypeArgument | undefined)[];
}

/** A type name as a declaration writes it, where it is resolved: its own file, or a passed argument where that was written. */
function argumentOf(type: string, ref: EntityRef, args: readonly (TypeArgument | undefined)[]): TypeArgument | undefined {
  return isPassed(type) ? passedArgument(type, args) : { path: ref.path, scope: ref.index, type };
}

/** Two parameter types are the same: the same classes, or both outside the workspace. */
function sameType(a: Value, b: Value): boolean {
  if (a.t === "external" || b.t === "external") return a.t === b.t;
  if (a.t !== "instance" || b.t !== "instance" || a.classes.length !== b.classes.length) return false;
  return a.classes.every((ref, i) => refKey(ref) === refKey(b.classes[i]!));
}

/** A generic argument as written where a type is used, resolved there. */
export interface TypeArgument {
  path: string;
  scope: number;
  type: string;
}

/** "<i>": a type alias's own i-th type parameter, standing for the argument written at its use. */
function isPassed(type: string): boolean {
  return type.startsWith("<");
}

function passedArgument(type: string, args: readonly (TypeArgument | undefined)[]): TypeArgument | undefined {
  return isPassed(type) ? args[Number(type.slice(1, -1))] : undefined;
}

/**
 * Among same-named callback parameters of one scope (two callbacks both naming `subscriber`),
 * the one whose function contains `line` and was declared nearest before it.
 */
function nearestInScope(vars: readonly TypedVarFact[], name: string, line: number): TypedVarFact | undefined {
  let nearest: TypedVarFact | undefined;
  for (const v of vars) {
    if (v.name !== name || v.line > line || v.fromCallback!.until < line) continue;
    // Later facts win ties: on one line, an inner function's parameters come after the outer's.
    if (!nearest || v.line >= nearest.line) nearest = v;
  }
  return nearest;
}
