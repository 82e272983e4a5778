// Re-anchoring a scope's span to the file as it is now: find the declaration nearest to where
// the graph saw it, then let the brace or indentation structure say where it ends.
import { declarationColumn, type LinesBelow } from "./declarations";
import type { CodeView } from "./mask";
import { indentOf } from "./words";

export interface Scope {
  name: string;
  kind: string;
  startLine: number;
  endLine: number;
}

/** 1-based, inclusive. */
export interface Span {
  startLine: number;
  endLine: number;
}

/** How far past the declaration line a body's opening brace may be looked for. */
const HEADER_LINES = 30;

/** The declaration's short name: the graph may hand over "Class.method". */
export function shortName(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? name : name.slice(dot + 1);
}

/** Where the scope's declaration is now, or undefined when no line declares it. */
export function reanchorSpan(view: CodeView, scope: Scope): Span | undefined {
  const name = shortName(scope.name);
  if (name === "" || view.length === 0) return undefined;
  const found =
    nearestDeclaration(view, name, scope.startLine - 1, scope.kind === "method") ??
    (scope.kind === "method" ? undefined : nearestDeclaration(view, name, scope.startLine - 1, true));
  if (!found) return undefined;
  const start = firstDecoratorLine(view, found.line);
  const recordedLength = Math.max(0, scope.endLine - scope.startLine);
  const structuralEnd = view.family === "py" ? indentedEnd(view, found.line, found.column) : bracedEnd(view, found.line, found.column);
  const end = structuralEnd ?? Math.min(view.length - 1, start + recordedLength);
  return { startLine: start + 1, endLine: Math.max(end, found.line) + 1 };
}

/** The recorded span, clamped to the file. */
export function clampedSpan(view: CodeView, scope: Scope): Span {
  const last = Math.max(1, view.length);
  const startLine = Math.min(Math.max(1, scope.startLine), last);
  return { startLine, endLine: Math.min(Math.max(startLine, scope.endLine), last) };
}

function linesBelow(view: CodeView, line: number): LinesBelow {
  return (offset) => (line + offset < view.length ? view.masked(line + offset) : undefined);
}

/** Searches outward from `origin` (0-based); on a tie the line below wins (lines inserted above). */
function nearestDeclaration(
  view: CodeView,
  name: string,
  origin: number,
  members: boolean,
): { line: number; column: number } | undefined {
  const from = Math.min(Math.max(0, origin), view.length - 1);
  const reach = Math.max(from, view.length - 1 - from);
  for (let distance = 0; distance <= reach; distance++) {
    for (const line of distance === 0 ? [from] : [from + distance, from - distance]) {
      if (line < 0 || line >= view.length || !view.lines[line]!.includes(name)) continue;
      const column = declarationColumn(view.masked(line), name, view.family, members, linesBelow(view, line));
      if (column >= 0) return { line, column };
    }
  }
  return undefined;
}

/** Decorators directly above a declaration belong to its span. */
function firstDecoratorLine(view: CodeView, line: number): number {
  let start = line;
  while (start > 0 && view.family !== "go" && view.masked(start - 1).trimStart().startsWith("@")) start--;
  return start;
}

/**
 * TS/JS/Go: the first `{` outside parentheses after the name opens the body; its match ends
 * the span. A statement that ends first (`;`, or a line that does not continue) has no body.
 * A closed `{…}` followed by `{`, `=>`, `>`, … was a type (`f(): {a: T} {`), so the search goes on.
 */
function bracedEnd(view: CodeView, line: number, column: number): number | undefined {
  let nesting = 0;
  let bodyDepth = 0;
  for (let i = line; i < view.length; i++) {
    const masked = view.masked(i);
    for (let c = i === line ? column : 0; c < masked.length; c++) {
      const ch = masked[c];
      if (bodyDepth > 0) {
        if (ch === "{" || ch === "(" || ch === "[") bodyDepth++;
        else if ((ch === "}" || ch === ")" || ch === "]") && --bodyDepth === 0) {
          if (!TYPE_GOES_ON.test(masked.slice(c + 1))) return i;
        }
      } else if (ch === "(" || ch === "[" || (ch === "{" && nesting > 0)) nesting++;
      else if (ch === ")" || ch === "]" || ch === "}") nesting = Math.max(0, nesting - 1);
      else if (ch === "{") bodyDepth = 1;
      else if (ch === ";" && nesting === 0) return i;
    }
    if (bodyDepth === 0 && nesting === 0 && !statementContinues(view, i)) return i;
    if (bodyDepth === 0 && i - line >= HEADER_LINES) return undefined;
  }
  return undefined;
}

/** After a closed `{…}` in a header: it was a type (a return type, a generic constraint). */
const TYPE_GOES_ON = /^\s*(?:[{>,|&[]|=>)/;
const CONTINUES_AFTER = /(?:[=,(|&+\-*/?:.<[{]|=>|\bextends|\bimplements)\s*$/;
const CONTINUES_BEFORE = /^\s*(?:[.{|&?:=)]|extends\b|implements\b)/;

/** Does the statement at line `i` (at nesting depth 0) go on to the next line? */
function statementContinues(view: CodeView, i: number): boolean {
  const masked = view.masked(i);
  if (masked.trim() === "" || CONTINUES_AFTER.test(masked)) return true;
  for (let next = i + 1; next < view.length; next++) {
    const following = view.masked(next);
    if (following.trim() !== "") return CONTINUES_BEFORE.test(following);
  }
  return false;
}

/**
 * Python: the header runs to the `:` outside brackets; the body is every following line
 * indented deeper than the declaration (blank lines, comments, continuation lines and the
 * inside of multi-line strings do not end it).
 */
function indentedEnd(view: CodeView, line: number, column: number): number | undefined {
  const indent = indentOf(view.lines[line]!);
  let depth = 0;
  let headerEnd = -1;
  for (let i = line; i < view.length && headerEnd < 0 && i - line < HEADER_LINES; i++) {
    const masked = view.masked(i);
    for (let c = i === line ? column : 0; c < masked.length; c++) {
      const ch = masked[c];
      if (ch === "(" || ch === "[" || ch === "{") depth++;
      else if (ch === ")" || ch === "]" || ch === "}") depth--;
      else if (ch === ":" && depth === 0) {
        if (masked.slice(c + 1).trim() !== "") return i;
        headerEnd = i;
        break;
      }
    }
  }
  if (headerEnd < 0) return undefined;
  let end = headerEnd;
  depth = 0;
  for (let i = headerEnd + 1; i < view.length; i++) {
    const masked = view.masked(i);
    const blank = masked.trim() === "";
    const continuation = depth > 0 || view.startsInside(i);
    if (!blank && !continuation && indentOf(masked) <= indent) break;
    if (!blank || continuation) end = i;
    for (let c = 0; c < masked.length; c++) {
      const ch = masked[c];
      if (ch === "(" || ch === "[" || ch === "{") depth++;
      else if ((ch === ")" || ch === "]" || ch === "}") && depth > 0) depth--;
    }
  }
  return end;
}
