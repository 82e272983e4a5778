// One holder at a time: one map per workspace, one writer of a small file (the registry,
// config.yaml). The lock file holds the holder's pid; a lock whose holder has died (kill -9, a
// crash) is taken over instead of blocking everyone after it. The lock file is read only as a
// regular file of a few bytes: a FIFO in its place would block the read for ever. A failure is
// thrown with its errno (ENOSPC, EROFS) for the caller to name what could not be written.
import { closeSync, mkdirSync, openSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { findRegularFile, readRegularFile } from "./regular-file";

export interface MapLock {
  release(): void;
  /** True when another map held the lock and this one waited for it. */
  waited: boolean;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, String(process.pid));
  } catch (error) {
    // A full disk gives the file but not its pid: an empty lock left behind would hold up the
    // next taker, so it goes.
    closeSync(fd);
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
    throw error;
  }
  closeSync(fd);
  return true;
}

/** A pid is at most 7 digits (Linux's largest is 4194304); a lock file longer than this is no pid. */
const LOCK_BYTES = 32;

function holder(path: string): number | undefined {
  const read = readRegularFile(path, LOCK_BYTES);
  if (read.state !== "read") return undefined;
  const pid = Number(read.text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** The live process holding the lock at `path` and when it took it; a dead holder's lock has none. */
export function lockHolder(path: string): { pid: number; since: Date } | undefined {
  const pid = holder(path);
  if (pid === undefined || !alive(pid)) return undefined;
  try {
    return { pid, since: statSync(path).mtime };
  } catch {
    return undefined;
  }
}

/**
 * Moves a dead holder's lock aside atomically. If what was moved turns out to be a fresh lock
 * (another process took over first), it is put back.
 */
function takeOver(path: string, deadPid: number | undefined): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return;
  }
  if (holder(aside) === deadPid) unlinkSync(aside);
  else renameSync(aside, path);
}

/** One try at the lock: held now, or how long to wait before the next try. */
function attempt(path: string, sawEmpty: { value: boolean }): { held: true } | { held: false; waitMs: number; pid?: number } {
  if (tryCreate(path)) return { held: true };
  // A directory or a FIFO by the lock's name is no holder that will ever let go.
  const found = findRegularFile(path);
  if (found.state === "refused") throw new LockError("unusable", path, `${path} ${found.reason}: remove it`);
  const pid = holder(path);
  if (pid === undefined && !sawEmpty.value) {
    // Created but not yet written by its holder, or left empty by a crash: look again shortly.
    sawEmpty.value = true;
    return { held: false, waitMs: 20 };
  }
  sawEmpty.value = false;
  if (pid === undefined || !alive(pid)) {
    takeOver(path, pid);
    return { held: false, waitMs: 0 };
  }
  return { held: false, waitMs: 50, pid };
}

function releaser(path: string): () => void {
  return () => {
    try {
      if (holder(path) === process.pid) unlinkSync(path);
    } catch {
      // already gone
    }
  };
}

/**
 * A lock that cannot be had: something other than a lock file stands at its name (`unusable`),
 * or another process has held it past the wait (`held`). The caller names it in its own words.
 */
export class LockError extends Error {
  constructor(
    readonly reason: "unusable" | "held",
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = "LockError";
  }
}

const heldTooLong = (path: string, pid: number | undefined, timeoutMs: number) =>
  new LockError("held", path, `another ix (pid ${pid}) has held ${path} for over ${timeoutMs / 1000} s`);

export async function acquireMapLock(path: string, timeoutMs = 10 * 60_000): Promise<MapLock> {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const started = Date.now();
  const sawEmpty = { value: false };
  let waited = false;
  for (;;) {
    const step = attempt(path, sawEmpty);
    if (step.held) return { waited, release: releaser(path) };
    if (step.pid !== undefined) {
      if (Date.now() - started > timeoutMs) throw heldTooLong(path, step.pid, timeoutMs);
      waited = true;
    }
    await Bun.sleep(step.waitMs);
  }
}

/**
 * The same lock for a moment's work (a read-modify-write of a small file), waited for without
 * giving up the thread: its callers are synchronous, and a holder keeps it for milliseconds.
 */
export function acquireLockSync(path: string, timeoutMs = 10_000): () => void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const started = Date.now();
  const sawEmpty = { value: false };
  for (;;) {
    const step = attempt(path, sawEmpty);
    if (step.held) return releaser(path);
    if (step.pid !== undefined && Date.now() - started > timeoutMs) throw heldTooLong(path, step.pid, timeoutMs);
    Bun.sleepSync(step.waitMs);
  }
}

/**
 * The lock now, or undefined while a live process holds it: for work that the holder's turn
 * makes unneeded (one compaction of a log is enough), so no caller ever waits.
 */
export function tryLockSync(path: string): (() => void) | undefined {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const step = attempt(path, { value: false });
  if (step.held) return releaser(path);
  // A dead holder's lock was just moved aside: one more try.
  if (step.waitMs === 0 && attempt(path, { value: false }).held) return releaser(path);
  return undefined;
}
