// The import graph of src/, read from the sources: what the architecture tests check.
import { readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { ROOT } from "./cli";

export interface SourceFile {
  /** Path relative to src/, e.g. "store/sqlite/reader.ts". */
  path: string;
  text: string;
  /** Every module it imports, statically or dynamically: src/-relative paths, or bare specifiers ("bun:sqlite", "node:fs"). */
  imports: { specifier: string; target: string; typeOnly: boolean }[];
}

const SRC = join(ROOT, "src");
const IMPORT = /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)|\brequire\(\s*["']([^"']+)["']\s*\)/g;

function resolveTarget(from: string, specifier: string, known: Set<string>): string {
  if (!specifier.startsWith(".")) return specifier;
  const base = normalize(join(dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, join(base, "index.ts")]) if (known.has(candidate)) return candidate;
  return base;
}

let cached: SourceFile[] | undefined;

export function sourceFiles(): SourceFile[] {
  if (cached) return cached;
  const paths = [...new Bun.Glob("**/*.ts").scanSync({ cwd: SRC })].filter((path) => !path.endsWith(".d.ts")).sort();
  const known = new Set(paths);
  cached = paths.map((path) => {
    const text = readFileSync(join(SRC, path), "utf8");
    const imports: SourceFile["imports"] = [];
    for (const m of text.matchAll(IMPORT)) {
      const specifier = (m[3] ?? m[4] ?? m[5]) as string;
      imports.push({ specifier, target: resolveTarget(path, specifier, known), typeOnly: Boolean(m[2]) });
    }
    return { path, text, imports };
  });
  return cached;
}

/** The top folder of a src/-relative path ("store" for "store/sqlite/reader.ts"); "main" for main.ts. */
export function layerOf(path: string): string {
  const slash = path.indexOf("/");
  return slash < 0 ? path.replace(/\.ts$/, "") : path.slice(0, slash);
}

export const srcRelative = (abs: string) => relative(SRC, abs);
