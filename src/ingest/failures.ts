// Files the map could not read into the graph although they are source: their parse,
// extraction or resolution threw (a tree shape no rule foresaw, nesting past the stack). Each
// such file is left out or loses its edges, and the rest of the map commits; the graph keeps
// the list, so every later map and doctor can name them until the file changes. Besides them,
// what the map would have read but is no regular file (a FIFO source file, tsconfig.json or
// .gitignore, a FIFO git HEAD), never opened and named with the reason: stage "read". And
// files that are in the graph though their tree held syntax errors, so entities and calls after
// an error may be missing: their file rows keep the count.
import type { GraphReader } from "../store";
import { byCodeUnit } from "../util/compare";

export interface FailedFile {
  path: string;
  /** "read": never opened (message: why, "is a FIFO, not a file"); the others: what threw. */
  stage: "read" | "parse" | "extract" | "resolve";
  message: string;
}

/** The graph's meta key holding the list (JSON, sorted by path). */
export const FAILED_FILES_META = "failed_files";

export async function failedFilesOf(graph: GraphReader): Promise<FailedFile[]> {
  const stored = await graph.meta(FAILED_FILES_META);
  if (!stored) return [];
  try {
    const list = JSON.parse(stored);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/**
 * The list after a map: an earlier failure holds while its file is there and was neither
 * parsed again nor, for a resolution failure, resolved again; this map's failures join it. A
 * path refused for reading holds while `stillRefused` says so (a config only a resolution that
 * did not run this time reads), unless this map refused it again; each such path is named once.
 */
export function failedAfter(
  before: readonly FailedFile[],
  now: readonly FailedFile[],
  map: { present: ReadonlySet<string>; parsed: ReadonlySet<string>; resolved: ReadonlySet<string>; stillRefused?: (path: string) => boolean },
): FailedFile[] {
  const refusedNow = new Set<string>();
  const fresh = now.filter((f) => f.stage !== "read" || (!refusedNow.has(f.path) && refusedNow.add(f.path)));
  const kept = before.filter((f) =>
    f.stage === "read"
      ? !refusedNow.has(f.path) && (map.stillRefused?.(f.path) ?? false)
      : map.present.has(f.path) && !map.parsed.has(f.path) && !(f.stage === "resolve" && map.resolved.has(f.path)),
  );
  // This map's failures are of files it read, parsed or resolved, so none is also kept.
  return [...kept, ...fresh].sort((a, b) => byCodeUnit(a.path, b.path));
}

/** A file mapped from a tree with ERROR or MISSING nodes, and how many it held. */
export interface ErrorFile {
  path: string;
  errors: number;
}

/** Every such file of the graph as it is now, sorted by path. */
export function parseErrorFilesOf(graph: GraphReader): Promise<ErrorFile[]> {
  return graph.filesWithParseErrors();
}

/** The map's `parse_errors`: files with syntax errors or a failure, a file with both once; a file never read is no parse's error. */
export function parseErrorCount(errors: readonly ErrorFile[], failed: readonly FailedFile[]): number {
  return new Set([...errors.map((f) => f.path), ...failed.filter((f) => f.stage !== "read").map((f) => f.path)]).size;
}
