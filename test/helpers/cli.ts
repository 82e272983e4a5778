// Black-box harness: every CLI test runs the compiled binary as a process, the way an agent
// does. The binary is rebuilt once per test run when any source is newer than it.
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dir, "../..");
export const BIN = join(ROOT, "dist/ix");

function newestSource(): number {
  let newest = Math.max(statSync(join(ROOT, "package.json")).mtimeMs, statSync(join(ROOT, "build.ts")).mtimeMs);
  for (const path of new Bun.Glob("src/**/*").scanSync({ cwd: ROOT })) {
    newest = Math.max(newest, statSync(join(ROOT, path)).mtimeMs);
  }
  return newest;
}

let built = false;
export function ensureBinary(): string {
  if (built) return BIN;
  let binTime = 0;
  try {
    binTime = statSync(BIN).mtimeMs;
  } catch {
    // not built yet
  }
  if (binTime < newestSource()) {
    const result = Bun.spawnSync(["bun", "build.ts"], { cwd: ROOT, stderr: "pipe" });
    if (result.exitCode !== 0) throw new Error(`build failed: ${result.stderr.toString()}`);
  }
  built = true;
  return BIN;
}

export function tempDir(prefix = "ix-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  lines: string[];
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  home?: string;
  /** Kill the process after this many ms (a command that hangs then fails its test, not the run). */
  timeout?: number;
  /** What the process reads on stdin (a hook's event). */
  input?: string;
  /** A command that runs ix (and its arguments before ix's): entering a mount namespace (helpers/tmpfs). */
  wrap?: readonly string[];
}

/** Runs `ix …` with a private IX_HOME (unless one is given) and no inherited IX_FORMAT. */
export function ix(args: string[], opts: RunOptions = {}): RunResult {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !key.startsWith("IX_")) env[key] = value;
  env.IX_HOME = opts.home ?? tempDir("ix-home-");
  for (const [key, value] of Object.entries(opts.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const result = Bun.spawnSync([...(opts.wrap ?? []), ensureBinary(), ...args], { cwd: opts.cwd ?? tempDir(), env, stdout: "pipe", stderr: "pipe", timeout: opts.timeout, stdin: opts.input === undefined ? undefined : Buffer.from(opts.input) });
  const stdout = result.stdout.toString();
  return { code: result.exitCode ?? -1, stdout, stderr: result.stderr.toString(), lines: stdout.split("\n").filter(Boolean) };
}

/** Writes a fixture repository: path → content. */
export async function writeTree(root: string, files: Record<string, string>): Promise<string> {
  for (const [path, content] of Object.entries(files)) await Bun.write(join(root, path), content);
  return root;
}

/** Everything `ix …` writes when its stdout and stderr are a pseudo-terminal. */
export async function onTerminal(args: string[], home: string, cwd: string, extra: Record<string, string> = {}): Promise<string> {
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", TERM: "xterm", IX_HOME: home, ...extra };
  // The stream's end, not the process's, says every byte has been read.
  const drained = Promise.withResolvers<void>();
  const terminal = { cols: 200, rows: 40, data: (_term: unknown, data: Uint8Array) => chunks.push(decoder.decode(data)), exit: () => drained.resolve() };
  const child = Bun.spawn([ensureBinary(), ...args], { cwd, env, terminal });
  // A command that hangs fails its test instead of stalling the run.
  const killer = setTimeout(() => child.kill(), 10_000);
  await child.exited;
  clearTimeout(killer);
  await Promise.race([drained.promise, Bun.sleep(2_000)]);
  child.terminal?.close();
  return chunks.join("");
}
