// text as records: each match with its enclosing symbol; the count of every match and the
// files holding them, and a cut that says how to see the rest.
import type { TextAnswer } from "../answers/text";
import type { Writer } from "../wire/writer";
import { rowFields, type RowShape } from "./shape";

export const TEXT_ROW = rowFields(["path", "line", "symbol", "snippet"]);

export function presentText(writer: Writer, answer: TextAnswer, shape: RowShape): void {
  const { shown } = answer;
  const rows = shown.map((m) => TEXT_ROW.shape({ path: m.path, line: m.line, symbol: m.symbol, snippet: m.text.trim().slice(0, 200) }, shape));
  const from = answer.files === 1 ? "" : `From ${answer.filesShown < answer.files ? `${answer.filesShown} files` : "every file"}, at most ${answer.perFile} per file, production code first. `;
  writer.list("text", { pattern: answer.pattern }, "match", rows, {
    total: answer.total,
    noun: `matches in ${answer.files} file${answer.files === 1 ? "" : "s"}`,
    raise: `${from}Raise --limit, pass --full for every match, or narrow with --path.`,
    after: { files: answer.files, engine: answer.engine },
  });
}
