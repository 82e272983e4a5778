// A small tmpfs for tests of a full disk. Mounted directly when the test runs as root; else in
// a user and mount namespace of its own (unshare -rm), which every process that must see it
// enters (`wrap`). Neither possible: the test fails saying so; it is never skipped.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Tmpfs {
  dir: string;
  /** Prefix for a command that must see the mount (empty when it is mounted for all). */
  wrap: string[];
  /** Runs a command where the mount is seen; its exit code. */
  sh(script: string): { code: number; stdout: string; stderr: string };
  unmount(): void;
}

function run(cmd: string[]): { code: number; stdout: string; stderr: string } {
  const r = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
  return { code: r.exitCode ?? -1, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}

export function mountTmpfs(size: string): Tmpfs {
  const dir = mkdtempSync(join(tmpdir(), "ix-tmpfs-"));
  const direct = run(["mount", "-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir]);
  if (direct.code === 0) {
    return {
      dir,
      wrap: [],
      sh: (script) => run(["sh", "-c", script]),
      unmount: () => {
        run(["umount", dir]);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  // A namespace held open by a sleeping process; each command enters it.
  const holder = Bun.spawn(["unshare", "-rm", "sleep", "3600"], { stdout: "ignore", stderr: "pipe" });
  Bun.sleepSync(200);
  const wrap = ["nsenter", "-t", String(holder.pid), "-U", "-m", "--preserve-credentials"];
  const inside = run([...wrap, "mount", "-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir]);
  if (inside.code !== 0) {
    holder.kill();
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`cannot mount a ${size} tmpfs for this test: mount said "${direct.stderr.trim()}", and in a namespace of its own (unshare -rm) "${inside.stderr.trim()}"`);
  }
  return {
    dir,
    wrap,
    sh: (script) => run([...wrap, "sh", "-c", script]),
    unmount: () => {
      holder.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
