// A mapped corpus's graph, read through the store's GraphReader as the tests read it.
import { realpathSync } from "node:fs";
import { openGraphReader, type FullEdge, type GraphReader } from "../src/store";
import { findWorkspace } from "../src/workspace/registry";

export async function withGraph<T>(home: string, dir: string, use: (graph: GraphReader) => Promise<T>): Promise<T> {
  const ws = findWorkspace(home, realpathSync(dir));
  if (!ws) throw new Error(`no workspace in ${home} covers ${dir}`);
  const graph = openGraphReader(ws.dbPath);
  try {
    return await use(graph);
  } finally {
    graph.close();
  }
}

export async function edgesOf(graph: GraphReader, kind?: FullEdge["kind"]): Promise<FullEdge[]> {
  const out: FullEdge[] = [];
  for await (const edge of graph.allEdges(kind)) out.push(edge);
  return out;
}
