// around as records: the symbols at the location with their counts, then the rows the budget
// holds (callers, users, tests), then the importers.
import type { AroundAnswer, RowCost } from "../answers/around";
import { encodeLlm } from "../wire/llm";
import { quiet } from "../wire/record";
import type { Writer } from "../wire/writer";

/** A row's cost is what it costs an agent to read: its llm line, at ~4 characters a token. */
export const llmRowCost: RowCost = (kind, fields) => Math.ceil(encodeLlm({ kind, fields, shape: "row" }).length / 4);

export function presentAround(writer: Writer, path: string, answer: AroundAnswer, stale: boolean): void {
  const shown = answer.symbols.length;
  // symbols_total says how many the file has when the symbols were chosen from them.
  writer.record("around", { path, lines: answer.line, symbols: shown, symbols_total: answer.symbolsTotal, stale: stale || undefined });
  writer.rows(
    "symbol",
    answer.symbols.map((s) => ({
      name: s.node.name,
      kind: s.node.kind,
      path: s.node.path,
      lines: `${s.node.startLine}-${s.node.endLine}`,
      callers: s.callers,
      users: s.users,
      tests: s.tests,
    })),
  );
  if (answer.symbolsTotal !== undefined && shown < answer.symbolsTotal) {
    writer.record("diagnostic", {
      code: "results_truncated",
      message: `${answer.symbolsTotal} top-level symbols; showing the ${shown} most used, callers from other files first. ix around ${path}:<line> shows another, ix contains ${path} lists them all.`,
    });
  }
  for (const row of answer.rows) if (row.kind !== "importer") writer.row(row.kind, row.fields);
  writer.record("importers", { shown: answer.importers.shown, total: answer.importers.total, tests: quiet(answer.importers.tests) });
  writer.rows("importer", answer.rows.filter((r) => r.kind === "importer").map((r) => r.fields));
}
