// What parsing a Python file takes: the grammar, embedded in the binary, and the extractor.
import pythonWasm from "tree-sitter-python/tree-sitter-python.wasm" with { type: "file" };

export const grammars: Readonly<Record<string, string>> = { python: pythonWasm };
export { extract } from "./extract.ts";
