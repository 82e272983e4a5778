// Which registered workspace covers a directory: the longest registered root that contains it,
// compared segment by segment (so /repo-old is not inside /repo). Each root has its own store
// directory, named from the root: two checkouts of one repository share their workspace id
// (it comes from the repository) but never a store, so a map of one never touches the other.
import { join, resolve } from "node:path";
import { storeKey } from "../model/ids";
import { writeFailure } from "../model/write-failure";
import { acquireMapLock, type MapLock } from "../util/lock";
import { readRegistry, updateRegistry, type Entry, type Note } from "./registry-file";
import { contains } from "./dirs";
import { broadRoot } from "./broad";
import { invalidRequest } from "../model/errors";

export interface Workspace {
  /** The workspace id (from the repository: src/workspace/identity.ts) as last recorded. */
  id: string;
  root: string;
  /** The $IX_HOME this workspace is registered in. */
  home: string;
  /** $IX_HOME/workspaces/<store key of root> */
  dir: string;
  dbPath: string;
}

/** Where the checkout at `root` keeps its graph and caches. */
export function storeDir(home: string, root: string): string {
  return join(home, "workspaces", storeKey(root));
}

/** The lock a map of the workspace whose store is `storeDir` holds (one map at a time). */
export const mapLockPath = (storeDir: string) => join(storeDir, "map.lock");

/**
 * The map lock of the workspace whose store is `storeDir`, waited for; a home that refuses it
 * (full, read-only) is said as such: nothing has been written yet.
 */
export async function lockMap(storeDir: string): Promise<MapLock> {
  try {
    return await acquireMapLock(mapLockPath(storeDir));
  } catch (error) {
    throw writeFailure(error, { what: "the map's lock", kept: "no graph was changed", path: mapLockPath(storeDir) }) ?? error;
  }
}

function workspaceAt(home: string, entry: Entry): Workspace {
  const dir = storeDir(home, entry.root);
  // Until a map has recorded the repository's id, the store's name stands in (an entry written
  // as a bare root has none): for a directory outside git the two are the same.
  return { id: entry.id ?? storeKey(entry.root), root: entry.root, home, dir, dbPath: join(dir, "graph.db") };
}

export { contains };

/**
 * `note` hears of a registry that cannot be read. A root too broad to be a workspace (the
 * filesystem's root, a home: broad.ts) covers only itself unless it was registered as broad on
 * purpose: an older ix registered `/` on a plain `ix map /`, and every directory on the machine
 * then resolved to it.
 */
export function findWorkspace(home: string, cwd: string, note?: Note): Workspace | undefined {
  const dir = resolve(cwd);
  let best: Entry | undefined;
  for (const entry of readRegistry(home, note)) {
    if (!contains(entry.root, dir) || (best && entry.root.length <= best.root.length)) continue;
    if (dir !== entry.root && !entry.broad && broadRoot(entry.root)) continue;
    best = entry;
  }
  return best ? workspaceAt(home, best) : undefined;
}

/**
 * Registers `root` if it is not yet, with the store's name for id until the map that first
 * builds its graph records the repository's. A root too broad to be a workspace is refused
 * unless `broad` says it was asked for explicitly; then the entry records so.
 */
export function registerWorkspace(home: string, root: string, note?: Note, broad = false): Workspace {
  const why = broadRoot(root);
  if (why && !broad) throw invalidRequest("broad_root", `${root} is ${why}: it is not registered as a workspace unless that is asked for explicitly`, { path: root });
  const flag = why ? { broad: true as const } : {};
  // Quiet: a registry that cannot be read is set aside by the update, which says so.
  const known = readRegistry(home).find((e) => e.root === root);
  if (known && (known.broad || !why)) return workspaceAt(home, known);
  const entries = updateRegistry(
    home,
    (current) =>
      current.some((e) => e.root === root)
        ? current.map((e) => (e.root === root ? { ...e, ...flag } : e))
        : [...current, { root, id: storeKey(root), ...flag }],
    note,
  );
  return workspaceAt(home, entries.find((e) => e.root === root)!);
}

/** Records the workspace id of a registered root. */
export function recordWorkspaceId(ws: Workspace, id: string): void {
  ws.id = id;
  updateRegistry(ws.home, (entries) => entries.map((e) => (e.root === ws.root ? { ...e, id } : e)));
}
