// What parsing a TypeScript, TSX or JavaScript file takes: the grammars, embedded in the binary
// (`with { type: "file" }` gives a path that works from source and from a compiled
// executable's bunfs), the repair of forms the grammar misreads, and the extractor.
import typescriptWasm from "tree-sitter-typescript/tree-sitter-typescript.wasm" with { type: "file" };
import tsxWasm from "tree-sitter-typescript/tree-sitter-tsx.wasm" with { type: "file" };
import javascriptWasm from "tree-sitter-javascript/tree-sitter-javascript.wasm" with { type: "file" };

export const grammars: Readonly<Record<string, string>> = { typescript: typescriptWasm, tsx: tsxWasm, javascript: javascriptWasm };
export { extract } from "./extract.ts";
export { prepareTypeScriptSource as prepare } from "./prepare.ts";
