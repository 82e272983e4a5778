// git's listing of untracked files walks the whole tree: 160-190 ms of a map over 13k files,
// against 20-40 ms for the tracked ones alone. A file can only appear or disappear in a
// directory whose mtime then moves, so the last listing is kept with every directory's mtime.
// While none moved, and no .gitignore did, it is reused as it is. When a few moved (an editor
// that saves by renaming a temporary file moves its directory on every save), only they are
// read again: the same kept names need nothing more, else git lists just those directories and
// any subdirectory the listing did not know, and the kept listing is patched. 13k files, one
// save by rename: discovery 605 ms before, ~215 ms now (a no-change map's is ~190 ms).
//
// Known gap: a new file inside a directory that held no listed file at all (an empty or
// fully ignored one) is seen at the next full listing, which any other add or delete causes.
import { lstatSync, readdirSync } from "node:fs";
import { writeFileAtomic } from "../util/atomic-write";
import { readRegularFile } from "../util/regular-file";
import { join } from "node:path";
import { sameItems } from "../util/compare";
import { lsFiles } from "../util/git";
import { basename, dirname } from "../util/paths";

/** A git listing as kept between maps. */
export interface Listing {
  root: string;
  /** Every directory holding a listed path, relative ("" is the root); parents before children. */
  dirs: string[];
  /** Each directory's mtime when it was listed. */
  mtimes: number[];
  /** The base names of each directory's kept files. */
  files: string[][];
  /** Each .gitignore (and .git/info/exclude) with its size and mtime, -1 when absent. */
  ignores: [string, number, number][];
}

/**
 * On disk each directory is its parent's index and its own name. Full paths repeat long
 * prefixes; stored flat, the listing of a 13k-file repository was 2 MB, and reading and parsing
 * it took 30 ms of a no-change map.
 */
interface Stored {
  version: 3;
  root: string;
  /** Directory i is `names[i]` inside directory `parents[i]`; directory 0 is the root (-1, ""). */
  parents: number[];
  /** NUL-joined. */
  names: string;
  mtimes: number[];
  /** NUL-joined groups, group i holding the base names of directory i's kept files, "/"-joined. */
  files: string;
  ignores: [string, number, number][];
}

/** Past this many moved directories, one full listing is cheaper than patching. */
const MAX_RELISTED_DIRS = 64;
/** Nor more pathspecs than this on one git command line. */
const MAX_PATHSPECS = 256;
/** A kept listing past this is not ours (a 13k-file repository's is ~200 KB): listed afresh. */
const LISTING_MAX_BYTES = 64 << 20;

function under(dir: string, name: string): string {
  return dir === "" ? name : `${dir}/${name}`;
}

function mtimeOf(path: string): number | undefined {
  try {
    return lstatSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

function absolute(root: string, dir: string): string {
  return dir === "" ? root : join(root, dir);
}

export function keptPaths(listing: Listing): string[] {
  return listing.dirs.flatMap((dir, i) => listing.files[i]!.map((name) => under(dir, name)));
}

/** The listing's directories as paths to stat: `prefix` + dir, "" meaning relative to the process's directory. */
export function dirPaths(listing: Listing, prefix: string): string[] {
  // Names come from git's listing, already normalised: no join needed.
  return listing.dirs.map((dir) => (dir !== "" ? prefix + dir : prefix === "" ? "." : listing.root));
}

/** Every directory holding a listed path, the root included. */
function dirsOf(listed: Iterable<string>, into = new Set<string>([""])): Set<string> {
  for (const path of listed) {
    for (let dir = dirname(path); !into.has(dir); dir = dirname(dir)) into.add(dir);
  }
  return into;
}

function ignoreFiles(listed: readonly string[]): string[] {
  return [...listed.filter((p) => p === ".gitignore" || p.endsWith("/.gitignore")), ".git/info/exclude"];
}

function ignoreStamp(root: string, file: string): [string, number, number] {
  try {
    const stat = lstatSync(join(root, file));
    return [file, stat.size, stat.mtimeMs];
  } catch {
    return [file, -1, -1];
  }
}

/**
 * A full git listing made into a Listing: every directory stamped now, only the paths `keep`
 * accepts remembered. Undefined if a directory went away meanwhile.
 */
export function listingOf(root: string, listed: readonly string[], keep: (path: string) => boolean): Listing | undefined {
  // A parent is a prefix of its children, so it sorts before them.
  const dirs = [...dirsOf(listed)].sort();
  const mtimes: number[] = [];
  for (const dir of dirs) {
    const mtime = mtimeOf(absolute(root, dir));
    if (mtime === undefined) return undefined;
    mtimes.push(mtime);
  }
  const index = new Map(dirs.map((dir, i) => [dir, i]));
  const files: string[][] = dirs.map(() => []);
  for (const path of listed) if (keep(path)) files[index.get(dirname(path))!]!.push(basename(path));
  return { root, dirs, mtimes, files, ignores: ignoreFiles(listed).map((file) => ignoreStamp(root, file)) };
}

/** The listing stored for this root, if any; `currentListing` says whether it still holds. */
export function readListing(root: string, cachePath: string): Listing | undefined {
  const read = readRegularFile(cachePath, LISTING_MAX_BYTES);
  if (read.state !== "read") return undefined;
  let stored: Stored;
  try {
    stored = JSON.parse(read.text) as Stored;
  } catch {
    return undefined;
  }
  if (stored.version !== 3 || stored.root !== root) return undefined;
  const names = stored.names.split("\0");
  const groups = stored.files.split("\0");
  if (names.length !== stored.parents.length || groups.length !== names.length || stored.mtimes.length !== names.length) return undefined;
  const dirs: string[] = [];
  for (let i = 0; i < names.length; i++) {
    const parent = stored.parents[i]!;
    dirs.push(parent < 0 ? "" : under(dirs[parent]!, names[i]!));
  }
  const files = groups.map((group) => (group === "" ? [] : group.split("/")));
  return { root, dirs, mtimes: stored.mtimes, files, ignores: stored.ignores };
}

export function saveListing(cachePath: string, listing: Listing): void {
  const index = new Map(listing.dirs.map((dir, i) => [dir, i]));
  const stored: Stored = {
    version: 3,
    root: listing.root,
    parents: listing.dirs.map((dir) => (dir === "" ? -1 : index.get(dirname(dir))!)),
    names: listing.dirs.map(basename).join("\0"),
    mtimes: listing.mtimes,
    files: listing.files.map((group) => group.join("/")).join("\0"),
    ignores: listing.ignores,
  };
  try {
    writeFileAtomic(cachePath, JSON.stringify(stored));
  } catch {
    // A read-only workspace directory only loses the shortcut.
  }
}

function ignoresHold(listing: Listing): boolean {
  return listing.ignores.every(([file, size, mtime]) => {
    const [, nowSize, nowMtime] = ignoreStamp(listing.root, file);
    return nowSize === size && nowMtime === mtime;
  });
}

/** `:(glob)` reads `*`, `?`, `[` and `\` as pattern characters. */
function globEscaped(path: string): string {
  return path.replace(/[*?[\]\\]/g, "\\$&");
}

/**
 * The listing as it is now, given every directory's mtime now (`now`, in the listing's order,
 * taken before this call): the same object when nothing moved; a patched copy when only some
 * directories did; undefined when only a full listing can tell (a .gitignore moved, a
 * directory went away, too many moved, git failed).
 */
export async function currentListing(listing: Listing, now: ArrayLike<number>, keep: (path: string) => boolean): Promise<Listing | undefined> {
  if (!ignoresHold(listing)) return undefined;
  const moved: number[] = [];
  for (let i = 0; i < listing.mtimes.length; i++) if (now[i] !== listing.mtimes[i]) moved.push(i);
  if (moved.length === 0) return listing;
  if (moved.length > MAX_RELISTED_DIRS) return undefined;

  // Each moved directory's own entries, and the whole of any subdirectory the listing did not
  // hold: new, or empty or ignored before. A directory that still holds the same kept names and
  // no unknown subdirectory (a save by rename, a temporary file come and gone) needs no git.
  const known = new Set(listing.dirs);
  // A new .gitignore may rule on directories that did not move.
  const stamped = new Set(listing.ignores.map(([file]) => file));
  const pathspecs: string[] = [];
  let askGit = false;
  for (const i of moved) {
    const dir = listing.dirs[i]!;
    let entries;
    try {
      entries = readdirSync(absolute(listing.root, dir), { withFileTypes: true });
    } catch {
      return undefined;
    }
    pathspecs.push(dir === "" ? ":(glob)*" : `:(glob)${globEscaped(dir)}/*`);
    const names: string[] = [];
    for (const entry of entries) {
      const sub = under(dir, entry.name);
      if (!entry.isDirectory()) {
        if (entry.name === ".gitignore" && !stamped.has(sub)) return undefined;
        if (keep(sub)) names.push(entry.name);
      } else if (!known.has(sub) && sub !== ".git") {
        pathspecs.push(`:(literal)${sub}/`);
        askGit = true;
      }
    }
    if (!sameItems(names, listing.files[i]!)) askGit = true;
  }
  if (!askGit) return { ...listing, mtimes: Array.from(now) };
  if (pathspecs.length > MAX_PATHSPECS) return undefined;
  const found = await lsFiles(listing.root, pathspecs);
  if (!found) return undefined;
  // A wanted name that is no UTF-8 is counted by a full listing, which discover then does not keep.
  if (found.undecodable.some(keep)) return undefined;
  const listed = found.paths;
  if (ignoreFiles(listed).some((file) => !stamped.has(file))) return undefined;

  const relisted = new Set(moved.map((i) => listing.dirs[i]!));
  const added = [...dirsOf(listed, new Set(known))].filter((dir) => !known.has(dir));
  const dirs = [...listing.dirs, ...added].sort();
  const at = new Map(listing.dirs.map((dir, i) => [dir, i]));
  const fresh = new Set([...relisted, ...added]);
  const keptHere = new Map<string, string[]>();
  for (const path of listed) {
    const dir = dirname(path);
    if (!fresh.has(dir) || !keep(path)) continue;
    let group = keptHere.get(dir);
    if (!group) keptHere.set(dir, (group = []));
    group.push(basename(path));
  }
  const mtimes: number[] = [];
  for (const dir of dirs) {
    const old = at.get(dir);
    const mtime = old === undefined ? mtimeOf(absolute(listing.root, dir)) : relisted.has(dir) ? now[old]! : listing.mtimes[old]!;
    if (mtime === undefined) return undefined;
    mtimes.push(mtime);
  }
  const files = dirs.map((dir) => (fresh.has(dir) ? (keptHere.get(dir) ?? []) : listing.files[at.get(dir)!]!));
  return { ...listing, dirs, mtimes, files };
}
