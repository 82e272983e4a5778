// Every graph read starts here: the workspace covering the directory, its graph opened for reading.
import { IxError } from "../model/errors";
import { MAP, REBUILD } from "../model/remedy";
import { graphExists, openGraphReader, removeGraph, StoreError, type GraphReader } from "../store";
import { findWorkspace, type Workspace } from "./registry";

/** Where a request comes from: ix's home ($IX_HOME) and the directory it was made in. */
export interface Place {
  home: string;
  cwd: string;
  /** Hears what a person should know, such as a registry that cannot be read. */
  note?(message: string): void;
}

export function requireWorkspace(place: Place): Workspace {
  const ws = findWorkspace(place.home, place.cwd, place.note);
  if (!ws) throw new IxError("workspace_not_mapped", `No mapped workspace covers ${place.cwd}`, { dir: place.cwd }, { fix: MAP });
  return ws;
}

export function openGraph(place: Place): { ws: Workspace; graph: GraphReader } {
  const ws = requireWorkspace(place);
  if (!graphExists(ws.dbPath)) {
    throw new IxError("workspace_not_mapped", `${ws.root} is registered but has no graph yet`, { dir: place.cwd }, { fix: { action: "map", root: ws.root } });
  }
  try {
    return { ws, graph: openGraphReader(ws.dbPath) };
  } catch (error) {
    if (error instanceof StoreError) {
      // A graph from another ix version is rebuilt by the next map; anything else needs a reset.
      const fix = error.code === "schema_mismatch" ? { action: "map" as const, root: ws.root } : REBUILD;
      throw new IxError("store_unavailable", error.message, { path: ws.dbPath }, { fix });
    }
    throw error;
  }
}

/** Deletes a workspace's graph: derived data, which the next map rebuilds. */
export function removeGraphOf(ws: Workspace): void {
  removeGraph(ws.dbPath);
}
