// text as records: each match with its enclosing symbol; a cut that says so.
import type { TextAnswer } from "../answers/text";
import type { Writer } from "../wire/writer";

export function presentText(writer: Writer, answer: TextAnswer): void {
  const { shown } = answer;
  writer.record("text", { pattern: answer.pattern, shown: shown.length, scanned: answer.scanned, engine: answer.engine });
  writer.rows(
    "match",
    shown.map((m) => ({ path: m.path, line: m.line, symbol: m.symbol, snippet: m.text.trim().slice(0, 200) })),
  );
  if (shown.length < answer.scanned) {
    writer.record("diagnostic", {
      code: "results_truncated",
      message: `${answer.scanned} matches scanned; showing ${shown.length}. Raise --limit or narrow with --path.`,
    });
  }
}
