// Reads a file ix keeps in $IX_HOME, but only a regular one and only up to a bound. Opening a
// FIFO blocks until a writer comes, which hung every command; a device such as /dev/zero never
// ends; a directory fails late with EISDIR. So the path is stat'ed first (a symlink is followed
// only to a regular file), opened without blocking, checked again on the descriptor (the path
// may have been replaced in between), and read no further than the bound.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, statSync, type Stats } from "node:fs";

export type Found =
  | { state: "absent" }
  | { state: "file"; stamp: string }
  /** `reason` completes "<path> …": "is a FIFO, not a file". */
  | { state: "refused"; reason: string };

export type FileRead = { state: "absent" } | { state: "read"; text: string; stamp: string } | { state: "refused"; reason: string };

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

/** What is at `path`, without opening it. */
export function findRegularFile(path: string): Found {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return { state: "refused", reason: "is a symlink loop, not a file" };
    if (code !== "ENOENT" && code !== "ENOTDIR") return { state: "refused", reason: `cannot be read (${code})` };
    try {
      if (lstatSync(path).isSymbolicLink()) return { state: "refused", reason: "is a symlink to nothing, not a file" };
    } catch {
      // absent indeed
    }
    return { state: "absent" };
  }
  if (stats.isFile()) return { state: "file", stamp: stampOf(stats) };
  let link = false;
  try {
    link = lstatSync(path).isSymbolicLink();
  } catch {
    // gone since: still not a file
  }
  return { state: "refused", reason: `is ${link ? `a symlink to ${kindOf(stats)}` : kindOf(stats)}, not a file` };
}

/** The text of the regular file at `path` if it holds at most `maxBytes`. */
export function readRegularFile(path: string, maxBytes: number): FileRead {
  const found = findRegularFile(path);
  if (found.state !== "file") return found;
  let fd: number;
  try {
    // O_NONBLOCK: should a FIFO have replaced the file since the stat, the open still returns.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? { state: "absent" } : { state: "refused", reason: `cannot be read (${code})` };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { state: "refused", reason: `is ${kindOf(stats)}, not a file` };
    if (stats.size > maxBytes) return { state: "refused", reason: `is larger than ${size(maxBytes)} (${size(stats.size)})` };
    // One byte past the bound tells a file that grew since the fstat.
    const buffer = Buffer.alloc(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    for (let n; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0; ) length += n;
    if (length > maxBytes) return { state: "refused", reason: `is larger than ${size(maxBytes)}` };
    return { state: "read", text: buffer.toString("utf8", 0, length), stamp: stampOf(stats) };
  } catch (error) {
    return { state: "refused", reason: `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  } finally {
    closeSync(fd);
  }
}
