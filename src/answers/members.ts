// What a container holds: a file's, class's or module's members; its bases and subtypes.
import type { GraphNode } from "../store";
import { systemPathOf } from "./regions";
import type { Session } from "./session";

export interface MembersAnswer {
  target: GraphNode;
  members: GraphNode[];
}

export async function membersAnswer(session: Session, target: GraphNode): Promise<MembersAnswer> {
  return { target, members: await session.graph.children(target.id) };
}

export interface OverviewAnswer extends MembersAnswer {
  /** Member counts by kind, in the order kinds are first met. */
  counts: Record<string, number>;
  /** Names of the types it extends or implements. */
  bases: string[];
  /** How many types extend or implement it. */
  subtypes: number;
  /** The labels of the regions holding its file, outermost first (the architecture map). */
  systemPath?: string[];
}

export async function overviewAnswer(session: Session, target: GraphNode): Promise<OverviewAnswer> {
  const { graph } = session;
  const members = await graph.children(target.id);
  const counts: Record<string, number> = {};
  for (const m of members) counts[m.kind] = (counts[m.kind] ?? 0) + 1;
  return {
    target,
    members,
    counts,
    bases: (await graph.edgesFrom(target.id, ["EXTENDS", "IMPLEMENTS"])).map((e) => e.node.name),
    subtypes: (await graph.edgesInto(target.id, ["EXTENDS", "IMPLEMENTS"])).length,
    systemPath: await systemPathOf(session, target.path),
  };
}
