// Contextual typing of callbacks, the resolver's half: `operate((source, subscriber) => …)`
// gives `subscriber` the type that operate's declaration gives the second parameter of its
// first parameter's function. The evidence is the callee's own declaration, so the call must
// bind to one function or method, and the type name is resolved in the callee's file.
import type { CallFact, TypedVarFact } from "../model/facts.ts";
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
  /** The class or interface a type name denotes at `scope` of `path`, as an instance. */
  typeValue(path: string, scope: number, type: string): Value | undefined;
  /** `value.name`, as the binder reads members. */
  member(value: Value, name: string, want: Want): Value | undefined;
  /** The resolved `extends` targets of a class or interface, and what a type alias stands for. */
  bases(cls: EntityRef): (EntityRef | "external")[];
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
   * From the callee's declaration: a function type written on the parameter; else the named
   * type the parameter is declared with, an alias of a function type (`handler: Handler`) or,
   * for a function that is a property of an object literal argument, an object type whose
   * property is a function (`opts: Options` with `onError: (e: E) => void`).
   */
  private compute(path: string, index: FileIndex, param: TypedVarFact): Value | undefined {
    const slot = param.fromCallback!;
    const call = index.facts.calls[slot.call];
    const callee = call && this.host.calledEntity(path, call);
    if (!callee) return undefined;
    const entity = this.host.index(callee.path)?.entity(callee.index);
    const written = slot.property === undefined ? entity?.callbackParams?.[slot.arg]?.[slot.param] : undefined;
    if (written) return this.typed(callee.path, callee.index, written);
    const named = entity?.params?.[slot.arg];
    let holder = named ? this.host.typeValue(callee.path, callee.index, named) : undefined;
    if (holder && slot.property !== undefined) holder = this.host.member(holder, slot.property, "any");
    return holder && this.parameterOf(holder, slot.param);
  }

  /**
   * Parameter `position` of a function value: a method, or an instance of a function type
   * alias, followed through the aliases it stands for. `args` are the generic arguments written
   * where the type is used, for an alias whose parameter is one of its own type parameters
   * (`type UnaryFunction<S, R> = (source: S) => R`).
   */
  parameterOf(fn: Value, position: number, args: readonly (TypeArgument | undefined)[] = []): Value | undefined {
    const queue = fn.t === "entity" ? [{ ref: fn.ref, args }] : fn.t === "instance" ? fn.classes.map((ref) => ({ ref, args })) : [];
    const seen = new Set<string>();
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { ref } = next;
      const key = refKey(ref);
      if (seen.has(key)) continue;
      seen.add(key);
      const entity = this.host.index(ref.path)?.entity(ref.index);
      const type = entity?.params?.[position];
      if (type) {
        const arg = isPassed(type) ? passedArgument(type, next.args) : { path: ref.path, scope: ref.index, type };
        return arg && this.typed(arg.path, arg.scope, arg.type);
      }
      if (fn.t !== "instance") continue;
      if (entity?.kind !== "type") {
        for (const base of this.host.bases(ref)) if (base !== "external") queue.push({ ref: base, args: [] });
        continue;
      }
      // `type H = Handler<E>`: the parameters of the alias it stands for, with its arguments.
      for (const name of entity.aliasOf ?? []) {
        const arg = isPassed(name) ? passedArgument(name, next.args) : { path: ref.path, scope: ref.index, type: name };
        const base = arg && this.host.typeValue(arg.path, arg.scope, arg.type);
        if (base?.t !== "instance") continue;
        const written = isPassed(name) ? [] : entity.aliasArgs?.[name] ?? [];
        const baseArgs = written.map((type) => (isPassed(type) ? passedArgument(type, next.args) : type ? { path: ref.path, scope: ref.index, type } : undefined));
        for (const cls of base.classes) queue.push({ ref: cls, args: baseArgs });
      }
    }
    return undefined;
  }

  private typed(path: string, scope: number, type: string): Value | undefined {
    const value = this.host.typeValue(path, scope, type);
    return value?.t === "instance" ? { ...value, confidence: CALLBACK_CONFIDENCE } : value;
  }
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
