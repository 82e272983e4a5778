// Where a workspace's graph lives and how it is opened. The embedded SQLite store is the one
// backend today; everything above reaches it only through the interfaces in ./graph.
import { existsSync } from "node:fs";
import type { GraphReader, GraphStore } from "./graph";
import { asNoRoom } from "./sqlite/full";
import { clearSqliteGraph, openSqliteReader, openSqliteStore, removeSqliteGraph } from "./sqlite/store";

export * from "./graph";

export function graphExists(location: string): boolean {
  return existsSync(location);
}

export function openGraphReader(location: string): GraphReader {
  return openSqliteReader(location);
}

export function openGraphStore(location: string): GraphStore {
  return openSqliteStore(location);
}

export function removeGraph(location: string): void {
  removeSqliteGraph(location);
}

/** Empties a graph in place for a rebuild: readers keep their snapshot or see revision 0, never a removed file. */
export function clearGraph(location: string): void {
  if (existsSync(location)) clearSqliteGraph(location);
}

/**
 * A failed write of the graph at `location` as what it means: a full disk the store reported
 * as an I/O error comes back as the full disk (write-failure.ts's codes); any other error as it is.
 */
export function writeErrorCause(error: unknown, location: string): unknown {
  return asNoRoom(error, location);
}
