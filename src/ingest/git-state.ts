// What a revision records of git: the commit HEAD named and whether tracked files differed from
// it. HEAD is read from .git's files. Whether the tree is dirty takes one `git status` in the
// background while the map parses: over every tracked file when HEAD moved since the previous
// revision (or nothing is known of it), else over just the files this map found changed and
// those the previous revision found dirty, since a file neither changed nor dirty then is still
// at HEAD's content. On a 22k-file repository the whole check took 0.7 s (wall, loaded 2-core
// VM), the narrow one one file's stat.
import { join, relative } from "node:path";
import { DIRTY_PATHS_META, type GraphStore, type RevisionOrigin } from "../store";
import { dirtyPaths, gitTreeOf, headCommit } from "../util/git";

/** Past this many changed files the narrow check is no cheaper: every tracked file is asked. */
const NARROW_MAX = 256;

export type GitState = Pick<RevisionOrigin, "head" | "dirty" | "dirtyPaths">;

/**
 * `changed`: the paths (relative to `root`) this map found moved or gone; `mapped`: the files
 * it reads. Only those, and tracked files deleted, count: a README edited, or a file outside
 * the workspace, leaves the graph's files at HEAD's content.
 */
export async function gitState(root: string, store: GraphStore, changed: readonly string[], mapped: ReadonlySet<string>): Promise<GitState> {
  const tree = gitTreeOf(root);
  const head = tree && headCommit(root);
  if (!tree || !head) return {};
  const previous = await store.revision(await store.rev());
  const known = previous?.head === head ? parseList(await store.meta(DIRTY_PATHS_META)) : undefined;
  const prefix = relative(tree.top, root);
  const narrow = known && changed.length <= NARROW_MAX ? [...new Set([...changed.map((p) => (prefix ? join(prefix, p) : p).split("\\").join("/")), ...known])] : undefined;
  const found = await dirtyPaths(tree.top, narrow);
  if (found === undefined) return { head };
  const inside = prefix ? `${prefix.split("\\").join("/")}/` : "";
  // A tracked file deleted counts wherever it is: the graph no longer holds what HEAD does.
  const dirty = found.filter((f) => f.path.startsWith(inside) && (f.deleted || mapped.has(f.path.slice(inside.length)))).map((f) => f.path);
  return { head, dirty: dirty.length > 0, dirtyPaths: dirty };
}

function parseList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  try {
    const list = JSON.parse(value) as unknown;
    return Array.isArray(list) && list.every((p) => typeof p === "string") ? list : undefined;
  } catch {
    return undefined;
  }
}
