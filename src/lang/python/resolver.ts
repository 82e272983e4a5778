// What binding Python asks of its family: module resolution (source roots, packages with or
// without __init__.py, relative imports), a module's names and submodules, `self` and `cls`,
// constructors called like functions, class bodies as scopes, and the builtins.
import type { FileFacts, ImportFact, TypedVarFact } from "../../model/facts.ts";
import type { FileIndex } from "../../resolve/file-index.ts";
import type { BinderHost, CreateResolver, ImportForms, LanguageResolver, Mod, Outcome, SelfRules } from "../../resolve/language.ts";
import type { Remembered } from "../../resolve/reads.ts";
import { entityValue, lastNamed, pickEntity, type Value, type Want } from "../../resolve/values.ts";
import type { Workspace } from "../../resolve/workspace.ts";
import { isBuiltinFunction, isBuiltinReceiver, isBuiltinType } from "./builtins.ts";
import { PyModules, type PyModule } from "./modules.ts";
import { dirname } from "../../util/paths.ts";

const IMPORTS: ImportForms = { packageAliases: false, starImportsBindNames: true, dottedImports: true };
const SELF: SelfRules = { names: new Set(["self", "cls"]), via: "self", factName: "self", typedByParameter: false };
const NO_FILES: readonly string[] = [];

class PythonResolver implements LanguageResolver {
  readonly imports = IMPORTS;
  readonly self = SELF;
  readonly classBodyIsScope = true;
  readonly bareCallConstructs = true;
  readonly superCallsBase = false;
  readonly typesAreBases = false;
  readonly starImportVia = undefined;
  readonly namespaceVia = "namespace";
  readonly importsNameModules = true;
  readonly isBuiltinFunction = isBuiltinFunction;
  readonly isBuiltinReceiver = isBuiltinReceiver;
  readonly isBuiltinType = isBuiltinType;

  private readonly modules: PyModules;
  /** Keyed by the fact itself: an import is met again for every use of its bindings. */
  private readonly byImport = new WeakMap<ImportFact, Remembered<Outcome<Mod>>>();

  constructor(
    private readonly ws: Workspace,
    private readonly host: BinderHost,
  ) {
    this.modules = new PyModules(ws);
  }

  resolveImport(importer: FileFacts, imp: ImportFact): Outcome<Mod> {
    return this.ws.reads.cached(this.byImport, imp, () => this.resolveSource(importer, imp.source));
  }

  resolveSource(importer: FileFacts, source: string): Outcome<Mod> {
    return this.modules.resolve(importer.path, source);
  }

  moduleFiles(mod: Mod): readonly string[] {
    const file = (mod as PyModule).file;
    return file === undefined ? NO_FILES : [file];
  }

  /** The nearest fixture of that name (the module's own, then the nearest conftest.py's): an instance of what it returns. */
  injectedValue(path: string, name: string): Value | undefined {
    for (const file of fixtureModules(path)) {
      if (file !== path && !this.ws.has(file)) continue;
      const index = this.host.index(file);
      const fixture = index?.topLevel.get(name)?.find((i) => index.entity(i)!.fixture);
      if (fixture === undefined) continue;
      const returns = index!.entity(fixture)!.returns;
      return returns === undefined ? undefined : this.host.typeValue(file, fixture, returns);
    }
    return undefined;
  }

  fieldOf(index: FileIndex, cls: number, name: string): TypedVarFact | undefined {
    const vars = index.varsByScope.get(cls);
    return vars && lastNamed(vars, `${SELF.factName}.${name}`);
  }

  /** A module's top-level name, imported name, instance or star-imported name; else a submodule. */
  moduleMember(mod: Mod, name: string, want: Want, visiting: Set<string>): Value | undefined {
    const module = mod as PyModule;
    const host = this.host;
    const index = module.file === undefined ? undefined : host.index(module.file);
    if (index && module.file !== undefined) {
      const top = pickEntity(index, index.topLevel.get(name) ?? [], "any");
      // A decorated def is what its decorator made of it (`cli` after `@click.group()`), except when called.
      const made = top !== undefined && want !== "call" ? host.moduleVariable(module.file, index, name) : undefined;
      if (made) return made;
      if (top !== undefined) return entityValue(module.file, index, top, "import", 0);
      const binding = index.bindings.get(name);
      // `from . import lowlevel` in a package's __init__ names its own submodule: following it
      // comes back here, and the submodule below is what it binds.
      const followed = binding && host.follow(module.file, binding, visiting, want);
      if (followed) return followed;
      // A module-level instance: `router = ConnectionRouter()`.
      const instance = host.moduleVariable(module.file, index, name);
      if (instance) return instance;
      const starred = host.throughStars(index, index.starImports, name, visiting, want);
      if (starred) return starred;
    }
    const sub = this.modules.submodule(module, name);
    return sub && { t: "module", mod: sub, via: "namespace", hops: 0 };
  }
}

/** Where pytest looks for a fixture a test module's parameter names: the module, then each conftest.py from its folder up. */
function fixtureModules(path: string): string[] {
  const found = [path];
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    found.push(dir === "" ? "conftest.py" : `${dir}/conftest.py`);
    if (dir === "") return found;
  }
}

export const resolver: CreateResolver = (ws, host) => new PythonResolver(ws, host);
