// TypeScript forms that tree-sitter-typescript 0.23.2 cannot parse, and whose error
// recovery can swallow the rest of a file (in effect's 28k-line Effect.ts, everything after
// line ~600 became one ERROR node):
//   - variance annotations: `interface Box<out A>`, `<in out T>` (TypeScript 4.7);
//   - a generic call signature on its own line after a member ending in a type:
//       `(e: A) => Effect<A>` ⏎ `<B>(x: B): B` reads as `Effect<A> < B > (x: B)…`.
//   - an escaped backquote inside a template literal type: `Missing \`Self\``;
//   - a type-only star re-export, `export type * from "./types"` and `export type * as ns
//     from` (TypeScript 5.0), newer than the grammar: an ERROR node in every barrel of types.
// All are repaired without moving a single character: modifiers, escaped backquotes and the
// `type` of a star re-export (reexportFact reads it from the source) become spaces, and the
// last indentation space before a signature becomes the `;` the grammar needs. A tree parsed
// from the prepared text therefore indexes the original source exactly.
import { type Language, type Node, Parser, type Tree } from "web-tree-sitter";
import type { Lang } from "../../model/facts";
import { countParseErrors } from "../parse-errors";

/**
 * `in`, `out` or `in out` right after `<` or `,` (comments and a `const` modifier may stand
 * between: `<const in T>`, a doc comment above the parameter) and followed by a type parameter name that
 * ends the parameter (`,` `>` `=` or `extends`). Expressions cannot have that shape: `in` is
 * binary and `out` would be two adjacent identifiers.
 */
// The words come first and what precedes them is looked behind last: looked behind first, at
// every index of every file, it made preparing effect's sources 1.5 times as slow (284 → 429
// ms; this way 292 ms).
const VARIANCE =
  /\b(?:in\s+out|in|out)(?=\s+[A-Za-z_$][\w$]*\s*(?:[,>=]|extends\b))(?<=[<,](?:\s|\/\*(?:[^*]|\*(?!\/))*\*\/|\/\/[^\n]*\n)*(?:const\s+)?(?:in\s+out|in|out))/g;

/** The `type` of `export type *` at the start of a statement (the word first, what precedes it last, as VARIANCE). */
const TYPE_STAR_EXPORT = /type(?=[ \t]*\*)(?<=(?:^|[\n;{}])[ \t]*export[ \t]+type)/g;
/** Most files have none: one scan says so. */
const ANY_TYPE_STAR_EXPORT = /export[ \t]+type[ \t]*\*/;

/** An indented line that opens with type parameters: `  <A, B>(` or `  <`. */
const GENERIC_LINE = /\n[ \t]*[ \t]<(?=[A-Za-z_$\s])/g;

/** Words that leave an expression or type unfinished when they end a line. */
const CONTINUING_WORDS = new Set([
  "return", "extends", "keyof", "typeof", "in", "of", "new", "await", "yield", "as", "satisfies",
  "case", "else", "default", "export", "infer", "is", "asserts", "readonly", "unique",
]);

/** The source with the repairs applied; the same string when none applies. */
export function prepareTypeScriptSource(source: string, lang: Lang): string {
  if (lang !== "typescript" && lang !== "tsx") return source;
  let text = source.replace(VARIANCE, (modifier) => modifier.replace(/\S/g, " "));
  // Escapes are matched in pairs so that `\\` followed by a closing backquote stays intact.
  if (text.includes("\\`")) text = text.replace(/\\[\s\S]/g, (escape) => (escape === "\\`" ? "  " : escape));
  if (ANY_TYPE_STAR_EXPORT.test(text)) text = text.replace(TYPE_STAR_EXPORT, "    ");
  // In TSX a line opening with `<` is usually JSX, where a `;` would be text.
  if (lang === "typescript") text = separateCallSignatures(text);
  return text;
}

function separateCallSignatures(text: string): string {
  let result: string[] | undefined;
  let copied = 0;
  for (const match of text.matchAll(GENERIC_LINE)) {
    if (!previousCodeEndsMember(text, match.index)) continue;
    const space = match.index + match[0].length - 2; // the indentation character before `<`
    result ??= [];
    result.push(text.slice(copied, space), ";");
    copied = space + 1;
  }
  if (!result) return text;
  result.push(text.slice(copied));
  return result.join("");
}

/**
 * Whether the last line of code before `newline` (skipping blank and comment lines) ends
 * the way a type member does: a name, `>`, `]`, `)` or `}`, but not `=>` or a keyword that
 * wants more.
 */
function previousCodeEndsMember(text: string, newline: number): boolean {
  let end = newline;
  while (end > 0) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    const line = text.slice(start, end).trim();
    end = start - 1;
    if (line === "" || line.startsWith("*") || line.startsWith("/*") || line.startsWith("//")) continue;
    if (line.endsWith("=>")) return false;
    const last = line[line.length - 1]!;
    if (/[>\])}]/.test(last)) return true;
    if (!/[\w$]/.test(last)) return false;
    const word = /[\w$]+$/.exec(line)?.[0] ?? "";
    return !CONTINUING_WORDS.has(word);
  }
  return false;
}

const parsers = new WeakMap<Language, Parser>();

/**
 * A tree with errors that prepareTypeScriptSource could repair is parsed again from the
 * prepared text, unless the caller already parsed that text. Offsets do not move, so the
 * new tree still indexes `source`. The repair is kept only when it leaves fewer errors.
 */
export function reparsePrepared(root: Node, source: string, lang: Lang): Tree | undefined {
  const prepared = prepareTypeScriptSource(source, lang);
  if (prepared === source || root.text === prepared) return undefined;
  const language = root.tree.language;
  let parser = parsers.get(language);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(language);
    parsers.set(language, parser);
  }
  const tree = parser.parse(prepared);
  if (!tree) return undefined;
  if (countParseErrors(tree.rootNode) < countParseErrors(root)) return tree;
  tree.delete();
  return undefined;
}
