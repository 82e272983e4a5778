// The entities of the graph, or of a path, by kind, in path order.
import type { GraphNode } from "../store";
import type { Session } from "./session";

export interface InventoryAnswer {
  kind?: string;
  path?: string;
  nodes: GraphNode[];
  /** More matched than were asked for. */
  truncated: boolean;
}

export async function inventoryAnswer(session: Session, request: { kind?: string; path?: string; limit: number }): Promise<InventoryAnswer> {
  // One row more than shown tells whether the window came back full without counting all.
  const rows = await session.graph.inventory({ kind: request.kind, path: request.path, limit: Math.min(request.limit, Number.MAX_SAFE_INTEGER - 1) + 1 });
  return { kind: request.kind, path: request.path, nodes: rows.slice(0, request.limit), truncated: rows.length > request.limit };
}
