// The files every package.json names as entry points: what another package may import or run,
// whatever the files are called. Unlike an import's resolution, which takes the one target the
// active conditions choose, every target counts here: each `exports` subpath under each
// condition, `*` patterns matched against the files there, main/module/types/typings (else the
// index resolution falls back to), and `bin`; each mapped back from a build directory to its
// `src/` source as resolution does (WorkspacePackages.entry).
import { asObject } from "../../resolve/jsonc.ts";
import type { PackageEntries } from "../../resolve/language.ts";
import { dirname, joinPath } from "../../util/paths.ts";
import { isSourceFile, stripCodeExtension } from "./files.ts";
import { BUILD_DIRS, conditionTargets, ENTRY_FIELDS, WorkspacePackages } from "./packages.ts";

/**
 * `*` targets matched per manifest: each is a pass over the files, and a real manifest writes a
 * handful; a hostile one with thousands would cost a pass over the repository for each.
 */
const MAX_PATTERNS = 64;

export const packageEntries: PackageEntries = (ws, paths) => {
  const packages = new WorkspacePackages(ws);
  const out = new Set<string>();
  for (const manifest of packages.manifests()) {
    for (const file of manifestEntries(packages, paths, dirname(manifest), asObject(ws.json(manifest)))) out.add(file);
  }
  return [...out];
};

function manifestEntries(packages: WorkspacePackages, paths: ReadonlySet<string>, dir: string, manifest: Record<string, unknown> | undefined): string[] {
  if (!manifest) return [];
  const found: (string | undefined)[] = [];
  let patterns = 0;
  const named = (target: string) => {
    if (!target.includes("*")) found.push(packages.entry(dir, target));
    else if (patterns++ < MAX_PATTERNS) found.push(...matching(paths, dir, target));
  };
  for (const target of exportsTargetsAll(manifest.exports)) named(target);
  let main = false;
  for (const field of ENTRY_FIELDS) {
    const value = manifest[field];
    if (typeof value !== "string") continue;
    const file = packages.entry(dir, value);
    found.push(file);
    main ||= file !== undefined;
  }
  // What an import of the bare package name falls back to when no field names a file.
  if (!main && (manifest.exports === undefined || manifest.exports === null)) found.push(packages.entry(dir, "index") ?? packages.entry(dir, "src/index"));
  const bin = manifest.bin;
  if (typeof bin === "string") named(bin);
  else for (const value of Object.values(asObject(bin) ?? {})) if (typeof value === "string") named(value);
  return found.filter((file): file is string => file !== undefined);
}

/** Every target of every subpath of an `exports` field, under every condition. */
function exportsTargetsAll(exportsField: unknown): string[] {
  if (exportsField === undefined || exportsField === null) return [];
  const map = asObject(exportsField);
  const subpaths = map !== undefined && Object.keys(map).some((key) => key.startsWith("."));
  return subpaths ? Object.values(map).flatMap((value) => conditionTargets(value, [])) : conditionTargets(exportsField, []);
}

/**
 * The source files a `*` target stands for: the files under the package whose path fits the
 * pattern, and those of its `src/` counterpart when the pattern points into a build directory.
 * Node lets `*` match across `/`, so the part it stands for may hold directories.
 */
function matching(paths: ReadonlySet<string>, dir: string, target: string): string[] {
  const normalized = joinPath("", target.replaceAll("*", "\0"));
  if (normalized === undefined) return [];
  const star = normalized.indexOf("\0");
  const prefix = normalized.slice(0, star);
  const suffix = normalized.slice(star + 1).replaceAll("\0", "");
  const patterns: { prefix: string; suffix: string; anyCode: boolean }[] = [{ prefix, suffix, anyCode: false }];
  const segments = prefix.split("/");
  let skip = 0;
  while (skip < segments.length - 1 && BUILD_DIRS.has(segments[skip]!)) skip++;
  if (skip > 0) patterns.push({ prefix: `src/${segments.slice(skip).join("/")}`, suffix: stripCodeExtension(suffix), anyCode: true });
  const base = dir === "" ? "" : `${dir}/`;
  const out: string[] = [];
  for (const path of paths) {
    if (!path.startsWith(base) || !isSourceFile(path)) continue;
    const rel = path.slice(base.length);
    for (const p of patterns) {
      const tested = p.anyCode ? stripCodeExtension(rel) : rel;
      if (tested.length > p.prefix.length + p.suffix.length && tested.startsWith(p.prefix) && tested.endsWith(p.suffix)) {
        out.push(path);
        break;
      }
    }
  }
  return out;
}
