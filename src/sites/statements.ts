// Import and export-list statements, recognised around one line of the code view: `import …
// from`, `export { … } from`, `export { a }`, `require("…")`, `import("…")`, Python `import` /
// `from … import (…)`, Go `import "…"` and each spec of an `import ( … )` block. Judged from
// the line and its neighbours only, so a question about one line never scans the whole file.
import type { CodeView } from "./mask";

/** 0-based, inclusive. */
export interface Statement {
  start: number;
  end: number;
  /** `require("…")` / `import("…")` inside other code, which may hold calls too. */
  inline: boolean;
}

/** A statement that runs on longer than this is not an import. */
const MAX_STATEMENT_LINES = 200;

const JS_START = /^\s*(?:import\b(?!\s*[(.])|export\s+(?:type\s+)?[{*])/;
const JS_INLINE = /\b(?:require|import)\s*\(\s*['"`]/;
/** The last line of a multi-line import: `} from "./x";`. */
const JS_FROM_TAIL = /^\s*\}?\s*from\s*['"]/;
const PY_START = /^\s*(?:import\s|from\s+\S+\s+import\b)/;
const GO_SINGLE = /^\s*import\s+(?:[\w.]+\s+)?"/;
const GO_BLOCK = /^\s*import\s*\(/;
/** A spec inside Go's `import ( … )`, string contents already blanked. */
const GO_SPEC = /^\s*(?:[\w.]+\s+)?"\s*"\s*$/;

/** A line inside a multi-line import list: names, `as` aliases, `type`, commas and nothing else. */
const LIST_MEMBER = /^\s*(?:(?:type\s+)?[\w$]+(?:\s+as\s+[\w$]+)?\s*,\s*)*(?:(?:type\s+)?[\w$]+(?:\s+as\s+[\w$]+)?\s*)?$/;
const LIST_OPENER =
  /^\s*(?:import\b(?:\s+type)?[^(]*\{|export\s+(?:type\s+)?\{|from\s+\S+\s+import\s*\()[^)}]*$/;

/** Most lines hold punctuation a list member cannot; the full pattern runs only on the rest. */
const NOT_IN_LIST = /[^\w$\s,]/;

function isListMember(masked: string): boolean {
  return !NOT_IN_LIST.test(masked) && LIST_MEMBER.test(masked);
}

/** Every statement line names one of these, or is a bare list member or a Go spec string. */
const MODULE_WORD = /import|export|require|from/;
/** A raw line that could be a list member: names and commas, perhaps a trailing comment. */
const RAW_LIST_MEMBER = /^[\s\w$,]*(?:(?:\/\/|#|\/\*).*)?$/;

/** A cheap look at the raw line: could it belong to an import statement at all? */
function mayBeInStatement(raw: string, family: CodeView["family"]): boolean {
  return MODULE_WORD.test(raw) || RAW_LIST_MEMBER.test(raw) || (family === "go" && raw.includes('"'));
}

/** The import or export-list statement that line `index` (0-based) belongs to, if any. */
export function statementAt(view: CodeView, index: number): Statement | undefined {
  if (!mayBeInStatement(view.lines[index]!, view.family)) return undefined;
  const masked = view.masked(index);
  if (view.family === "go") return goStatementAt(view, index, masked);
  const starts = view.family === "py" ? PY_START : JS_START;
  if (starts.test(masked)) return statementFrom(view, index);
  const inList = isListMember(masked);
  const tail = view.family === "js" && JS_FROM_TAIL.test(masked);
  if (inList || tail || (view.family === "py" && masked.trim() === ")")) {
    const opener = listOpenerAbove(view, index);
    if (opener !== undefined) {
      const statement = statementFrom(view, opener);
      if (statement.end >= index) return statement;
    }
  }
  if (view.family === "py") return pythonContinuation(view, index);
  if (JS_INLINE.test(masked)) return { start: index, end: index, inline: true };
  return undefined;
}

/** The line opening a multi-line import list above `index`, through list members only. */
function listOpenerAbove(view: CodeView, index: number): number | undefined {
  for (let i = index - 1; i >= 0 && index - i <= MAX_STATEMENT_LINES; i--) {
    const above = view.masked(i);
    if (LIST_OPENER.test(above)) return i;
    if (!isListMember(above)) return undefined;
  }
  return undefined;
}

function statementFrom(view: CodeView, start: number): Statement {
  const end = view.family === "py" ? pythonEnd(view, start) : jsEnd(view, start);
  return { start, end, inline: false };
}

/** A line continued from an import above by a trailing backslash. */
function pythonContinuation(view: CodeView, index: number): Statement | undefined {
  let start = index;
  while (start > 0 && view.masked(start - 1).trimEnd().endsWith("\\")) start--;
  if (start === index || !PY_START.test(view.masked(start))) return undefined;
  const statement = statementFrom(view, start);
  return statement.end >= index ? statement : undefined;
}

/** Each spec of `import ( … )` is a statement of its own, as the graph records them. */
function goStatementAt(view: CodeView, index: number, masked: string): Statement | undefined {
  if (GO_SINGLE.test(masked)) return { start: index, end: index, inline: false };
  if (GO_BLOCK.test(masked)) return masked.includes('"') ? { start: index, end: index, inline: false } : undefined;
  if (!GO_SPEC.test(masked)) return undefined;
  for (let i = index - 1; i >= 0 && index - i <= MAX_STATEMENT_LINES; i--) {
    const above = view.masked(i);
    if (GO_BLOCK.test(above)) return { start: index, end: index, inline: false };
    if (!GO_SPEC.test(above) && above.trim() !== "") return undefined;
  }
  return undefined;
}

/** Ends where braces are closed and the specifier (a quote) or a `;` has been seen. */
function jsEnd(view: CodeView, start: number): number {
  let depth = 0;
  const isExport = view.masked(start).trimStart().startsWith("export");
  for (let i = start; i < view.length && i - start < MAX_STATEMENT_LINES; i++) {
    const masked = view.masked(i);
    for (const ch of masked) {
      if (ch === "{") depth++;
      else if (ch === "}") depth--;
    }
    if (depth > 0) continue;
    if (/['"`;]/.test(masked)) return i;
    if (isExport && !/^\s*from\b/.test(view.masked(i + 1))) return i;
  }
  return start;
}

/** Parentheses or a trailing backslash carry a Python import onto further lines. */
function pythonEnd(view: CodeView, start: number): number {
  let depth = 0;
  for (let i = start; i < view.length && i - start < MAX_STATEMENT_LINES; i++) {
    const masked = view.masked(i);
    for (const ch of masked) {
      if (ch === "(") depth++;
      else if (ch === ")") depth--;
    }
    if (depth <= 0 && !masked.trimEnd().endsWith("\\")) return i;
  }
  return start;
}
