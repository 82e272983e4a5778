// What binding Go asks of its family: package resolution by go.mod, a package's members read as
// one table from all its files, names of the package's other files in scope, unaliased imports
// bound by the package's declared name, methods declared outside their type, struct fields,
// embedded types as bases, interfaces satisfied by method sets, and the predeclared names.
import type { FileFacts, ImportFact, TypedVarFact } from "../../model/facts.ts";
import type { FileIndex, ImportBinding } from "../../resolve/file-index.ts";
import type { BinderHost, CreateResolver, ImportForms, LanguageResolver, Mod, Outcome, Satisfaction } from "../../resolve/language.ts";
import type { EntityRef } from "../../resolve/model.ts";
import type { Remembered } from "../../resolve/reads.ts";
import { CALLABLE, entityValue, type EntityValue, lastNamed, pushRef, TYPES, type Value, type Want } from "../../resolve/values.ts";
import type { Workspace } from "../../resolve/workspace.ts";
import { isBuiltinFunction, isBuiltinReceiver, isBuiltinType } from "./builtins.ts";
import { GoModules, type GoPackage, guessPackageName } from "./modules.ts";
import { type PackageTypes, Satisfactions } from "./satisfaction.ts";

const IMPORTS: ImportForms = { packageAliases: true, starImportsBindNames: false, dottedImports: false };

interface PackageTable extends PackageTypes {
  names: Map<string, EntityRef[]>;
  /** "Type.method" -> methods declared anywhere in the package. */
  methods: Map<string, EntityRef[]>;
  types: EntityRef[];
  interfaces: EntityRef[];
  methodNames: Map<string, Set<string>>;
}

class GoResolver implements LanguageResolver {
  readonly imports = IMPORTS;
  readonly self = undefined;
  readonly classBodyIsScope = false;
  readonly bareCallConstructs = false;
  readonly superCallsBase = false;
  readonly typesAreBases = true;
  readonly starImportVia = "package";
  readonly namespaceVia = "package";
  readonly importsNameModules = false;
  readonly isBuiltinFunction = isBuiltinFunction;
  readonly isBuiltinReceiver = isBuiltinReceiver;
  readonly isBuiltinType = isBuiltinType;

  private readonly modules: GoModules;
  private readonly tables = new Map<string, PackageTable>();
  private readonly namedImports = new Map<string, Remembered<Map<string, ImportBinding>>>();
  private readonly satisfied: Satisfactions;

  constructor(
    ws: Workspace,
    private readonly host: BinderHost,
  ) {
    this.modules = new GoModules(ws);
    this.satisfied = new Satisfactions({
      binder: host,
      packageOf: (path) => this.modules.packageOf(path),
      importedPackages: (index) => this.importedPackages(index),
      types: (pkg) => this.table(pkg),
    });
  }

  satisfactions(path: string, index: FileIndex): Satisfaction[] {
    return this.satisfied.of(path, index);
  }

  /** The repository's packages the file imports, other than its own, each once. */
  private importedPackages(index: FileIndex): GoPackage[] {
    const own = this.modules.packageOf(index.facts.path)?.key;
    const found = new Map<string, GoPackage>();
    for (const imp of index.facts.imports) {
      const pkg = this.resolveImport(index.facts, imp);
      if (typeof pkg === "object" && pkg.key !== own) found.set(pkg.key, pkg as GoPackage);
    }
    return [...found.values()];
  }

  /** Not memoised per import: a package rests on its directory's facts, a read each use must be charged with. */
  resolveImport(importer: FileFacts, imp: ImportFact): Outcome<Mod> {
    return this.modules.resolve(importer.path, imp.source);
  }

  resolveSource(importer: FileFacts, source: string): Outcome<Mod> {
    return this.modules.resolve(importer.path, source);
  }

  moduleFiles(mod: Mod): readonly string[] {
    return (mod as GoPackage).files;
  }

  fieldOf(index: FileIndex, cls: number, name: string): TypedVarFact | undefined {
    const fields = index.fieldsByEntity.get(cls);
    return fields && lastNamed(fields, name);
  }

  moduleMember(mod: Mod, name: string): Value | undefined {
    const refs = this.table(mod as GoPackage).names.get(name) ?? [];
    if (refs.length !== 1) return undefined;
    const ref = refs[0]!;
    const index = this.host.index(ref.path)!;
    return entityValue(ref.path, index, ref.index, "package", 0);
  }

  packageName(path: string, name: string, want: Want): Value | undefined {
    const pkg = this.modules.packageOf(path);
    if (!pkg) return undefined;
    const host = this.host;
    const refs = (this.table(pkg).names.get(name) ?? []).filter((ref) => ref.path !== path);
    const fitting = refs.filter((ref) => {
      const kind = host.index(ref.path)!.entity(ref.index)!.kind;
      return want === "any" || (want === "call" ? CALLABLE : TYPES).has(kind);
    });
    if (fitting.length !== 1) return undefined;
    const ref = fitting[0]!;
    return entityValue(ref.path, host.index(ref.path)!, ref.index, "package", 0);
  }

  /** Unaliased imports bind the package's declared name (or, outside, its usual name). */
  unnamedImport(path: string, index: FileIndex, name: string): ImportBinding | undefined {
    const named = this.host.reads.cached(this.namedImports, path, () => {
      const bound = new Map<string, ImportBinding>();
      for (const imp of index.unnamedImports) {
        const pkg = this.resolveImport(index.facts, imp);
        const names = typeof pkg === "object" ? [(pkg as GoPackage).name] : guessPackageName(imp.source);
        for (const name of names) if (!bound.has(name)) bound.set(name, { imp, imported: "*" });
      }
      return bound;
    });
    return named.get(name);
  }

  /** `func (t *T) name`, in any file of the type's package. */
  outsideMember(cls: EntityRef, index: FileIndex, name: string): EntityValue | undefined {
    const pkg = this.modules.packageOf(cls.path);
    const refs = pkg ? this.table(pkg).methods.get(`${index.entity(cls.index)!.name}.${name}`) ?? [] : [];
    if (refs.length !== 1) return undefined;
    const ref = refs[0]!;
    return entityValue(ref.path, this.host.index(ref.path)!, ref.index, "local", 0);
  }

  /** Read as a whole: charged as the package's read key, not as each file's facts. */
  private table(pkg: GoPackage): PackageTable {
    const reads = this.host.reads;
    reads.note(pkg.readKey);
    let table = this.tables.get(pkg.key);
    if (table) return table;
    table = reads.apart(() => {
      const built: PackageTable = { names: new Map(), methods: new Map(), types: [], interfaces: [], methodNames: new Map() };
      for (const file of pkg.files) {
        const index = this.host.index(file);
        if (!index) continue;
        index.facts.entities.forEach((entity, i) => {
          const ref = { path: file, index: i };
          if (entity.receiverType !== undefined) {
            pushRef(built.methods, `${entity.receiverType}.${entity.name}`, ref);
            let names = built.methodNames.get(entity.receiverType);
            if (!names) built.methodNames.set(entity.receiverType, (names = new Set()));
            names.add(entity.name);
          } else if (entity.parent < 0) {
            pushRef(built.names, entity.name, ref);
            if (entity.kind === "interface") built.interfaces.push(ref);
            else if (entity.kind === "class" || entity.kind === "type") built.types.push(ref);
          }
        });
      }
      return built;
    });
    this.tables.set(pkg.key, table);
    return table;
  }
}

export const resolver: CreateResolver = (ws, host) => new GoResolver(ws, host);
