// Every graph read starts here: the workspace covering the directory, its store opened read-only.
import { existsSync } from "node:fs";
import { Store, StoreError } from "../graph/store";
import { IxError } from "../model/errors";
import { findWorkspace, type Workspace } from "./registry";

/** Where a request comes from: ix's home ($IX_HOME) and the directory it was made in. */
export interface Place {
  home: string;
  cwd: string;
}

export function requireWorkspace(place: Place): Workspace {
  const ws = findWorkspace(place.home, place.cwd);
  if (!ws) {
    throw new IxError("workspace_not_mapped", `No mapped workspace covers ${place.cwd}`, { dir: place.cwd, hint: "ix map ." });
  }
  return ws;
}

export function openGraph(place: Place): { ws: Workspace; store: Store } {
  const ws = requireWorkspace(place);
  if (!existsSync(ws.dbPath)) {
    throw new IxError("workspace_not_mapped", `${ws.root} is registered but has no graph yet`, { dir: place.cwd, hint: `ix map ${ws.root}` });
  }
  try {
    return { ws, store: Store.open(ws.dbPath, { readonly: true }) };
  } catch (error) {
    if (error instanceof StoreError) {
      // A graph from another ix version is rebuilt by the next map; anything else needs a reset.
      const hint = error.code === "schema_mismatch" ? `ix map ${ws.root}` : "ix reset --workspace --yes --ingest";
      throw new IxError("store_unavailable", error.message, { path: ws.dbPath, hint });
    }
    throw error;
  }
}
