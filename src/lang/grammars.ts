// The tree-sitter runtime, started once, and each language's grammar, loaded the first time a
// file of that language is met. The grammar files themselves are named by each language
// family's folder (src/lang/<id>/parsing.ts).
import runtimeWasm from "web-tree-sitter/web-tree-sitter.wasm" with { type: "file" };
import { noInline } from "bun:jsc";
import { Language, Node, Parser } from "web-tree-sitter";
import type { Lang } from "../model/facts";
import { parsingOf } from "./registry";

declare module "bun:jsc" {
  /** In Bun's runtime (1.4.5) beside noFTL, but missing from bun-types. */
  function noInline(func: (...args: never[]) => unknown): void;
}

/**
 * JSC's top tier (FTL) inlined web-tree-sitter's Node accessors (each marshals the node into
 * WebAssembly memory and calls in) into every extractor function that reads a tree, and then
 * spent up to 0.9 s compiling each bloated function: 5.7 s of CPU on effect's 16 MB, twice the
 * parse itself, and again in every worker. With the accessors kept as calls, compiling took
 * 1.5 s, and a cold map of effect went from 6.8-9.2 s to 5.4-6.0 s (user CPU 10.6-14.0 s to
 * 6.3-7.2 s, peak RSS 350-361 MB to 295-305 MB).
 */
function keepNodeAccessorsOutOfLine(): void {
  for (const name of Object.getOwnPropertyNames(Node.prototype)) {
    if (name === "constructor") continue;
    const property = Object.getOwnPropertyDescriptor(Node.prototype, name)!;
    for (const fn of [property.value, property.get]) if (typeof fn === "function") noInline(fn);
  }
}
keepNodeAccessorsOutOfLine();

let runtimeReady: Promise<void> | undefined;
const loaded = new Map<Lang, Promise<Language>>();

/** Initialise the runtime once, then load a grammar the first time a file of its language is met. */
export async function loadGrammar(lang: Lang): Promise<Language> {
  runtimeReady ??= Parser.init({ locateFile: () => runtimeWasm });
  await runtimeReady;
  let grammar = loaded.get(lang);
  if (!grammar) {
    grammar = parsingOf(lang).then(async (parsing) => {
      const file = parsing.grammars[lang];
      if (file === undefined) throw new Error(`no grammar for "${lang}"`);
      return Language.load(await Bun.file(file).bytes());
    });
    loaded.set(lang, grammar);
  }
  return grammar;
}
