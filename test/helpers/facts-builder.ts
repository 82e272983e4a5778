// Hand-built FileFacts and in-memory Projects: resolver tests and synthetic benchmarks state
// exactly the facts they mean, independent of any extractor.
import type { CallbackParams, CallbackSlot, CallFact, EntityFact, EntityKind, FileFacts, ImportFact, Lang } from "../../src/model/facts.ts";
import * as registry from "../../src/lang/registry.ts";
import type { Project } from "../../src/resolve/model.ts";

interface EntityOptions {
  parent?: number;
  exported?: boolean;
  defaultExport?: boolean;
  receiverType?: string;
  callbackParams?: CallbackParams;
  returns?: string;
  accessor?: boolean;
  scopeLines?: [number, number];
}

export class FactsBuilder {
  private readonly facts: FileFacts;
  private line = 0;

  constructor(path: string, lang?: Lang) {
    this.facts = {
      path, lang: lang ?? langOf(path), entities: [], calls: [], imports: [], exports: [],
      heritage: [], refs: [], vars: [], parseErrors: 0,
    };
  }

  /** Adds an entity and returns its index. */
  entity(name: string, kind: EntityKind, options: EntityOptions = {}): number {
    const parent = options.parent ?? -1;
    const parentQname = parent >= 0 ? this.facts.entities[parent]?.qname : undefined;
    const line = this.nextLine();
    const entity: EntityFact = {
      name, kind, parent,
      qname: options.receiverType ? `${options.receiverType}.${name}` : parentQname ? `${parentQname}.${name}` : name,
      startLine: line, endLine: line, signature: `${kind} ${name}`, exported: options.exported ?? false,
    };
    if (options.defaultExport) entity.defaultExport = true;
    if (options.receiverType !== undefined) entity.receiverType = options.receiverType;
    if (options.callbackParams) entity.callbackParams = options.callbackParams;
    if (options.returns !== undefined) entity.returns = options.returns;
    if (options.accessor) entity.accessor = true;
    if (options.scopeLines) entity.scopeLines = options.scopeLines;
    this.facts.entities.push(entity);
    return this.facts.entities.length - 1;
  }

  /** `receiver` as CallFact spells it; omit for a bare call. */
  call(from: number, callee: string, receiver?: string, extra: Partial<Pick<CallFact, "isNew" | "line">> = {}): this {
    const call: CallFact = { from, line: extra.line ?? this.nextLine(), callee };
    if (receiver !== undefined) call.receiver = receiver;
    if (extra.isNew) call.isNew = true;
    this.facts.calls.push(call);
    return this;
  }

  /** names: [imported, local] pairs. */
  import(source: string, names: [string, string][], kind: ImportFact["kind"] = "import", typeOnly = false): this {
    const imp: ImportFact = { line: this.nextLine(), source, names: names.map(([imported, local]) => ({ imported, local })), kind };
    if (typeOnly) imp.typeOnly = true;
    this.facts.imports.push(imp);
    return this;
  }

  export(local: string, exported: string): this {
    this.facts.exports.push({ local, exported, line: this.nextLine() });
    return this;
  }

  heritage(entity: number, kind: "extends" | "implements", name: string): this {
    this.facts.heritage.push({ entity, kind, name, line: this.nextLine() });
    return this;
  }

  ref(from: number, name: string): this {
    this.facts.refs.push({ from, name, line: this.nextLine() });
    return this;
  }

  /** A name handed over as a value: `register(helper)`, `emitter.on("x", this.onX)`. */
  valueRef(from: number, name: string): this {
    this.facts.refs.push({ from, name, line: this.nextLine(), value: true });
    return this;
  }

  typedVar(scope: number, name: string, type: string): this {
    this.facts.vars.push({ scope, name, type, line: this.nextLine() });
    return this;
  }

  /** An unannotated parameter of a function passed to a call; `slot.call` indexes this file's calls. */
  callbackVar(scope: number, name: string, slot: CallbackSlot, line?: number): this {
    this.facts.vars.push({ scope, name, type: "", line: line ?? this.nextLine(), fromCallback: slot });
    return this;
  }

  /** A Go struct field of `struct` (an entity index). */
  field(struct: number, name: string, type: string): this {
    (this.facts.fields ??= []).push({ scope: struct, name, type, line: this.nextLine() });
    return this;
  }

  /** A variable typed by the result of call `call` (an index into this file's calls). */
  resultVar(scope: number, name: string, call: number): this {
    (this.facts.resultVars ??= []).push({ scope, name, type: "", line: this.nextLine(), fromCall: call });
    return this;
  }

  /** The index the next call fact will get. */
  nextCall(): number {
    return this.facts.calls.length;
  }

  packageName(name: string): this {
    this.facts.packageName = name;
    return this;
  }

  /** The line the next fact will get (facts are numbered in the order they are added). */
  peekLine(): number {
    return this.line + 1;
  }

  build(): FileFacts {
    return this.facts;
  }

  private nextLine(): number {
    return ++this.line;
  }
}

export function langOf(path: string): Lang {
  if (path.endsWith(".py") || path.endsWith(".pyi")) return "python";
  if (path.endsWith(".go")) return "go";
  if (path.endsWith(".tsx")) return "tsx";
  if (/\.(js|jsx|mjs|cjs)$/.test(path)) return "javascript";
  return "typescript";
}

/** A Project over facts and config texts held in memory; counts facts loads for laziness checks. */
/** `unlisted`: files on disk that the listing leaves out (a gitignored manifest): read, never listed. */
export function memoryProject(files: FileFacts[], texts: Record<string, string> = {}, unlisted: Record<string, string> = {}): Project & { loads: number } {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const paths = new Set<string>([...byPath.keys(), ...Object.keys(texts)]);
  const project = {
    paths,
    loads: 0,
    facts(path: string): FileFacts | undefined {
      project.loads++;
      return byPath.get(path);
    },
    languages: registry,
    readText(path: string): string | undefined {
      return texts[path] ?? unlisted[path];
    },
  };
  return project;
}
