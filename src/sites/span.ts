// Re-anchoring a scope's span to the file as it is now: find the declaration nearest to where
// the graph saw it (weighing the evidence that it is the same one), then let the structure
// of the code say how far it reaches.
import { type DeclarationForms, declarationColumn } from "./declarations";
import { bracedEnd, firstDecoratorLine, indentedEnd, linesBelow, throughOverloads } from "./extent";
import type { CodeView } from "./mask";
import type { SiteSyntax } from "./syntax";
import { identifierColumns, indentOf } from "./words";
import { joinHeaderLines } from "../util/header-lines";

export interface Scope {
  name: string;
  kind: string;
  startLine: number;
  endLine: number;
  /**
   * Optional: the span's signature as the graph recorded it (EntityFact.signature: its first
   * line, or a header over several lines joined onto one). Two
   * declarations of one name (a property's getter and setter, overloads in two classes)
   * are told apart by it.
   */
  signature?: string;
}

/** 1-based, inclusive. */
export interface Span {
  startLine: number;
  endLine: number;
}

/**
 * The declaration's short name: the graph may hand over "Class.method". A computed member
 * name ("Class.[Symbol.iterator]") is kept whole, as it is written at the declaration.
 */
export function shortName(name: string): string {
  if (name.endsWith("]") && name.includes("[")) return name.slice(name.lastIndexOf("["));
  const dot = name.lastIndexOf(".");
  return dot < 0 ? name : name.slice(dot + 1);
}

/** "Server.Run" → "Server", "a.Loader.load" → "Loader": the part before the short name, if any. */
function ownerOf(name: string): string | undefined {
  const short = shortName(name);
  const owner = name.slice(0, name.length - short.length).replace(/\.$/, "");
  return owner === "" ? undefined : shortName(owner);
}

/** Where the scope's declaration is now, or undefined when no line declares it. */
export function reanchorSpan(view: CodeView, scope: Scope): Span | undefined {
  const name = shortName(scope.name);
  if (name === "" || view.length === 0) return undefined;
  const origin = scope.startLine - 1;
  // A function is declared with a keyword; a method header nearer by is some other member.
  const forms: DeclarationForms = scope.kind === "method" ? "member" : "keyword";
  const evidence = evidenceFor(view, scope);
  const found =
    bestDeclaration(view, name, origin, forms, evidence) ??
    (forms === "member" ? undefined : bestDeclaration(view, name, origin, "member", evidence));
  if (!found) return undefined;
  const start = firstDecoratorLine(view, found.line);
  const recordedLength = Math.max(0, scope.endLine - scope.startLine);
  const structuralEnd =
    view.syntax.blocks === "indentation"
      ? indentedEnd(view, found.line, found.column)
      : CALLABLE.has(scope.kind)
        ? throughOverloads(view, name, found.line, found.column, scope.kind === "method" ? "member" : "keyword")
        : bracedEnd(view, found.line, found.column);
  const end = structuralEnd ?? Math.min(view.length - 1, start + recordedLength);
  return { startLine: start + 1, endLine: Math.max(end, found.line) + 1 };
}

/** The recorded span, clamped to the file. */
export function clampedSpan(view: CodeView, scope: Scope): Span {
  const last = Math.max(1, view.length);
  const startLine = Math.min(Math.max(1, scope.startLine), last);
  return { startLine, endLine: Math.min(Math.max(startLine, scope.endLine), last) };
}

/** Only functions and methods have overloads; an interface and a namespace of one name merge. */
const CALLABLE = new Set(["function", "method"]);

/** A test a candidate declaration should pass, and what failing it costs, in lines of distance. */
interface Evidence {
  holds: (line: number) => boolean;
  cost: number;
}

/** A recorded first line that no longer matches costs more than any plausible shift. */
const SIGNATURE_COST = 1_000;
/** The owner test is a heuristic (indentation), so it only outweighs a modest shift. */
const OWNER_COST = 50;

/**
 * Of two declarations of one name, prefer the one with the recorded first line, and the one
 * its owner holds: a method declared after a receiver spells its type on its line; elsewhere
 * the owner encloses it, less indented, above.
 */
function evidenceFor(view: CodeView, scope: Scope): Evidence[] {
  const evidence: Evidence[] = [];
  const signature = scope.signature?.trim();
  if (signature) evidence.push({ holds: (line) => hasSignature(view, line, signature), cost: SIGNATURE_COST });
  const owner = ownerOf(scope.name);
  if (owner !== undefined) {
    const holds = view.syntax.receiverKeyword !== undefined ? (line: number) => view.lines[line]!.includes(owner) : (line: number) => enclosedBy(view, line, owner);
    evidence.push({ holds, cost: OWNER_COST });
  }
  return evidence;
}

/**
 * The declaration with the lowest distance from `origin` (0-based) plus the cost of the
 * evidence it fails. Searches outward and stops once no farther line could do better; on a
 * tie the line below wins (lines are more often inserted above).
 */
function bestDeclaration(
  view: CodeView,
  name: string,
  origin: number,
  forms: DeclarationForms,
  evidence: readonly Evidence[],
): { line: number; column: number } | undefined {
  const from = Math.min(Math.max(0, origin), view.length - 1);
  const reach = Math.max(from, view.length - 1 - from);
  let best: { line: number; column: number; score: number } | undefined;
  for (let distance = 0; distance <= reach && (!best || distance < best.score); distance++) {
    for (const line of distance === 0 ? [from] : [from + distance, from - distance]) {
      if (line < 0 || line >= view.length || !view.lines[line]!.includes(name)) continue;
      const column = declarationColumn(view.masked(line), name, view.syntax, forms, linesBelow(view, line));
      if (column < 0) continue;
      let score = distance;
      for (const { holds, cost } of evidence) if (!holds(line)) score += cost;
      if (!best || score < best.score) best = { line, column, score };
    }
  }
  return best && { line: best.line, column: best.column };
}

/**
 * Does the declaration at `line`, or its first decorator line, hold the recorded signature? A
 * signature laid out over several lines is recorded joined onto one: the line opens it.
 */
function hasSignature(view: CodeView, line: number, signature: string): boolean {
  return hasSignatureAt(view, line, signature) || hasSignatureAt(view, firstDecoratorLine(view, line), signature);
}

function hasSignatureAt(view: CodeView, line: number, signature: string): boolean {
  if (view.lines[line]!.includes(signature)) return true;
  // Read as the extractor joined it: the declaration's lines from here (`export ` may come
  // before where its text starts), as far as the signature reaches.
  const first = view.lines[line]!;
  const marker = view.syntax.comments === "hash" ? "#" : "//";
  const joined = joinHeaderLines(linesFrom(view, line, MAX_HEADER_LINES), marker, first.length + signature.length);
  return joined.length > first.trim().length && joined.includes(signature);
}

/** A header over more lines than this is not read back. */
const MAX_HEADER_LINES = 40;

function* linesFrom(view: CodeView, line: number, count: number): Generator<string> {
  for (let i = line; i < view.length && i < line + count; i++) yield view.lines[i]!;
}

/**
 * Going up through less-indented lines (past `if`/`for`/`try` blocks), is the first
 * declaration reached a declaration of `owner`?
 */
function enclosedBy(view: CodeView, line: number, owner: string): boolean {
  let indent = indentOf(view.lines[line]!);
  for (let i = line - 1; i >= 0 && indent > 0; i--) {
    const masked = view.masked(i);
    if (masked.trim() === "" || indentOf(masked) >= indent) continue;
    // Where indentation makes the blocks, a decorator line sits outside the body it decorates.
    if (view.syntax.blocks === "indentation" && masked.trimStart().startsWith("@")) continue;
    if (masked.includes(owner) && declaresOwner(masked, owner, view.syntax)) return true;
    if (view.syntax.opensDeclaration.test(masked)) return false;
    indent = indentOf(masked);
  }
  return false;
}

/** `class Owner {`, or the tail of `const Owner: … = class extends Base {`. */
function declaresOwner(masked: string, owner: string, syntax: SiteSyntax): boolean {
  if (declarationColumn(masked, owner, syntax, "member") >= 0) return true;
  return syntax.classExpressions && /\bclass\b/.test(masked) && identifierColumns(masked, owner).length > 0;
}
