// Go package resolution: a go.mod `module` path maps to its directory, so an import path under
// it names a directory whose .go files (one package name) form the package.
import type { Mod, Outcome } from "../../resolve/language.ts";
import { packageReadKey, type Remembered } from "../../resolve/reads.ts";
import type { Workspace } from "../../resolve/workspace.ts";
import { dirname, joinPath } from "../../util/paths.ts";
import { go } from "./language.ts";

const FAMILY = go.id;

/** A package: the files of one directory with one package clause. */
export interface GoPackage extends Mod {
  readonly dir: string;
  readonly name: string;
  readonly files: string[];
  /** The read key a resolution that used this package rests on (reads.ts). */
  readonly readKey: string;
}

interface GoModule {
  path: string;
  dir: string;
}

export function isGoTest(path: string): boolean {
  return path.endsWith("_test.go");
}

export class GoModules {
  private readonly modules = new Map<"", Remembered<GoModule[]>>();
  private readonly packages = new Map<string, Remembered<GoPackage | null>>();
  private readonly dirs = new Map<string, Remembered<Outcome<string>>>();

  constructor(private readonly ws: Workspace) {}

  /**
   * A package's _test.go files are compiled only with its own tests, so they join only for a
   * test file in the package's directory (the external `x_test` package sees them too).
   */
  resolve(fromFile: string, importPath: string): Outcome<GoPackage> {
    const dir = this.dirOf(importPath);
    if (dir === "external" || dir === "unknown") return dir;
    const withTests = isGoTest(fromFile) && dirname(fromFile) === dir;
    return this.packageIn(dir, withTests) ?? "unknown";
  }

  /** The package a file belongs to: its directory's files with the same package clause. */
  packageOf(file: string): GoPackage | undefined {
    const name = this.ws.facts(file)?.packageName;
    if (name === undefined) return undefined;
    return this.packageIn(dirname(file), isGoTest(file), name);
  }

  /** The directory an import path names: under the go.mod module whose path is its longest prefix. */
  private dirOf(importPath: string): Outcome<string> {
    return this.ws.reads.cached(this.dirs, importPath, () => this.moduleDirOf(importPath));
  }

  private moduleDirOf(importPath: string): Outcome<string> {
    let owner: GoModule | undefined;
    for (const mod of this.goModules()) {
      if (importPath !== mod.path && !importPath.startsWith(mod.path + "/")) continue;
      if (!owner || mod.path.length > owner.path.length) owner = mod;
    }
    if (!owner) return "external";
    return joinPath(owner.dir, importPath.slice(owner.path.length)) ?? "unknown";
  }

  /**
   * Without a wanted name the directory's package is the name its non-test files declare (an
   * external `x_test` package never is).
   */
  private packageIn(dir: string, withTests: boolean, wanted?: string): GoPackage | undefined {
    const key = `${withTests ? "t" : "p"}\0${dir}\0${wanted ?? ""}`;
    return this.ws.reads.cached(this.packages, key, () => this.findPackage(key, dir, withTests, wanted)) ?? undefined;
  }

  /** The package's name and files come from its directory's facts: read as one key (reads.ts). */
  private findPackage(key: string, dir: string, withTests: boolean, wanted: string | undefined): GoPackage | null {
    const readKey = packageReadKey(dir);
    this.ws.reads.note(readKey);
    const candidates = this.ws.filesIn(dir).filter((path) => path.endsWith(".go") && (withTests || !isGoTest(path)));
    // Each file's package clause is part of the package's key, not a read of its own.
    const named = this.ws.reads.apart(() => candidates.map((path) => ({ path, name: this.ws.facts(path)?.packageName })));
    const name = wanted ?? mostCommon(named.filter((f) => !isGoTest(f.path)).map((f) => f.name))
      ?? mostCommon(named.map((f) => f.name));
    const files = named.filter((f) => f.name === name).map((f) => f.path).sort();
    return name === undefined || files.length === 0 ? null : { family: FAMILY, key: `go:${key}\0${name}`, dir, name, files, readKey };
  }

  private goModules(): GoModule[] {
    return this.ws.reads.cached(this.modules, "", () => {
      const modules: GoModule[] = [];
      for (const gomod of this.ws.filesNamed("go.mod")) {
        const text = this.ws.text(gomod);
        const match = text === undefined ? null : /^\s*module\s+"?([^\s"]+)"?/m.exec(text);
        if (match) modules.push({ path: match[1]!, dir: dirname(gomod) });
      }
      return modules;
    });
  }
}

function mostCommon(names: (string | undefined)[]): string | undefined {
  const counts = new Map<string, number>();
  for (const name of names) if (name !== undefined) counts.set(name, (counts.get(name) ?? 0) + 1);
  let best: string | undefined;
  for (const [name, count] of counts) if (best === undefined || count > counts.get(best)!) best = name;
  return best;
}

/** The identifier an unaliased import of an external path binds, by Go's naming habits. */
export function guessPackageName(importPath: string): string[] {
  const parts = importPath.split("/");
  let last = parts[parts.length - 1] ?? importPath;
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts[parts.length - 2]!;
  const names = new Set<string>([last]);
  const unversioned = last.replace(/\.v\d+$/, "");
  names.add(unversioned);
  names.add(unversioned.replace(/^go-/, "").replace(/[-.]go$/, "").replaceAll("-", "_"));
  return [...names];
}
