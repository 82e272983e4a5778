// Every git process ix starts. A repository's own config can name programs for git to run
// (core.fsmonitor runs on an index read, ls-files included); ix never executes code from the
// repository it maps, so those are switched off on the command line, which wins over config.
import { readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { mayHoldUndecodable, splitNames } from "./file-names";

const SAFE = ["-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null"];

export interface GitResult {
  exitCode: number;
  success: boolean;
  stdout: string;
  /** stdout as git wrote it: file names are bytes, not always UTF-8. */
  bytes: Uint8Array;
}

export interface GitFiles {
  paths: string[];
  /** Names that are not valid UTF-8, as shown with U+FFFD (util/file-names): no path can name them. */
  undecodable: string[];
}

/**
 * Tracked files and untracked ones not ignored, under `pathspecs` (everywhere when none), each
 * once; undefined when git fails or is not installed.
 */
export function lsFiles(cwd: string, pathspecs: readonly string[] = []): GitFiles | undefined {
  const result = git(["ls-files", "-z", "--cached", "--others", "--exclude-standard", ...(pathspecs.length > 0 ? ["--", ...pathspecs] : [])], cwd);
  if (!result?.success) return undefined;
  // Only a listing whose text shows a U+FFFD can hold a name that is no UTF-8: the rest are split as text, as fast as before.
  const { names, undecodable } = mayHoldUndecodable(result.stdout)
    ? splitNames(result.bytes)
    : { names: result.stdout.split("\0").filter((p) => p.length > 0), undecodable: [] };
  // During a merge the index holds one entry per conflict stage.
  return { paths: [...new Set(names)], undecodable: [...new Set(undecodable)] };
}

/** Runs git in `cwd`; undefined when git is not installed. */
export function git(args: string[], cwd: string): GitResult | undefined {
  try {
    const result = Bun.spawnSync(["git", ...SAFE, ...args], { cwd, stdout: "pipe", stderr: "ignore", stdin: "ignore" });
    const bytes = result.stdout ?? new Uint8Array();
    return { exitCode: result.exitCode ?? -1, success: result.success, stdout: bytes.toString(), bytes };
  } catch {
    return undefined;
  }
}

/** A work tree: its top directory and its git directory (a linked worktree's `.git` file points to it). */
export interface GitTree {
  top: string;
  gitDir: string;
}

/** The work tree holding `root`, looked for upward. */
export function gitTreeOf(root: string): GitTree | undefined {
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    const dotGit = join(dir, ".git");
    try {
      const stat = statSync(dotGit);
      if (stat.isDirectory()) return { top: dir, gitDir: dotGit };
      const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, "utf8"));
      return pointer ? { top: dir, gitDir: resolve(dir, pointer[1]!) } : undefined;
    } catch {
      // not here: one level up
    }
    if (dirname(dir) === dir) return undefined;
  }
}

const COMMIT = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/**
 * The commit HEAD names, read from the repository's files (HEAD, the ref, packed-refs) with no
 * git process: a map asks it every time it writes a revision. Undefined outside a repository,
 * on an unborn branch, or where the files say something this does not read.
 */
export function headCommit(root: string): string | undefined {
  const gitDir = gitTreeOf(root)?.gitDir;
  if (!gitDir) return undefined;
  try {
    const head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
    if (COMMIT.test(head)) return head;
    const ref = /^ref:\s*(refs\/\S+)$/.exec(head)?.[1];
    if (!ref) return undefined;
    // A linked worktree keeps its HEAD; its branches live in the common directory.
    let common = gitDir;
    try {
      common = resolve(gitDir, readFileSync(join(gitDir, "commondir"), "utf8").trim());
    } catch {
      // the main work tree: its git directory is the common one
    }
    for (const dir of new Set([gitDir, common])) {
      try {
        const value = readFileSync(join(dir, ref), "utf8").trim();
        if (COMMIT.test(value)) return value;
      } catch {
        // packed, or absent
      }
    }
    const packed = readFileSync(join(common, "packed-refs"), "utf8");
    for (const line of packed.split("\n")) {
      const [sha, name] = line.split(" ");
      if (name === ref && sha && COMMIT.test(sha)) return sha;
    }
  } catch {
    // unreadable: unknown
  }
  return undefined;
}

/**
 * The tracked files that differ from HEAD (staged or not), relative to the work tree's top:
 * one `git status` run in the background. `paths` (top-relative) narrows it to those files,
 * which costs git a stat of each instead of every tracked file. It takes no optional lock, so
 * it never competes with the user's git for the index. Undefined when git could not say.
 */
export async function dirtyPaths(top: string, paths?: readonly string[]): Promise<{ path: string; deleted: boolean }[] | undefined> {
  if (paths && paths.length === 0) return [];
  try {
    const args = ["--no-optional-locks", "--literal-pathspecs", ...SAFE, "status", "--porcelain", "-z", "--untracked-files=no", "--ignore-submodules", "--no-renames"];
    const child = Bun.spawn(["git", ...args, ...(paths ? ["--", ...paths] : [])], { cwd: top, stdout: "pipe", stderr: "ignore", stdin: "ignore" });
    const out = await new Response(child.stdout).text();
    if ((await child.exited) !== 0) return undefined;
    // "XY path" entries, NUL-terminated (no renames asked, so one path each).
    return out
      .split("\0")
      .filter((entry) => entry.length > 3)
      .map((entry) => ({ path: entry.slice(3), deleted: entry[0] === "D" || entry[1] === "D" }));
  } catch {
    return undefined;
  }
}
