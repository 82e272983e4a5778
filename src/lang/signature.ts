// A declaration's signature as records show it (entity, explain, --fields signature): its
// header up to where its body opens. A header on one line is that line, as written (a body on
// the same line with it); one laid out over several lines (`fetchQuery<` ⏎ type parameters ⏎
// `>(` ⏎ parameters ⏎ `): Promise<T> {`, Python's `def request(` ⏎ …) is joined onto one line
// (util/header-lines), where a first line alone was cut at its first bracket.
import { joinHeaderLines } from "../util/header-lines";

export const SIGNATURE_MAX = 200;

/**
 * The signature of the declaration starting at `start` whose header ends before `headerEnd`
 * (the body's opening `{` or `:` included by the caller); `lineComment` starts a comment the
 * join drops. Without `headerEnd`, or a header on one line: the first line.
 */
export function headerSignature(source: string, start: number, headerEnd: number | undefined, lineComment: string): string {
  const newline = source.indexOf("\n", start);
  const firstLineEnd = newline < 0 ? source.length : newline;
  if (headerEnd === undefined || headerEnd <= firstLineEnd) {
    return source.slice(start, Math.min(firstLineEnd, start + SIGNATURE_MAX * 4)).trim().slice(0, SIGNATURE_MAX);
  }
  return joinHeaderLines(source.slice(start, headerEnd).split("\n"), lineComment, SIGNATURE_MAX);
}
