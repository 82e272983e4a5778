// Every graph read starts here: the workspace covering the directory, its store opened read-only.
import { existsSync } from "node:fs";
import type { Context } from "../cli/command";
import { CliError } from "../cli/errors";
import { Store, StoreError } from "../graph/store";
import { findWorkspace, type Workspace } from "./registry";

export function requireWorkspace(ctx: Context): Workspace {
  const ws = findWorkspace(ctx.home, ctx.cwd);
  if (!ws) {
    throw new CliError("workspace_not_mapped", `No mapped workspace covers ${ctx.cwd}`, 1, { dir: ctx.cwd, hint: "ix map ." });
  }
  return ws;
}

export function openGraph(ctx: Context): { ws: Workspace; store: Store } {
  const ws = requireWorkspace(ctx);
  if (!existsSync(ws.dbPath)) {
    throw new CliError("workspace_not_mapped", `${ws.root} is registered but has no graph yet`, 1, { dir: ctx.cwd, hint: `ix map ${ws.root}` });
  }
  try {
    return { ws, store: Store.open(ws.dbPath, { readonly: true }) };
  } catch (error) {
    if (error instanceof StoreError) {
      // A graph from another ix version is rebuilt by the next map; anything else needs a reset.
      const hint = error.code === "schema_mismatch" ? `ix map ${ws.root}` : "ix reset --workspace --yes --ingest";
      throw new CliError("store_unavailable", error.message, 1, { path: ws.dbPath, hint });
    }
    throw error;
  }
}
