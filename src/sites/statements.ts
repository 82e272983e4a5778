// Import and export-list statements, recognised around one line of the code view as the
// file's language writes them (SiteSyntax.imports): a statement opened by a keyword that may
// run on through a bracketed list (`import { … } from`, `from … import (…)`), an import inside
// other code (`require("…")`), or one statement per spec of an `import ( … )` block. Judged
// from the line and its neighbours only, so a question about one line never scans the whole
// file.
import type { CodeView } from "./mask";
import type { ImportSpecBlocks, ImportStatements, ImportSyntax } from "./syntax";

/** 0-based, inclusive. */
export interface Statement {
  start: number;
  end: number;
  /** `require("…")` / `import("…")` inside other code, which may hold calls too. */
  inline: boolean;
}

/** A statement that runs on longer than this is not an import. */
const MAX_STATEMENT_LINES = 200;

/** A line inside a multi-line import list: names, `as` aliases, `type`, commas and nothing else. */
const LIST_MEMBER = /^\s*(?:(?:type\s+)?[\w$]+(?:\s+as\s+[\w$]+)?\s*,\s*)*(?:(?:type\s+)?[\w$]+(?:\s+as\s+[\w$]+)?\s*)?$/;

/** Most lines hold punctuation a list member cannot; the full pattern runs only on the rest. */
const NOT_IN_LIST = /[^\w$\s,]/;

function isListMember(masked: string): boolean {
  return !NOT_IN_LIST.test(masked) && LIST_MEMBER.test(masked);
}

/** A raw line that could be a list member: names and commas, perhaps a trailing comment. */
const RAW_LIST_MEMBER = /^[\s\w$,]*(?:(?:\/\/|#|\/\*).*)?$/;

/**
 * A cheap look at the raw line: could it belong to an import statement at all? Every statement
 * line names an import word of some language, or is a bare list member or a spec's string.
 */
function mayBeInStatement(raw: string, imports: ImportSyntax): boolean {
  return (imports.firstLook ?? imports.words).test(raw) || RAW_LIST_MEMBER.test(raw) || (imports.form === "spec-blocks" && raw.includes('"'));
}

/** The import or export-list statement that line `index` (0-based) belongs to, if any. */
export function statementAt(view: CodeView, index: number): Statement | undefined {
  const imports = view.syntax.imports;
  if (!mayBeInStatement(view.lines[index]!, imports)) return undefined;
  const masked = view.masked(index);
  if (imports.form === "spec-blocks") return specStatementAt(imports, view, index, masked);
  if (imports.start.test(masked)) return statementFrom(view, imports, index);
  if (isListMember(masked) || imports.listCloser.test(masked)) {
    const opener = listOpenerAbove(view, imports, index);
    if (opener !== undefined) {
      const statement = statementFrom(view, imports, opener);
      if (statement.end >= index) return statement;
    }
  }
  if (imports.backslashContinuations) return continuation(view, imports, index);
  if (imports.inline?.test(masked)) return { start: index, end: index, inline: true };
  return undefined;
}

/** The line opening a multi-line import list above `index`, through list members only. */
function listOpenerAbove(view: CodeView, imports: ImportStatements, index: number): number | undefined {
  for (let i = index - 1; i >= 0 && index - i <= MAX_STATEMENT_LINES; i--) {
    const above = view.masked(i);
    if (imports.listOpener.test(above)) return i;
    if (!isListMember(above)) return undefined;
  }
  return undefined;
}

function statementFrom(view: CodeView, imports: ImportStatements, start: number): Statement {
  const end = imports.end === "parentheses" ? parenthesesEnd(view, start) : specifierEnd(view, start);
  return { start, end, inline: false };
}

/** A line continued from an import above by a trailing backslash. */
function continuation(view: CodeView, imports: ImportStatements, index: number): Statement | undefined {
  let start = index;
  while (start > 0 && view.masked(start - 1).trimEnd().endsWith("\\")) start--;
  if (start === index || !imports.start.test(view.masked(start))) return undefined;
  const statement = statementFrom(view, imports, start);
  return statement.end >= index ? statement : undefined;
}

/** Each spec of `import ( … )` is a statement of its own, as the graph records them. */
function specStatementAt(imports: ImportSpecBlocks, view: CodeView, index: number, masked: string): Statement | undefined {
  if (imports.single.test(masked)) return { start: index, end: index, inline: false };
  if (imports.block.test(masked)) return masked.includes('"') ? { start: index, end: index, inline: false } : undefined;
  if (!imports.spec.test(masked)) return undefined;
  for (let i = index - 1; i >= 0 && index - i <= MAX_STATEMENT_LINES; i--) {
    const above = view.masked(i);
    if (imports.block.test(above)) return { start: index, end: index, inline: false };
    if (!imports.spec.test(above) && above.trim() !== "") return undefined;
  }
  return undefined;
}

/** Ends where braces are closed and the specifier (a quote) or a `;` has been seen. */
function specifierEnd(view: CodeView, start: number): number {
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

/** Parentheses or a trailing backslash carry the statement onto further lines. */
function parenthesesEnd(view: CodeView, start: number): number {
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
