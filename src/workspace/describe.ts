// The live state of a workspace: what bare `ix` and `ix status` answer.
import type { Context } from "../cli/command";
import { checkHealth, type HealthVerdict } from "../graph/health";
import type { Store } from "../graph/store";
import { openGraph } from "./open";
import type { Workspace } from "./registry";
import { changedSinceMap, type ChangedFile } from "./staleness";

export interface WorkspaceState {
  ws: Workspace;
  rev: number;
  lastIngestAt?: string;
  health: HealthVerdict;
  changed: ChangedFile[];
}

export async function workspaceState(ctx: Context): Promise<WorkspaceState> {
  const { ws, store } = openGraph(ctx);
  try {
    return await stateOf(ws, store);
  } finally {
    store.close();
  }
}

async function stateOf(ws: Workspace, store: Store): Promise<WorkspaceState> {
  return {
    ws,
    rev: store.rev(),
    lastIngestAt: store.meta("last_ingest_at"),
    health: checkHealth(store),
    changed: await changedSinceMap(ws, store),
  };
}

/** The status record, the graph record when unhealthy, and the changed files (bounded). */
export function writeState(state: WorkspaceState, ctx: Context, kind: string, limit: number): void {
  const { ws, rev, health, changed } = state;
  ctx.writer.record(kind, {
    backend: "embedded",
    workspace: ws.id,
    root: ws.root,
    store: ws.dbPath,
    graph_health: health.health,
    graph_complete: rev > 0,
    map_complete: false,
    rev,
    last_ingest_at: state.lastIngestAt,
    stale_files: changed.length,
    stale: changed.length > 0,
  });
  if (health.health !== "ok") {
    ctx.writer.record("graph", { status: health.health, reason: health.reason, message: health.message, fix: health.fix });
  }
  const shown = changed.slice(0, limit);
  ctx.writer.rows("changed", shown.map((c) => ({ path: c.path, reason: c.reason })));
  if (shown.length < changed.length) {
    ctx.writer.record("diagnostic", {
      code: "results_truncated",
      message: `${changed.length} changed files; showing ${shown.length}. Raise --limit to see the rest.`,
    });
  }
  if (changed.length > 0) ctx.writer.next("ix map .", "bring the graph up to date with the edited files");
  else if (health.health !== "ok") ctx.writer.next("ix reset --workspace --yes --ingest", "rebuild the graph from scratch");
  else ctx.writer.next("ix stats", "count nodes and edges by kind");
}

export async function describeWorkspace(_ws: Workspace, ctx: Context): Promise<void> {
  writeState(await workspaceState(ctx), ctx, "ix", 10);
}
