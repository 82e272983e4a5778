// The packages a JS monorepo declares: pnpm-workspace.yaml's `packages:` and a package.json's
// `workspaces` (npm, yarn, bun: a list, or `{ packages: [...] }`), each a list of directory
// globs with `!` exclusions. A package manager links exactly these by name, so an import of
// one of their names means that directory, whether or not `pnpm install` has run, and whether
// or not its package.json is in the listing: zod's `packages/zod/.gitignore` ignores
// `**/package.json` (its build writes one per subpath) and force-tracks the package's own, a
// tracking a copy of the tree without git's index loses.
import { asObject } from "../../resolve/jsonc.ts";
import type { Workspace } from "../../resolve/workspace.ts";
import { dirname, joinPath } from "../../util/paths.ts";

/** Where pnpm reads the workspace's packages. */
export const PNPM_WORKSPACE = "pnpm-workspace.yaml";

/** A glob list read that large is no list a person keeps. */
const MAX_PATTERNS = 256;

/**
 * The directories (holding listed files) that a workspace declaration names as packages, each
 * glob taken relative to the directory declaring it.
 */
export function declaredPackageDirs(ws: Workspace): string[] {
  const declarations: { dir: string; globs: string[] }[] = [];
  const pnpm = ws.text(PNPM_WORKSPACE);
  if (pnpm !== undefined) declarations.push({ dir: "", globs: pnpmPackageGlobs(pnpm) });
  for (const path of ws.filesNamed("package.json")) {
    const globs = workspacesGlobs(asObject(ws.json(path))?.workspaces);
    if (globs.length > 0) declarations.push({ dir: dirname(path), globs });
  }
  if (declarations.length === 0) return [];
  const dirs = new Set<string>();
  for (const { dir, globs } of declarations) {
    const include = globs.filter((g) => !g.startsWith("!")).map((g) => globPattern(dir, g)).filter((g) => g !== undefined);
    const exclude = globs.filter((g) => g.startsWith("!")).map((g) => globPattern(dir, g.slice(1))).filter((g) => g !== undefined);
    if (include.length === 0) continue;
    for (const candidate of ws.directories()) {
      if (include.some((g) => matchesGlob(candidate, g)) && !exclude.some((g) => matchesGlob(candidate, g))) dirs.add(candidate);
    }
  }
  return [...dirs].sort();
}

/** `workspaces: ["packages/*"]` or `workspaces: { packages: ["packages/*"], nohoist: … }`. */
export function workspacesGlobs(value: unknown): string[] {
  const list = Array.isArray(value) ? value : asObject(value)?.packages;
  if (!Array.isArray(list)) return [];
  return list.filter((g): g is string => typeof g === "string").slice(0, MAX_PATTERNS);
}

/**
 * The `packages:` list of a pnpm-workspace.yaml, block (`- 'packages/*'`) or flow
 * (`packages: [a/*, b]`) style. Only that key is read: the rest of the file (catalogs,
 * overrides) names no directory.
 */
export function pnpmPackageGlobs(text: string): string[] {
  const globs: string[] = [];
  let inList = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = withoutComment(raw);
    if (line.trim() === "") continue;
    const key = /^packages\s*:\s*(.*)$/.exec(line);
    if (key) {
      const rest = key[1]!.trim();
      if (rest.startsWith("[")) {
        for (const item of rest.replace(/^\[|\]$/g, "").split(",")) pushGlob(globs, item);
        return globs.slice(0, MAX_PATTERNS);
      }
      inList = true;
      continue;
    }
    if (!inList) continue;
    // The list ends where a line starts at the left margin with anything but an item.
    if (/^\S/.test(line) && !line.startsWith("-")) break;
    const item = /^\s*-\s*(.*)$/.exec(line);
    if (item) pushGlob(globs, item[1]!);
    if (globs.length >= MAX_PATTERNS) break;
  }
  return globs;
}

function pushGlob(globs: string[], item: string): void {
  const value = item.trim().replace(/^(['"])(.*)\1$/, "$2").trim();
  if (value !== "") globs.push(value);
}

/** A `#` starts a comment outside quotes. */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === "#" && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i);
  }
  return line;
}

/** A directory glob, its segments as matchers (`**`: any number of whole segments). */
type Glob = (RegExp | "**")[];

/**
 * A directory glob relative to `base`, as segments of a workspace-relative path: `*` within a
 * segment, `**` across any number; undefined for a glob that leaves the workspace.
 */
export function globPattern(base: string, glob: string): Glob | undefined {
  const cleaned = glob.replace(/\/+$/, "").replace(/\/package\.json$/, "");
  if (cleaned.startsWith("/")) return undefined;
  const parts = cleaned.split("/");
  // `..` and `.` are resolved in the literal head only: a wildcard may not climb.
  const wild = parts.findIndex((p) => p.includes("*"));
  const head = joinPath(base, (wild < 0 ? parts : parts.slice(0, wild)).join("/"));
  if (head === undefined) return undefined;
  const tail = wild < 0 ? [] : parts.slice(wild);
  if (tail.some((p) => p === "." || p === "..")) return undefined;
  const segments = [...(head === "" ? [] : head.split("/")), ...tail.filter((p) => p !== "")];
  return segments.map((p) => (p === "**" ? "**" : new RegExp(`^${p.split("*").map(escape).join("[^/]*")}$`)));
}

/** Whether a workspace-relative directory matches a glob's segments. */
export function matchesGlob(dir: string, glob: Glob): boolean {
  const parts = dir === "" ? [] : dir.split("/");
  // reachable[j]: the first i glob segments can match the first j path segments.
  let reachable = [true, ...parts.map(() => false)];
  for (const segment of glob) {
    const next = reachable.map(() => false);
    for (let j = 0; j <= parts.length; j++) {
      if (segment === "**") next[j] = reachable[j]! || (j > 0 && next[j - 1]!);
      else next[j] = j > 0 && reachable[j - 1]! && segment.test(parts[j - 1]!);
    }
    reachable = next;
  }
  return reachable[parts.length]!;
}

function escape(text: string): string {
  return text.replace(/[.+^${}()|[\]\\?]/g, "\\$&");
}
