// How Python reads to the site finders (src/sites/syntax.ts).
import type { SiteSyntax } from "../../sites/syntax.ts";

export const sites: SiteSyntax = {
  comments: "hash",
  backquote: undefined,
  regexLiterals: false,

  typeArguments: undefined,
  typeArgumentsSpanLines: false,
  newOperator: false,
  indirectCalls: false,
  optionalCalls: false,
  nonNullAssertions: false,
  taggedTemplates: false,
  decorators: true,
  shortVariableDeclarations: false,
  colonNamesBinding: false,

  declaringKeywords: new Set(["class", "def"]),
  generatorKeyword: undefined,
  receiverKeyword: undefined,
  declarationGroups: false,
  memberHeaders: false,
  modifiers: new Set(),
  classExpressions: false,
  overloads: false,
  opensDeclaration: /^\s*(?:async\s+)?(?:def|class)\b/,

  blocks: "indentation",
  newlineEndsStatements: true,

  imports: {
    form: "statements",
    words: /import|from/,
    start: /^\s*(?:import\s|from\s+\S+\s+import\b)/,
    listOpener: /^\s*from\s+\S+\s+import\s*\([^)}]*$/,
    listCloser: /^\s*\)\s*$/,
    end: "parentheses",
    backslashContinuations: true,
  },
};
