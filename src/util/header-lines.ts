// A declaration's header laid out over several lines, read as one line: each line trimmed, its
// line comment dropped, joined by a space, except after an opening bracket and before a closing
// one (where a trailing comma goes too): `fetchQuery<` ⏎ `T,` ⏎ `>(` ⏎ `a: A,` ⏎ `): R {` reads
// `fetchQuery<T>(a: A): R {`. The extractors record signatures so (lang/signature), and the site
// finders read a declaration's lines back so to recognise it (sites/span).

const OPENS = new Set(["(", "[", "<", "{"]);
const CLOSES = new Set([")", "]", ">", "}"]);

/** The lines joined, stopping once the text is `max` long (and cut there). */
export function joinHeaderLines(lines: Iterable<string>, lineComment: string, max: number): string {
  let joined = "";
  for (const raw of lines) {
    const line = withoutComment(raw, lineComment).trim();
    if (line === "") continue;
    const last = joined[joined.length - 1];
    if (joined === "" || OPENS.has(last!)) joined += line;
    else if (CLOSES.has(line[0]!)) joined = joined.replace(/,$/, "") + line;
    else joined += ` ${line}`;
    if (joined.length >= max) break;
  }
  return joined.slice(0, max);
}

/** A comment to the line's end, where the marker opens the line or follows a space (not `http://`). */
function withoutComment(line: string, marker: string): string {
  for (let at = line.indexOf(marker); at >= 0; at = line.indexOf(marker, at + 1)) {
    if (at === 0 || /\s/.test(line[at - 1]!)) return line.slice(0, at);
  }
  return line;
}
