// Every git process ix starts. A repository's own config can name programs for git to run
// (core.fsmonitor runs on an index read, ls-files included); ix never executes code from the
// repository it maps, so those are switched off on the command line, which wins over config.
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
