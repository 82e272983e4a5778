// What parsing a Go file takes: the grammar, embedded in the binary, and the extractor.
import goWasm from "tree-sitter-go/tree-sitter-go.wasm" with { type: "file" };

export const grammars: Readonly<Record<string, string>> = { go: goWasm };
export { extract } from "./extract.ts";
