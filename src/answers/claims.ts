// What the code says about its entities in its own words: the doc comment each extractor keeps
// with an entity's facts (EntityFact.doc), read back as claims. context counts them, explain
// shows them, conflicts checks them against the graph. Claims live in the facts a map already
// stores, so reading them costs one facts read per file, never a pass over the graph.
import type { DocFact, EntityFact, FileFacts } from "../model/facts";
import type { GraphNode, GraphReader } from "../store";

export type ClaimKind = "summary" | "deprecated" | "param" | "returns" | "mentions";

/** One statement of a doc comment about its entity. */
export interface Claim {
  kind: ClaimKind;
  /** The statement: the sentence, the reason, the parameter's name, the returns text, the name mentioned. */
  text: string;
  /** The comment's first line. */
  line: number;
}

/** The claims of one doc comment, in a fixed order: summary, deprecated, params, returns, mentions. */
export function claimsOfDoc(doc: DocFact): Claim[] {
  const line = doc.startLine;
  const claims: Claim[] = [];
  if (doc.summary) claims.push({ kind: "summary", text: doc.summary, line });
  if (doc.deprecated !== undefined) claims.push({ kind: "deprecated", text: doc.deprecated, line });
  for (const name of doc.params ?? []) claims.push({ kind: "param", text: name, line });
  if (doc.returns !== undefined) claims.push({ kind: "returns", text: doc.returns, line });
  for (const name of doc.mentions ?? []) claims.push({ kind: "mentions", text: name, line });
  return claims;
}

/** The entity fact a node was made from: same qualified name, kind and first line. */
export function entityFactOf(facts: FileFacts, node: GraphNode): EntityFact | undefined {
  return facts.entities.find((e) => e.qname === node.qname && e.kind === node.kind && e.startLine === node.startLine);
}

/** The entities among nodes (files have no doc comment) by their file, so each file's facts are read once. */
export function entitiesByPath(nodes: readonly GraphNode[]): Map<string, GraphNode[]> {
  const byPath = new Map<string, GraphNode[]>();
  for (const node of nodes) {
    if (node.kind === "file") continue;
    const list = byPath.get(node.path);
    if (list) list.push(node);
    else byPath.set(node.path, [node]);
  }
  return byPath;
}

/** Each node's doc comment (files have none), reading each file's facts once. */
export async function docsOf(reader: GraphReader, nodes: readonly GraphNode[]): Promise<Map<string, DocFact>> {
  const docs = new Map<string, DocFact>();
  for (const [path, list] of entitiesByPath(nodes)) {
    const facts = await reader.facts(path);
    if (!facts) continue;
    for (const node of list) {
      const doc = entityFactOf(facts, node)?.doc;
      if (doc) docs.set(node.id, doc);
    }
  }
  return docs;
}

/** Each node's claims; a node whose entity has no doc comment is absent. */
export async function claimsOf(reader: GraphReader, nodes: readonly GraphNode[]): Promise<Map<string, Claim[]>> {
  const claims = new Map<string, Claim[]>();
  for (const [id, doc] of await docsOf(reader, nodes)) {
    const list = claimsOfDoc(doc);
    if (list.length > 0) claims.set(id, list);
  }
  return claims;
}
