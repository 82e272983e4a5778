// How far a declaration reaches: the decorators above it, and where its body ends below, by
// the brace structure or the indentation of the file as it is now.
import { type DeclarationForms, declarationColumn, type LinesBelow } from "./declarations";
import type { CodeView } from "./mask";
import { indentOf, lastNonSpaceBefore } from "./words";

/** How far past the declaration line a body's opening brace may be looked for. */
const HEADER_LINES = 30;

export function linesBelow(view: CodeView, line: number): LinesBelow {
  return (offset) => (line + offset < view.length ? view.masked(line + offset) : undefined);
}

/** Decorators directly above a declaration belong to its span. */
export function firstDecoratorLine(view: CodeView, line: number): number {
  if (!view.syntax.decorators) return line;
  let start = line;
  for (;;) {
    const decorator = decoratorEndingAt(view, start - 1);
    if (decorator < 0) return start;
    start = decorator;
  }
}

/** Decorator arguments longer than this many lines are not followed up. */
const DECORATOR_LINES = 30;

/** The line a decorator ending on line `end` begins on (`@x`, or `@x(` … `)`), or -1. */
function decoratorEndingAt(view: CodeView, end: number): number {
  if (end < 0) return -1;
  let depth = 0;
  for (let i = end; i >= 0 && end - i < DECORATOR_LINES; i--) {
    const masked = view.masked(i);
    for (let c = masked.length - 1; c >= 0; c--) {
      const ch = masked[c];
      if (ch === ")" || ch === "]" || ch === "}") depth++;
      else if (ch === "(" || ch === "[" || ch === "{") depth--;
    }
    if (depth <= 0) return masked.trimStart().startsWith("@") ? i : -1;
  }
  return -1;
}

/**
 * Overloads: signatures followed by the implementation are one entity to the graph, so a
 * span that starts at a signature runs on through the declarations of the same name that
 * follow it. (A signature may look like it has a body when it returns an object type.)
 */
export function throughOverloads(
  view: CodeView,
  name: string,
  line: number,
  column: number,
  forms: DeclarationForms,
): number | undefined {
  let end = bracedEnd(view, line, column);
  while (end !== undefined && view.syntax.overloads) {
    const next = nextCodeLine(view, end + 1);
    const masked = next < 0 ? "" : view.masked(next);
    if (NOT_AN_OVERLOAD.test(masked)) break;
    const nextColumn = next < 0 ? -1 : declarationColumn(masked, name, view.syntax, forms, linesBelow(view, next));
    if (nextColumn < 0) break;
    end = bracedEnd(view, next, nextColumn);
  }
  return end;
}

/** A namespace, interface, type or class of the same name merges with a function; it is not an overload. */
const NOT_AN_OVERLOAD = /\b(?:namespace|module|interface|type|class|enum)\s+[\w$]/;

/** The first line at or after `from` that holds code, or -1. */
function nextCodeLine(view: CodeView, from: number): number {
  for (let i = from; i < view.length; i++) if (view.masked(i).trim() !== "") return i;
  return -1;
}

/**
 * Braces: the first `{` outside parentheses after the name opens the body; its match ends
 * the span. A statement that ends first (`;`, or a line that does not continue) has no body.
 * Type parameter lists count as nesting, so object types inside them are not the body.
 * A closed `{…}` followed by `{`, `=>`, `>`, … was a type (`f(): {a: T} {`), so the search goes on.
 */
export function bracedEnd(view: CodeView, line: number, column: number): number | undefined {
  // Angle brackets nest only where they hold type arguments (Go's `<-` is a channel).
  const typeArguments = view.syntax.typeArguments === "<";
  let nesting = 0;
  let angles = 0;
  let bodyDepth = 0;
  for (let i = line; i < view.length; i++) {
    const masked = view.masked(i);
    for (let c = i === line ? column : 0; c < masked.length; c++) {
      const ch = masked[c];
      if (bodyDepth > 0) {
        if (ch === "{" || ch === "(" || ch === "[") bodyDepth++;
        else if ((ch === "}" || ch === ")" || ch === "]") && --bodyDepth === 0) {
          const rest = masked.slice(c + 1);
          if (!TYPE_GOES_ON.test(rest) && !(rest.trim() === "" && continuesBelow(view, i))) return i;
        }
      } else if (typeArguments && ch === "<" && opensTypeArguments(masked, c)) angles++;
      else if (ch === ">" && angles > 0 && masked[c - 1] !== "=") angles--;
      else if (ch === "(" || ch === "[" || (ch === "{" && (nesting > 0 || angles > 0 || masked[c - 1] === "$"))) nesting++;
      else if (ch === ")" || ch === "]" || ch === "}") nesting = Math.max(0, nesting - 1);
      else if (ch === "{") bodyDepth = 1;
      else if (ch === ";" && nesting === 0 && angles === 0) return i;
    }
    const open = nesting > 0 || angles > 0;
    if (bodyDepth === 0 && !open && !statementContinues(view, i)) return i;
    if (bodyDepth === 0 && i - line >= HEADER_LINES) return undefined;
  }
  return undefined;
}

/**
 * Is the `<` at `at` the start of type parameters or arguments rather than a comparison?
 * Type arguments touch what they follow (`Array<T>`, `f<T>(`) or come after `=`, `(`, `,`,
 * `:` or a line break (`= <T>(x: T) =>`); a comparison stands apart (`i < n`). `<=` and
 * `<<` are operators.
 */
function opensTypeArguments(masked: string, at: number): boolean {
  const next = masked[at + 1];
  const touching = masked[at - 1];
  if (next === "=" || next === "<" || touching === "<") return false;
  if (touching !== undefined && touching !== " " && touching !== "\t") return true;
  const before = lastNonSpaceBefore(masked, at);
  return before < 0 || "=(,:|&<".includes(masked[before]!);
}

/** After a closed `{…}` in a header: it was a type (a return type, a constraint, an annotation before `=`). */
const TYPE_GOES_ON = /^\s*(?:[{>,|&[=?:]|extends\b)/;
const CONTINUES_AFTER = /(?:[=,(|&+\-*/?:.<[{]|=>|\bextends|\bimplements)\s*$/;
const CONTINUES_BEFORE = /^\s*(?:[.{|&?:=)>\]]|extends\b|implements\b)/;

/** Does the statement at line `i` (at nesting depth 0) go on to the next line? */
function statementContinues(view: CodeView, i: number): boolean {
  const masked = view.masked(i);
  const openIntoNext = i + 1 < view.length && view.startsInside(i + 1); // a template or string runs on
  return masked.trim() === "" || openIntoNext || CONTINUES_AFTER.test(masked) || continuesBelow(view, i);
}

/** Does the next line holding code carry on the expression (`.then(`, `? a`, `: b`, `| T`)? */
function continuesBelow(view: CodeView, i: number): boolean {
  if (view.syntax.newlineEndsStatements) return false;
  const next = nextCodeLine(view, i + 1);
  return next >= 0 && CONTINUES_BEFORE.test(view.masked(next));
}

/**
 * Indentation: the header runs to the `:` outside brackets; the body is every following line
 * indented deeper than the declaration (blank lines, comments, continuation lines and the
 * inside of multi-line strings do not end it; comments indented into it belong to it).
 */
export function indentedEnd(view: CodeView, line: number, column: number): number | undefined {
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
    // A comment indented into the body belongs to it, as the grammar sees it.
    const bodyComment = blank && view.lines[i]!.trim() !== "" && indentOf(view.lines[i]!) > indent;
    if (!blank || continuation || bodyComment) end = i;
    for (let c = 0; c < masked.length; c++) {
      const ch = masked[c];
      if (ch === "(" || ch === "[" || ch === "{") depth++;
      else if ((ch === ")" || ch === "]" || ch === "}") && depth > 0) depth--;
    }
  }
  return end;
}
