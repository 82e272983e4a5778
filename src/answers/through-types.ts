// Calls that reach a class's method through a type it implements: `executor.executeQuery(q)`
// with `executor: QueryExecutor` binds to the interface's member, as the compiler does, yet at
// run time it may be this method. "Who calls this" of the method counts them too.
import type { GraphNode } from "../store";
import type { Session } from "./session";

/** Kinds whose members declare without implementing: calls bound to them run an implementation. */
const DECLARING = new Set(["interface", "type"]);

export interface ThroughType {
  /** The interface's (or object type's) member of the method's name. */
  member: GraphNode;
  calls: number;
}

/**
 * The members of the interfaces and object types the method's class implements or extends
 * (through their own `extends` too) that bear the method's name, each with its calls.
 */
export async function callsThroughTypes(session: Session, method: GraphNode): Promise<ThroughType[]> {
  const { graph } = session;
  if (method.kind !== "method" || method.parentId === null) return [];
  let owner = await graph.node(method.parentId);
  // A method declared apart from its type (Go: in another file of the package) is the type's
  // member by a CONTAINS edge from it, its file being its parent.
  if (owner?.kind === "file") owner = (await graph.edgesInto(method.id, ["CONTAINS"])).find((e) => e.node.kind !== "file")?.node;
  if (!owner || owner.kind !== "class") return [];
  const found: ThroughType[] = [];
  const seen = new Set<string>([owner.id]);
  const queue = [owner];
  while (queue.length > 0) {
    const type = queue.shift()!;
    for (const edge of await graph.edgesFrom(type.id, ["EXTENDS", "IMPLEMENTS"])) {
      const base = edge.node;
      if (seen.has(base.id)) continue;
      seen.add(base.id);
      queue.push(base);
      if (!DECLARING.has(base.kind)) continue;
      for (const member of await graph.children(base.id)) {
        if (member.kind !== "method" || member.name !== method.name) continue;
        const uses = await graph.countUses(member.id);
        found.push({ member, calls: uses.calls });
      }
    }
  }
  return found;
}
