// The live state of a workspace: what bare `ix` and `ix status` answer.
import type { StoreDescription } from "../store";
import type { Workspace } from "../workspace/registry";
import { changedSinceMap, type ChangedFile } from "./staleness";
import { checkHealth, type HealthVerdict } from "./health";
import type { Session } from "./session";
import { mapComplete, REGIONS_ERROR } from "../ingest/regions";

export interface WorkspaceState {
  ws: Workspace;
  store: StoreDescription;
  rev: number;
  lastIngestAt?: string;
  health: HealthVerdict;
  changed: ChangedFile[];
  /** The architecture map matches this revision. */
  mapComplete: boolean;
  /** Why the last region work failed, when it did. */
  regionsError?: string;
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
    mapComplete: await mapComplete(graph),
    regionsError: (await graph.meta(REGIONS_ERROR)) || undefined,
  };
}
