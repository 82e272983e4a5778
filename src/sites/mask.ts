// A code view of a file: each line with comments and string contents blanked to spaces, so
// every later search sees only code and columns still line up with the text on disk.
// Lexing is line by line with a little carried state (block comments, template literals,
// triple-quoted and raw strings). The state is carried cheaply up to the lines asked about,
// and only those lines are masked; both are cached per `lines` array, so an agent asking
// many questions about one file pays for each part of it once.
import type { Lang } from "../model/facts";
import { type LexState, LineMask, type MaskSink, type Mode, STATE_ONLY, lexBraced, lexPython } from "./lex";

export type Family = "js" | "go" | "py";

export function familyOf(lang: Lang): Family {
  return lang === "python" ? "py" : lang === "go" ? "go" : "js";
}

/** Characters that can start something to blank; a line without any is code as it stands. */
const SPECIAL: Record<Family, RegExp> = {
  js: /[/'"`]/,
  go: /[/'"`]/,
  py: /['"#]/,
};

/**
 * What can leave a line inside something that goes on to the next: a block comment, a
 * template literal or raw string, a triple-quoted string. A line in plain code without any
 * ends in plain code too (a quote or `//` always ends with its line), so it needs no lexing.
 */
const MULTILINE_OPENER: Record<Family, (line: string) => boolean> = {
  js: (line) => line.includes("`") || line.includes("/*"),
  go: (line) => line.includes("`") || line.includes("/*"),
  py: (line) => line.includes('"""') || line.includes("'''"),
};

const NO_INTERPOLATIONS: readonly number[] = Object.freeze([]);

/** The lexer state at the start of a line, as stored. */
interface LineStart {
  mode: Mode;
  interpolations: readonly number[];
}

const PLAIN_START: LineStart = { mode: "code", interpolations: NO_INTERPOLATIONS };

export class CodeView {
  private readonly starts: LineStart[] = [];
  private readonly maskedLines: (string | undefined)[] = [];
  private readonly state: LexState = { mode: "code", interpolations: [] };

  constructor(
    readonly lines: readonly string[],
    readonly family: Family,
  ) {}

  get length(): number {
    return this.lines.length;
  }

  /** Line `index` (0-based) with comments and string contents blanked. */
  masked(index: number): string {
    const cached = this.maskedLines[index];
    if (cached !== undefined) return cached;
    const line = this.lines[index];
    if (line === undefined) return "";
    const start = this.startOf(index);
    let masked = line;
    if (start !== PLAIN_START || SPECIAL[this.family].test(line)) {
      const mask = new LineMask(line);
      this.lex(line, { mode: start.mode, interpolations: [...start.interpolations] }, mask);
      masked = mask.done();
    }
    this.maskedLines[index] = masked;
    return masked;
  }

  /** True when line `index` begins inside a block comment or a multi-line string. */
  startsInside(index: number): boolean {
    return this.startOf(index).mode !== "code";
  }

  private startOf(index: number): LineStart {
    const last = Math.min(index, this.lines.length - 1);
    const opensMultiline = MULTILINE_OPENER[this.family];
    const state = this.state;
    for (let i = this.starts.length; i <= last; i++) {
      const line = this.lines[i]!;
      if (state.mode === "code" && state.interpolations.length === 0) {
        this.starts.push(PLAIN_START);
        if (opensMultiline(line)) this.lex(line, state, STATE_ONLY);
      } else {
        this.starts.push({ mode: state.mode, interpolations: [...state.interpolations] });
        this.lex(line, state, STATE_ONLY);
      }
    }
    return this.starts[index] ?? PLAIN_START;
  }

  private lex(line: string, state: LexState, sink: MaskSink): void {
    if (this.family === "py") lexPython(line, state, sink);
    else lexBraced(line, state, this.family === "js", sink);
  }
}

const views = new WeakMap<readonly string[], Partial<Record<Family, CodeView>>>();

/** The cached view of `lines` for a language family. */
export function codeView(lines: readonly string[], family: Family): CodeView {
  let byFamily = views.get(lines);
  if (!byFamily) views.set(lines, (byFamily = {}));
  return (byFamily[family] ??= new CodeView(lines, family));
}
