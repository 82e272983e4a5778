// Go doc comments: the `//` lines directly above a declaration (no blank line between, `//go:`
// directives left out), read as a DocFact: the first sentence, a "Deprecated:" paragraph, and
// the doc links `[Name]`, `[pkg.Name]`, `[*pkg.Name]`, `[Name.Method]` written in prose.
import type { DocFact } from "../../model/facts";
import { claimText, docFact, firstSentence, markDeclared } from "../doc-text";

/** A link: brackets around a Go name, not after a letter (an index `a[i]`) and not defining a URL (`[x]: …`). */
const DOC_LINK = /(?<![\p{L}\p{N}_\]])\[(\*?[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*)\](?![:(\[])/gu;

/** The doc comment above the declaration starting at `start` (on line `line`). */
export function goDocBefore(source: string, start: number, line: number): DocFact | undefined {
  let lineStart = source.lastIndexOf("\n", start - 1) + 1;
  const before = source.slice(lineStart, start).trim();
  if (before !== "" && before !== "type" && before !== "func" && before !== "var" && before !== "const") return undefined;
  const lines: string[] = [];
  while (lineStart > 0) {
    const prevStart = source.lastIndexOf("\n", lineStart - 2) + 1;
    const text = source.slice(prevStart, lineStart - 1).trim();
    if (!text.startsWith("//")) break;
    lineStart = prevStart;
    if (/^\/\/(go:|line |nolint|export |extern )/.test(text)) continue;
    lines.push(text.slice(2));
  }
  if (lines.length === 0) return undefined;
  lines.reverse();
  // Only a block comment's lines count; every directive between was skipped above.
  const endLine = line - 1;
  const startLine = endLine - countLinesBack(source, lineStart, start) + 1;
  // `const X = …`, `var X T`, and a name in a const/var group.
  return markDeclared(parseGoDoc(lines, startLine, endLine), source, (name) => new RegExp(`(?:\\b(?:const|var)\\s+|^\\s+)${name}\\b[^\\n]*=|\\b(?:const|var)\\s+${name}\\b`, "m"));
}

function countLinesBack(source: string, from: number, to: number): number {
  let count = 0;
  for (let i = source.indexOf("\n", from); i !== -1 && i < to; i = source.indexOf("\n", i + 1)) count++;
  return count;
}

/** A doc comment's lines, each without its `//`. */
export function parseGoDoc(lines: readonly string[], startLine: number, endLine: number): DocFact | undefined {
  const paragraphs: string[][] = [[]];
  const mentions: string[] = [];
  // `[RFC7230]: https://…` defines a link: `[RFC7230]` in the text is that link, not a name.
  const defined = new Set<string>();
  for (const raw of lines) {
    const definition = /^\s*\[([^\]]+)\]:\s*\S/.exec(raw);
    if (definition) defined.add(definition[1]!);
  }
  // A standard cited by name, `[RFC7230]`, is a reference to a document, not to code.
  for (const raw of lines) for (const match of raw.matchAll(/\[(RFC\s?\d+)\]/g)) defined.add(match[1]!);
  for (const raw of lines) {
    // A code block is indented past the comment's one space: no prose, no links.
    const code = /^(\t| {2,})/.test(raw);
    const text = raw.replace(/^ /, "");
    if (text.trim() === "") {
      if (paragraphs[paragraphs.length - 1]!.length > 0) paragraphs.push([]);
      continue;
    }
    if (code) continue;
    paragraphs[paragraphs.length - 1]!.push(text);
    for (const match of text.matchAll(DOC_LINK)) if (!defined.has(match[1]!)) mentions.push(match[1]!.replace(/^\*/, ""));
  }
  let deprecated: string | undefined;
  let summary = "";
  for (const paragraph of paragraphs) {
    const text = paragraph.join("\n");
    if (text.startsWith("Deprecated:")) deprecated ??= claimText(text.slice("Deprecated:".length));
    else if (summary === "" && text !== "") summary = firstSentence(text.replace(DOC_LINK, "$1"));
  }
  return docFact({ startLine, endLine, summary, deprecated, mentions });
}
