// config.yaml parsed within bounds: a file a person edits may hold anything, and the parser's
// cost is not bounded by the file's size alone. Nesting is measured on the parser's syntax tree,
// which is built without recursion, before the document is composed, which recurses (10k nested
// brackets overflowed the stack); aliases are counted as values are read (nine nested anchors
// expand to a billion nodes).
import type { Document } from "yaml";

const MAX_DEPTH = 64;
const MAX_ALIASES = 100;

/** `problem` completes "<path> …", as in "nests deeper than 64 levels". */
export type ParsedYaml = { doc: Document; values: unknown } | { problem: string };

type Yaml = typeof import("yaml");

/** Required, not imported: evaluating the YAML parser costs a query ~10 ms, and most never need it. */
const yaml = (): Yaml => require("yaml") as Yaml;

interface SyntaxNode {
  items?: { key?: unknown; value?: unknown }[];
  value?: unknown;
}

/** The deepest nesting of collections in the syntax tree, walked with a stack of its own. */
function depthOf(tokens: Iterable<unknown>): number {
  let deepest = 0;
  const stack: [unknown, number][] = [...tokens].map((token) => [token, 0]);
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (!node || typeof node !== "object") continue;
    const { items, value } = node as SyntaxNode;
    if (Array.isArray(items)) {
      deepest = Math.max(deepest, depth + 1);
      if (deepest > MAX_DEPTH) return deepest;
      for (const item of items) stack.push([item.key, depth + 1], [item.value, depth + 1]);
    } else if (value && typeof value === "object") stack.push([value, depth]);
  }
  return deepest;
}

/** C0 controls but tab, LF and CR, and DEL: characters YAML does not allow anywhere. */
const NOT_YAML_TEXT = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

export function parseYaml(text: string): ParsedYaml {
  // The parser reads most of these as a plain scalar, which would call binary data "not a mapping".
  if (NOT_YAML_TEXT.test(text)) return { problem: "is not valid YAML (it holds control characters: binary data?)" };
  const { Parser, parseDocument } = yaml();
  if (depthOf(new Parser().parse(text)) > MAX_DEPTH) return { problem: `nests deeper than ${MAX_DEPTH} levels` };
  // logLevel "error": the parser's warnings would otherwise go to stderr as process warnings.
  const doc = parseDocument(text, { logLevel: "error" });
  const error = doc.errors[0];
  if (error) return { problem: `is not valid YAML (${error.message.split("\n")[0]})` };
  try {
    return { doc, values: doc.toJS({ maxAliasCount: MAX_ALIASES }) };
  } catch (error) {
    if (error instanceof ReferenceError) return { problem: `expands aliases past the limit of ${MAX_ALIASES}` };
    return { problem: `cannot be read as YAML (${(error as Error).message})` };
  }
}

