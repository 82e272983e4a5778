// Every git process ix starts. A repository's own config can name programs for git to run
// (core.fsmonitor runs on an index read, ls-files included); ix never executes code from the
// repository it maps, so those are switched off on the command line, which wins over config.
const SAFE = ["-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null"];

export interface GitResult {
  exitCode: number;
  success: boolean;
  stdout: string;
}

/**
 * Tracked files and untracked ones not ignored, under `pathspecs` (everywhere when none), each
 * once; undefined when git fails or is not installed.
 */
export function lsFiles(cwd: string, pathspecs: readonly string[] = []): string[] | undefined {
  const result = git(["ls-files", "-z", "--cached", "--others", "--exclude-standard", ...(pathspecs.length > 0 ? ["--", ...pathspecs] : [])], cwd);
  if (!result?.success) return undefined;
  // During a merge the index holds one entry per conflict stage.
  return [...new Set(result.stdout.split("\0").filter((p) => p.length > 0))];
}

/** Runs git in `cwd`; undefined when git is not installed. */
export function git(args: string[], cwd: string): GitResult | undefined {
  try {
    const result = Bun.spawnSync(["git", ...SAFE, ...args], { cwd, stdout: "pipe", stderr: "ignore", stdin: "ignore" });
    return { exitCode: result.exitCode ?? -1, success: result.success, stdout: result.stdout?.toString() ?? "" };
  } catch {
    return undefined;
  }
}
