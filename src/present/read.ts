// read as records: the file record, the numbered content block, and the rest when cut.
import type { ReadAnswer } from "../answers/read";
import type { Writer } from "../wire/writer";

export function presentRead(writer: Writer, answer: ReadAnswer): void {
  const { header, first, shownLast, last } = answer;
  writer.record("file", { ...header, line_start: first, line_end: shownLast, stale: answer.stale || undefined });
  writer.content(answer.lines, first);
  if (shownLast < last) {
    writer.record("diagnostic", {
      code: "results_truncated",
      message: `${last - first + 1} lines; showing ${shownLast - first + 1}. Raise --limit or pass --full.`,
    });
    writer.next(`ix read ${header.path}:${shownLast + 1}-${last}`, "the rest");
  }
}
