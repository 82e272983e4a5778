// Every git process ix starts. A repository's own config can name programs for git to run
// (core.fsmonitor runs on an index read, ls-files included); ix never executes code from the
// repository it maps, so those are switched off on the command line, which wins over config.
const SAFE = ["-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null"];

export interface GitResult {
  exitCode: number;
  success: boolean;
  stdout: string;
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
