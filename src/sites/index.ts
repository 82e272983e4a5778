// Call sites found on disk. The graph knows that an edge exists and roughly where; the file
// may have changed since the map, so the site is looked up in the text as it is now, inside
// the caller's span re-anchored to where its declaration sits today. Pure and cheap: the
// caller reads the file, and may keep its `lines` to reuse the cached code view.
import { useCandidates } from "./calls";
import { importCandidates } from "./imports";
import { type CodeView, codeView } from "./mask";
import { pick } from "./pick";
import { callSnippet, statementSnippet } from "./snippet";
import { clampedSpan, reanchorSpan, type Scope, type Span, shortName } from "./span";
import type { SiteSyntax } from "./syntax";
import { identifierColumns } from "./words";

export interface SiteQuery {
  /** Text of the file as it is on disk now (the caller reads it; undefined → no site). */
  text: string | undefined;
  /** The callee's name for callers/callees ("parse", "Foo" for `new Foo`), or an imported
   *  name / module specifier for imports. */
  name: string;
  /** The scope the site must lie in, as the graph knows it (1-based inclusive lines); null = whole file. */
  scope: Scope | null;
  /** Lines the graph recorded for this edge (1-based); hints, may be stale. */
  hintLines: number[];
  /** "call": prefer call syntax; "import": an import/require/from line naming `name`. */
  mode: "call" | "import";
  /** How the file is written: its language's rules (the language registry's siteSyntaxOf). */
  syntax: SiteSyntax;
}

export interface Site {
  line: number;
  /** Further sites in the same scope, at most four. */
  also: number[];
  /** How many further sites `also` leaves out. */
  more: number;
  snippet: string;
}

export type { Scope, Span };

export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

export function findSite(q: SiteQuery): Site | undefined {
  if (q.text === undefined) return undefined;
  return findSiteInLines(splitLines(q.text), q);
}

/** As findSite, on a file already split into lines (`q.text` is not read). */
export function findSiteInLines(lines: readonly string[], q: Omit<SiteQuery, "text"> & { text?: string }): Site | undefined {
  if (q.name === "" || lines.length === 0) return undefined;
  const view = codeView(lines, q.syntax);
  if (q.mode === "import") {
    const candidates = importCandidates(view, q.name, q.hintLines);
    const chosen = pick(candidates);
    if (!chosen) return undefined;
    const statement = candidates.find((c) => c.line === chosen.line)!.statement;
    return { ...chosen, snippet: statementSnippet(view, statement.start, statement.end, chosen.line - 1) };
  }
  const name = shortName(q.name);
  const { span, hints } = searchSpan(view, q.scope, q.hintLines);
  const chosen = pick(useCandidates(view, name, span, hints));
  return chosen && { ...chosen, snippet: callSnippet(view, chosen.line - 1) };
}

/**
 * The site as the graph recorded it, for a file unchanged since the map: the recorded lines are
 * where the parser saw the calls, so no search is needed, only a check that the first line
 * names the callee in code (a call whose name sits on a later line than its start fails it,
 * and the caller searches instead). `also` is the further recorded lines.
 */
export function recordedCallSite(lines: readonly string[], name: string, recorded: readonly number[], syntax: SiteSyntax): Site | undefined {
  const short = shortName(name);
  const ordered = [...new Set(recorded)].filter((line) => line >= 1 && line <= lines.length).sort((a, b) => a - b);
  const first = ordered[0];
  if (first === undefined || short === "" || !lines[first - 1]!.includes(short)) return undefined;
  const view = codeView(lines, syntax);
  if (identifierColumns(view.masked(first - 1), short).length === 0) return undefined;
  return { line: first, also: ordered.slice(1, 5), more: Math.max(0, ordered.length - 5), snippet: callSnippet(view, first - 1) };
}

/**
 * Re-anchor a span: where is the declaration named `scope.name` of this kind now, nearest to
 * `scope.startLine`, and where does it end? Undefined when no line declares it (or no scope).
 */
export function reanchor(lines: readonly string[], scope: Scope | null, syntax: SiteSyntax): Span | undefined {
  if (!scope) return undefined;
  return reanchorSpan(codeView(lines, syntax), scope);
}

/** The span to search, and the hint lines moved as the span moved. */
function searchSpan(view: CodeView, scope: Scope | null, hintLines: readonly number[]): { span: Span; hints: readonly number[] } {
  if (!scope || isWholeFile(scope)) return { span: { startLine: 1, endLine: view.length }, hints: hintLines };
  const moved = reanchorSpan(view, scope);
  if (!moved) return { span: clampedSpan(view, scope), hints: hintLines };
  // Lines inserted above the scope move a recorded site by the start's shift; lines inserted
  // inside it, above the site, by the end's. Either may hold, so both positions are hints.
  const shifts = new Set([moved.startLine - scope.startLine, moved.endLine - scope.endLine]);
  if (shifts.size === 1 && shifts.has(0)) return { span: moved, hints: hintLines };
  return { span: moved, hints: hintLines.flatMap((line) => [...shifts].map((shift) => line + shift)) };
}

/** A file node (or a module spanning from line 1) has no declaration line to look for. */
function isWholeFile(scope: Scope): boolean {
  return scope.kind === "file" || (scope.kind === "module" && scope.startLine <= 1);
}
