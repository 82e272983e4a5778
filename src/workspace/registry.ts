// Which registered workspace covers a directory: the longest registered root that contains it,
// compared segment by segment (so /repo-old is not inside /repo).
import { join, resolve, sep } from "node:path";
import { loadConfig, updateConfig } from "../config/store";
import { workspaceId } from "../model/ids";

export interface Workspace {
  id: string;
  root: string;
  /** $IX_HOME/workspaces/<id> */
  dir: string;
  dbPath: string;
}

export function workspaceAt(home: string, root: string): Workspace {
  const id = workspaceId(root);
  const dir = join(home, "workspaces", id);
  return { id, root, dir, dbPath: join(dir, "graph.db") };
}

export function registeredRoots(home: string): string[] {
  const list = loadConfig(home).values.workspaces;
  if (!Array.isArray(list)) return [];
  return list
    .map((entry) => (entry && typeof entry === "object" ? (entry as Record<string, unknown>).root : entry))
    .filter((root): root is string => typeof root === "string");
}

export function contains(root: string, dir: string): boolean {
  if (dir === root) return true;
  return dir.startsWith(root.endsWith(sep) ? root : root + sep);
}

export function findWorkspace(home: string, cwd: string): Workspace | undefined {
  const dir = resolve(cwd);
  let best: string | undefined;
  for (const root of registeredRoots(home)) {
    if (contains(root, dir) && (!best || root.length > best.length)) best = root;
  }
  return best ? workspaceAt(home, best) : undefined;
}

export function registerWorkspace(home: string, root: string): Workspace {
  const ws = workspaceAt(home, root);
  if (!registeredRoots(home).includes(root)) {
    updateConfig(home, (doc) => {
      const current = doc.get("workspaces");
      if (current === undefined) doc.set("workspaces", [{ root, id: ws.id }]);
      else doc.addIn(["workspaces"], { root, id: ws.id });
    });
  }
  return ws;
}
