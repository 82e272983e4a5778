// Workspace packages: a package.json anywhere in the project whose `name` an import names.
// Entry points come from `exports` (subpaths, conditions, `*` patterns), else module/main/
// types, else index; an entry inside a build directory maps back to its `src/` source.
import { asObject } from "../../resolve/jsonc.ts";
import type { Outcome } from "../../resolve/language.ts";
import type { Remembered } from "../../resolve/reads.ts";
import type { Workspace } from "../../resolve/workspace.ts";
import { depthFirst } from "../../util/depth-first.ts";
import { dirname, joinPath } from "../../util/paths.ts";
import { probeSourceFile, stripCodeExtension } from "./files.ts";

const CONDITION_PREFERENCE = ["types", "import", "default", "require", "module", "node"];
const BUILD_DIRS = new Set(["dist", "build", "lib", "out", "esm", "cjs", "es", "umd", "types", "typings"]);

export interface PackageSpecifier {
  name: string;
  /** "" for the package itself, else "sub/path". */
  subpath: string;
}

export class WorkspacePackages {
  private readonly byName = new Map<"", Remembered<Map<string, string[]>>>();

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

  /** undefined: no workspace package has this name (the caller decides: probably external). */
  resolve(spec: string): Outcome<string> | undefined {
    const pkg = this.split(spec);
    if (!pkg) return undefined;
    const dirs = this.names().get(pkg.name);
    if (!dirs) return undefined;
    // Two workspace packages claiming one name: choosing would be a guess.
    if (dirs.length !== 1) return "unknown";
    const dir = dirs[0]!;
    const manifest = asObject(this.ws.json(manifestPath(dir)));
    if (manifest?.exports !== undefined && manifest.exports !== null) {
      const target = exportsTarget(manifest.exports, pkg.subpath === "" ? "." : `./${pkg.subpath}`);
      return (target !== undefined && this.entry(dir, target)) || "unknown";
    }
    if (pkg.subpath !== "") return this.entry(dir, pkg.subpath) ?? "unknown";
    for (const field of ["module", "main", "types", "typings"]) {
      const value = manifest?.[field];
      const found = typeof value === "string" ? this.entry(dir, value) : undefined;
      if (found) return found;
    }
    return this.entry(dir, "index") ?? this.entry(dir, "src/index") ?? "unknown";
  }

  /** A file named by a manifest, preferring its `src/` source when it points into a build dir. */
  private entry(dir: string, relative: string): string | undefined {
    const normalized = joinPath("", relative);
    if (normalized === undefined) return undefined;
    const segments = normalized.split("/");
    let skip = 0;
    while (skip < segments.length - 1 && BUILD_DIRS.has(segments[skip]!)) skip++;
    if (skip > 0) {
      const rest = stripCodeExtension(segments.slice(skip).join("/"));
      const source = joinPath(dir, `src/${rest}`);
      const found = source === undefined ? undefined : probeSourceFile(this.ws, source);
      if (found) return found;
    }
    const direct = joinPath(dir, normalized);
    return direct === undefined ? undefined : probeSourceFile(this.ws, direct);
  }

  private names(): Map<string, string[]> {
    return this.ws.reads.cached(this.byName, "", () => this.findNames());
  }

  private findNames(): Map<string, string[]> {
    const byName = new Map<string, string[]>();
    for (const path of this.ws.filesNamed("package.json")) {
      const name = asObject(this.ws.json(path))?.name;
      if (typeof name !== "string" || name === "") continue;
      const dirs = byName.get(name);
      if (dirs) dirs.push(dirname(path));
      else byName.set(name, [dirname(path)]);
    }
    return byName;
  }
}

function manifestPath(dir: string): string {
  return dir === "" ? "package.json" : `${dir}/package.json`;
}

/** The file an `exports` field maps a subpath ("." or "./x") to, with conditions chosen. */
export function exportsTarget(exportsField: unknown, subpath: string): string | undefined {
  const map = asObject(exportsField);
  const isSubpathMap = map !== undefined && Object.keys(map).some((key) => key.startsWith("."));
  if (!isSubpathMap) return subpath === "." ? pickCondition(exportsField) : undefined;
  if (subpath in map) return pickCondition(map[subpath]);
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
  if (!best) return undefined;
  const captured = best.captured;
  return pickCondition(best.value)?.replaceAll("*", captured);
}

/** The first target, depth first, an exports value names: conditions in preference order, arrays in order. */
function pickCondition(value: unknown): string | undefined {
  let picked: string | undefined;
  // A manifest's nesting is the file's to choose: no recursion for it to overflow.
  depthFirst(value, (item) => {
    if (picked !== undefined) return;
    if (typeof item === "string") {
      picked = item;
      return;
    }
    if (Array.isArray(item)) return item;
    const conditions = asObject(item);
    if (!conditions) return;
    const keys = [
      ...CONDITION_PREFERENCE.filter((key) => key in conditions),
      ...Object.keys(conditions).filter((key) => !CONDITION_PREFERENCE.includes(key)),
    ];
    return keys.map((key) => conditions[key]);
  });
  return picked;
}
