// The one reading of a target's line suffix: `path:12` names a line, `path:10-20` a range.
// A suffix of digits and dashes names lines whether or not it is a good range, so `:0`, `:5-2`,
// `:-1` and `:1-` are a wrong request (invalid_line_range), never a name to look up.
import { invalidRequest } from "../model/errors";

export interface LineSpan {
  /** 1-based, inclusive; start <= end. */
  start: number;
  end: number;
}

const SUFFIX = /^(.+):([0-9-]+)$/;
const SPAN = /^(\d+)(?:-(\d+))?$/;

/**
 * The path part of a target and the lines its suffix names, if it has one. `take: "line"` is for
 * questions about one line: a range there is invalid too.
 */
export function splitLineSuffix(raw: string, take: "line" | "range"): { path: string; span?: LineSpan } {
  const suffix = SUFFIX.exec(raw);
  if (!suffix) return { path: raw };
  const [, path, lines] = suffix as unknown as [string, string, string];
  const span = SPAN.exec(lines);
  const start = span ? Number(span[1]) : Number.NaN;
  const end = span?.[2] === undefined ? start : Number(span[2]);
  if (!span || !(start >= 1) || !(end >= start)) {
    throw invalidRequest(
      "invalid_line_range",
      `'${lines}' in ${raw} is no range of lines: lines count from 1, and a range a-b needs a <= b`,
      { target: raw, range: lines },
    );
  }
  if (take === "line" && span[2] !== undefined) {
    throw invalidRequest("invalid_line_range", `${raw} names a range; this question takes one line (path:line)`, { target: raw, range: lines });
  }
  return { path, span: { start, end } };
}
