// The resolver: turns every file's facts into exact edges. Caches (file indexes, module
// resolutions, parsed configs) are built on demand, loading other files' facts as needed.
import { Binder } from "./binder.ts";
import { resolveFileEdges } from "./file-edges.ts";
import type { FileResolution, Project } from "./model.ts";
import { Workspace } from "./workspace.ts";

export type { EdgeKind, EntityRef, FileResolution, Project, ResolvedEdge, Unresolved, Via } from "./model.ts";
export { fileSetKeysOf, readKeysOf } from "./reads.ts";

/**
 * Files resolved with one set of caches. The caches hold the indexes of every file a chunk
 * looks into, so without a bound a cold map of 13k files held them all (about 250 MB); a
 * fresh set per chunk rebuilds the indexes that neighbouring chunks share, which costs far
 * less than it saves, since targets come in path order and imports stay mostly close.
 */
export const RESOLVE_CHUNK = 1500;

/** The complete outgoing edges of each target file (but the CONTAINS edges of its own nesting, ingest/nodes). */
export function resolveFiles(targets: string[], project: Project): Map<string, FileResolution> {
  return new Map([...resolveEach(targets, project)].map(([path, resolution]) => [path, resolution]));
}

/**
 * The same, one file at a time, for callers that write as they go. Each file comes with its
 * reads: the keys of the other files' facts and of the questions about the file set its answers
 * rested on (reads.ts), the same whether it was resolved alone or beside others.
 */
export function* resolveEach(targets: Iterable<string>, project: Project, chunk = RESOLVE_CHUNK): Generator<[string, FileResolution, Set<string>]> {
  let binder: Binder | undefined;
  let ws: Workspace | undefined;
  let resolved = 0;
  for (const path of targets) {
    if (resolved++ % chunk === 0) {
      ws = new Workspace(project);
      binder = new Binder(ws);
    }
    ws!.reads.begin(path);
    let resolution: FileResolution;
    try {
      resolution = resolveFileEdges(binder!, path);
    } catch (error) {
      // Facts no rule foresaw, or nested past the stack, cost this file its edges, not the
      // whole map. The caches may hold answers the throw left half made (a stand-in never
      // settled), so the next file starts a fresh set.
      resolution = { edges: [], unresolved: [], failed: error instanceof Error ? error.message : String(error) };
      resolved = 0;
    }
    yield [path, resolution, ws!.reads.take()];
  }
  // The consumer may hold the finished generator while it goes on (a map derives the smells
  // before its commit): the last chunk's caches are let go here, not with the generator.
  binder = undefined;
  ws = undefined;
}
