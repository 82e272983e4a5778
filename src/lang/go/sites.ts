// How Go reads to the site finders (src/sites/syntax.ts).
import type { SiteSyntax } from "../../sites/syntax.ts";

export const sites: SiteSyntax = {
  comments: "slashes",
  backquote: "raw",
  regexLiterals: false,

  typeArguments: "[",
  typeArgumentsSpanLines: false,
  newOperator: false,
  indirectCalls: false,
  optionalCalls: false,
  nonNullAssertions: false,
  taggedTemplates: false,
  decorators: false,
  shortVariableDeclarations: true,
  colonNamesBinding: true,

  declaringKeywords: new Set(["func", "type"]),
  generatorKeyword: undefined,
  receiverKeyword: "func",
  declarationGroups: true,
  memberHeaders: false,
  modifiers: new Set(),
  classExpressions: false,
  overloads: false,
  opensDeclaration: /^func\b|^type\b/,

  blocks: "braces",
  newlineEndsStatements: true,

  imports: {
    form: "spec-blocks",
    words: /import/,
    single: /^\s*import\s+(?:[\w.]+\s+)?"/,
    block: /^\s*import\s*\(/,
    spec: /^\s*(?:[\w.]+\s+)?"\s*"\s*$/,
  },
};
