// The small ones of issue 31 (item 8), each an answer that misled: `export type * from` was a
// parse error; an import statement opening `import {` at line 1 was sited at :2 (Python's
// `from ._config import (` at 3 at :4); a signature over several lines was cut at its first
// (`fetchQuery<`, `def request(`).
import { beforeAll, describe, expect, test } from "bun:test";
import { decodeLlm, decodeLlmStream } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";

let root = "";
let home = "";
let mapped: string[] = [];

beforeAll(async () => {
  root = await writeTree(tempDir("ix-syntax-"), {
    "src/types.ts": "export interface Options {\n  retry: number;\n}\n",
    "src/index.ts": 'export type * from "./types";\nexport type * as shapes from "./types";\nexport { QueryClient } from "./client";\n',
    "src/client.ts": [
      'import {',
      '  type Options,',
      '} from "./index";',
      "",
      "export class QueryClient {",
      "  fetchQuery<",
      "    TData,",
      "    TError = Error,",
      "  >(",
      "    options: Options, // retried",
      "  ): Promise<TData> {",
      "    return Promise.reject(options);",
      "  }",
      "}",
      "",
    ].join("\n"),
    "pkg/__init__.py": "",
    "pkg/_config.py": "class Timeout:\n    pass\n\n\nclass Limits:\n    pass\n",
    "pkg/client.py": [
      '"""The client."""',
      "",
      "from ._config import (",
      "    Limits,",
      "    Timeout,",
      ")",
      "",
      "",
      "class Client:",
      "    def request(",
      "        self,",
      "        method: str,  # GET, POST",
      "        timeout: Timeout = Timeout(),",
      "    ) -> Limits:",
      "        return Limits()",
      "",
    ].join("\n"),
  });
  home = tempDir("ix-syntax-home-");
  const map = ix(["map", ".", "--format", "llm"], { cwd: root, home });
  expect(map.code).toBe(0);
  mapped = map.lines;
});

const llm = (args: string[]) => ix([...args, "--format", "llm"], { cwd: root, home }).lines.filter((l) => !l.startsWith("next "));

describe("export type * (TypeScript 5.0)", () => {
  test("maps without parse errors, and the file re-exports the types' file", () => {
    expect(decodeLlm(mapped[0]!).fields.parse_errors).toBeUndefined();
    expect(mapped.some((l) => l.startsWith("parse_error "))).toBe(false);
    expect(llm(["imports", "src/index.ts"])).toEqual([
      "imports target=src/index.ts shown=2 total=2",
      'ref kind=file path=src/client.ts site=src/index.ts:3 snippet="export { QueryClient } from \\"./client\\";"',
      'ref kind=file path=src/types.ts site=src/index.ts:1 also=2 snippet="export type * from \\"./types\\";"',
    ]);
    expect(llm(["imported-by", "src/types.ts"])[0]).toBe("imported-by target=src/types.ts shown=1 total=1");
  });
});

describe("an import statement over several lines is sited at its first line", () => {
  test("TypeScript: `import {` at 1", () => {
    expect(llm(["imports", "src/client.ts"])).toEqual([
      "imports target=src/client.ts shown=1 total=1",
      'ref kind=file path=src/index.ts site=src/client.ts:1 snippet="import { type Options, } from \\"./index\\";"',
    ]);
  });

  test("Python: `from ._config import (` at 3, for imports and imported-by alike", () => {
    expect(llm(["imports", "pkg/client.py"])).toEqual([
      "imports target=pkg/client.py shown=1 total=1",
      'ref kind=file path=pkg/_config.py site=pkg/client.py:3 snippet="from ._config import ( Limits, Timeout, )"',
    ]);
    expect(llm(["imported-by", "pkg/_config.py"])[1]).toBe('ref kind=file path=pkg/client.py site=pkg/client.py:3 snippet="from ._config import ( Limits, Timeout, )"');
  });
});

describe("a signature over several lines is shown whole, up to its body", () => {
  const signature = (target: string) => decodeLlmStream(ix(["explain", target, "--format", "llm"], { cwd: root, home }).stdout).find((r) => r.kind === "signature")?.fields.text;

  test("TypeScript: type parameters and parameters joined, the comment left out", () => {
    expect(signature("fetchQuery")).toBe("fetchQuery<TData, TError = Error>(options: Options): Promise<TData> {");
  });

  test("Python: up to the colon", () => {
    expect(signature("request")).toBe("def request(self, method: str, timeout: Timeout = Timeout()) -> Limits:");
  });

  test("and callers still find the method where the graph put it", () => {
    expect(llm(["callees", "request"])).toContain('ref name=Limits kind=class path=pkg/_config.py lines=5-6 site=pkg/client.py:15 snippet="return Limits()"');
  });
});
