// Every git process ix starts. A repository's own config can name programs for git to run
// (core.fsmonitor runs on an index read, ls-files included); ix never executes code from the
// repository it maps, so those are switched off on the command line, which wins over config.
//
// git opens its files blocking: a FIFO where it expects HEAD, its config or a .gitignore hangs
// it, and with it the map that waits for it, lock held. So no git runs for a repository whose
// own files (HEAD, config, index, the ref HEAD names) are not regular files, git's processes
// that read the work tree are killed as soon as one waits to open a FIFO, and every git process
// has a time limit besides.
import { dirname, join, resolve } from "node:path";
import { stopOnFifoWait } from "./fifo-wait";
import { mayHoldUndecodable, splitNames } from "./file-names";
import { readRegularFile, statRegular } from "./regular-file";

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
 * The most git may take before it is killed: far past a listing of the largest work trees, so
 * it ends only a git that waits on something that never comes where the FIFO watch cannot see
 * (no /proc).
 */
const GIT_TIMEOUT_MS = 120_000;
/** A .git file, HEAD, commondir, a loose ref: one line each. */
const GIT_LINE_MAX_BYTES = 4096;
/** packed-refs: one line per ref, tens of MB in the largest repositories. */
const PACKED_REFS_MAX_BYTES = 64 << 20;

/**
 * Tracked files and untracked ones not ignored, under `pathspecs` (everywhere when none), each
 * once; undefined when git fails, is not installed, or was stopped (it waited on a FIFO).
 */
export async function lsFiles(cwd: string, pathspecs: readonly string[] = []): Promise<GitFiles | undefined> {
  const result = await gitWatched(["ls-files", "-z", "--cached", "--others", "--exclude-standard", ...(pathspecs.length > 0 ? ["--", ...pathspecs] : [])], cwd);
  if (!result?.success) return undefined;
  // Only a listing whose text shows a U+FFFD can hold a name that is no UTF-8: the rest are split as text, as fast as before.
  const { names, undecodable } = mayHoldUndecodable(result.stdout)
    ? splitNames(result.bytes)
    : { names: result.stdout.split("\0").filter((p) => p.length > 0), undecodable: [] };
  // During a merge the index holds one entry per conflict stage.
  return { paths: [...new Set(names)], undecodable: [...new Set(undecodable)] };
}

/**
 * Runs git in `cwd`; undefined when git is not installed or the repository's own files are not
 * all regular files. For commands that read no work-tree file (rev-parse, rev-list, diff of two
 * commits): a command that reads .gitignore files goes through `gitWatched`.
 */
export function git(args: string[], cwd: string): GitResult | undefined {
  if (repositoryRefusal(cwd)) return undefined;
  try {
    const result = Bun.spawnSync(["git", ...SAFE, ...args], { cwd, stdout: "pipe", stderr: "ignore", stdin: "ignore", timeout: GIT_TIMEOUT_MS });
    const bytes = result.stdout ?? new Uint8Array();
    return { exitCode: result.exitCode ?? -1, success: result.success, stdout: bytes.toString(), bytes };
  } catch {
    return undefined;
  }
}

/**
 * Runs git in `cwd`, watched: killed as soon as it waits to open a FIFO (git opens every
 * .gitignore blocking), or past the time limit. Undefined as for `git`, and when it was killed.
 */
export async function gitWatched(args: readonly string[], cwd: string): Promise<GitResult | undefined> {
  if (repositoryRefusal(cwd)) return undefined;
  let child;
  try {
    child = Bun.spawn(["git", ...SAFE, ...args], { cwd, stdout: "pipe", stderr: "ignore", stdin: "ignore", timeout: GIT_TIMEOUT_MS });
  } catch {
    return undefined;
  }
  const watched = stopOnFifoWait(child);
  try {
    const bytes = new Uint8Array(await new Response(child.stdout).arrayBuffer());
    const exitCode = await child.exited;
    if (watched() || child.signalCode) return undefined;
    return { exitCode, success: exitCode === 0, stdout: new TextDecoder().decode(bytes), bytes };
  } catch {
    return undefined;
  } finally {
    watched();
  }
}


/** A work tree: its top directory and its git directory (a linked worktree's `.git` file points to it). */
export interface GitTree {
  top: string;
  gitDir: string;
}

/** The work tree holding `root`, looked for upward. */
export function gitTreeOf(root: string): GitTree | undefined {
  const found = findTree(root);
  return "top" in found ? found : undefined;
}

/** A file of the repository git would open, and why it is not one: "is a FIFO, not a file". */
export interface RepositoryRefusal {
  path: string;
  reason: string;
}

type TreeFound = GitTree | RepositoryRefusal | { none: true };

function findTree(root: string): TreeFound {
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    const dotGit = join(dir, ".git");
    const found = statRegular(dotGit);
    if (found.state === "refused" && found.type === "directory") return { top: dir, gitDir: dotGit };
    if (found.state === "file") {
      // A linked worktree's or submodule's `.git` file names its git directory.
      const read = readRegularFile(dotGit, GIT_LINE_MAX_BYTES);
      if (read.state === "refused") return { path: dotGit, reason: read.reason };
      const pointer = read.state === "read" ? /^gitdir:\s*(.+?)\s*$/m.exec(read.text) : null;
      return pointer ? { top: dir, gitDir: resolve(dir, pointer[1]!) } : { none: true };
    }
    // A FIFO or a device named .git: git refuses it as no git file, without opening it.
    if (found.state === "refused" && found.type !== undefined) return { path: dotGit, reason: found.reason };
    if (dirname(dir) === dir) return { none: true };
  }
}

/** The git directory shared by a linked worktree's own: its `commondir`, else itself. */
function commonDirOf(gitDir: string): string | RepositoryRefusal {
  const path = join(gitDir, "commondir");
  const read = readRegularFile(path, GIT_LINE_MAX_BYTES);
  if (read.state === "refused") return { path, reason: read.reason };
  return read.state === "read" ? resolve(gitDir, read.text.trim()) : gitDir;
}

/**
 * The first of the repository's own files (what every git command opens before its work: the
 * `.git` pointer, HEAD, commondir, config, the index, the ref HEAD names, packed-refs and
 * info/exclude) that is there but is not a regular file; undefined when all are files or absent,
 * or `dir` is in no work tree.
 */
export function repositoryRefusal(dir: string): RepositoryRefusal | undefined {
  const tree = findTree(dir);
  if ("reason" in tree) return tree;
  if (!("top" in tree)) return undefined;
  const { gitDir } = tree;
  const headPath = join(gitDir, "HEAD");
  const head = readRegularFile(headPath, GIT_LINE_MAX_BYTES);
  if (head.state === "refused") return { path: headPath, reason: head.reason };
  const common = commonDirOf(gitDir);
  if (typeof common !== "string") return common;
  const ref = head.state === "read" ? /^ref:\s*(refs\/\S+)\s*$/.exec(head.text)?.[1] : undefined;
  const files = [join(gitDir, "index"), join(gitDir, "config"), join(common, "config"), join(common, "packed-refs"), join(common, "info", "exclude")];
  if (ref) files.push(join(gitDir, ref), join(common, ref));
  // A directory where git expects a file fails git at once; only what would block it counts.
  for (const path of files) {
    const found = statRegular(path);
    if (found.state === "refused" && found.type !== undefined && found.type !== "directory") return { path, reason: found.reason };
  }
  return undefined;
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
  const text = (path: string, maxBytes = GIT_LINE_MAX_BYTES) => {
    const read = readRegularFile(path, maxBytes);
    return read.state === "read" ? read.text.trim() : undefined;
  };
  const head = text(join(gitDir, "HEAD"));
  if (head === undefined) return undefined;
  if (COMMIT.test(head)) return head;
  const ref = /^ref:\s*(refs\/\S+)$/.exec(head)?.[1];
  if (!ref) return undefined;
  // A linked worktree keeps its HEAD; its branches live in the common directory.
  const common = commonDirOf(gitDir);
  if (typeof common !== "string") return undefined;
  for (const dir of new Set([gitDir, common])) {
    const value = text(join(dir, ref));
    if (value !== undefined && COMMIT.test(value)) return value;
  }
  // Packed, or absent.
  const packed = text(join(common, "packed-refs"), PACKED_REFS_MAX_BYTES);
  for (const line of packed?.split("\n") ?? []) {
    const [sha, name] = line.split(" ");
    if (name === ref && sha && COMMIT.test(sha)) return sha;
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
  const args = ["--no-optional-locks", "--literal-pathspecs", "status", "--porcelain", "-z", "--untracked-files=no", "--ignore-submodules", "--no-renames"];
  const result = await gitWatched([...args, ...(paths ? ["--", ...paths] : [])], top);
  if (!result?.success) return undefined;
  // "XY path" entries, NUL-terminated (no renames asked, so one path each).
  return result.stdout
    .split("\0")
    .filter((entry) => entry.length > 3)
    .map((entry) => ({ path: entry.slice(3), deleted: entry[0] === "D" || entry[1] === "D" }));
}
