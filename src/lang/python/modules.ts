// Python module resolution: dotted names against source roots (the workspace root, src/,
// the parent of every top-level package), relative imports from the importing package.
import type { Mod, Outcome } from "../../resolve/language.ts";
import type { Remembered } from "../../resolve/reads.ts";
import type { Workspace } from "../../resolve/workspace.ts";
import { dirname, isWithin, joinPath } from "../../util/paths.ts";
import { python } from "./language.ts";

const FAMILY = python.id;

/** A module (x.py, x.pyi), a package (with or without __init__.py). */
export interface PyModule extends Mod {
  /** The module file: x.py, or a package's __init__.py. Absent for a namespace package. */
  readonly file?: string;
  /** Set when the module is a package: its submodules live here. */
  readonly dir?: string;
}

export class PyModules {
  private readonly sourceRoots = new Map<"", Remembered<string[]>>();
  private readonly cache = new Map<string, Remembered<Outcome<PyModule>>>();
  private readonly modules = new Map<string, Remembered<PyModule | null>>();

  constructor(private readonly ws: Workspace) {}

  resolve(fromFile: string, spec: string): Outcome<PyModule> {
    const dir = dirname(fromFile);
    return this.ws.reads.cached(this.cache, `${dir}\0${spec}`, () => (spec.startsWith(".") ? this.relative(dir, spec) : this.absolute(dir, spec)));
  }

  /** A package's submodule `name` (`from pkg import mod`, `pkg.mod.f()`). */
  submodule(pkg: PyModule, name: string): PyModule | undefined {
    return pkg.dir === undefined ? undefined : this.moduleAt(joinPath(pkg.dir, name));
  }

  private relative(dir: string, spec: string): Outcome<PyModule> {
    const dots = /^\.+/.exec(spec)![0].length;
    let base: string | undefined = dir;
    for (let up = 1; up < dots; up++) {
      if (base === "") return "unknown";
      base = dirname(base);
    }
    const rest = spec.slice(dots);
    const target = rest === "" ? base : joinPath(base, rest.replaceAll(".", "/"));
    return this.moduleAt(target) ?? "unknown";
  }

  /**
   * Roots containing the importer are tried nearest first (that is how the program runs);
   * a hit only under an unrelated root counts when exactly one such root has it.
   */
  private absolute(dir: string, spec: string): Outcome<PyModule> {
    const relative = spec.replaceAll(".", "/");
    const roots = this.roots();
    const own = roots.filter((root) => isWithin(dir, root)).sort((a, b) => b.length - a.length);
    // A script outside any package imports its siblings directly (its directory is sys.path[0]).
    if (!this.ws.has(joinPath(dir, "__init__.py") ?? "") && !own.includes(dir)) own.unshift(dir);
    for (const root of own) {
      const found = this.moduleAt(joinPath(root, relative));
      if (found) return found;
    }
    const elsewhere = roots.filter((root) => !own.includes(root))
      .map((root) => this.moduleAt(joinPath(root, relative)))
      .filter((found) => found !== undefined);
    if (elsewhere.length === 1) return elsewhere[0]!;
    if (elsewhere.length > 1) return "unknown";
    const top = spec.split(".")[0]!;
    const topKnown = [...own, ...roots].some((root) => this.moduleAt(joinPath(root, top)) !== undefined);
    return topKnown ? "unknown" : "external";
  }

  /** Package (`p/__init__.py`) before module (`p.py`) before namespace package (a bare dir). */
  private moduleAt(path: string | undefined): PyModule | undefined {
    if (path === undefined) return undefined;
    return this.ws.reads.cached(this.modules, path, () => this.findModule(path)) ?? undefined;
  }

  private findModule(path: string): PyModule | null {
    const init = path === "" ? "__init__.py" : `${path}/__init__.py`;
    if (this.ws.has(init)) return { family: FAMILY, key: `py:${path}/`, file: init, dir: path };
    if (this.ws.has(`${path}.py`)) return { family: FAMILY, key: `py:${path}.py`, file: `${path}.py` };
    if (this.ws.has(`${path}.pyi`)) return { family: FAMILY, key: `py:${path}.pyi`, file: `${path}.pyi` };
    if (path !== "" && this.holdsPython(path)) return { family: FAMILY, key: `py:${path}/`, dir: path };
    return null;
  }

  private holdsPython(dir: string): boolean {
    if (!this.ws.dirExists(dir)) return false;
    return this.ws.filesIn(dir).some((path) => path.endsWith(".py")) || this.ws.filesIn(dir).length === 0;
  }

  private roots(): string[] {
    return this.ws.reads.cached(this.sourceRoots, "", () => this.findRoots());
  }

  private findRoots(): string[] {
    const roots = new Set<string>([""]);
    if (this.ws.dirExists("src")) roots.add("src");
    const inits = this.ws.filesNamed("__init__.py");
    // Which of them have a package above is known from the list itself, whose one key stands for
    // every __init__.py: one key per package would be charged to every file importing anything.
    const known = new Set(inits);
    for (const init of inits) {
      const pkg = dirname(init);
      if (pkg === "") continue;
      const parent = dirname(pkg);
      if (!known.has(parent === "" ? "__init__.py" : `${parent}/__init__.py`)) roots.add(parent);
    }
    return [...roots];
  }
}
