// The live state of a workspace: what bare `ix` and `ix status` answer.
import type { StoreDescription } from "../store";
import type { Workspace } from "../workspace/registry";
import { changedSinceMap, type ChangedFile } from "./staleness";
import { checkHealth, type HealthVerdict } from "./health";
import type { Session } from "./session";

export interface WorkspaceState {
  ws: Workspace;
  store: StoreDescription;
  rev: number;
  lastIngestAt?: string;
  health: HealthVerdict;
  changed: ChangedFile[];
}

export async function workspaceState(session: Session): Promise<WorkspaceState> {
  const { ws, graph } = session;
  return {
    ws,
    store: graph.describe(),
    rev: await graph.rev(),
    lastIngestAt: await graph.meta("last_ingest_at"),
    health: await checkHealth(graph),
    changed: await changedSinceMap(ws, graph),
  };
}
