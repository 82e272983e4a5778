// What every family's doc comment reader shares: the summary sentence and the claims' shape.
// A family's own reader (src/lang/<id>/doc.ts) strips its comment syntax and finds its tags.
import type { DocFact } from "../model/facts";

/** A summary is cut to this many characters. */
export const SUMMARY_MAX = 200;

/** Abbreviations whose period ends no sentence. */
const ABBREVIATIONS = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf|approx|resp|ca|Mr|Dr|No)\.$/i;

/**
 * The first sentence of a description: up to the first blank line, then to the first `.`, `!`
 * or `?` followed by a space or the end (`e.g.` and a dotted name such as `os.path` end none),
 * whitespace collapsed, at most SUMMARY_MAX characters.
 */
export function firstSentence(description: string): string {
  const paragraph = description.trim().split(/\n[ \t]*\n/, 1)[0] ?? "";
  const text = paragraph.replace(/\s+/g, " ").trim();
  let end = text.length;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch !== "." && ch !== "!" && ch !== "?") continue;
    const next = text[i + 1];
    if (next !== undefined && next !== " ") continue;
    if (ch === "." && ABBREVIATIONS.test(text.slice(0, i + 1))) continue;
    end = i + 1;
    break;
  }
  const sentence = text.slice(0, end);
  return sentence.length <= SUMMARY_MAX ? sentence : `${sentence.slice(0, SUMMARY_MAX - 1)}…`;
}

/** A claim's free text (a deprecation's reason, a returns description): whitespace collapsed, bounded. */
export function claimText(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= SUMMARY_MAX ? flat : `${flat.slice(0, SUMMARY_MAX - 1)}…`;
}

/** A DocFact with only the fields that hold something; undefined when the comment states nothing. */
export function docFact(fields: DocFact): DocFact | undefined {
  const doc: DocFact = { startLine: fields.startLine, endLine: fields.endLine, summary: fields.summary };
  if (fields.deprecated !== undefined) doc.deprecated = fields.deprecated;
  if (fields.params?.length) doc.params = [...new Set(fields.params)];
  if (fields.returns !== undefined) doc.returns = fields.returns;
  if (fields.mentions?.length) doc.mentions = [...new Set(fields.mentions)];
  const empty = !doc.summary && doc.deprecated === undefined && !doc.params && doc.returns === undefined && !doc.mentions;
  return empty ? undefined : doc;
}

/**
 * Marks the doc's mentions whose last part the file declares as a variable or constant
 * (`declaration` builds the family's pattern for a name): DocFact.declared.
 */
export function markDeclared(doc: DocFact | undefined, source: string, declaration: (name: string) => RegExp): DocFact | undefined {
  if (!doc?.mentions) return doc;
  const declared = doc.mentions.filter((mention) => {
    const last = /([\p{L}_$][\p{L}\p{N}_$]*)\W*$/u.exec(mention)?.[1];
    return last !== undefined && declaration(last.replace(/\$/g, "\\$")).test(source);
  });
  if (declared.length > 0) doc.declared = declared;
  return doc;
}

/** How many line breaks `source` holds between two indices. */
export function newlinesBetween(source: string, from: number, to: number): number {
  let count = 0;
  for (let i = source.indexOf("\n", from); i !== -1 && i < to; i = source.indexOf("\n", i + 1)) count++;
  return count;
}
