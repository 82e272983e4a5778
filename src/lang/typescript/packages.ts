// Workspace packages: the importer's own package (a self-reference) or a package.json
// anywhere in the project whose `name` an import names; the package.json of a directory a
// workspace declaration names (workspaces.ts) counts even when the listing leaves it out. Entry
// points come from `exports` (subpaths, conditions, `*` patterns), else module/main/types, else
// index; an entry inside a build directory maps back to its `src/` source.
import { asObject } from "../../resolve/jsonc.ts";
import type { Outcome } from "../../resolve/language.ts";
import type { Remembered } from "../../resolve/reads.ts";
import type { Workspace } from "../../resolve/workspace.ts";
import { depthFirst } from "../../util/depth-first.ts";
import { ancestorDirs, dirname, joinPath } from "../../util/paths.ts";
import { isJavaScriptFile, probeSourceFile, stripCodeExtension } from "./files.ts";
import { declaredPackageDirs } from "./workspaces.ts";

/** The conditions TypeScript's bundler resolution matches for an ESM import, beside `customConditions`. */
const ACTIVE_CONDITIONS = ["types", "import", "default"];
/** What is tried when no active condition names a file in the repository. */
const FALLBACK_CONDITIONS = ["require", "module", "node"];
/**
 * The fields naming a package's entry, tried in order: a bundler's, node's, the types', then
 * `source` (microbundle, parcel), the file the others are built from when none is in the tree.
 */
export const ENTRY_FIELDS = ["module", "main", "types", "typings", "source"];
export const BUILD_DIRS: ReadonlySet<string> = new Set(["dist", "build", "lib", "out", "esm", "cjs", "es", "umd", "types", "typings"]);

export interface PackageSpecifier {
  name: string;
  /** "" for the package itself, else "sub/path". */
  subpath: string;
}

export class WorkspacePackages {
  private readonly byName = new Map<"", Remembered<Map<string, string[]>>>();
  private readonly allManifests = new Map<"", Remembered<Manifests>>();
  private readonly scopes = new Map<string, Remembered<string | null>>();
  private readonly listedMemo = new Map<"", Remembered<ReadonlySet<string>>>();

  constructor(private readonly ws: Workspace) {}

  split(spec: string): PackageSpecifier | undefined {
    const parts = spec.split("/");
    const nameParts = spec.startsWith("@") ? 2 : 1;
    if (parts.length < nameParts || parts.slice(0, nameParts).some((p) => p === "")) return undefined;
    return { name: parts.slice(0, nameParts).join("/"), subpath: parts.slice(nameParts).join("/") };
  }

  /** The directory of the one workspace package with this name (none or several: undefined). */
  dirOf(name: string): string | undefined {
    const dirs = this.names().get(name);
    return dirs?.length === 1 ? dirs[0] : undefined;
  }

  /**
   * undefined: no workspace package has this name (the caller decides: probably external).
   * A package naming itself (`from "pkg/sub"` inside pkg) goes through the `exports` of the
   * nearest package.json above the importer, as TypeScript's self-reference does, whatever
   * else in the repository claims that name.
   */
  resolve(spec: string, fromFile: string, conditions: readonly string[]): Outcome<string> | undefined {
    const pkg = this.split(spec);
    if (!pkg) return undefined;
    const js = isJavaScriptFile(fromFile);
    const own = this.scopeOf(fromFile);
    if (own !== undefined) {
      const manifest = asObject(this.ws.json(manifestPath(own)));
      if (manifest?.name === pkg.name && manifest.exports !== undefined && manifest.exports !== null) {
        return this.throughExports(own, manifest.exports, pkg.subpath, conditions, js);
      }
    }
    const dirs = this.names().get(pkg.name);
    if (!dirs) return undefined;
    // Two workspace packages claiming one name: choosing would be a guess.
    if (dirs.length !== 1) return "unknown";
    const dir = dirs[0]!;
    const manifest = asObject(this.ws.json(manifestPath(dir)));
    if (manifest?.exports !== undefined && manifest.exports !== null) {
      return this.throughExports(dir, manifest.exports, pkg.subpath, conditions, js);
    }
    if (pkg.subpath !== "") return this.entry(dir, pkg.subpath, js) ?? "unknown";
    for (const field of ENTRY_FIELDS) {
      const value = manifest?.[field];
      const found = typeof value === "string" ? this.entry(dir, value, js) : undefined;
      if (found) return found;
    }
    return this.entry(dir, "index", js) ?? this.entry(dir, "src/index", js) ?? "unknown";
  }

  private throughExports(dir: string, exportsField: unknown, subpath: string, conditions: readonly string[], js: boolean): Outcome<string> {
    for (const target of exportsTargets(exportsField, subpath === "" ? "." : `./${subpath}`, conditions)) {
      const found = this.entry(dir, target, js);
      if (found) return found;
    }
    return "unknown";
  }

  /**
   * The directory of the nearest package.json above a file: the package the file belongs to.
   * A declared workspace package's counts though the listing leaves it out, as it does for the
   * compiler (manifests()); no other directory is looked for on disk.
   */
  private scopeOf(file: string): string | undefined {
    const found = this.ws.reads.cached(this.scopes, dirname(file), () => {
      const known = this.manifestsOf().known;
      for (const dir of ancestorDirs(file)) if (known.has(manifestPath(dir))) return dir;
      return null;
    });
    return found ?? undefined;
  }

  /**
   * Every package.json of the project: the listed ones, then those of the directories a
   * workspace declaration names whose package.json only the disk holds.
   */
  manifests(): readonly string[] {
    return this.manifestsOf().all;
  }

  private manifestsOf(): Manifests {
    return this.ws.reads.cached(this.allManifests, "", () => {
      const listed = this.listed();
      const declared = new Set<string>();
      const all = [...listed];
      for (const dir of declaredPackageDirs(this.ws)) {
        const path = manifestPath(dir);
        declared.add(path);
        if (!listed.has(path) && asObject(this.ws.json(path)) !== undefined) all.push(path);
      }
      return { all, declared, known: new Set(all) };
    });
  }

  /**
   * The listed package.json files, asked once: every memo above rests on this one read (a
   * package.json listed or gone moves it) instead of one per path, which each reuse of a memo
   * charges again to the file reusing it.
   */
  private listed(): ReadonlySet<string> {
    return this.ws.reads.cached(this.listedMemo, "", () => new Set(this.ws.filesNamed("package.json")));
  }

  /**
   * The file a directory's own package.json names as its entry, when the directory is imported
   * by path (`require('..')`): `main` for JavaScript, as Node reads it; the entry fields in
   * TypeScript's order otherwise.
   */
  directoryEntry(dir: string, fromJavaScript: boolean): string | undefined {
    const manifest = asObject(this.ws.json(manifestPath(dir)));
    if (!manifest) return undefined;
    for (const field of fromJavaScript ? ["main"] : ENTRY_FIELDS) {
      const value = manifest[field];
      const found = typeof value === "string" ? this.entry(dir, value, fromJavaScript) : undefined;
      if (found) return found;
    }
    return undefined;
  }

  /** A file named by a manifest, preferring its `src/` source when it points into a build dir. */
  entry(dir: string, relative: string, fromJavaScript = false): string | undefined {
    const normalized = joinPath("", relative);
    if (normalized === undefined) return undefined;
    const segments = normalized.split("/");
    let skip = 0;
    while (skip < segments.length - 1 && BUILD_DIRS.has(segments[skip]!)) skip++;
    if (skip > 0) {
      const rest = stripCodeExtension(segments.slice(skip).join("/"));
      const source = joinPath(dir, `src/${rest}`);
      const found = source === undefined ? undefined : probeSourceFile(this.ws, source, fromJavaScript);
      if (found) return found;
    }
    const direct = joinPath(dir, normalized);
    return direct === undefined ? undefined : probeSourceFile(this.ws, direct, fromJavaScript);
  }

  private names(): Map<string, string[]> {
    return this.ws.reads.cached(this.byName, "", () => this.findNames());
  }

  private findNames(): Map<string, string[]> {
    const { all, declared } = this.manifestsOf();
    const byName = new Map<string, string[]>();
    for (const path of all) {
      const name = asObject(this.ws.json(path))?.name;
      if (typeof name !== "string" || name === "") continue;
      const dirs = byName.get(name);
      if (dirs) dirs.push(path);
      else byName.set(name, [path]);
    }
    // A name a fixture or an example copies is still the declared package's: the package
    // manager links that one. Several declared, or none among several: ambiguous, kept so.
    for (const [name, paths] of byName) {
      const chosen = paths.length > 1 ? paths.filter((path) => declared.has(path)) : paths;
      byName.set(name, (chosen.length === 1 ? chosen : paths).map(dirname));
    }
    return byName;
  }
}

interface Manifests {
  all: string[];
  known: ReadonlySet<string>;
  /** The package.json paths of the directories a workspace declaration names. */
  declared: ReadonlySet<string>;
}

function manifestPath(dir: string): string {
  return dir === "" ? "package.json" : `${dir}/package.json`;
}

/**
 * The files an `exports` field maps a subpath ("." or "./x") to, best first. TypeScript takes
 * the first key of a condition object, in the manifest's order, that is an active condition
 * (`conditions`, then `types`, `import`, `default`); a target that is not in the repository (a
 * build output) gives way to the next active one, then to the other conditions.
 */
export function exportsTargets(exportsField: unknown, subpath: string, conditions: readonly string[] = []): string[] {
  const map = asObject(exportsField);
  const isSubpathMap = map !== undefined && Object.keys(map).some((key) => key.startsWith("."));
  if (!isSubpathMap) return subpath === "." ? conditionTargets(exportsField, conditions) : [];
  if (subpath in map) return conditionTargets(map[subpath], conditions);
  let best: { prefix: string; captured: string; value: unknown } | undefined;
  for (const [key, value] of Object.entries(map)) {
    const star = key.indexOf("*");
    if (star < 0) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (!subpath.startsWith(prefix) || !subpath.endsWith(suffix) || subpath.length < prefix.length + suffix.length) continue;
    if (best && best.prefix.length >= prefix.length) continue;
    best = { prefix, captured: subpath.slice(prefix.length, subpath.length - suffix.length), value };
  }
  if (!best) return [];
  const captured = best.captured;
  return conditionTargets(best.value, conditions).map((target) => target.replaceAll("*", captured));
}

/** Every target an exports value names, depth first: active conditions, then the rest; arrays in order. */
export function conditionTargets(value: unknown, custom: readonly string[]): string[] {
  const active = new Set([...custom, ...ACTIVE_CONDITIONS]);
  const targets: string[] = [];
  // A manifest's nesting is the file's to choose: no recursion for it to overflow.
  depthFirst(value, (item) => {
    if (typeof item === "string") {
      targets.push(item);
      return;
    }
    if (Array.isArray(item)) return item;
    const conditions = asObject(item);
    if (!conditions) return;
    const keys = Object.keys(conditions);
    const fallback = FALLBACK_CONDITIONS.filter((key) => key in conditions && !active.has(key));
    const ordered = [
      ...keys.filter((key) => active.has(key)),
      ...fallback,
      ...keys.filter((key) => !active.has(key) && !FALLBACK_CONDITIONS.includes(key)),
    ];
    return ordered.map((key) => conditions[key]);
  });
  return targets;
}
