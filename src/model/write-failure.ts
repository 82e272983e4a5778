// What a failed write means to the person who asked: ix writes only under $IX_HOME (graphs,
// settings, the ledger, investigations), so a full disk or a home it may not write are the two
// failures a user can act on. Each gets its own code and says what could not be written and
// what stayed as it was; the raw errno (ENOSPC, EROFS, SQLITE_FULL) is a detail, never the
// message.
import { IxError } from "./errors";

/** The system codes of a device or quota with no room left (Node's errno, SQLite's result code). */
const FULL = new Set(["ENOSPC", "EDQUOT", "SQLITE_FULL"]);
/** The codes of a place ix may not write: a read-only mount, a permission, a database opened read-only. */
const READ_ONLY = new Set(["EROFS", "EACCES", "EPERM", "SQLITE_READONLY"]);

export interface WriteAttempt {
  /** What was being written, as a person names it: "the graph", "the settings file". */
  what: string;
  /** What is still as it was, completing "nothing was lost: …": "the previous revision answers queries". */
  kept: string;
  /** The file or directory, when the caller knows it better than the error does. */
  path?: string;
}

/** The system error's code (errno name or SQLite result code), if it has one. */
export function systemCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** `disk_full` or `home_read_only` for a write that failed for lack of room or permission; undefined otherwise. */
export function writeFailure(error: unknown, attempt: WriteAttempt): IxError | undefined {
  const code = systemCode(error);
  if (code === undefined) return undefined;
  const path = attempt.path ?? ((error as { path?: unknown }).path as string | undefined);
  const where = path ? ` (${path})` : "";
  if (FULL.has(code)) {
    return new IxError("disk_full", `No space left on the device to write ${attempt.what}${where}; nothing was lost: ${attempt.kept}`, { path, errno: code });
  }
  if (READ_ONLY.has(code)) {
    return new IxError("home_read_only", `ix may not write ${attempt.what}${where}: the place is read-only or not writable; nothing was lost: ${attempt.kept}`, { path, errno: code });
  }
  return undefined;
}
