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
  /**
   * The scopes inside `scope` that own their calls, as the graph knows them: the graph gives a
   * call to the innermost function, method or class around it, so a use inside one of these is
   * its site, not this scope's. Their spans are re-anchored like `scope`'s; call mode only.
   */
  nested?: readonly Scope[];
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
    const { statement, named } = candidates.find((c) => c.line === chosen.line)!;
    return { ...chosen, snippet: statementSnippet(view, statement.start, statement.end, named - 1) };
  }
  const name = shortName(q.name);
  const { span, hints, others } = searchArea(view, q.scope, q.nested ?? [], q.hintLines);
  const own = useCandidates(view, name, span, hints).filter((c) => !others.some((o) => c.line >= o.startLine && c.line <= o.endLine));
  const chosen = pick(own);
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

/** Re-anchored spans per code view: the rows of one file ask about the same nested scopes. */
const spans = new WeakMap<CodeView, Map<string, Span | undefined>>();

function reanchoredOnce(view: CodeView, scope: Scope): Span | undefined {
  let known = spans.get(view);
  if (!known) spans.set(view, (known = new Map()));
  const key = `${scope.kind}\0${scope.name}\0${scope.startLine}\0${scope.endLine}\0${scope.signature ?? ""}`;
  if (!known.has(key)) known.set(key, reanchorSpan(view, scope));
  return known.get(key);
}

/** A line the graph recorded, and where it is now. */
interface Anchor {
  was: number;
  now: number;
}

/**
 * The span to search, the spans inside it that belong to other scopes (where they are now),
 * and the hint lines moved with the code around them.
 */
function searchArea(
  view: CodeView,
  scope: Scope | null,
  nested: readonly Scope[],
  hintLines: readonly number[],
): { span: Span; others: Span[]; hints: readonly number[] } {
  const whole = !scope || isWholeFile(scope);
  const moved = whole ? undefined : reanchoredOnce(view, scope);
  const span = whole ? { startLine: 1, endLine: view.length } : (moved ?? clampedSpan(view, scope));
  const anchors: Anchor[] = [];
  if (moved && scope) anchors.push({ was: scope.startLine, now: moved.startLine }, { was: scope.endLine, now: moved.endLine });
  const others: Span[] = [];
  // A declaration found outside the span, or at its head, is some other one of that name.
  const head = whole ? 0 : span.startLine;
  for (const inner of nested) {
    const found = reanchoredOnce(view, inner);
    if (!found || found.startLine <= head || found.endLine > span.endLine) continue;
    others.push(found);
    anchors.push({ was: inner.startLine, now: found.startLine }, { was: inner.endLine, now: found.endLine });
  }
  return { span, others, hints: movedHints(hintLines, anchors) };
}

/**
 * A recorded line moved as the code around it moved: lines inserted or deleted above it shift
 * the nearest anchor above (a declaration, an end) as much as the line; lines inserted between
 * that anchor and the line shift only the nearest anchor below. Either may hold, so both
 * positions are hints.
 */
function movedHints(hintLines: readonly number[], anchors: readonly Anchor[]): readonly number[] {
  if (anchors.every((a) => a.now === a.was)) return hintLines;
  return hintLines.flatMap((line) => {
    let above: Anchor | undefined;
    let below: Anchor | undefined;
    for (const anchor of anchors) {
      if (anchor.was <= line && (!above || anchor.was > above.was)) above = anchor;
      if (anchor.was >= line && (!below || anchor.was < below.was)) below = anchor;
    }
    const shifts = new Set([above, below].filter((a) => a !== undefined).map((a) => a.now - a.was));
    return shifts.size === 0 ? [line] : [...shifts].map((shift) => line + shift);
  });
}

/** A file node (or a module spanning from line 1) has no declaration line to look for. */
function isWholeFile(scope: Scope): boolean {
  return scope.kind === "file" || (scope.kind === "module" && scope.startLine <= 1);
}
