// A location a question names: `path` or `path:line`, as a file node of the graph.
import { IxError } from "../model/errors";
import type { GraphNode } from "../store";
import { splitLineSuffix } from "./line-suffix";
import { graphPath, type Session } from "./session";

export interface Location {
  path: string;
  line?: number;
  file: GraphNode;
}

export async function locationOf(session: Session, raw: string): Promise<Location> {
  const named = splitLineSuffix(raw, "line");
  const path = graphPath(session, named.path);
  const file = await session.graph.fileNode(path);
  if (!file) {
    const onDisk = Boolean(session.files.inside(path) && session.files.lines(path));
    throw new IxError("unresolved_target", onDisk ? `${path} is on disk but not in the graph` : `No file ${path} in the workspace`, {
      target: raw,
      reason: onDisk ? "file_not_in_graph" : "file_not_found",
    });
  }
  return { path, line: named.span?.start, file };
}
