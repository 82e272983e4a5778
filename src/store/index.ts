// Where a workspace's graph lives and how it is opened. The embedded SQLite store is the one
// backend today; everything above reaches it only through the interfaces in ./graph.
import { existsSync } from "node:fs";
import type { GraphReader, GraphStore } from "./graph";
import { openSqliteReader, openSqliteStore, removeSqliteGraph } from "./sqlite/store";

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
