// Extractor tests parse inline sources with the real grammar and look entities up by qname.
import { Parser } from "web-tree-sitter";
import type { FileFacts, Lang } from "../../src/model/facts";
import { loadGrammar } from "../../src/lang/grammars";
import { parsingOf } from "../../src/lang/registry";

/** A function from source text to facts, as the named file of the given language. */
export async function extractorFor(lang: Lang, path: string): Promise<(source: string) => FileFacts> {
  const grammar = await loadGrammar(lang); // initialises the runtime before any Parser exists
  const parser = new Parser();
  parser.setLanguage(grammar);
  const { extract } = await parsingOf(lang);
  return (source) => {
    const tree = parser.parse(source);
    if (!tree) throw new Error("parse failed");
    try {
      return extract(tree.rootNode, source, path, lang);
    } finally {
      tree.delete();
    }
  };
}

export function entity(f: FileFacts, qname: string) {
  const found = f.entities.find((e) => e.qname === qname);
  if (!found) throw new Error(`no entity ${qname} in ${f.entities.map((e) => e.qname).join(", ")}`);
  return found;
}

export const indexOf = (f: FileFacts, qname: string): number => f.entities.indexOf(entity(f, qname));
