// Every graph read starts here: the workspace covering the directory, its graph opened for reading.
import { IxError } from "../model/errors";
import { MAP, REBUILD } from "../model/remedy";
import { graphExists, openGraphReader, StoreError, type GraphReader } from "../store";
import { lockHolder } from "../util/lock";
import { findWorkspace, mapLockPath, type Workspace } from "./registry";
import { insideRoots, outsideRoots } from "./roots";

/** Where a request comes from: ix's home ($IX_HOME) and the directory it was made in. */
export interface Place {
  home: string;
  cwd: string;
  /** Hears what a person should know, such as a registry that cannot be read. */
  note?(message: string): void;
  /**
   * The directories the request may act in (an MCP client's roots), real paths; absent for the
   * command line, which may act anywhere its user can.
   */
  roots?: readonly string[];
}

export function requireWorkspace(place: Place): Workspace {
  const ws = findWorkspace(place.home, place.cwd, place.note);
  if (!ws) throw new IxError("workspace_not_mapped", `No mapped workspace covers ${place.cwd}`, { dir: place.cwd }, { fix: MAP });
  // The workspace covering the directory may be a registered ancestor wider than the roots:
  // its graph and files would answer for what lies outside them, so it is not opened at all.
  if (place.roots && !insideRoots(ws.root, place.roots)) {
    throw outsideRoots(`The workspace ${ws.root}, which covers ${place.cwd},`, ws.root, place.roots, "Mapping a directory inside the roots gives it a workspace of its own.");
  }
  return ws;
}

/** A map that holds a workspace's lock now: its process and when it took the lock. */
export interface MapUnderWay {
  pid: number;
  since: Date;
}

/** The map writing a new graph of `ws` now, if one is. */
export function mapOf(ws: Workspace): MapUnderWay | undefined {
  return lockHolder(mapLockPath(ws.dir));
}

/**
 * While a map writes a workspace's first graph (or a rebuilt one), there is no graph to answer
 * from: saying so keeps a query from reporting the half-written graph's absences as facts.
 */
function mappingError(ws: Workspace, map: MapUnderWay): IxError {
  const started = map.since.toISOString();
  return new IxError(
    "graph_mapping",
    `A map (pid ${map.pid}, started ${started}) is writing the graph of ${ws.root}; ask again when it finishes`,
    { root: ws.root },
    { rows: [{ kind: "graph", rows: [{ status: "mapping", started, pid: map.pid }] }] },
  );
}

export async function openGraph(place: Place): Promise<{ ws: Workspace; graph: GraphReader }> {
  const ws = requireWorkspace(place);
  if (!graphExists(ws.dbPath)) {
    const map = mapOf(ws);
    if (map) throw mappingError(ws, map);
    throw new IxError("workspace_not_mapped", `${ws.root} is registered but has no graph yet`, { dir: place.cwd }, { fix: { action: "map", root: ws.root } });
  }
  let graph: GraphReader;
  try {
    graph = openGraphReader(ws.dbPath);
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    const map = mapOf(ws);
    // A graph being created has no schema until its first statements commit.
    if (map && error.code !== "store_busy") throw mappingError(ws, map);
    if (error.code === "store_busy") throw new IxError("store_busy", error.message, { path: ws.dbPath }, { help: ["Another ix process held the graph; ask again."] });
    // A graph from another ix version is rebuilt by the next map; anything else needs a reset.
    const fix = error.code === "schema_mismatch" ? { action: "map" as const, root: ws.root } : REBUILD;
    throw new IxError("store_unavailable", error.message, { path: ws.dbPath }, { fix });
  }
  if ((await graph.rev()) === 0) {
    const map = mapOf(ws);
    if (map) {
      graph.close();
      throw mappingError(ws, map);
    }
  }
  return { ws, graph };
}
