// A file's facts arranged for lookup: names per scope, typed variables per scope, import
// bindings by local name, and the export-side tables the module lookups read.
import type { EntityFact, ExportFact, FileFacts, HeritageFact, ImportFact, LocalFact, TypedVarFact } from "../model/facts.ts";
import type { LanguageResolver } from "./language.ts";

export interface ImportBinding {
  imp: ImportFact;
  /** The name in the source module; "*" binds the module itself. */
  imported: string;
  /** Overrides imp.source: `import a.b` also binds `a`, the top package (ImportForms.dottedImports). */
  source?: string;
}

export class FileIndex {
  /** Top-level names (parent -1), Go methods excluded: they are not callable bare. */
  readonly topLevel = new Map<string, number[]>();
  /** Entities by parent, then by name. */
  readonly children = new Map<number, Map<string, number[]>>();
  /** Local functions in scope over some lines of their parent only (EntityFact.scopeLines), by parent and name. */
  private readonly scoped = new Map<number, Map<string, number[]>>();
  /** Variables of a declared or evident type. */
  readonly varsByScope = new Map<number, TypedVarFact[]>();
  /** Struct fields by struct entity (FileFacts.fields). */
  readonly fieldsByEntity = new Map<number, TypedVarFact[]>();
  /** Unannotated parameters of functions passed as arguments: typed by the callee's declaration. */
  readonly callbackVarsByScope = new Map<number, TypedVarFact[]>();
  /** Parameters and local variables by scope: names that hide outer definitions. */
  private readonly localsByScopeAndName = new Map<string, LocalFact[]>();
  readonly bindings = new Map<string, ImportBinding>();
  /** Imports that bind a whole namespace into this scope: `from x import *`, Go `import . "x"`. */
  readonly starImports: ImportFact[] = [];
  /** Package imports without an alias: the bound name is the target package's declared name. */
  readonly unnamedImports: ImportFact[] = [];
  /** `export { imported as exported } from`: exported name -> source. */
  readonly namedReexports = new Map<string, ImportBinding>();
  /** `export * from`. */
  readonly starReexports: ImportFact[] = [];
  readonly exportsByName = new Map<string, ExportFact>();
  readonly heritageByEntity = new Map<number, HeritageFact[]>();
  defaultExport: number | undefined;
  private readonly chains: (number[] | undefined)[] = [];

  constructor(
    readonly facts: FileFacts,
    /** The resolver of the file's language family, in the chunk that indexed it. */
    readonly language: LanguageResolver,
  ) {
    facts.entities.forEach((entity, index) => this.addEntity(entity, index));
    for (const v of facts.vars) push(v.fromCallback ? this.callbackVarsByScope : this.varsByScope, v.scope, v);
    if (facts.resultVars) this.addResultVars(facts.resultVars);
    for (const f of facts.fields ?? []) push(this.fieldsByEntity, f.scope, f);
    for (const imp of facts.imports) this.addImport(imp);
    for (const exp of facts.exports) if (!this.exportsByName.has(exp.exported)) this.exportsByName.set(exp.exported, exp);
    for (const h of facts.heritage) push(this.heritageByEntity, h.entity, h);
    // Keyed by scope and name: every bare name a call uses is looked up here, scope by scope.
    for (const local of facts.locals ?? []) push(this.localsByScopeAndName, `${local[0]}\0${local[1]}`, local);
  }

  /**
   * Whether, in `scope` at `line`, a parameter or local variable named `name` hides any outer
   * definition. Without a line only a binding that holds over the whole scope counts.
   */
  hides(scope: number, name: string, line: number | undefined): boolean {
    const locals = this.localsByScopeAndName.get(`${scope}\0${name}`);
    if (!locals) return false;
    return locals.some(([, , from, until]) =>
      until === undefined ? line === undefined || from <= line : line !== undefined && from <= line && line <= until,
    );
  }

  entity(index: number): EntityFact | undefined {
    return this.facts.entities[index];
  }

  /** The scope chain of an entity, innermost first (the file, -1, not included). */
  chain(from: number): readonly number[] {
    if (from < 0) return NO_SCOPES;
    let chain = this.chains[from];
    if (chain) return chain;
    chain = [];
    const entities = this.facts.entities;
    // Bounded by the entity count, so a malformed parent cycle cannot loop.
    for (let at = from; at >= 0 && chain.length < entities.length; at = entities[at]?.parent ?? -1) chain.push(at);
    this.chains[from] = chain;
    return chain;
  }

  childrenNamed(parent: number, name: string): number[] {
    return this.children.get(parent)?.get(name) ?? [];
  }

  /**
   * The local functions of `parent` named `name` whose block holds `line` (EntityFact.scopeLines),
   * the innermost block last (pickEntity takes the last): a use elsewhere in the parent does
   * not see them.
   */
  scopedNamed(parent: number, name: string, line: number | undefined): readonly number[] {
    const candidates = line === undefined ? undefined : this.scoped.get(parent)?.get(name);
    if (!candidates) return NONE;
    const held = candidates.filter((i) => {
      const [from, to] = this.facts.entities[i]!.scopeLines!;
      return from <= line! && line! <= to;
    });
    return held.length < 2 ? held : held.sort((a, b) => this.facts.entities[a]!.scopeLines![0] - this.facts.entities[b]!.scopeLines![0]);
  }

  /** Merged in declaration order: the last declaration of a name is the one that counts. */
  private addResultVars(resultVars: readonly TypedVarFact[]): void {
    const touched = new Set<number>();
    for (const v of resultVars) {
      push(this.varsByScope, v.scope, v);
      touched.add(v.scope);
    }
    for (const scope of touched) this.varsByScope.get(scope)!.sort((a, b) => a.line - b.line);
  }

  private addEntity(entity: EntityFact, index: number): void {
    if (entity.scopeLines) {
      let byName = this.scoped.get(entity.parent);
      if (!byName) this.scoped.set(entity.parent, (byName = new Map()));
      push(byName, entity.name, index);
      return;
    }
    this.addName(entity, entity.name, index);
    for (const alias of entity.aliases ?? []) this.addName(entity, alias, index);
    if (entity.defaultExport && entity.parent < 0) this.defaultExport = index;
  }

  private addName(entity: EntityFact, name: string, index: number): void {
    if (entity.parent < 0) {
      if (entity.receiverType === undefined) push(this.topLevel, name, index);
      return;
    }
    let byName = this.children.get(entity.parent);
    if (!byName) this.children.set(entity.parent, (byName = new Map()));
    push(byName, name, index);
  }

  private addImport(imp: ImportFact): void {
    const forms = this.language.imports;
    if (imp.kind === "reexport") {
      for (const name of imp.names) {
        if (name.imported === "*" && name.local === "") this.starReexports.push(imp);
        else if (name.local !== "") this.namedReexports.set(name.local, { imp, imported: name.imported });
      }
      return;
    }
    for (const name of imp.names) {
      if (forms.packageAliases && name.imported === "*") {
        if (name.local === ".") this.starImports.push(imp);
        else if (name.local === "") this.unnamedImports.push(imp);
        else if (name.local !== "_") this.bindings.set(name.local, { imp, imported: "*" });
        continue;
      }
      if (name.imported === "*" && (name.local === "" || name.local === "*")) {
        if (forms.starImportsBindNames) this.starImports.push(imp);
        continue;
      }
      if (name.local === "") continue;
      this.bindings.set(name.local, { imp, imported: name.imported });
      // `import a.b.c` binds `a`; the dotted name stays bound for exact receivers.
      if (forms.dottedImports && name.imported === "*" && name.local.includes(".")) {
        const top = name.local.split(".")[0]!;
        if (!this.bindings.has(top)) this.bindings.set(top, { imp, imported: "*", source: top });
      }
    }
  }
}

const NO_SCOPES: readonly number[] = [];
const NONE: readonly number[] = [];

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
