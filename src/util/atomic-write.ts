// A file replaced whole or not at all: written beside its place, private, then renamed over it,
// so a reader never sees half of it and a crash leaves the old one.
import { chmodSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

export function writeFileAtomic(path: string, text: string): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  writeFileSync(tmp, text, { mode: 0o600 });
  // A temp file a crashed process left keeps its old mode through writeFileSync.
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}
