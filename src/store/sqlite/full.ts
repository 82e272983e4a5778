// A full disk, as SQLite reports it. A write to the database or its log that finds no room
// fails with SQLITE_FULL; but growing the log's index (-shm) fails with SQLITE_IOERR_SHMSIZE,
// and a write the kernel refused where SQLite did not expect it with another SQLITE_IOERR_*,
// whatever the cause. Such an I/O error is the full disk only when the device holding the
// graph has no room left; any other I/O error stays what it is.
import { statfsSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Below this much room a write of the graph's cannot go on: one index region of the log (32
 * KB), a few pages, rounded up well past them.
 */
const NO_ROOM_BYTES = 1 << 20;

/** The room left to an unprivileged writer on the device holding `path` (or, not there yet, its directory); undefined when it cannot be told. */
function roomAt(path: string): number | undefined {
  for (const at of [path, dirname(path)]) {
    try {
      const stats = statfsSync(at);
      return Number(stats.bavail) * Number(stats.bsize);
    } catch {
      // not there: its directory
    }
  }
  return undefined;
}

/** The error as the full disk it is (code SQLITE_FULL) when it is one; otherwise the error itself. `path`: the graph, or a place on its device. */
export function asNoRoom(error: unknown, path: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !code.startsWith("SQLITE_IOERR")) return error;
  const room = roomAt(path);
  if (room === undefined || room >= NO_ROOM_BYTES) return error;
  return Object.assign(new Error(`${(error as Error).message} (${code}: no room left on the device)`), { code: "SQLITE_FULL", ioCode: code });
}
