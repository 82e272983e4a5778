// Grammar .wasm files are embedded in the compiled binary (`with { type: "file" }` gives a
// path that works both from source and from the bunfs of a compiled executable).
import runtimeWasm from "web-tree-sitter/web-tree-sitter.wasm" with { type: "file" };
import typescriptWasm from "tree-sitter-typescript/tree-sitter-typescript.wasm" with { type: "file" };
import tsxWasm from "tree-sitter-typescript/tree-sitter-tsx.wasm" with { type: "file" };
import javascriptWasm from "tree-sitter-javascript/tree-sitter-javascript.wasm" with { type: "file" };
import pythonWasm from "tree-sitter-python/tree-sitter-python.wasm" with { type: "file" };
import goWasm from "tree-sitter-go/tree-sitter-go.wasm" with { type: "file" };
import { Language, Parser } from "web-tree-sitter";
import type { Lang } from "../ingest/facts";

const grammarFiles: Record<Lang, string> = {
  typescript: typescriptWasm,
  tsx: tsxWasm,
  javascript: javascriptWasm,
  python: pythonWasm,
  go: goWasm,
};

let runtimeReady: Promise<void> | undefined;
const loaded = new Map<Lang, Promise<Language>>();

/** Initialise the runtime once, then load a grammar the first time a file of its language is met. */
export async function loadGrammar(lang: Lang): Promise<Language> {
  runtimeReady ??= Parser.init({ locateFile: () => runtimeWasm });
  await runtimeReady;
  let grammar = loaded.get(lang);
  if (!grammar) {
    grammar = Bun.file(grammarFiles[lang]).bytes().then((bytes) => Language.load(bytes));
    loaded.set(lang, grammar);
  }
  return grammar;
}

