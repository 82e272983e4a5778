// One map per workspace at a time. The lock file holds the holder's pid; a lock whose holder
// has died (kill -9, a crash) is taken over instead of blocking every later map.
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";

/** The lock of the workspace whose store directory is `storeDir`. */
export const mapLockPath = (storeDir: string) => join(storeDir, "map.lock");

/** A map that holds a workspace's lock now: its process and when it took the lock. */
export interface MapUnderWay {
  pid: number;
  since: Date;
}

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
  try {
    const fd = openSync(path, "wx", 0o600);
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

function holder(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The live map holding the lock at `path`, if any: a dead holder's lock is no map. */
export function mapUnderWay(path: string): MapUnderWay | undefined {
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

export async function acquireMapLock(path: string, timeoutMs = 10 * 60_000): Promise<MapLock> {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const started = Date.now();
  let waited = false;
  for (;;) {
    if (tryCreate(path)) {
      return {
        waited,
        release: () => {
          try {
            if (holder(path) === process.pid) unlinkSync(path);
          } catch {
            // already gone
          }
        },
      };
    }
    let pid = holder(path);
    if (pid === undefined) {
      // Created but not yet written by its holder, or left empty by a crash.
      await Bun.sleep(20);
      pid = holder(path);
    }
    if (pid === undefined || !alive(pid)) {
      takeOver(path, pid);
      continue;
    }
    if (Date.now() - started > timeoutMs) throw new Error(`another ix map (pid ${pid}) has held ${path} for over ${timeoutMs / 1000} s`);
    waited = true;
    await Bun.sleep(50);
  }
}
