// Whole-identifier search in a line of code, and the small lexical helpers around it.

/** Letters, digits, `_`, `$`, and anything non-ASCII (identifiers may use it). */
function isIdentifierChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 36 ||
    code > 127
  );
}

/** Columns where `name` occurs in `line` not glued to other identifier characters. */
export function identifierColumns(line: string, name: string): number[] {
  const columns: number[] = [];
  if (name.length === 0) return columns;
  const edgeBefore = isIdentifierChar(name.charCodeAt(0));
  const edgeAfter = isIdentifierChar(name.charCodeAt(name.length - 1));
  let from = 0;
  for (;;) {
    const at = line.indexOf(name, from);
    if (at < 0) return columns;
    const end = at + name.length;
    const freeBefore = !edgeBefore || at === 0 || !isIdentifierChar(line.charCodeAt(at - 1));
    const freeAfter = !edgeAfter || end >= line.length || !isIdentifierChar(line.charCodeAt(end));
    if (freeBefore && freeAfter) columns.push(at);
    from = at + 1;
  }
}

/** Index of the first non-space character at or after `from`, or the line's length. */
export function skipSpaces(line: string, from: number): number {
  let i = from;
  while (i < line.length && (line[i] === " " || line[i] === "\t" || line[i] === "\r")) i++;
  return i;
}

const OPENERS: Record<string, string> = { "(": ")", "[": "]", "{": "}", "<": ">" };

/**
 * Index just past the bracket that closes the one at `open`, on this line only; -1 when it
 * stays open. For angle brackets a `;` or parenthesis outside braces means a comparison,
 * not type arguments, and `=>` is an arrow.
 */
export function closeOnLine(line: string, open: number): number {
  const opener = line[open]!;
  const closer = OPENERS[opener];
  if (!closer) return -1;
  let depth = 0;
  let braces = 0; // type literals inside type arguments may hold `;`
  for (let i = open; i < line.length; i++) {
    const c = line[i];
    if (c === opener) depth++;
    else if (c === closer && !(opener === "<" && line[i - 1] === "=")) {
      depth--;
      if (depth === 0) return i + 1;
    } else if (opener === "<") {
      if (c === "{") braces++;
      else if (c === "}") braces--;
      else if (braces === 0 && (c === ";" || c === "(" || c === ")")) return -1;
    }
  }
  return -1;
}

/** How many more `(` than `)` the line has (a call left open is positive). */
export function openParens(line: string): number {
  let balance = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 40) balance++;
    else if (c === 41) balance--;
  }
  return balance;
}

/** Leading whitespace width (a tab counts as one; only comparisons within a file matter). */
export function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && (line[i] === " " || line[i] === "\t")) i++;
  return i;
}

/** Index of the last non-space character before `column`, or -1. */
export function lastNonSpaceBefore(line: string, column: number): number {
  let i = column - 1;
  while (i >= 0 && (line[i] === " " || line[i] === "\t")) i--;
  return i;
}

/** The identifier that ends just before `column` (spaces between allowed), and where it starts. */
export function wordBefore(line: string, column: number): { word: string; start: number } {
  const end = lastNonSpaceBefore(line, column) + 1;
  let start = end;
  while (start > 0 && isIdentifierChar(line.charCodeAt(start - 1))) start--;
  return { word: line.slice(start, end), start };
}
