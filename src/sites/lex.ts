// Line lexers that blank comments and string contents. Each takes one line and the state
// carried over from the previous one (an open block comment, template literal, raw or
// triple-quoted string) and returns the line with those ranges turned into spaces.

export type Mode = "code" | "block" | "template" | "raw" | "triple1" | "triple2";

export interface LexState {
  mode: Mode;
  /** Brace depth inside each open template `${`, innermost last. */
  interpolations: number[];
}

/** Receives the ranges to blank; the lexers only decide where they are. */
export interface MaskSink {
  /** Blank [from, to). */
  blank(from: number, to: number): void;
}

/** Carrying the state past a line without building its mask. */
export const STATE_ONLY: MaskSink = { blank() {} };

/**
 * Builds one masked line: code is copied in slices, masked ranges become spaces. Positions
 * are raw-line indexes, so the result has the line's length.
 */
export class LineMask implements MaskSink {
  private out = "";
  private copied = 0;

  constructor(readonly line: string) {}

  blank(from: number, to: number): void {
    if (to <= from) return;
    this.out += this.line.slice(this.copied, from) + spaces(to - from);
    this.copied = to;
  }

  done(): string {
    return this.out + this.line.slice(this.copied);
  }
}

const SPACES = " ".repeat(256);

function spaces(length: number): string {
  return length <= SPACES.length ? SPACES.slice(0, length) : " ".repeat(length);
}

/** Blank the inside of a delimited range [start, end), keeping its delimiters. */
function blankInside(sink: MaskSink, line: string, start: number, end: number): void {
  const closed = end - start >= 2 && line.charCodeAt(end - 1) === line.charCodeAt(start);
  sink.blank(start + 1, closed ? end - 1 : end);
}

const BACKSLASH = 92;
const SLASH = 47;
const STAR = 42;
const DOUBLE = 34;
const SINGLE = 39;
const BACKTICK = 96;
const DOLLAR = 36;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const HASH = 35;

/** Index just past the closing `quote` (or the line's end), honouring backslash escapes. */
function endOfQuoted(line: string, from: number, quote: number): number {
  for (let i = from; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === quote) return i + 1;
  }
  return line.length;
}

/** `//`, `/* *\/`, quotes; backticks open templates (with `${…}` code) or raw strings; maybe regex literals. */
export function lexBraced(line: string, state: LexState, templates: boolean, regexLiterals: boolean, mask: MaskSink): void {
  let i = 0;
  while (i < line.length) {
    if (state.mode === "block") {
      const close = line.indexOf("*/", i);
      const end = close < 0 ? line.length : close + 2;
      mask.blank(i, end);
      i = end;
      if (close >= 0) state.mode = "code";
      continue;
    }
    if (state.mode === "template" || state.mode === "raw") {
      i = lexTemplate(line, i, state, mask);
      continue;
    }
    const c = line.charCodeAt(i);
    if (c === SLASH) {
      const next = line.charCodeAt(i + 1);
      if (next === SLASH) {
        mask.blank(i, line.length);
        break;
      }
      if (next === STAR) {
        state.mode = "block";
        mask.blank(i, i + 2);
        i += 2;
        continue;
      }
      if (regexLiterals && regexMayStart(line, i)) {
        const end = endOfRegex(line, i);
        if (end > 0) {
          blankInside(mask, line, i, end);
          i = end;
          continue;
        }
      }
    } else if (c === DOUBLE || c === SINGLE) {
      const end = endOfQuoted(line, i + 1, c);
      blankInside(mask, line, i, end);
      i = end;
      continue;
    } else if (c === BACKTICK) {
      state.mode = templates ? "template" : "raw";
    } else if (state.interpolations.length > 0 && (c === OPEN_BRACE || c === CLOSE_BRACE)) {
      const open = state.interpolations.length - 1;
      if (c === OPEN_BRACE) state.interpolations[open]!++;
      else if (state.interpolations[open] === 0) {
        state.interpolations.pop();
        state.mode = "template";
      } else state.interpolations[open]!--;
    }
    i++;
  }
}

/** Inside a template literal or raw string from `from`: blanks up to its end or an `${`. */
function lexTemplate(line: string, from: number, state: LexState, mask: MaskSink): number {
  const template = state.mode === "template";
  for (let i = from; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (template && c === BACKSLASH) {
      i++;
    } else if (c === BACKTICK) {
      mask.blank(from, i);
      state.mode = "code";
      return i + 1;
    } else if (template && c === DOLLAR && line.charCodeAt(i + 1) === OPEN_BRACE) {
      mask.blank(from, i);
      state.interpolations.push(0);
      state.mode = "code";
      return i + 2;
    }
  }
  mask.blank(from, line.length);
  return line.length;
}

const REGEX_AFTER_CHAR = new Set("(,=:[!&|?{};+-*%<>~^");
const REGEX_AFTER_WORD = new Set(["return", "typeof", "case", "in", "of", "yield", "await", "void", "delete", "instanceof", "new", "throw", "else", "do"]);
const WORD_BEFORE = /[\w$]+$/;

/**
 * A `/` at `at` starts a regex literal after an operator, a bracket, a keyword, a comment or
 * at a line's start. Decided on the raw line so that lexing with and without a mask agree.
 */
function regexMayStart(line: string, at: number): boolean {
  let j = at - 1;
  while (j >= 0 && (line.charCodeAt(j) === 32 || line.charCodeAt(j) === 9)) j--;
  if (j < 0) return true;
  const c = line[j]!;
  if (REGEX_AFTER_CHAR.has(c)) return true;
  if (c === "/") return line[j - 1] === "*";
  const word = WORD_BEFORE.exec(line.slice(Math.max(0, j - 11), j + 1));
  return word !== null && REGEX_AFTER_WORD.has(word[0]);
}

/** Index just past the closing `/` of a regex literal opened at `open`; -1 when the line ends first. */
function endOfRegex(line: string, open: number): number {
  let inClass = false;
  for (let i = open + 1; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === OPEN_BRACKET) inClass = true;
    else if (c === CLOSE_BRACKET) inClass = false;
    else if (c === SLASH && !inClass) return i + 1;
  }
  return -1;
}

/** `#` comments, quotes, triple-quoted strings that may span lines, f-strings. */
export function lexHashed(line: string, state: LexState, mask: MaskSink): void {
  let i = 0;
  while (i < line.length) {
    if (state.mode === "triple1" || state.mode === "triple2") {
      i = lexTripleQuoted(line, i, state, mask);
      continue;
    }
    const c = line.charCodeAt(i);
    if (c === HASH) {
      mask.blank(i, line.length);
      break;
    }
    if (c === DOUBLE || c === SINGLE) {
      if (line.charCodeAt(i + 1) === c && line.charCodeAt(i + 2) === c) {
        state.mode = c === SINGLE ? "triple1" : "triple2";
        i += 3;
        continue;
      }
      if (isFormatString(line, i)) {
        i = lexFormatString(line, i, c, mask);
        continue;
      }
      const end = endOfQuoted(line, i + 1, c);
      blankInside(mask, line, i, end);
      i = end;
      continue;
    }
    i++;
  }
}

/** Is the quote at `quote` opening an f-string (`f"…"`, `rf'…'`)? */
function isFormatString(line: string, quote: number): boolean {
  let start = quote;
  while (start > 0 && quote - start < 2 && "rRfFuUbB".includes(line[start - 1]!)) start--;
  const prefix = line.slice(start, quote);
  if (!/[fF]/.test(prefix)) return false;
  const before = line.charCodeAt(start - 1);
  return !(before === 95 || (before >= 48 && before <= 57) || (before >= 65 && before <= 90) || (before >= 97 && before <= 122));
}

/**
 * A one-line f-string: its text is blanked, its `{…}` replacement fields stay code (a call
 * can sit in one). Returns the index past the closing quote, already masked.
 */
function lexFormatString(line: string, open: number, quote: number, mask: MaskSink): number {
  let text = open + 1;
  let i = open + 1;
  while (i < line.length) {
    const c = line.charCodeAt(i);
    if (c === BACKSLASH) i += 2;
    else if (c === quote) {
      mask.blank(text, i);
      return i + 1;
    } else if (c === OPEN_BRACE && line.charCodeAt(i + 1) === OPEN_BRACE) i += 2;
    else if (c === OPEN_BRACE) {
      mask.blank(text, i);
      i = endOfReplacementField(line, i + 1, quote, mask);
      text = i;
    } else i++;
  }
  mask.blank(text, line.length);
  return line.length;
}

/** From inside `{`: the index just past its `}` (strings within blanked), or of the f-string's end. */
function endOfReplacementField(line: string, from: number, quote: number, mask: MaskSink): number {
  let depth = 0;
  for (let i = from; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === quote) return i;
    if (c === DOUBLE || c === SINGLE) {
      const end = endOfQuoted(line, i + 1, c);
      blankInside(mask, line, i, end);
      i = end - 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET || c === 40) depth++;
    else if (c === CLOSE_BRACKET || c === 41) depth--;
    else if (c === CLOSE_BRACE && depth-- === 0) return i + 1;
  }
  return line.length;
}

/** Inside a triple-quoted string from `from`: blanks up to its closing quotes or the line's end. */
function lexTripleQuoted(line: string, from: number, state: LexState, mask: MaskSink): number {
  const quote = state.mode === "triple1" ? SINGLE : DOUBLE;
  for (let i = from; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === quote && line.charCodeAt(i + 1) === quote && line.charCodeAt(i + 2) === quote) {
      mask.blank(from, i);
      state.mode = "code";
      return i + 3;
    }
  }
  mask.blank(from, line.length);
  return line.length;
}
