// Files as they are on disk now, for call sites, snippets and `read`. Every path is checked to
// stay inside the workspace, symlinks included: nothing outside the root is ever read. Nothing
// but a regular file is ever opened (a FIFO would block the read forever), none larger than
// MAX_READ_BYTES is read, and binary bytes are never split into lines.
import { realpathSync, statSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { isBinary } from "../ingest/content";
import type { GraphReader } from "../store";
import { entryType, readRegularBytes, type EntryType } from "../util/regular-file";

export type { EntryType };

/** The most a question reads of one file: 16 MB, sixteen times the map's parse limit. */
export const MAX_READ_BYTES = 16_000_000;

/** A file's content as a question may use it. */
export type FileContent =
  | { kind: "text"; lines: string[]; size: number }
  | { kind: "binary"; size: number }
  | { kind: "too_large"; size: number }
  | { kind: "not_file"; type: EntryType }
  /** Gone, outside the workspace, or not ours to read. */
  | { kind: "unreadable" };

/** Through the one bounded reader (util/regular-file): stat'ed, opened without blocking, checked on the descriptor. */
function readRegular(real: string): FileContent {
  const read = readRegularBytes(real, MAX_READ_BYTES);
  if (read.state === "read") {
    const bytes = read.bytes;
    if (isBinary(bytes)) return { kind: "binary", size: bytes.byteLength };
    return { kind: "text", lines: bytes.toString("utf8").split(/\r?\n/), size: bytes.byteLength };
  }
  if (read.state === "refused" && read.type !== undefined) return { kind: "not_file", type: read.type };
  if (read.state === "refused" && read.size !== undefined) return { kind: "too_large", size: read.size };
  return { kind: "unreadable" };
}

/**
 * Hears the size of each file a question read or checked on disk for its caller: what an agent
 * without ix would have opened (the savings ledger's estimate; README, Savings).
 */
export interface FileMeter {
  file(path: string, bytes: number): void;
}

export class WorkspaceFiles {
  private readonly cache = new Map<string, FileContent>();
  private readonly staleCache = new Map<string, boolean>();
  private realRoot: string | undefined;

  constructor(
    readonly root: string,
    private readonly graph: GraphReader,
    private readonly meter?: FileMeter,
  ) {}

  /** The real absolute path of a workspace-relative path, or undefined when it leaves the root. */
  inside(relativePath: string): string | undefined {
    this.realRoot ??= realpathSync(this.root);
    const abs = resolve(this.root, relativePath);
    let real: string;
    try {
      real = realpathSync(abs);
    } catch {
      // Not on disk: judge the path as written.
      return abs === this.root || abs.startsWith(this.root + sep) ? abs : undefined;
    }
    return real === this.realRoot || real.startsWith(this.realRoot + sep) ? real : undefined;
  }

  /** What is at a path inside the workspace, read from a stat; undefined when nothing is. */
  typeOf(relativePath: string): EntryType | "file" | undefined {
    const real = this.inside(relativePath);
    try {
      return real === undefined ? undefined : entryType(statSync(real));
    } catch {
      return undefined;
    }
  }

  /** The file's content now, read once per question. */
  content(path: string): FileContent {
    let found = this.cache.get(path);
    if (!found) {
      const real = this.inside(path);
      try {
        found = real ? readRegular(real) : { kind: "unreadable" };
      } catch {
        found = { kind: "unreadable" };
      }
      this.cache.set(path, found);
      if (found.kind !== "unreadable" && found.kind !== "not_file") this.meter?.file(path, found.size);
    }
    return found;
  }

  /** The file's lines when it is text; undefined for anything else. */
  lines(path: string): string[] | undefined {
    const found = this.content(path);
    return found.kind === "text" ? found.lines : undefined;
  }

  /** Changed on disk since the map (size or mtime differ from what the graph recorded). */
  async stale(path: string): Promise<boolean> {
    let stale = this.staleCache.get(path);
    if (stale === undefined) {
      const row = await this.graph.fileRow(path);
      if (row) this.meter?.file(path, row.size);
      try {
        const stat = statSync(join(this.root, path));
        stale = !row || row.size !== stat.size || row.mtimeMs !== Math.trunc(stat.mtimeMs);
      } catch {
        stale = true;
      }
      this.staleCache.set(path, stale);
    }
    return stale;
  }
}
