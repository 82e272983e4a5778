// Facts → graph nodes and CONTAINS edges. Ids come from (repository, path, kind:qname[#n]) so an
// entity keeps its id across re-maps and checkouts; the resolver's (path, index) refs map through idsOf.
import { EntityKeys, nodeId } from "../model/ids";
import type { EdgeRecord, NodeRecord } from "../store";
import type { FileFacts } from "../model/facts";

export interface FileIds {
  file: string;
  /** entities[i] → its node id. */
  entities: string[];
}

export function idsOf(repositoryId: string, path: string, facts: FileFacts | null | undefined): FileIds {
  const keys = new EntityKeys();
  return {
    file: nodeId(repositoryId, path, ""),
    entities: (facts?.entities ?? []).map((e) => nodeId(repositoryId, path, keys.next(e.kind, e.qname))),
  };
}

/** `hash`: the file's content hash, its node's body; `bodies`: each entity's (parse.ts bodyHashes). */
export function nodesOf(ids: FileIds, path: string, facts: FileFacts | null, role: string, lang: string | null, lines: number, hash: string, bodies: readonly string[] = []): NodeRecord[] {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const nodes: NodeRecord[] = [
    { id: ids.file, kind: "file", name, qname: path, path, startLine: 1, endLine: Math.max(1, lines), lang, signature: "", exported: false, role, parentId: null, body: hash },
  ];
  facts?.entities.forEach((e, i) => {
    nodes.push({
      id: ids.entities[i] as string,
      kind: e.kind,
      name: e.name,
      qname: e.qname,
      path,
      startLine: e.startLine,
      endLine: e.endLine,
      lang,
      signature: e.signature,
      ...(e.overloads ? { overloads: e.overloads } : {}),
      exported: e.exported,
      role,
      parentId: e.parent < 0 ? ids.file : (ids.entities[e.parent] ?? ids.file),
      body: bodies[i],
    });
  });
  return nodes;
}

export function containsEdges(ids: FileIds, facts: FileFacts | null | undefined): EdgeRecord[] {
  return (facts?.entities ?? []).map((e, i) => ({
    srcId: e.parent < 0 ? ids.file : (ids.entities[e.parent] ?? ids.file),
    dstId: ids.entities[i] as string,
    kind: "CONTAINS" as const,
    lines: [e.startLine],
  }));
}
