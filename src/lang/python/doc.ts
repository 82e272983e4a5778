// Docstrings: the string that is the first statement of a def's or class's body, read as a
// DocFact in the three styles Python projects write: Google (`Args:`, `Returns:`), NumPy
// (`Parameters` over a `----------` rule) and Sphinx (`:param x:`, `:returns:`), with
// `.. deprecated::` and the `:func:`, `:class:` and `:meth:` roles as mentions.
import type { DocFact } from "../../model/facts";
import { claimText, docFact, firstSentence } from "../doc-text";

/** A docstring literal's text: prefix and quotes removed, lines after the first dedented. */
export function docstringText(literal: string): string | undefined {
  const match = /^[rRuU]{0,2}("""|'''|"|')([\s\S]*)\1$/.exec(literal);
  if (!match) return undefined;
  const lines = match[2]!.split("\n");
  let indent = Number.POSITIVE_INFINITY;
  for (const line of lines.slice(1)) {
    if (line.trim() === "") continue;
    indent = Math.min(indent, line.length - line.trimStart().length);
  }
  if (indent === Number.POSITIVE_INFINITY) indent = 0;
  return [lines[0]!.trim(), ...lines.slice(1).map((l) => l.slice(indent).trimEnd())].join("\n");
}

const GOOGLE_PARAMS = new Set(["args", "arguments", "parameters", "params"]);
const GOOGLE_RETURNS = new Set(["returns", "return"]);
/** Google and NumPy section names: where a description ends. */
const SECTIONS = new Set([
  ...GOOGLE_PARAMS, ...GOOGLE_RETURNS, "yields", "yield", "raises", "raise", "keyword args", "keyword arguments", "other parameters",
  "attributes", "example", "examples", "note", "notes", "see also", "warning", "warnings", "warns", "todo", "references", "methods",
]);
const ROLE = /:(?:py:)?(?:func|class|meth):`([^`]+)`/g;

/** A docstring's text (docstringText) read as claims. */
export function parseDocstring(text: string, startLine: number, endLine: number): DocFact | undefined {
  const lines = text.split("\n");
  const params: string[] = [];
  let returns: string | undefined;
  let deprecated: string | undefined;
  let descriptionEnd = lines.length;
  const mentions: string[] = [];
  for (const match of text.matchAll(ROLE)) {
    const target = /<([^>]+)>\s*$/.exec(match[1]!)?.[1] ?? match[1]!;
    mentions.push(target.trim());
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    const indent = line.length - line.trimStart().length;
    // Sphinx fields: `:param x:`, `:param int x:`, `:returns:`.
    const field = /^:(param|parameter|arg|argument|key|keyword|returns?|raises?|rtype|type)\b([^:]*):(.*)$/.exec(trimmed);
    if (field) {
      descriptionEnd = Math.min(descriptionEnd, i);
      const [, name, rest, after] = field as unknown as [string, string, string, string];
      if (/^(param|parameter|arg|argument)$/.test(name)) {
        const words = rest.trim().split(/\s+/);
        const param = words[words.length - 1];
        if (param) params.push(param);
      } else if (name.startsWith("return")) returns ??= claimText(after + continuation(lines, i, indent));
      continue;
    }
    // `.. deprecated:: 2.1` and its indented reason.
    const directive = /^\.\.\s+deprecated::\s*(.*)$/.exec(trimmed);
    if (directive) {
      descriptionEnd = Math.min(descriptionEnd, i);
      deprecated ??= claimText(`${directive[1]!} ${continuation(lines, i, indent)}`);
      continue;
    }
    if (trimmed.startsWith(".. ")) {
      descriptionEnd = Math.min(descriptionEnd, i);
      continue;
    }
    const header = /^([A-Za-z][A-Za-z ]*?)\s*:?\s*$/.exec(trimmed);
    const sectionName = header?.[1]!.toLowerCase();
    if (!header || !sectionName || !SECTIONS.has(sectionName)) continue;
    const numpy = /^\s*-{3,}\s*$/.test(lines[i + 1] ?? "") && !trimmed.endsWith(":");
    const google = trimmed.endsWith(":");
    if (!numpy && !google) continue;
    descriptionEnd = Math.min(descriptionEnd, i);
    const bodyStart = numpy ? i + 2 : i + 1;
    const section = sectionLines(lines, bodyStart, indent, numpy);
    if (GOOGLE_PARAMS.has(sectionName)) params.push(...sectionParams(section, numpy));
    else if (GOOGLE_RETURNS.has(sectionName)) returns ??= claimText(section.map((l) => l.trim()).join(" "));
  }
  const summary = firstSentence(lines.slice(0, descriptionEnd).join("\n"));
  return docFact({ startLine, endLine, summary, deprecated, params, returns, mentions });
}

/** The indented lines under a field or directive at `at`. */
function continuation(lines: readonly string[], at: number, indent: number): string {
  const out: string[] = [];
  for (let i = at + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") break;
    if (line.length - line.trimStart().length <= indent) break;
    out.push(line.trim());
  }
  return out.join(" ");
}

/**
 * A section's lines: Google's are indented deeper than their header; NumPy's start at the
 * header's indentation and end at the next header (a line over a `---` rule) or a blank line
 * followed by unindented prose.
 */
function sectionLines(lines: readonly string[], from: number, indent: number, numpy: boolean): string[] {
  const out: string[] = [];
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") {
      if (numpy) {
        const next = lines[i + 1];
        if (next === undefined || /^\s*-{3,}\s*$/.test(lines[i + 2] ?? "")) break;
      }
      out.push(line);
      continue;
    }
    const lineIndent = line.length - line.trimStart().length;
    if (numpy ? lineIndent < indent || /^\s*-{3,}\s*$/.test(lines[i + 1] ?? "") : lineIndent <= indent) break;
    out.push(line);
  }
  return out;
}

/** The parameter names a section lists: its least indented lines, `name (type): …`, `name : type`, `x, y : int`. */
function sectionParams(section: readonly string[], numpy: boolean): string[] {
  const filled = section.filter((l) => l.trim() !== "");
  if (filled.length === 0) return [];
  const indent = Math.min(...filled.map((l) => l.length - l.trimStart().length));
  const names: string[] = [];
  for (const line of filled) {
    if (line.length - line.trimStart().length !== indent) continue;
    const entry = numpy ? /^((?:\*{0,2}[A-Za-z_]\w*)(?:\s*,\s*\*{0,2}[A-Za-z_]\w*)*)\s*(?::|$)/.exec(line.trim()) : /^(\*{0,2}[A-Za-z_]\w*)\s*(?:\([^)]*\))?\s*:/.exec(line.trim());
    if (!entry) continue;
    for (const name of entry[1]!.split(",")) names.push(name.trim());
  }
  return names;
}
