// What binding TypeScript and JavaScript asks of their family: module resolution (relative
// paths, tsconfig paths and baseUrl, workspace packages), exports followed through re-exports,
// `this`, `new`, `super(…)`, and the runtimes' builtins.
import type { FileFacts, ImportFact, TypedVarFact } from "../../model/facts.ts";
import type { FileIndex } from "../../resolve/file-index.ts";
import type { BinderHost, CreateResolver, ImportForms, LanguageResolver, Mod, Outcome, SelfRules } from "../../resolve/language.ts";
import type { Remembered } from "../../resolve/reads.ts";
import { entityValue, EXTERNAL, lastNamed, pickMerged, type Value, type Want } from "../../resolve/values.ts";
import type { Workspace } from "../../resolve/workspace.ts";
import { isBuiltinFunction, isBuiltinReceiver, isBuiltinType } from "./builtins.ts";
import { TsModules, type TsModule } from "./modules.ts";
import { wholeMember, wholeValue } from "./whole-module.ts";

const IMPORTS: ImportForms = { packageAliases: false, starImportsBindNames: false, dottedImports: false };
const SELF: SelfRules = { names: new Set(["this"]), via: "this", factName: "this", typedByParameter: true };

class TypeScriptResolver implements LanguageResolver {
  readonly imports = IMPORTS;
  readonly self = SELF;
  readonly classBodyIsScope = false;
  readonly bareCallConstructs = false;
  readonly superCallsBase = true;
  readonly typesAreBases = false;
  readonly starImportVia = undefined;
  readonly namespaceVia = "namespace";
  readonly importsNameModules = false;
  readonly isBuiltinFunction = isBuiltinFunction;
  readonly isBuiltinReceiver = isBuiltinReceiver;
  readonly isBuiltinType = isBuiltinType;

  private readonly modules: TsModules;
  /** Keyed by the fact itself: an import is met again for every use of its bindings. */
  private readonly byImport = new WeakMap<ImportFact, Remembered<Outcome<Mod>>>();

  constructor(
    private readonly ws: Workspace,
    private readonly host: BinderHost,
  ) {
    this.modules = new TsModules(ws);
  }

  resolveImport(importer: FileFacts, imp: ImportFact): Outcome<Mod> {
    return this.ws.reads.cached(this.byImport, imp, () => this.resolveSource(importer, imp.source));
  }

  resolveSource(importer: FileFacts, source: string): Outcome<Mod> {
    return this.modules.resolve(importer.path, source);
  }

  moduleFiles(mod: Mod): readonly string[] {
    return [(mod as TsModule).file];
  }

  fieldOf(index: FileIndex, cls: number, name: string): TypedVarFact | undefined {
    const vars = index.varsByScope.get(cls);
    return vars && lastNamed(vars, `${SELF.factName}.${name}`);
  }

  /**
   * An exported name: `export default`, a declared export, an exported declaration, a named
   * re-export, an exported instance, `export * from`; `want` chooses among declarations merged
   * under one name (`interface X`, `const X = …`, `namespace X`).
   */
  moduleMember(mod: Mod, name: string, want: Want, visiting: Set<string>): Value | undefined {
    const file = (mod as TsModule).file;
    const host = this.host;
    const index = host.index(file);
    if (!index) return undefined;
    if (name === "default" && index.defaultExport !== undefined) {
      return entityValue(file, index, index.defaultExport, "import", 0);
    }
    const declared = index.exportsByName.get(name);
    if (declared) {
      const local = pickMerged(index, index.topLevel.get(declared.local) ?? [], want);
      if (local !== undefined) return this.exportedEntity(file, index, local, declared.local, want);
      const binding = index.bindings.get(declared.local);
      if (binding) return host.follow(file, binding, visiting, want);
    }
    if (name !== "default") {
      const exported = (index.topLevel.get(name) ?? []).filter((i) => index.entity(i)!.exported);
      const top = pickMerged(index, exported, want);
      if (top !== undefined) return this.exportedEntity(file, index, top, name, want);
    }
    const reexport = index.namedReexports.get(name);
    if (reexport) return host.follow(file, reexport, visiting, want);
    if (name === "default") return undefined;
    const member = wholeMember(file, index, name, want);
    if (member) return member;
    // `export const db = new Database()`: an importer naming it is evidence it is exported.
    const instance = host.moduleVariable(file, index, declared?.local ?? name);
    if (instance) return instance;
    const starred = host.throughStars(index, index.starReexports, name, visiting, want);
    if (starred !== undefined) return starred ?? undefined;
    // CommonJS modules export by assignment, which declarations do not show.
    if (index.facts.lang === "javascript") {
      const candidates = index.topLevel.get(name) ?? [];
      if (candidates.length === 1) return entityValue(file, index, candidates[0]!, "import", 0);
    }
    return index.starReexports.some((imp) => this.resolveImport(index.facts, imp) === "external") ? EXTERNAL : undefined;
  }

  wholeModule(mod: Mod, want: Want): Value | undefined {
    return wholeValue(this.moduleMember(mod, "default", want, new Set()), want);
  }

  /**
   * An object namespace whose type is written (`export const p: Provider = { … }`) is read
   * through that type, as the compiler reads it and as a use in its own file is; so is a
   * function variable's (`export const sql: Sql`) where it is not called (`sql.lit(…)`).
   */
  private exportedEntity(file: string, index: FileIndex, entity: number, name: string, want: Want): Value {
    const { object, kind } = index.entity(entity)!;
    const typed = object || (want === "any" && kind === "function") ? this.host.moduleVariable(file, index, name) : undefined;
    return typed ?? entityValue(file, index, entity, "import", 0);
  }
}

export const resolver: CreateResolver = (ws, host) => new TypeScriptResolver(ws, host);
