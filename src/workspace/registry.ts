// Which registered workspace covers a directory: the longest registered root that contains it,
// compared segment by segment (so /repo-old is not inside /repo). Each root has its own store
// directory, named from the root: two checkouts of one repository share their workspace id
// (it comes from the repository) but never a store, so a map of one never touches the other.
import { join, resolve, sep } from "node:path";
import { loadConfig, updateConfig } from "../config/store";
import { storeKey } from "../model/ids";

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

interface Entry {
  root: string;
  id?: string;
}

/** Where the checkout at `root` keeps its graph and caches. */
export function storeDir(home: string, root: string): string {
  return join(home, "workspaces", storeKey(root));
}

function workspaceAt(home: string, entry: Entry): Workspace {
  const dir = storeDir(home, entry.root);
  // Until a map has recorded the repository's id, the store's name stands in (an entry written
  // as a bare root has none): for a directory outside git the two are the same.
  return { id: entry.id ?? storeKey(entry.root), root: entry.root, home, dir, dbPath: join(dir, "graph.db") };
}

function registeredEntries(home: string): Entry[] {
  const list = loadConfig(home).values.workspaces;
  if (!Array.isArray(list)) return [];
  const entries: Entry[] = [];
  for (const item of list) {
    const fields: Record<string, unknown> = item && typeof item === "object" ? (item as Record<string, unknown>) : { root: item };
    if (typeof fields.root !== "string") continue;
    entries.push(typeof fields.id === "string" ? { root: fields.root, id: fields.id } : { root: fields.root });
  }
  return entries;
}

export function contains(root: string, dir: string): boolean {
  if (dir === root) return true;
  return dir.startsWith(root.endsWith(sep) ? root : root + sep);
}

export function findWorkspace(home: string, cwd: string): Workspace | undefined {
  const dir = resolve(cwd);
  let best: Entry | undefined;
  for (const entry of registeredEntries(home)) {
    if (contains(entry.root, dir) && (!best || entry.root.length > best.root.length)) best = entry;
  }
  return best ? workspaceAt(home, best) : undefined;
}

/**
 * Registers `root` if it is not yet, with the store's name for id until the map that first
 * builds its graph records the repository's.
 */
export function registerWorkspace(home: string, root: string): Workspace {
  const entry = registeredEntries(home).find((e) => e.root === root);
  if (entry) return workspaceAt(home, entry);
  const ws = workspaceAt(home, { root });
  updateConfig(home, (doc) => {
    if (doc.get("workspaces") === undefined) doc.set("workspaces", [{ root, id: ws.id }]);
    else doc.addIn(["workspaces"], { root, id: ws.id });
  });
  return ws;
}

/** Records the workspace id of a registered root. */
export function recordWorkspaceId(ws: Workspace, id: string): void {
  ws.id = id;
  // Required, not imported: evaluating the YAML parser would cost every query ~10 ms.
  const { isMap, isScalar, isSeq } = require("yaml") as typeof import("yaml");
  updateConfig(ws.home, (doc) => {
    const list = doc.get("workspaces");
    if (!isSeq(list)) return;
    list.items.forEach((item, index) => {
      if (isMap(item) && item.get("root") === ws.root) item.set("id", id);
      // An entry written as a bare root becomes a mapping that can hold the id.
      else if (isScalar(item) && item.value === ws.root) list.set(index, doc.createNode({ root: ws.root, id }));
    });
  });
}
