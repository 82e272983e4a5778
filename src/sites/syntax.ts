// The lexical rules the site finders read a language by: how its comments and strings are
// written, what a call, a declaration, a block and an import statement look like on a line.
// Each language family describes its own (src/lang/<id>/sites.ts); the finders branch on these
// features, never on which language it is.

export interface SiteSyntax {
  // ---- comments and strings (what the code view blanks) -------------------------------------

  /**
   * `//` and `/* … *\/` comments with '…' and "…" strings ("slashes"), or `#` comments with
   * '…', "…", triple-quoted strings that may span lines, and f-strings whose `{…}` fields are
   * code ("hash").
   */
  readonly comments: "slashes" | "hash";
  /** With slashes: a backquote opens a template literal, whose `${…}` holds code, or a raw string. */
  readonly backquote: "template" | "raw" | undefined;
  /** `/…/` after an operator or keyword is a regular expression literal. */
  readonly regexLiterals: boolean;

  // ---- calls ---------------------------------------------------------------------------------

  /** Type arguments may sit between a callee and its `(`: `f<T>(`, `F[T](`. */
  readonly typeArguments: "<" | "[" | undefined;
  /** Type arguments left open at a line's end are followed onto the lines below. */
  readonly typeArgumentsSpanLines: boolean;
  /** `new Name` constructs: it is a call of Name. */
  readonly newOperator: boolean;
  /** `name.call(…)`, `name.apply(…)`, `name.bind(…)` call the function too. */
  readonly indirectCalls: boolean;
  /** `name?.(…)`. */
  readonly optionalCalls: boolean;
  /** `name!(…)`. */
  readonly nonNullAssertions: boolean;
  /** ``name`…` `` calls name with a template. */
  readonly taggedTemplates: boolean;
  /** `@name` and `@ns.name` apply the function, and decorator lines belong to the declaration below. */
  readonly decorators: boolean;
  /** `name := …` declares name. */
  readonly shortVariableDeclarations: boolean;
  /** `name:` names a key, a parameter or a property, not a use (where a dict key is an expression, no). */
  readonly colonNamesBinding: boolean;

  // ---- declarations --------------------------------------------------------------------------

  /** Keywords directly before a name that declare it. */
  readonly declaringKeywords: ReadonlySet<string>;
  /** The keyword of `function* name`, a generator's declaration. */
  readonly generatorKeyword: string | undefined;
  /**
   * Methods are declared outside their type, after this keyword and a receiver that names the
   * type: `func (r *T) name`. Such a method's own line is the evidence of its owner.
   */
  readonly receiverKeyword: string | undefined;
  /**
   * Declarations inside grouped blocks (`type ( … )`) start their line with the name, and
   * interface members are method specs `Name(args) Result`.
   */
  readonly declarationGroups: boolean;
  /** Method headers `name(…) {`, function-valued fields `name = () =>`, after these modifiers. */
  readonly memberHeaders: boolean;
  readonly modifiers: ReadonlySet<string>;
  /** A class may be an expression: `const Owner = class extends Base {`. */
  readonly classExpressions: boolean;
  /** A function's overload signatures come right before its implementation, as one span. */
  readonly overloads: boolean;
  /** A line that opens some declaration (not a control-flow block). */
  readonly opensDeclaration: RegExp;

  // ---- blocks and statements -------------------------------------------------------------------

  /** A body is what the braces enclose, or every line indented deeper than its header. */
  readonly blocks: "braces" | "indentation";
  /** A line that could end a statement ends it: the next line cannot carry it on (`.then(`). */
  readonly newlineEndsStatements: boolean;

  // ---- imports -------------------------------------------------------------------------------

  readonly imports: ImportSyntax;
}

/** How import (and export-list) statements are written. */
export type ImportSyntax = ImportStatements | ImportSpecBlocks;

/** Statements that open with a keyword and may run on through a bracketed list of names. */
export interface ImportStatements {
  readonly form: "statements";
  /** Words one of which every line of such a statement names (or it is a list member). */
  readonly words: RegExp;
  /** A wider first look at a raw line than `words`, when the registry gives one (the words of every language). */
  readonly firstLook?: RegExp;
  /** The masked line that opens a statement. */
  readonly start: RegExp;
  /** The masked line that opens a list running onto the lines below. */
  readonly listOpener: RegExp;
  /** A line that closes a list and ends the statement: `} from "./x";`, `)`. */
  readonly listCloser: RegExp;
  /** An import inside other code, which may hold calls too: `require("…")`. */
  readonly inline?: RegExp;
  /** A statement ends where its brackets close and the specifier or a `;` has been seen, or where its parentheses close. */
  readonly end: "specifier" | "parentheses";
  /** A trailing backslash carries a statement onto the next line. */
  readonly backslashContinuations: boolean;
  /** What a written specifier may end with that the name asked for leaves out (`./log.js`). */
  readonly specifierExtension?: RegExp;
}

/** One statement per imported path, alone or as one spec of an `import ( … )` block. */
export interface ImportSpecBlocks {
  readonly form: "spec-blocks";
  readonly words: RegExp;
  /** A wider first look at a raw line than `words`, when the registry gives one (the words of every language). */
  readonly firstLook?: RegExp;
  /** `import "x"`, `import name "x"`. */
  readonly single: RegExp;
  /** `import (`. */
  readonly block: RegExp;
  /** A spec inside the block, string contents already blanked. */
  readonly spec: RegExp;
}
