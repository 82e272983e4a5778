// contains and overview as records.
import type { MembersAnswer, OverviewAnswer } from "../answers/members";
import type { GraphNode } from "../store";
import type { Writer } from "../wire/writer";
import { rowFields, type RowShape } from "./shape";

export const CONTAINS_ROW = rowFields(["name", "kind", "path", "lines", "exported"], ["id", "path", "signature", "role"]);
export const OVERVIEW_ROW = rowFields(["name", "kind", "path", "lines"], ["id", "path", "signature", "role"]);

// An explicit --fields path asks for every row's path; by default only a member elsewhere has one.
const optionalOf = (node: GraphNode) => ({ id: node.id, path: node.path, signature: node.signature, role: node.role });

/** A member declared in another file than its container (a Go method) says where: path= is the only way to it. */
const elsewhere = (node: GraphNode, target: GraphNode) => (node.path !== target.path ? node.path : undefined);

export function presentContains(writer: Writer, { target, members }: MembersAnswer, shape: RowShape): void {
  const rows = members
    .slice(0, shape.limit)
    .map((node) =>
      CONTAINS_ROW.shape(
        { name: node.name, kind: node.kind, path: elsewhere(node, target), lines: `${node.startLine}-${node.endLine}`, exported: node.exported || undefined },
        shape,
        optionalOf(node),
      ),
    );
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
    system_path: answer.systemPath,
  });
  writer.record("contains", answer.counts);
  const shown = members.slice(0, shape.limit);
  writer.rows(
    "item",
    shown.map((node) => OVERVIEW_ROW.shape({ name: node.name, kind: node.kind, path: elsewhere(node, target), lines: `${node.startLine}-${node.endLine}` }, shape, optionalOf(node))),
  );
  if (shown.length < members.length) {
    writer.record("diagnostic", { code: "results_truncated", message: `${members.length} members; showing ${shown.length}. Raise --limit or pass --full.` });
  }
}
