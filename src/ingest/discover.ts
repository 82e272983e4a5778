// Which files a map looks at. Discovery only lists and stats: reading content is left to the
// parser, which reads the bytes anyway, so a map where nothing changed reads nothing. What is
// listed but is no regular file (a FIFO, a socket, a device, a symlink to one) is never opened,
// and is named with the reason, as is a .gitignore or a git file that cannot be read as one.
import { existsSync, lstatSync, readdirSync, realpathSync, statSync, type Stats } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import ignore, { type Ignore } from "ignore";
import { isManifest, isMinifiedName, langOfPath } from "../lang/registry";
import { sameItems } from "../util/compare";
import { mayHoldUndecodable, shownName, utf8Name } from "../util/file-names";
import { gitWatched, lsFiles, repositoryRefusal, type GitFiles } from "../util/git";
import { notFileReason, readRegularFile } from "../util/regular-file";
import { currentListing, dirPaths, keptPaths, listingOf, readListing, saveListing } from "./listing-cache";
import { isBinary } from "./content";
import { mtimesOf } from "./mtimes";

export interface DiscoveredFile {
  /** Relative to the root, '/'-separated. */
  path: string;
  size: number;
  mtimeMs: number;
}

export interface Discovery {
  files: DiscoveredFile[];
  /** Over MAX_FILE_BYTES, sorted. */
  tooLarge: string[];
  /** Skipped for content; discovery itself only counts what the name gives away. */
  binary: number;
  minified: number;
  /** Links that leave the root, dangle, or point at something other than a regular file. */
  skippedLinks: number;
  /** Wanted files whose names are not valid UTF-8: no path can name them (util/file-names). */
  undecodable: number;
  /**
   * What discovery would have read but is no regular file, sorted by path: wanted paths that are
   * FIFOs, sockets, devices or symlinks to one; a .gitignore the walk could not read as a file;
   * git's own file that kept git from running ("../" when it lies above the root).
   */
  refused: RefusedFile[];
}

/** A path and why it was not read: "is a FIFO, not a file". */
export interface RefusedFile {
  path: string;
  reason: string;
}

export const MAX_FILE_BYTES = 1_000_000;
/** A .gitignore past this is no list of patterns a person keeps. */
const IGNORE_FILE_MAX_BYTES = 1 << 20;

/** Never descended into when walking a directory that is not a git work tree. */
const SKIPPED_DIRS = new Set([
  "node_modules", ".git", ".hg", ".svn", "dist", "build", "out", "target", "vendor",
  ".venv", "venv", "__pycache__", ".next", ".cache", "coverage",
]);

export function isWanted(path: string): boolean {
  // Manifests and configs are read by the module resolver, though not parsed for symbols.
  return langOfPath(path) !== undefined || isManifest(path);
}

/**
 * Whether a change at `path` (relative, '/'-separated) can change what a map finds: a wanted
 * file, or a directory (moved or removed whole), outside the directories no walk enters. Git's
 * ignore rules are left to the map, whose listing applies them: an ignored file costs a map
 * that finds nothing changed.
 */
export function mayChangeMap(path: string): boolean {
  const parts = path.split("/");
  if (parts.some((part) => SKIPPED_DIRS.has(part))) return false;
  return isWanted(path) || !parts[parts.length - 1]!.includes(".");
}

export interface DiscoverOptions {
  /** Where the last git listing is kept (src/ingest/listing-cache.ts). */
  listingCache?: string;
  /** Write a fresh listing there (only the map does; status reads). */
  saveListing?: boolean;
}

export async function discover(root: string, opts: DiscoverOptions = {}): Promise<Discovery> {
  const absRoot = resolve(root);
  const realRoot = realpathSync(absRoot);
  // No git runs for a repository whose own files are not all files (a FIFO HEAD hangs every git
  // command): the directory is walked instead, and the file named.
  const repository = repositoryRefusal(absRoot);
  const refused: RefusedFile[] = repository ? [{ path: relative(absRoot, repository.path).split(sep).join("/"), reason: repository.reason }] : [];
  if (repository || !(await inGitWorkTree(absRoot))) return statAll(absRoot, realRoot, walk(absRoot, refused), refused);
  // A kept listing holds no name that is not UTF-8: a listing with one is not kept.
  const kept = opts.listingCache ? readListing(absRoot, opts.listingCache) : undefined;
  if (kept) {
    // The directories the listing stamps are checked in a worker while this thread stats the
    // files; the stats are thrown away in the rare case the kept files are no longer the same.
    const dirMtimes = mtimesOf(dirPaths(kept, statPrefix(absRoot)));
    const paths = keptPaths(kept);
    const found = statAll(absRoot, realRoot, { paths, undecodable: [] }, []);
    const current = await currentListing(kept, await dirMtimes, isWanted);
    if (current === kept) return found;
    if (current) {
      if (opts.listingCache && opts.saveListing) saveListing(opts.listingCache, current);
      const now = keptPaths(current);
      return sameItems(paths, now) ? found : statAll(absRoot, realRoot, { paths: now, undecodable: [] }, []);
    }
  }
  // git stopped (it waited on a FIFO .gitignore) or failed: the walk reads what it would have.
  return statAll(absRoot, realRoot, (await gitListing(absRoot, opts)) ?? walk(absRoot, refused), refused);
}

/**
 * What a listed path is statted as. Relative when the process runs in the root (the usual
 * `ix map .`): the kernel then walks only the path's own components, not the root's as well,
 * which took 13% off the lstat time of 13k files.
 */
function statPrefix(absRoot: string): string {
  if (process.cwd() === absRoot) return "";
  return absRoot.endsWith(sep) ? absRoot : absRoot + sep;
}

/** The wanted files among those listed, statted; sorted by path. `refused`: what the listing itself met, to which the stats add. */
function statAll(absRoot: string, realRoot: string, listed: GitFiles, refused: RefusedFile[]): Discovery {
  const candidates = listed.paths;
  const undecodable = listed.undecodable.filter(isWanted).length;
  const result: Discovery = { files: [], tooLarge: [], binary: 0, minified: 0, skippedLinks: 0, undecodable, refused };
  // Listed paths are relative and normalised (git's, or the walk's): joining each by hand
  // spares path.join's normalising on every file of a no-change map.
  const prefix = statPrefix(absRoot);
  for (const path of candidates) {
    if (!isWanted(path)) continue;
    if (isMinifiedName(path)) {
      result.minified++;
      continue;
    }
    const stat = statInside(prefix + path, path, realRoot, result);
    if (!stat) continue;
    if (stat.size > MAX_FILE_BYTES) result.tooLarge.push(path);
    else result.files.push({ path, size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs) });
  }
  result.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  result.tooLarge.sort();
  result.refused.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return result;
}

/**
 * The stat of a regular file, following a link only when its target stays inside the root. A
 * FIFO, socket or device (or a link to one) is never opened: it is named in `refused`. A
 * directory (a submodule named like a source file) is passed over, as are links that leave the
 * root, dangle or loop (counted).
 */
function statInside(abs: string, path: string, realRoot: string, counts: Discovery): Stats | undefined {
  let stat: Stats;
  try {
    stat = lstatSync(abs);
  } catch {
    return undefined; // listed by git but deleted from disk
  }
  if (stat.isFile()) return stat;
  if (!stat.isSymbolicLink()) {
    if (!stat.isDirectory()) counts.refused.push({ path, reason: notFileReason(stat, false) });
    return undefined;
  }
  try {
    const target = realpathSync(abs);
    const targetStat = statSync(target);
    if (target === realRoot || target.startsWith(realRoot + sep)) {
      if (targetStat.isFile()) return targetStat;
      if (!targetStat.isDirectory()) {
        counts.refused.push({ path, reason: notFileReason(targetStat, true) });
        return undefined;
      }
    }
  } catch {
    // dangling or looping link
  }
  counts.skippedLinks++;
  return undefined;
}

/** Whether git lists the files under root: inside a work tree, and not in an ignored directory. */
async function inGitWorkTree(root: string): Promise<boolean> {
  // A work tree's top level (the usual workspace root) needs no questions; each git process
  // costs several ms of a no-change map.
  if (existsSync(join(root, ".git"))) return true;
  const inside = await gitWatched(["rev-parse", "--is-inside-work-tree"], root);
  if (!inside?.success || inside.stdout.trim() !== "true") return false;
  // git lists nothing under an ignored directory, yet mapping one (a vendored checkout, a
  // build tree) is a fair request: walk it instead. (check-ignore reads .gitignore files: a
  // FIFO among them stops it, and the directory is walked.)
  const ignored = await gitWatched(["check-ignore", "-q", "."], root);
  return ignored !== undefined && ignored.exitCode !== 0;
}

/** Tracked and untracked-but-not-ignored files, as git lists them now; undefined if git fails or was stopped. */
async function gitListing(root: string, opts: DiscoverOptions): Promise<GitFiles | undefined> {
  const listed = await lsFiles(root);
  if (!listed) return undefined;
  // A listing with a wanted name that is no UTF-8 is not kept, so that every map counts it.
  if (opts.listingCache && opts.saveListing && !listed.undecodable.some(isWanted)) {
    const listing = listingOf(root, listed.paths, isWanted);
    // A directory gone since git listed it: the next map lists again.
    if (listing) saveListing(opts.listingCache, listing);
  }
  return listed;
}

interface IgnoreFrame {
  /** Directory of the .gitignore, relative to the root, "" or ending in "/". */
  base: string;
  rules: Ignore;
}

/** Walks a plain directory, honouring the .gitignore of every level like git does; one that is no file goes to `refused`. */
function walk(root: string, refused: RefusedFile[]): GitFiles {
  const out: string[] = [];
  const undecodable: string[] = [];
  const visit = (rel: string, frames: IgnoreFrame[]) => {
    const dir = join(root, rel);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // unreadable directory
    }
    const here = readGitignore(join(dir, ".gitignore"), `${rel}.gitignore`, refused);
    const active = here ? [...frames, { base: rel, rules: here }] : frames;
    const unnamed = entries.some((entry) => mayHoldUndecodable(entry.name)) ? undecodableIn(dir) : undefined;
    for (const entry of entries) {
      const path = rel + entry.name;
      const isDir = entry.isDirectory();
      if (isDir && SKIPPED_DIRS.has(entry.name)) continue;
      if (isIgnored(active, isDir ? `${path}/` : path)) continue;
      const raw = unnamed?.get(entry.name);
      if (raw) undecodable.push(...(isDir ? filesUnder(Buffer.concat([Buffer.from(`${dir}/`), raw]), `${path}/`) : [path]));
      else if (isDir) visit(`${path}/`, active);
      else out.push(path); // files, links and specials alike: statInside sorts them out
    }
  };
  visit("", []);
  return { paths: out, undecodable };
}

/** The entries of `dir` whose names are not UTF-8: each as it shows, to its bytes. */
function undecodableIn(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  try {
    for (const raw of readdirSync(dir, { encoding: "buffer" })) if (utf8Name(raw) === undefined) found.set(shownName(raw), raw);
  } catch {
    // gone meanwhile: nothing to count
  }
  return found;
}

/** Every file under a directory whose name is not UTF-8, as it shows: read by the bytes of its path. */
function filesUnder(dir: Buffer, shown: string): string[] {
  const files: string[] = [];
  const pending: [Buffer, string][] = [[dir, shown]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [abs, rel] = next;
    let names: Buffer[];
    try {
      names = readdirSync(abs, { encoding: "buffer" });
    } catch {
      continue;
    }
    for (const name of names) {
      const path = Buffer.concat([abs, Buffer.from("/"), name]);
      let stat: Stats;
      try {
        stat = lstatSync(path);
      } catch {
        continue;
      }
      if (stat.isDirectory()) pending.push([path, `${rel}${shownName(name)}/`]);
      else files.push(rel + shownName(name));
    }
  }
  return files;
}

function readGitignore(path: string, shown: string, refused: RefusedFile[]): Ignore | undefined {
  const read = readRegularFile(path, IGNORE_FILE_MAX_BYTES);
  if (read.state === "refused") refused.push({ path: shown, reason: read.reason });
  return read.state === "read" ? ignore().add(read.text) : undefined;
}

/** The deepest .gitignore with a rule about the path decides, as in git. */
function isIgnored(frames: IgnoreFrame[], path: string): boolean {
  for (let i = frames.length - 1; i >= 0; i--) {
    const frame = frames[i]!;
    const verdict = frame.rules.test(path.slice(frame.base.length));
    if (verdict.ignored) return true;
    if (verdict.unignored) return false;
  }
  return false;
}

const MINIFIED_PROBE = 64 * 1024;
/** Below this much text a long line is just a long line, not a bundle. */
const MINIFIED_MIN_BYTES = 4 * 1024;
const MINIFIED_AVG_LINE = 300;

/**
 * Called by the parser on bytes it has read anyway. Binary: content.ts's rule (a NUL in the
 * first 8 KB).
 * Minified: a `.min.js` name, or at least 4 KB of text whose first 64 KB average over 300
 * characters a line (hand-written code averages 30 to 60).
 */
export function classifyContent(path: string, bytes: Uint8Array): "ok" | "binary" | "minified" {
  if (isBinary(bytes)) return "binary";
  if (isMinifiedName(path)) return "minified";
  const sample = bytes.subarray(0, MINIFIED_PROBE);
  if (sample.length < MINIFIED_MIN_BYTES) return "ok";
  let lines = 1;
  for (let i = 0; i < sample.length; i++) if (sample[i] === 10) lines++;
  return sample.length / lines > MINIFIED_AVG_LINE ? "minified" : "ok";
}
