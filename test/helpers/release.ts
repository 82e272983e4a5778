// A release made once per test run for the release tests: the host target and windows-x64 (a
// zip, an .exe and a platform npm must skip), from `bun scripts/release.ts`, as a person runs it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./cli";

export const RELEASE_DIR = join(ROOT, "test/.tmp/release");
export const RELEASE_BASE_URL = "https://example.invalid/ix/releases/download/v0";
export const HOST = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
export const OTHER = HOST === "windows-x64" ? "linux-arm64" : "windows-x64";

let made: Promise<string> | undefined;

/** The release folder; packing npm tarballs is left to the test that installs them. */
export function release(): Promise<string> {
  made ??= (async () => {
    const proc = Bun.spawn(["bun", "scripts/release.ts", "--targets", `${HOST},${OTHER}`, "--out", RELEASE_DIR, "--base-url", RELEASE_BASE_URL, "--no-pack"], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
    const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
    if (code !== 0) throw new Error(`release failed (${code}): ${stderr}`);
    return RELEASE_DIR;
  })();
  return made;
}

/** SHA256SUMS as name → hex. */
export function sums(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of readFileSync(join(dir, "SHA256SUMS"), "utf8").split("\n").filter(Boolean)) {
    const match = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line);
    if (!match) throw new Error(`SHA256SUMS line is not \`<sha256>  <name>\`: ${line}`);
    out.set(match[2]!, match[1]!);
  }
  return out;
}

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a process without blocking this one, so a server in this process can answer it. */
export async function run(cmd: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<Ran> {
  const proc = Bun.spawn(cmd, { cwd: opts.cwd, env: opts.env, stdout: "pipe", stderr: "pipe" });
  const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  return { code, stdout, stderr };
}

export const has = (tool: string) => Bun.which(tool) !== null;
