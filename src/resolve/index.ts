// The resolver: turns every file's facts into exact edges. Each call builds its own caches
// (file indexes, module resolutions, parsed configs), loading other files' facts on demand.
import { Binder } from "./binder.ts";
import { resolveFileEdges } from "./file-edges.ts";
import type { FileResolution, Project } from "./model.ts";
import { Modules } from "./modules.ts";
import { Workspace } from "./workspace.ts";

export type { EdgeKind, EntityRef, FileResolution, Project, ResolvedEdge, Unresolved, Via } from "./model.ts";

/** The complete outgoing edges (all but CONTAINS) of each target file. */
export function resolveFiles(targets: string[], project: Project): Map<string, FileResolution> {
  return new Map(resolveEach(targets, project));
}

/** The same, one file at a time with shared caches, for callers that write as they go. */
export function* resolveEach(targets: Iterable<string>, project: Project): Generator<[string, FileResolution]> {
  const ws = new Workspace(project);
  const binder = new Binder(ws, new Modules(ws));
  for (const path of targets) yield [path, resolveFileEdges(binder, path)];
}
