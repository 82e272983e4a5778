// Recognising the line that declares a name: `function f`, `class C`, `def f`, `func (r T) f`,
// `const f =`, a method header `f(…) {`. Used to re-anchor a span and to skip a name's own
// declaration when looking for its uses.
import type { Family } from "./mask";
import { closeOnLine, identifierColumns, openParens, skipSpaces } from "./words";

const JS_KEYWORD_BEFORE = /(?:\bfunction\b\s*\*?\s*|\b(?:class|interface|type|enum|namespace|module|const|let|var)\s+)$/;
const JS_MODIFIERS_ONLY =
  /^\s*(?:(?:export|default|public|private|protected|static|readonly|async|abstract|override|declare|get|set|accessor)\s+)*[*#]?$/;
const JS_FUNCTION_VALUE = /^[?!]?\s*[:=]\s*(?:async\s+)?(?:function\b|\(|<|[\w$]+\s*=>)/;
const PY_KEYWORD_BEFORE = /^\s*(?:async\s+def|def|class)\s+$/;
const GO_KEYWORD_BEFORE = /^\s*(?:func\s+(?:\([^)]*\)\s*)?|type\s+)$/;
const GO_TYPE_IN_GROUP = /^\s+(?:struct|interface)\b/;
const WHITESPACE_ONLY = /^\s*$/;

/**
 * Does the code at `column` declare the name that starts there? Keyword forms always count;
 * member forms (method headers, function-valued fields) only when `members` is set, since a
 * statement like `parse(x)` at the start of a line looks much the same.
 */
export function declaresAt(
  masked: string,
  column: number,
  name: string,
  family: Family,
  members: boolean,
  below: LinesBelow = NO_LINES_BELOW,
): boolean {
  const before = masked.slice(0, column);
  const afterAt = column + name.length;
  if (family === "py") return PY_KEYWORD_BEFORE.test(before);
  if (family === "go") {
    if (GO_KEYWORD_BEFORE.test(before)) return true;
    if (!WHITESPACE_ONLY.test(before)) return false;
    const after = masked.slice(afterAt);
    if (GO_TYPE_IN_GROUP.test(after)) return true;
    return members && isGoMethodSpec(masked, afterAt);
  }
  if (JS_KEYWORD_BEFORE.test(before)) return true;
  if (!JS_MODIFIERS_ONLY.test(before)) return false;
  return isJsMemberHeader(masked, afterAt, below) || (members && JS_FUNCTION_VALUE.test(masked.slice(afterAt)));
}

/** The masked lines after the current one: `below(1)` is the next; undefined past the end. */
export type LinesBelow = (offset: number) => string | undefined;
const NO_LINES_BELOW: LinesBelow = () => undefined;
/** A parameter list longer than this many lines is not worth following. */
const HEADER_LINES = 12;

/** `name(…) {` or `name<T>(…): R`: what follows the parameter list tells a header from a call. */
function isJsMemberHeader(masked: string, afterName: number, below: LinesBelow): boolean {
  let at = skipSpaces(masked, afterName);
  if (masked[at] === "?" || masked[at] === "!") at = skipSpaces(masked, at + 1);
  if (masked[at] === "<") {
    const closed = closeOnLine(masked, at);
    if (closed < 0) return false;
    at = skipSpaces(masked, closed);
  }
  if (masked[at] !== "(") return false;
  const closed = closeOnLine(masked, at);
  const next = closed >= 0 ? masked[skipSpaces(masked, closed)] : afterParameterList(masked.slice(at), below);
  return next === "{" || next === ":";
}

/** The first character after a parameter list that runs onto the lines below. */
function afterParameterList(opening: string, below: LinesBelow): string | undefined {
  let depth = openParens(opening);
  for (let offset = 1; offset <= HEADER_LINES && depth > 0; offset++) {
    const line = below(offset);
    if (line === undefined) return undefined;
    for (let i = 0; i < line.length; i++) {
      if (line[i] === "(") depth++;
      else if (line[i] === ")" && --depth === 0) return line[skipSpaces(line, i + 1)] ?? below(offset + 1)?.trim()[0];
    }
  }
  return undefined;
}

/** An interface method spec `Name(args) Result` (or `Name()` with no result). */
function isGoMethodSpec(masked: string, afterName: number): boolean {
  const at = skipSpaces(masked, afterName);
  if (masked[at] !== "(") return false;
  const closed = closeOnLine(masked, at);
  if (closed < 0) return false;
  const rest = masked.slice(closed).trim();
  return rest === "" || /^[\w*([]/.test(rest);
}

/** Column of a declaration of `name` on this line, or -1. */
export function declarationColumn(
  masked: string,
  name: string,
  family: Family,
  members: boolean,
  below: LinesBelow = NO_LINES_BELOW,
): number {
  for (const column of identifierColumns(masked, name)) {
    if (declaresAt(masked, column, name, family, members, below)) return column;
  }
  return -1;
}
