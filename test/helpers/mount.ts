// File systems a test can fill or make read-only: a small tmpfs mounted on a directory. Root
// ignores file modes, so a read-only home is a read-only mount, never a chmod. A test that cannot
// mount fails with the reason: a home that refuses writes is never skipped untested.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

function run(command: string[]): { ok: boolean; err: string } {
  const result = Bun.spawnSync(command, { stdout: "pipe", stderr: "pipe" });
  return { ok: result.exitCode === 0, err: result.stderr.toString().trim() };
}

/** Mounts a tmpfs of `size` (e.g. "2m") on `dir`, made if missing; `umount` it when done. */
export function mountTmpfs(dir: string, size: string): void {
  mkdirSync(dir, { recursive: true });
  const done = run(["mount", "-t", "tmpfs", "-o", `size=${size},mode=0700`, "tmpfs", dir]);
  if (!done.ok) {
    throw new Error(`cannot mount a tmpfs on ${dir} (${done.err}): these tests need root, or a user and mount namespace (unshare -rm bun test …)`);
  }
}

/** The mount on `dir` made read-only (or writable again). */
export function remount(dir: string, readOnly: boolean): void {
  const done = run(["mount", "-o", `remount,${readOnly ? "ro" : "rw"}`, dir]);
  if (!done.ok) throw new Error(`cannot remount ${dir} ${readOnly ? "read-only" : "writable"}: ${done.err}`);
}

export function umount(dir: string): void {
  // Lazily: a process the test killed may still be letting go of a file there.
  run(["umount", "-l", dir]);
}

/** Fills the file system holding `dir` until it has no byte left. */
export function fill(dir: string): void {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const path = join(dir, "filler");
  writeFileSync(path, "");
  for (const size of [chunk.length, 4096, 512, 1]) {
    try {
      for (;;) writeFileSync(path, chunk.subarray(0, size), { flag: "a" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
    }
  }
}
