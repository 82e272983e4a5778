// A location a question names: `path` or `path:line`, as a file node of the graph.
import type { GraphNode } from "../store";
import { splitLineSuffix } from "./line-suffix";
import { graphPath, type Session } from "./session";
import { fileMiss } from "./target";

export interface Location {
  path: string;
  line?: number;
  file: GraphNode;
}

export async function locationOf(session: Session, raw: string): Promise<Location> {
  const named = splitLineSuffix(raw, "line");
  const path = graphPath(session, named.path);
  const file = await session.graph.fileNode(path);
  if (!file) throw await fileMiss(session, named.path, path);
  return { path, line: named.span?.start, file };
}
