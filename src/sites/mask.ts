// A code view of a file: each line with comments and string contents blanked to spaces, so
// every later search sees only code and columns still line up with the text on disk.
// Lexing is line by line with a little carried state (block comments, template literals,
// triple-quoted and raw strings). The state is carried cheaply up to the lines asked about,
// and only those lines are masked; both are cached per `lines` array, so an agent asking
// many questions about one file pays for each part of it once.
import { type LexState, LineMask, type MaskSink, type Mode, STATE_ONLY, lexBraced, lexHashed } from "./lex";
import type { SiteSyntax } from "./syntax";

/** How one style of comments and strings is lexed. */
interface Lexer {
  /** Characters that can start something to blank; a line without any is code as it stands. */
  special: RegExp;
  /**
   * What can leave a line inside something that goes on to the next: a block comment, a
   * template literal or raw string, a triple-quoted string. A line in plain code without any
   * ends in plain code too (a quote or a line comment always ends with its line), so it needs
   * no lexing.
   */
  opensMultiline(line: string): boolean;
  lex(line: string, state: LexState, syntax: SiteSyntax, sink: MaskSink): void;
}

const LEXERS: Record<SiteSyntax["comments"], Lexer> = {
  slashes: {
    special: /[/'"`]/,
    opensMultiline: (line) => line.includes("`") || line.includes("/*"),
    lex: (line, state, syntax, sink) => lexBraced(line, state, syntax.backquote === "template", syntax.regexLiterals, sink),
  },
  hash: {
    special: /['"#]/,
    opensMultiline: (line) => line.includes('"""') || line.includes("'''"),
    lex: (line, state, _syntax, sink) => lexHashed(line, state, sink),
  },
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

  private readonly lexer: Lexer;

  constructor(
    readonly lines: readonly string[],
    readonly syntax: SiteSyntax,
  ) {
    this.lexer = LEXERS[syntax.comments];
  }

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
    if (start !== PLAIN_START || this.lexer.special.test(line)) {
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
    const lexer = this.lexer;
    const state = this.state;
    for (let i = this.starts.length; i <= last; i++) {
      const line = this.lines[i]!;
      if (state.mode === "code" && state.interpolations.length === 0) {
        this.starts.push(PLAIN_START);
        if (lexer.opensMultiline(line)) this.lex(line, state, STATE_ONLY);
      } else {
        this.starts.push({ mode: state.mode, interpolations: [...state.interpolations] });
        this.lex(line, state, STATE_ONLY);
      }
    }
    return this.starts[index] ?? PLAIN_START;
  }

  private lex(line: string, state: LexState, sink: MaskSink): void {
    this.lexer.lex(line, state, this.syntax, sink);
  }
}

const views = new WeakMap<readonly string[], Map<SiteSyntax, CodeView>>();

/** The cached view of `lines` read by a language's rules. */
export function codeView(lines: readonly string[], syntax: SiteSyntax): CodeView {
  let bySyntax = views.get(lines);
  if (!bySyntax) views.set(lines, (bySyntax = new Map()));
  let view = bySyntax.get(syntax);
  if (!view) bySyntax.set(syntax, (view = new CodeView(lines, syntax)));
  return view;
}
