// ix rank: the most depended-on entities by one figure, as the store keeps it per entity
// (GraphReader.rank), never a count per entity. PageRank is the file graph's, as the
// architecture map stored it, so it is as current as the map (status's map_complete).
import { mapComplete } from "../ingest/regions";
import { TEST_ROLES } from "../model/roles";
import type { RankedNode, RankFigure } from "../store";
import type { Session } from "./session";

export type { RankFigure };
export const RANK_FIGURES: readonly RankFigure[] = ["dependents", "callers", "importers", "members", "pagerank"];

export interface RankRequest {
  by: RankFigure;
  kind?: string;
  path?: string;
  includeTests: boolean;
  limit: number;
}

export interface RankAnswer extends RankRequest {
  rows: RankedNode[];
  total: number;
  /** pagerank only: whether the map it was read from matches the graph's revision. */
  mapCurrent?: boolean;
}

export async function rankAnswer(session: Session, request: RankRequest): Promise<RankAnswer> {
  const { graph } = session;
  const { rows, total } = await graph.rank({
    by: request.by,
    kind: request.kind,
    path: request.path,
    exceptRoles: request.includeTests ? [] : [...TEST_ROLES],
    limit: request.limit,
  });
  return { ...request, rows, total, mapCurrent: request.by === "pagerank" ? await mapComplete(graph) : undefined };
}
