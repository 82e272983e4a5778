// A file replaced whole or not at all: written beside its place, private, then renamed over it,
// so a reader never sees half of it and a crash leaves the old one. A write that fails (a full
// disk, a read-only place) removes its temporary file: nothing half-written is left behind.
import { randomBytes } from "node:crypto";
import { renameSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** How much of the file's name the temporary name keeps, so a person can tell whose it is. */
const NAME_KEPT = 24;

/**
 * The temporary file's name: a short, fixed form whatever the file's name. Built from the whole
 * name (`.<name>.<pid>.tmp`) it reached 256 bytes for an investigation named at the 245-byte
 * bound and a five-digit pid, which the file system refuses (ENAMETOOLONG). Here it is at most
 * 1 + 24 + 1 + 7 (the largest pid Linux gives, 4194304) + 1 + 8 + 4 = 46 bytes. The random part
 * keeps two writers of one process (its worker threads share the pid) apart.
 */
export function tempNameOf(path: string, pid = process.pid): string {
  const name = basename(path).slice(0, NAME_KEPT).replace(/[^A-Za-z0-9._~-]/g, "_");
  return `.${name}.${pid}-${randomBytes(4).toString("hex")}.tmp`;
}

export function writeFileAtomic(path: string, text: string): void {
  const tmp = join(dirname(path), tempNameOf(path));
  try {
    // "wx": a name no file has, so the mode given is the mode it gets.
    writeFileSync(tmp, text, { mode: 0o600, flag: "wx" });
    renameSync(tmp, path);
  } catch (error) {
    // EEXIST: the name is another writer's (no file of this write to remove).
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
      try {
        unlinkSync(tmp);
      } catch {
        // never made, or already renamed
      }
    }
    throw error;
  }
}
