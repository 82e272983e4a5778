// How TypeScript, TSX and JavaScript read to the site finders (src/sites/syntax.ts).
import type { SiteSyntax } from "../../sites/syntax.ts";

export const sites: SiteSyntax = {
  comments: "slashes",
  backquote: "template",
  regexLiterals: true,

  typeArguments: "<",
  typeArgumentsSpanLines: true,
  newOperator: true,
  indirectCalls: true,
  optionalCalls: true,
  nonNullAssertions: true,
  taggedTemplates: true,
  decorators: true,
  shortVariableDeclarations: false,
  colonNamesBinding: true,

  declaringKeywords: new Set(["function", "class", "interface", "type", "enum", "namespace", "module", "const", "let", "var"]),
  generatorKeyword: "function",
  receiverKeyword: undefined,
  declarationGroups: false,
  memberHeaders: true,
  modifiers: new Set([
    "export", "default", "public", "private", "protected", "static", "readonly",
    "async", "abstract", "override", "declare", "get", "set", "accessor",
  ]),
  classExpressions: true,
  overloads: true,
  opensDeclaration: /\b(?:class|function|interface|namespace|enum)\b|=>\s*\{?\s*$|^\s*(?:[\w$#]+\s+)*[\w$#]+\s*\([^)]*\)\s*(?::[^{]*)?\{\s*$/,

  blocks: "braces",
  newlineEndsStatements: false,

  imports: {
    form: "statements",
    words: /import|export|require|from/,
    start: /^\s*(?:import\b(?!\s*[(.])|export\s+(?:type\s+)?[{*])/,
    listOpener: /^\s*(?:import\b(?:\s+type)?[^(]*\{|export\s+(?:type\s+)?\{)[^)}]*$/,
    /** The last line of a multi-line import: `} from "./x";`. */
    listCloser: /^\s*\}?\s*from\s*['"]/,
    inline: /\b(?:require|import)\s*\(\s*['"`]/,
    end: "specifier",
    backslashContinuations: false,
    specifierExtension: /\.[cm]?[jt]sx?$/,
  },
};
