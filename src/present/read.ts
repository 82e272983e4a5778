// read as records: the file record, the numbered content block, and the rest when cut. A binary
// file is the file record alone, with binary=true and its size.
import type { ReadAnswer } from "../answers/read";
import type { Writer } from "../wire/writer";

export function presentRead(writer: Writer, answer: ReadAnswer): void {
  const { header } = answer;
  const stale = answer.stale || undefined;
  if (answer.binary) {
    writer.record("file", { ...header, binary: true, size: answer.size, stale });
    return;
  }
  const { first, shownLast, last } = answer;
  // An empty file has no first or last line to name.
  const shown = shownLast >= first;
  writer.record("file", { ...header, line_start: shown ? first : undefined, line_end: shown ? shownLast : undefined, stale });
  writer.content(answer.lines, first);
  if (shownLast < last) {
    writer.record("diagnostic", {
      code: "results_truncated",
      message: `${last - first + 1} lines; showing ${shownLast - first + 1}. Raise --limit or pass --full.`,
    });
    writer.next(["ix", "read", `${header.path}:${shownLast + 1}-${last}`], "the rest");
  }
}
