// Recognising the line that declares a name: `function f`, `class C`, `def f`, `func (r T) f`,
// `const f =`, a method header `f(…) {`. Used to re-anchor a span and to skip a name's own
// declaration when looking for its uses.
import type { SiteSyntax } from "./syntax";
import { closeOnLine, identifierColumns, lastNonSpaceBefore, skipSpaces, wordBefore } from "./words";

/** `name = () =>`, `name: Type = function`, `name: async (x) =>`: a field holding a function. */
const FUNCTION_VALUE = /^[?!]?\s*(?::[^=]*)?[:=]\s*(?:async\s+)?(?:function\b|\(|<|[\w$]+\s*=>)/;
const TYPE_IN_GROUP = /^\s+(?:struct|interface)\b/;
/** `Name Type` inside `type ( … )` (a struct field looks the same, so only as a member form). */
const SPEC_IN_GROUP = /^\s+[\w*[(]/;

/**
 * Which declaration forms count: keywords only (`function f`, `def f`, `func f`, `const f`);
 * also method headers (`f(…) {`, which a call can never look like); or also the forms a plain
 * statement can resemble (function-valued fields `f = () =>`, Go interface method specs).
 */
export type DeclarationForms = "keyword" | "header" | "member";

/**
 * Does the code at `column` declare the name that starts there? Looks backwards word by word
 * rather than matching the whole prefix: this runs for every occurrence.
 */
export function declaresAt(
  masked: string,
  column: number,
  name: string,
  syntax: SiteSyntax,
  forms: DeclarationForms,
  below: LinesBelow = NO_LINES_BELOW,
): boolean {
  const afterAt = column + name.length;
  const { word, start } = wordBefore(masked, column);
  if (syntax.declaringKeywords.has(word)) return true;
  if (syntax.generatorKeyword !== undefined && isAfterGeneratorStar(masked, column, syntax.generatorKeyword)) return true;
  if (syntax.receiverKeyword !== undefined && isAfterReceiver(masked, column, syntax.receiverKeyword)) return true;
  if (syntax.declarationGroups) {
    if (lastNonSpaceBefore(masked, column) >= 0) return false;
    const after = masked.slice(afterAt);
    if (TYPE_IN_GROUP.test(after)) return true;
    return forms === "member" && (isMethodSpec(masked, afterAt) || SPEC_IN_GROUP.test(after));
  }
  if (!syntax.memberHeaders) return false;
  if (forms === "keyword" || !onlyModifiersBefore(masked, word === "" ? column : start, word, syntax.modifiers)) return false;
  const member = forms === "member";
  return isMemberHeader(masked, afterAt, below, member) || (member && FUNCTION_VALUE.test(masked.slice(afterAt)));
}

/** `function* name` / `function *name`. */
function isAfterGeneratorStar(masked: string, column: number, keyword: string): boolean {
  const star = lastNonSpaceBefore(masked, column);
  return star >= 0 && masked[star] === "*" && wordBefore(masked, star).word === keyword;
}

/** `func (r *T) name`: a parenthesised receiver right after the keyword. */
function isAfterReceiver(masked: string, column: number, keyword: string): boolean {
  const close = lastNonSpaceBefore(masked, column);
  if (close < 0 || masked[close] !== ")") return false;
  const open = masked.lastIndexOf("(", close);
  return open >= 0 && wordBefore(masked, open).word === keyword;
}

/** Nothing but modifiers (`public static async`, a `*` or `#`) from the line's start to `at`. */
function onlyModifiersBefore(masked: string, at: number, word: string, modifiers: ReadonlySet<string>): boolean {
  let position = at;
  let current = word;
  if (current === "") {
    const mark = lastNonSpaceBefore(masked, position);
    if (mark >= 0 && (masked[mark] === "*" || masked[mark] === "#")) position = mark;
    current = wordBefore(masked, position).word;
    if (current !== "") position = wordBefore(masked, position).start;
  }
  while (current !== "") {
    if (!modifiers.has(current)) return false;
    const previous = wordBefore(masked, position);
    current = previous.word;
    position = previous.start;
  }
  return lastNonSpaceBefore(masked, position) < 0;
}

/** The masked lines after the current one: `below(1)` is the next; undefined past the end. */
export type LinesBelow = (offset: number) => string | undefined;
const NO_LINES_BELOW: LinesBelow = () => undefined;
/** A header (type parameters, parameters) longer than this many lines is not followed. */
const PARAMETER_LINES = 40;

/** `name(…) {` or `name<T>(…): R`: what follows the parameter list tells a header from a call. */
function isMemberHeader(masked: string, afterName: number, below: LinesBelow, overloads: boolean): boolean {
  const cursor = new Cursor(masked, afterName, below);
  let next = cursor.peek();
  if (next === "?" || next === "!") {
    cursor.advance();
    next = cursor.peek();
  }
  if (next === "<") {
    if (!cursor.skipGroup("<", ">")) return false;
    next = cursor.peek();
  }
  if (next !== "(" || !cursor.skipGroup("(", ")")) return false;
  const closedOn = cursor.line;
  next = cursor.peek();
  // `name(…): T` annotates a return type on the same line; a `:` on a later line, or ending
  // a line after untyped arguments, belongs to a ternary. Typed parameters (`a: T`, not an
  // object literal's `{ a: 1 }`) tell a signature from a call.
  const typed = cursor.sawTypeAnnotation && !cursor.sawBrace;
  if (next === "{") return true;
  if (next === ":") return cursor.line === closedOn && (typed || cursor.restOfLine(1).trim() !== "");
  // An ambient signature (`declare class`, overloads) ends with `;` or with the line.
  return overloads && typed && (next === ";" || cursor.line !== closedOn);
}

/** Reads masked code forward from a point, on through the lines below (a header may span many). */
class Cursor {
  private offset = 0;
  /** Whether the last group skipped held a `:` (parameters with types, or an object literal). */
  sawTypeAnnotation = false;
  /** Whether it held a `{` (an object literal or type, which makes a `:` inconclusive). */
  sawBrace = false;

  /** Lines moved down from where the cursor started. */
  get line(): number {
    return this.offset;
  }

  constructor(
    private text: string,
    private at: number,
    private readonly below: LinesBelow,
  ) {}

  /** The next non-space character, from this line or the ones below; undefined past the end. */
  peek(): string | undefined {
    for (;;) {
      this.at = skipSpaces(this.text, this.at);
      if (this.at < this.text.length) return this.text[this.at];
      if (!this.nextLine()) return undefined;
    }
  }

  advance(): void {
    this.at++;
  }

  /** The rest of the current line, `skip` characters past the cursor. */
  restOfLine(skip: number): string {
    return this.text.slice(this.at + skip);
  }

  /** Moves past the group that opens at the cursor; false when it does not close in reach. */
  skipGroup(open: string, close: string): boolean {
    let depth = 0;
    this.sawTypeAnnotation = false;
    this.sawBrace = false;
    for (;;) {
      for (; this.at < this.text.length; this.at++) {
        const c = this.text[this.at];
        if (c === ":") this.sawTypeAnnotation = true;
        else if (c === "{") this.sawBrace = true;
        if (c === open) depth++;
        else if (c === close && !(close === ">" && this.text[this.at - 1] === "=") && --depth === 0) {
          this.at++;
          return true;
        }
      }
      if (!this.nextLine()) return false;
    }
  }

  private nextLine(): boolean {
    if (this.offset >= PARAMETER_LINES) return false;
    const line = this.below(++this.offset);
    if (line === undefined) return false;
    this.text = line;
    this.at = 0;
    return true;
  }
}

/** An interface method spec `Name(args) Result` (or `Name()` with no result). */
function isMethodSpec(masked: string, afterName: number): boolean {
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
  syntax: SiteSyntax,
  forms: DeclarationForms,
  below: LinesBelow = NO_LINES_BELOW,
): number {
  for (const column of identifierColumns(masked, name)) {
    if (declaresAt(masked, column, name, syntax, forms, below)) return column;
  }
  return -1;
}
