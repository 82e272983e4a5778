// contains and overview as records.
import type { MembersAnswer, OverviewAnswer } from "../answers/members";
import type { GraphNode } from "../store";
import type { Writer } from "../wire/writer";
import { shapeRow, type RowShape } from "./shape";

const optionalOf = (node: GraphNode) => ({ id: node.id, signature: node.signature, role: node.role });

export function presentContains(writer: Writer, { target, members }: MembersAnswer, shape: RowShape): void {
  const rows = members
    .slice(0, shape.limit)
    .map((node) => shapeRow({ name: node.name, kind: node.kind, lines: `${node.startLine}-${node.endLine}`, exported: node.exported || undefined }, shape, optionalOf(node)));
  writer.list("contains", { target: target.kind === "file" ? target.path : target.name, kind: target.kind, path: target.path }, "member", rows, {
    total: members.length,
    noun: "members",
  });
}

export function presentOverview(writer: Writer, answer: OverviewAnswer, shape: RowShape): void {
  const { target, members } = answer;
  writer.record("overview", {
    target: target.kind === "file" ? target.path : target.name,
    kind: target.kind,
    file: target.path,
    lines: `${target.startLine}-${target.endLine}`,
    extends: answer.bases,
    subtypes: answer.subtypes || undefined,
  });
  writer.record("contains", answer.counts);
  const shown = members.slice(0, shape.limit);
  writer.rows(
    "item",
    shown.map((node) => shapeRow({ name: node.name, kind: node.kind, lines: `${node.startLine}-${node.endLine}` }, shape, optionalOf(node))),
  );
  if (shown.length < members.length) {
    writer.record("diagnostic", { code: "results_truncated", message: `${members.length} members; showing ${shown.length}. Raise --limit or pass --full.` });
  }
}
