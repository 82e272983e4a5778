// git's listing of untracked files walks the whole tree: 190 ms of a no-change map over 13k
// files, against 39 ms for the tracked ones alone. A file can only appear or disappear in a
// directory whose mtime then moves, so the last listing is reused while every directory that
// held a listed file, and every .gitignore, is as it was.
//
// Known gap: a new file inside a directory that held no listed file at all (an empty or
// fully ignored one) is seen at the next full listing, which any other add or delete causes.
import { lstatSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

interface Stored {
  version: 1;
  root: string;
  dirs: [string, number][];
  ignores: [string, number, number][];
  listed: string[];
}

const IGNORE_FILES = (listed: string[]) => [...listed.filter((p) => p === ".gitignore" || p.endsWith("/.gitignore")), ".git/info/exclude"];

function mtimeOf(path: string): number | undefined {
  try {
    return lstatSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

function dirsOf(listed: string[]): string[] {
  const dirs = new Set<string>([""]);
  for (const path of listed) {
    for (let slash = path.lastIndexOf("/"); slash > 0; slash = path.lastIndexOf("/", slash - 1)) {
      const dir = path.slice(0, slash);
      if (dirs.has(dir)) break;
      dirs.add(dir);
    }
  }
  return [...dirs];
}

/** The previous listing, when nothing that could change it has moved; else undefined. */
export function cachedListing(root: string, cachePath: string): string[] | undefined {
  let stored: Stored;
  try {
    stored = JSON.parse(readFileSync(cachePath, "utf8")) as Stored;
  } catch {
    return undefined;
  }
  if (stored.version !== 1 || stored.root !== root) return undefined;
  for (const [dir, mtime] of stored.dirs) if (mtimeOf(join(root, dir)) !== mtime) return undefined;
  for (const [file, size, mtime] of stored.ignores) {
    let stat;
    try {
      stat = lstatSync(join(root, file));
    } catch {
      if (size === -1) continue;
      return undefined;
    }
    if (stat.size !== size || stat.mtimeMs !== mtime) return undefined;
  }
  return stored.listed;
}

export function saveListing(root: string, cachePath: string, listed: string[]): void {
  const stored: Stored = {
    version: 1,
    root,
    dirs: dirsOf(listed).flatMap((dir) => {
      const mtime = mtimeOf(join(root, dir));
      return mtime === undefined ? [] : [[dir, mtime] as [string, number]];
    }),
    ignores: IGNORE_FILES(listed).map((file) => {
      try {
        const stat = lstatSync(join(root, file));
        return [file, stat.size, stat.mtimeMs] as [string, number, number];
      } catch {
        return [file, -1, -1] as [string, number, number];
      }
    }),
    listed,
  };
  try {
    const tmp = `${cachePath}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(stored), { mode: 0o600 });
    renameSync(tmp, cachePath);
  } catch {
    // A read-only workspace directory only loses the shortcut.
  }
}
