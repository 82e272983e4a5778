// What a graph question needs: the workspace, its graph, the files on disk, and the directory
// the question was asked from (relative paths start there). Opened once per request.
import { isAbsolute, relative, resolve } from "node:path";
import { IxError } from "../model/errors";
import type { GraphReader } from "../store";
import { openGraph, type Place } from "../workspace/open";
import type { Workspace } from "../workspace/registry";
import { WorkspaceFiles, type FileMeter } from "./files";

export interface Session {
  ws: Workspace;
  graph: GraphReader;
  files: WorkspaceFiles;
  cwd: string;
}

export async function withSession<T>(place: Place & { meter?: FileMeter }, use: (session: Session) => T | Promise<T>): Promise<T> {
  const { ws, graph } = await openGraph(place);
  try {
    return await use({ ws, graph, files: new WorkspaceFiles(ws.root, graph, place.meter), cwd: place.cwd });
  } finally {
    graph.close();
  }
}

/** A path as the graph stores it: relative to the workspace root, '/'-separated. */
export function graphPath(session: Pick<Session, "ws" | "cwd">, raw: string): string {
  const abs = isAbsolute(raw) ? raw : resolve(session.cwd, raw);
  return relative(session.ws.root, abs).split("\\").join("/");
}

/**
 * A path named by the caller that a command will open or search on disk: its graph path, or
 * `path_outside_workspace` when it leaves the workspace, by `..` or through a symbolic link.
 */
export function workspacePath(session: Pick<Session, "ws" | "cwd" | "files">, raw: string): string {
  const path = graphPath(session, raw);
  if (path.startsWith("../") || path === ".." || isAbsolute(path) || !session.files.inside(path)) {
    throw new IxError("path_outside_workspace", `${raw} is outside the workspace ${session.ws.root}`, { path: raw, root: session.ws.root });
  }
  return path;
}
