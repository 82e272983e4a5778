// Import and export-list statements of a file, found on the code view: `import … from`,
// `export { … } from`, `export { a }`, `require("…")`, `import("…")`, Python `import` /
// `from … import (…)`, Go `import "…"` and each spec of an `import ( … )` block.
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

/** A cheap filter before any pattern: every statement kind spells one of these words. */
const MODULE_WORD = /import|export|require/;
const JS_START = /^\s*(?:import\b(?!\s*[(.])|export\s+(?:type\s+)?[{*])/;
const JS_INLINE = /\b(?:require|import)\s*\(\s*['"`]/;
const PY_START = /^\s*(?:import\s|from\s+\S+\s+import\b)/;
const GO_SINGLE = /^\s*import\s+(?:[\w.]+\s+)?"/;
const GO_BLOCK = /^\s*import\s*\(/;

/** The statements of one file, found from the top down as far as anyone has asked. */
export class ModuleStatements {
  private readonly found: Statement[] = [];
  /** For each line scanned, the index of the statement covering it, or -1. */
  private readonly byLine: number[] = [];

  constructor(private readonly view: CodeView) {}

  /** The statement covering line `index` (0-based), if any. */
  at(index: number): Statement | undefined {
    this.scanTo(index);
    return this.found[this.byLine[index] ?? -1];
  }

  all(): readonly Statement[] {
    this.scanTo(this.view.length - 1);
    return this.found;
  }

  private scanTo(index: number): void {
    const view = this.view;
    const startsStatement = view.family === "py" ? PY_START : view.family === "go" ? GO_SINGLE : JS_START;
    for (let i = this.byLine.length; i <= index && i < view.length; i = this.byLine.length) {
      if (!MODULE_WORD.test(view.lines[i]!)) {
        this.byLine.push(-1);
        continue;
      }
      const masked = view.masked(i);
      if (view.family === "go" && GO_BLOCK.test(masked)) this.goBlock(i);
      else if (startsStatement.test(masked)) {
        this.add(i, view.family === "py" ? pythonEnd(view, i) : view.family === "js" ? jsEnd(view, i) : i, false);
      } else if (view.family === "js" && JS_INLINE.test(masked)) this.add(i, i, true);
      else this.byLine.push(-1);
    }
  }

  private add(start: number, end: number, inline: boolean): void {
    for (let i = this.byLine.length; i < start; i++) this.byLine.push(-1);
    for (let i = start; i <= end; i++) this.byLine.push(this.found.length);
    this.found.push({ start, end, inline });
  }

  /** Each spec line of `import ( … )` is a statement of its own. */
  private goBlock(open: number): void {
    const view = this.view;
    if (view.masked(open).includes(")")) return this.add(open, open, false);
    this.byLine.push(-1);
    for (let i = open + 1; i < view.length; i++) {
      const masked = view.masked(i);
      if (masked.trim().startsWith(")")) {
        this.byLine.push(-1);
        return;
      }
      if (masked.includes('"')) this.add(i, i, false);
      else this.byLine.push(-1);
    }
  }
}

/** A line inside a multi-line import list: names, `as` aliases, `type`, commas and nothing else. */
const LIST_MEMBER = /^\s*(?:(?:type\s+)?[\w$]+(?:\s+as\s+[\w$]+)?\s*,\s*)*(?:(?:type\s+)?[\w$]+(?:\s+as\s+[\w$]+)?\s*)?$/;
const LIST_OPENER = /^\s*(?:import\b(?:\s+type)?[^(]*\{|export\s+(?:type\s+)?\{|from\s+\S+\s+import\s*\(|import\s*\()\s*[^)}]*$/;

/**
 * Is line `index` part of an import or export-list statement, judged from the line and the
 * ones just above it? Call mode asks this only about lines that hold the name, so it need
 * not scan the file from the top.
 */
export function withinImportStatement(view: CodeView, index: number): boolean {
  const masked = view.masked(index);
  const starts = view.family === "py" ? PY_START : view.family === "go" ? GO_SINGLE : JS_START;
  if (starts.test(masked) || (view.family === "go" && GO_BLOCK.test(masked))) return true;
  if (!LIST_MEMBER.test(masked)) return false;
  for (let i = index - 1; i >= 0 && index - i <= MAX_STATEMENT_LINES; i--) {
    const above = view.masked(i);
    if (LIST_OPENER.test(above)) return true;
    if (!LIST_MEMBER.test(above)) return false;
  }
  return false;
}

const cache = new WeakMap<CodeView, ModuleStatements>();

export function moduleStatements(view: CodeView): ModuleStatements {
  let statements = cache.get(view);
  if (!statements) cache.set(view, (statements = new ModuleStatements(view)));
  return statements;
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
    const next = view.masked(i + 1);
    if (isExport && !/^\s*from\b/.test(next)) return i;
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
