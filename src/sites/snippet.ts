// The snippet an agent reads next to a site: the line, trimmed, with the continuation of a
// call left open, capped so one row stays one short line.
import type { CodeView } from "./mask";
import { openParens } from "./words";

const SNIPPET_MAX = 200;
const CONTINUATION_LINES = 2;

function capSnippet(text: string): string {
  return text.length <= SNIPPET_MAX ? text : text.slice(0, SNIPPET_MAX - 1) + "…";
}

/** Line `index` (0-based), plus up to two following lines while its parentheses stay open. */
export function callSnippet(view: CodeView, index: number): string {
  const parts = [view.lines[index]!.trim()];
  let open = openParens(view.masked(index));
  for (let next = index + 1; open > 0 && next < view.length && next <= index + CONTINUATION_LINES; next++) {
    const text = view.lines[next]!.trim();
    if (text !== "") parts.push(text);
    open += openParens(view.masked(next));
  }
  return capSnippet(parts.join(" "));
}

/**
 * A statement's lines joined when it fits; otherwise its first line (where the site is) and the
 * line that names the import: `from ._types import ( … AsyncByteStream,`.
 */
export function statementSnippet(view: CodeView, start: number, end: number, line: number): string {
  if (start === end) return capSnippet(view.lines[line]!.trim());
  const joined = view.lines
    .slice(start, end + 1)
    .map((text) => text.trim())
    .filter((text) => text !== "")
    .join(" ");
  if (joined.length <= SNIPPET_MAX) return joined;
  const first = view.lines[start]!.trim();
  return capSnippet(line === start ? first : `${first} … ${view.lines[line]!.trim()}`);
}
