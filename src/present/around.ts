// around as records: the symbols at the location with their counts, then the rows the budget
// holds (callers, users, tests), then the importers.
import type { AroundAnswer, AroundRow, RowCost } from "../answers/around";
import { encodeLlm } from "../wire/llm";
import { type Fields, quiet } from "../wire/record";
import type { Writer } from "../wire/writer";
import { siteField } from "./site";
import { commandLine, shellWord } from "../wire/shell";

/** A row as a record: its own fields, its site, then how it uses the symbol, how it is reached and whose it is. */
function aroundRecord(row: AroundRow): Fields {
  const { use, via, of, ...own } = row.fields;
  return { ...own, site: siteField(row.site), use, via, of };
}

/** A row's cost is what it costs an agent to read: its llm line, at ~4 characters a token. */
export const llmRowCost: RowCost = (row) => Math.ceil(encodeLlm({ kind: row.kind, fields: aroundRecord(row), shape: "row" }).length / 4);

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
      references: quiet(s.references),
      users: s.users,
      tests: s.tests,
    })),
  );
  if (answer.symbolsTotal !== undefined && shown < answer.symbolsTotal) {
    writer.record("diagnostic", {
      code: "results_truncated",
      message: `${answer.symbolsTotal} top-level symbols; showing the ${shown} most used, callers from other files first. ix around ${shellWord(path)}:<line> shows another, ${commandLine(["ix", "contains", path])} lists them all.`,
    });
  }
  for (const row of answer.rows) if (row.kind !== "importer") writer.row(row.kind, aroundRecord(row));
  writer.record("importers", { shown: answer.importers.shown, total: answer.importers.total, tests: quiet(answer.importers.tests) });
  writer.rows("importer", answer.rows.filter((r) => r.kind === "importer").map(aroundRecord));
}
