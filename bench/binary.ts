// The ix binary a benchmark runs: IX_BIN when set (to compare two builds, run the script once
// per binary, alternating), else this checkout's dist/ix, built first.
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dir, "..");

export function ixBinary(): string {
  const chosen = process.env.IX_BIN;
  if (chosen) return resolve(chosen);
  if (Bun.spawnSync(["bun", "build.ts"], { cwd: ROOT }).exitCode !== 0) throw new Error("build failed");
  return join(ROOT, "dist/ix");
}

/**
 * The binaries to compare: IX_BINS, comma-separated, run alternately by the scripts that take
 * it; else the one of ixBinary().
 */
export function ixBinaries(): string[] {
  const listed = process.env.IX_BINS?.split(",").map((b) => b.trim()).filter(Boolean);
  return listed?.length ? listed.map((b) => resolve(b)) : [ixBinary()];
}

/** A short name for a binary in a table: its parent directory and file. */
export function binaryLabel(bin: string): string {
  return bin.split("/").slice(-2).join("/");
}
