// conflicts as records: the header (rev, how many match, how many shown, per rule), then one
// row per conflict with both sides (what the comment claims, what the code does) and the fix.
import type { Conflict, ConflictsAnswer } from "../answers/conflicts";
import type { Writer } from "../wire/writer";
import { rowFields, type RowShape } from "./shape";

export const CONFLICT_ROW = rowFields(["rule", "entity", "entity_kind", "path", "line", "claim", "code", "uses", "recommendation"], ["id"]);

function conflictRow(conflict: Conflict) {
  const { node } = conflict;
  return {
    rule: conflict.rule,
    entity: node.qname,
    entity_kind: node.kind,
    path: node.path,
    line: conflict.line,
    claim: conflict.claim,
    code: conflict.code,
    uses: conflict.uses,
    recommendation: conflict.recommendation,
  };
}

export function presentConflicts(writer: Writer, answer: ConflictsAnswer, shape: RowShape): void {
  const shown = answer.conflicts;
  writer.record("conflicts", { rev: answer.rev, total: answer.total, shown: shown.length, ...answer.byRule });
  writer.rows("conflict", shown.map((c) => CONFLICT_ROW.shape(conflictRow(c), shape, { id: c.node.id })));
  if (shown.length < answer.total) {
    writer.record("diagnostic", {
      code: "results_truncated",
      message: `${answer.total} conflicts; showing ${shown.length}, in path order. Raise --limit, pass --full, or narrow with --kind / --path.`,
    });
  }
  const first = shown[0];
  if (first) writer.next(["ix", "read", `${first.node.path}:${first.line}-${first.node.endLine}`], `the comment and the code of ${first.node.qname}`);
}
