// Labels people would write: the region's dominant directory, its last meaningful segments
// title-cased ("Cli / Client"), with the commonest file-name word when the directory says little.
import { wordsOf } from "../util/words";
import { dirOf } from "./graph";

/** Directory names that say where code sits, not what it is. */
const GENERIC_DIRS = new Set(["src", "lib", "libs", "source", "sources", "pkg", "internal", "main", "code", "packages", "modules", "dist", "app"]);
/** File-name words that name no part of a system. */
const GENERIC_WORDS = new Set(["index", "init", "main", "mod", "test", "tests", "spec", "d", "the", "of", "a", "and", "to", "v1", "v2", "types", "type", "utils", "util", "helpers", "internal", "impl"]);
/** The dominant directory holds at least this share of a region's files. */
const DOMINANT_SHARE = 0.6;
/** A file-name word joins the label when this share of the files carry it. */
const WORD_SHARE = 0.4;

export function dominantDir(paths: readonly string[]): { dir: string; share: number } {
  return deepestHolding(paths);
}

/** The share of the paths under `dir` (all of them for the repository's root), as dominantDir measures it. */
export function shareUnder(paths: readonly string[], dir: string): number {
  if (dir === "" || paths.length === 0) return 1;
  const prefix = `${dir}/`;
  let under = 0;
  for (const path of paths) if (path.startsWith(prefix)) under++;
  return under / paths.length;
}

/**
 * The directory to label a region by: its dominant one, or, for a region spread over several
 * top-level directories holding the same tree (copies, versions), the dominant one below them.
 */
export function labelDir(paths: readonly string[]): string {
  let rest = [...paths];
  for (let strip = 0; strip < 2; strip++) {
    const { dir } = deepestHolding(rest);
    if (dir !== "") return dir;
    rest = rest.map((p) => p.slice(p.indexOf("/") + 1));
  }
  return "";
}

function deepestHolding(paths: readonly string[]): { dir: string; share: number } {
  const counts = new Map<string, number>();
  for (const path of paths) for (let dir = dirOf(path); dir !== ""; dir = dirOf(dir)) counts.set(dir, (counts.get(dir) ?? 0) + 1);
  let best = "";
  let bestCount = paths.length;
  for (const [dir, count] of counts) {
    if (count / paths.length < DOMINANT_SHARE) continue;
    const depth = dir.split("/").length;
    const bestDepth = best === "" ? 0 : best.split("/").length;
    if (depth > bestDepth || (depth === bestDepth && (count > bestCount || (count === bestCount && dir < best)))) {
      best = dir;
      bestCount = count;
    }
  }
  return { dir: best, share: paths.length === 0 ? 1 : bestCount / paths.length };
}

export const titleOf = (segment: string): string =>
  wordsOf(segment)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ") || segment;

/** The directory's meaningful segments, a repeated one (django/django) said once. */
function segmentsOf(dir: string): string[] {
  const out: string[] = [];
  for (const segment of dir.split("/")) {
    if (segment === "" || GENERIC_DIRS.has(segment.toLowerCase())) continue;
    if (out[out.length - 1]?.toLowerCase() !== segment.toLowerCase()) out.push(segment);
  }
  return out;
}

/**
 * The words of each file's name that could name a part of a system, each once, read once per
 * labelling: every level's regions ask again for the same files.
 */
type NameWords = (path: string) => readonly string[];

function nameWords(): NameWords {
  const memo = new Map<string, readonly string[]>();
  return (path) => {
    let words = memo.get(path);
    if (!words) {
      const base = path.slice(path.lastIndexOf("/") + 1).replace(/\.[^.]*$/, "");
      words = [...new Set(wordsOf(base))].filter((word) => word.length >= 3 && !GENERIC_WORDS.has(word) && !/^\d+$/.test(word));
      memo.set(path, words);
    }
    return words;
  };
}

function commonWord(paths: readonly string[], exclude: Set<string>, words: NameWords): string | undefined {
  const counts = new Map<string, number>();
  for (const path of paths) {
    for (const word of words(path)) {
      if (exclude.has(word)) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  let best: string | undefined;
  for (const [word, count] of counts) {
    if (count / paths.length < WORD_SHARE) continue;
    if (best === undefined || count > counts.get(best)! || (count === counts.get(best)! && word < best)) best = word;
  }
  return best;
}

/** The commonest directory right below `dir` among the paths, when it holds this share of them. */
const CHILD_SHARE = 0.3;

function commonChild(paths: readonly string[], dir: string): string | undefined {
  const counts = new Map<string, number>();
  const start = dir === "" ? 0 : dir.length + 1;
  for (const path of paths) {
    if (dir !== "" && !path.startsWith(`${dir}/`)) continue;
    const slash = path.indexOf("/", start);
    if (slash > start) counts.set(path.slice(start, slash), (counts.get(path.slice(start, slash)) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [child, count] of counts) {
    if (count / paths.length < CHILD_SHARE || GENERIC_DIRS.has(child.toLowerCase())) continue;
    if (best === undefined || count > counts.get(best)! || (count === counts.get(best)! && child < best)) best = child;
  }
  return best;
}

/**
 * A label of the directory's last `depth` meaningful segments; `specific` (or a single segment)
 * adds what sets the region apart inside that directory: its commonest subdirectory, else the
 * commonest word of its file names.
 */
function labelOf(paths: readonly string[], dir: string, depth: number, fallback: string, words: NameWords, specific = false): string {
  const segments = segmentsOf(dir);
  const parts = segments.slice(-depth).map(titleOf);
  if (parts.length < 2 || specific) {
    const child = commonChild(paths, dir);
    const word = child ? undefined : commonWord(paths, new Set(segments.flatMap((s) => wordsOf(s))), words);
    const extra = child ? titleOf(child) : word ? titleOf(word) : undefined;
    if (extra && parts[parts.length - 1] !== extra) parts.push(extra);
  }
  return parts.length > 0 ? parts.join(" / ") : fallback;
}

/**
 * Labels for every region: the root's is the repository's name; regions sharing a label get
 * what sets each apart inside its directory, then one more directory segment. `settle` is
 * called after each label, whose counts of directories and words are then garbage.
 */
export function labelAll(regions: { paths: readonly string[]; dir: string; root: boolean }[], rootName: string, settle: () => void = () => {}): string[] {
  const fallback = titleOf(rootName) || "System";
  const words = nameWords();
  const labels = regions.map((r) => {
    const label = r.root ? fallback : labelOf(r.paths, r.dir, 2, fallback, words);
    settle();
    return label;
  });
  for (const [depth, specific] of [[2, true], [3, true]] as const) {
    const seen = new Map<string, number[]>();
    for (const [i, label] of labels.entries()) if (!regions[i]!.root) (seen.get(label) ?? seen.set(label, []).get(label)!).push(i);
    for (const group of seen.values()) {
      if (group.length < 2) continue;
      for (const i of group) {
        labels[i] = labelOf(regions[i]!.paths, regions[i]!.dir, depth, fallback, words, specific);
        settle();
      }
    }
  }
  return labels;
}
