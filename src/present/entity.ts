// entity and locate as records.
import type { EntityAnswer, LocateAnswer } from "../answers/entity";
import type { GraphNode } from "../store";
import { quiet, type Fields } from "../wire/record";
import type { Writer } from "../wire/writer";

/** The entity record's fields, shared by entity and explain, so the one entity reads the same in both. */
export function entityFields(node: GraphNode, parent: GraphNode | undefined, stale: boolean): Fields {
  return {
    id: node.id,
    name: node.name,
    kind: node.kind,
    qname: node.qname !== node.name ? node.qname : undefined,
    path: node.path,
    lines: `${node.startLine}-${node.endLine}`,
    lang: node.lang ?? undefined,
    exported: node.kind === "file" ? undefined : node.exported,
    role: node.role,
    signature: node.signature || undefined,
    parent: parent?.id,
    stale: stale || undefined,
  };
}

export function presentEntity(writer: Writer, answer: EntityAnswer): void {
  const { node } = answer;
  writer.record("entity", entityFields(node, answer.parent, answer.stale));
  writer.record("edges", {
    callers: answer.callers,
    references: quiet(answer.references),
    type_refs: quiet(answer.typeReferences),
    callees: answer.callees,
    members: answer.members,
    importers: answer.importers,
    extends: answer.bases,
    unresolved_uses: answer.unresolvedUses,
  });
  // The views callers get of an overloaded definition, one row each: a signature holds commas.
  if (node.overloads) writer.rows("overload", node.overloads.map((signature) => ({ signature })));
  const short = node.id.slice(0, 8);
  if (answer.callers > 0) writer.next(["ix", "callers", short], `who calls ${node.name}`);
  if (answer.callees > 0) writer.next(["ix", "callees", short], `what ${node.name} calls`);
  writer.next(["ix", "read", `${node.path}:${node.startLine}-${node.endLine}`], "read its source");
}

export function presentLocate(writer: Writer, { node, stale, systemPath }: LocateAnswer): void {
  writer.record("locate", {
    name: node.kind === "file" ? node.path : node.name,
    kind: node.kind,
    path: node.path,
    lines: `${node.startLine}-${node.endLine}`,
    signature: node.signature || undefined,
    system_path: systemPath,
    stale: stale || undefined,
  });
  writer.next(["ix", "read", `${node.path}:${node.startLine}-${node.endLine}`], "read it");
}
