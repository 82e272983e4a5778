// One entity's facts and the size of its neighbourhood; where it is defined.
import type { GraphNode } from "../store";
import { systemPathOf } from "./regions";
import type { Session } from "./session";
import { callerCounts } from "./usage";

export interface EntityAnswer {
  node: GraphNode;
  /** The containing entity, when it is not a file: a method's type, wherever the type is declared. */
  parent?: GraphNode;
  /** Calls and hand-overs by name, as answers/usage counts them. */
  callers: number;
  /** Of the callers, the hand-overs. */
  references: number;
  /** Annotations naming it as a type: no callers. */
  typeReferences: number;
  callees: number;
  members: number;
  /** Files importing it (file targets only). */
  importers?: number;
  /** Names of the types it extends or implements. */
  bases: string[];
  /** Unresolved call sites and hand-overs using its name (entities only). */
  unresolvedUses?: number;
  stale: boolean;
}

export async function entityAnswer(session: Session, node: GraphNode): Promise<EntityAnswer> {
  const { graph } = session;
  const file = node.kind === "file";
  // What CONTAINS it, as members are what it CONTAINS: a method declared apart from its type
  // has both its file and its type.
  const containers = file ? [] : await graph.edgesInto(node.id, ["CONTAINS"]);
  const uses = await callerCounts(session, node);
  return {
    node,
    parent: containers.find((e) => e.node.kind !== "file")?.node,
    callers: uses.callers,
    references: uses.references,
    typeReferences: uses.typeReferences,
    callees: await graph.countFrom(node.id, ["CALLS"]),
    members: await graph.countChildren(node.id),
    importers: file ? await graph.countInto(node.id, ["IMPORTS"]) : undefined,
    bases: (await graph.edgesFrom(node.id, ["EXTENDS", "IMPLEMENTS"])).map((e) => e.node.name),
    unresolvedUses: file ? undefined : uses.unresolved,
    stale: await session.files.stale(node.path),
  };
}

export interface LocateAnswer {
  node: GraphNode;
  stale: boolean;
  /** The labels of the regions holding its file, outermost first (the architecture map). */
  systemPath?: string[];
}

export async function locateAnswer(session: Session, node: GraphNode): Promise<LocateAnswer> {
  return { node, stale: await session.files.stale(node.path), systemPath: await systemPathOf(session, node.path) };
}
