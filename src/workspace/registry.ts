// Which registered workspace covers a directory: the longest registered root that contains it,
// compared segment by segment (so /repo-old is not inside /repo). Each root has its own store
// directory, named from the root, whatever id its entry records: two checkouts never share a
// store, so a map of one never touches the other.
import { join, resolve, sep } from "node:path";
import { loadConfig, updateConfig } from "../config/store";
import { storeKey } from "../model/ids";

export interface Workspace {
  /** As recorded in the registry entry, else the store's name. */
  id: string;
  root: string;
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
  // An entry written as a bare root shows the store's name.
  return { id: entry.id ?? storeKey(entry.root), root: entry.root, dir, dbPath: join(dir, "graph.db") };
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
