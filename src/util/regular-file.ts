// The one way ix reads a file it did not write itself to a known shape: $IX_HOME's files and
// every file of a repository (source, configs, .gitignore, .git's HEAD). Only a regular file,
// and only up to a bound. Opening a FIFO blocks until a writer comes, which hung every command
// (and a map, holding its lock, every later map); a device such as /dev/zero never ends; a
// directory fails late with EISDIR. So a path nothing vouches for is stat'ed first (a symlink
// is followed only to a regular file), opened without blocking, checked again on the
// descriptor (the path may have been replaced in between), and read no further than the bound.
// A path a stat has just found regular (discovery's, for the parse) skips the first stat: the
// non-blocking open and the fstat on its descriptor are all the guard a swap needs, and they
// cost what a plain read of the file costs.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, statSync, type Stats } from "node:fs";

export type Found =
  | { state: "absent" }
  | { state: "file"; stamp: string }
  /** `reason` completes "<path> …": "is a FIFO, not a file". */
  | { state: "refused"; reason: string };

export type FileRead = { state: "absent" } | { state: "read"; text: string; stamp: string } | { state: "refused"; reason: string };

/** What stands at a path instead of a regular file. */
export type EntryType = "directory" | "fifo" | "socket" | "device" | "other";

/**
 * A refusal with what it is about, for a caller that answers by kind: `type` when the path is
 * no regular file, `size` when the file is past the bound.
 */
export type Refused = { state: "refused"; reason: string; type?: EntryType; size?: number };

export type BytesRead = { state: "absent" } | { state: "read"; bytes: Buffer; stats: Stats } | Refused;

/** On Windows there is no O_NONBLOCK, nor a FIFO to block on; O_NOCTTY: a terminal device never becomes ours. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** Regular file, or what else is there. */
export function entryType(stats: Stats): EntryType | "file" {
  if (stats.isFile()) return "file";
  if (stats.isDirectory()) return "directory";
  if (stats.isFIFO()) return "fifo";
  if (stats.isSocket()) return "socket";
  if (stats.isBlockDevice() || stats.isCharacterDevice()) return "device";
  return "other";
}

/** What a path that is not a regular file is, as a person names it: "a FIFO". */
export function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  return "not a regular file";
}

/** Size and mtime: what tells a later read whether the file may have changed. */
export const stampOf = (stats: Stats) => `${stats.size}:${stats.mtimeMs}`;

const size = (bytes: number) => (bytes < 1 << 20 ? `${Math.round(bytes / 1024)} KB` : `${Math.round(bytes / (1 << 20))} MB`);

/** "is a FIFO, not a file"; "is a symlink to a socket, not a file" when reached through a link. */
export const notFileReason = (stats: Stats, link: boolean): string => `is ${link ? `a symlink to ${kindOf(stats)}` : kindOf(stats)}, not a file`;

const notFile = (stats: Stats, link: boolean): Refused => ({ state: "refused", reason: notFileReason(stats, link), type: entryType(stats) as EntryType });

const unreadable = (error: unknown): Refused => ({
  state: "refused",
  reason: `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
});

/** What is at `path`, without opening it: a regular file's stats, absent, or why not (with what is there instead). */
export function statRegular(path: string): { state: "file"; stats: Stats } | { state: "absent" } | Refused {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return { state: "refused", reason: "is a symlink loop, not a file" };
    if (code !== "ENOENT" && code !== "ENOTDIR") return unreadable(error);
    try {
      if (lstatSync(path).isSymbolicLink()) return { state: "refused", reason: "is a symlink to nothing, not a file" };
    } catch {
      // absent indeed
    }
    return { state: "absent" };
  }
  if (stats.isFile()) return { state: "file", stats };
  let link = false;
  try {
    link = lstatSync(path).isSymbolicLink();
  } catch {
    // gone since: still not a file
  }
  return notFile(stats, link);
}

/** What is at `path`, without opening it. */
export function findRegularFile(path: string): Found {
  const found = statRegular(path);
  if (found.state === "file") return { state: "file", stamp: stampOf(found.stats) };
  return found.state === "absent" ? found : { state: "refused", reason: found.reason };
}

/** The bytes of the regular file at `path` if it holds at most `maxBytes`; a path nothing vouches for is stat'ed before it is opened. */
export function readRegularBytes(path: string, maxBytes: number): BytesRead {
  const found = statRegular(path);
  if (found.state !== "file") return found;
  if (found.stats.size > maxBytes) return tooLarge(maxBytes, found.stats.size);
  return openRegularBytes(path, maxBytes);
}

const tooLarge = (maxBytes: number, bytes?: number): Refused => ({
  state: "refused",
  reason: bytes === undefined ? `is larger than ${size(maxBytes)}` : `is larger than ${size(maxBytes)} (${size(bytes)})`,
  size: bytes ?? maxBytes + 1,
});

/**
 * The bytes of the file at `path`, which a stat has just found regular, if it still is and
 * holds at most `maxBytes`: one non-blocking open and an fstat of its descriptor, no stat before.
 */
export function openRegularBytes(path: string, maxBytes: number): BytesRead {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { state: "absent" };
    if (code === "ELOOP") return { state: "refused", reason: "is a symlink loop, not a file" };
    return unreadable(error);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return notFile(stats, false);
    if (stats.size > maxBytes) return tooLarge(maxBytes, stats.size);
    // One byte past the bound tells a file that grew since the fstat. Unzeroed: every byte
    // handed back is one the read wrote.
    const buffer = Buffer.allocUnsafe(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    for (let n; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0; ) length += n;
    if (length > maxBytes) return tooLarge(maxBytes);
    return { state: "read", bytes: buffer.subarray(0, length), stats };
  } catch (error) {
    return unreadable(error);
  } finally {
    closeSync(fd);
  }
}

/** The text of the regular file at `path` if it holds at most `maxBytes`. */
export function readRegularFile(path: string, maxBytes: number): FileRead {
  const read = readRegularBytes(path, maxBytes);
  if (read.state === "read") return { state: "read", text: read.bytes.toString("utf8"), stamp: stampOf(read.stats) };
  return read.state === "absent" ? read : { state: "refused", reason: read.reason };
}
