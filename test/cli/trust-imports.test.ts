// `ix imports` of a file whose import did not resolve answered `shown=0 total=0`, as if the
// file imported nothing (issue 31). Every import is listed: a module the project should hold
// but the resolver did not find is `kind=unresolved`, a package, builtin or non-code file is
// `kind=external`, each counted on the header; importers stay as they were.
import { beforeAll, describe, expect, test } from "bun:test";
import { ix, tempDir, writeTree } from "../helpers/cli";

let root = "";
let home = "";

beforeAll(async () => {
  root = await writeTree(tempDir("ix-imports-"), {
    "tsconfig.json": JSON.stringify({ compilerOptions: { paths: { "@/*": ["src/*"] } } }),
    "src/util.ts": "export function util(): number {\n  return 1;\n}\n",
    "src/app.ts": [
      `import { readFileSync } from "node:fs";`,
      `import React from "react";`,
      `import {`,
      `  util,`,
      `} from "./util";`,
      `import { gone } from "./gone";`,
      `import { missing } from "@/missing";`,
      `import "./styles.css";`,
      ``,
      `export function app(): number {`,
      `  return util() + gone() + missing() + readFileSync.length + React.version.length;`,
      `}`,
      ``,
    ].join("\n"),
    "src/plain.ts": `import { util } from "./util";\nexport const x = util();\n`,
  });
  home = tempDir("ix-imports-home-");
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
});

const llm = (args: string[]) => ix([...args, "--format", "llm"], { cwd: root, home }).lines.filter((l) => !l.startsWith("next "));

describe("imports lists every import, resolved or not", () => {
  test("an import that found no file is a row: unresolved when the project should hold it, external otherwise, counted on the header", () => {
    expect(llm(["imports", "src/app.ts"])).toEqual([
      "imports target=src/app.ts shown=6 total=6 unresolved=2 external=3",
      'ref kind=file path=src/util.ts site=src/app.ts:3 snippet="import { util, } from \\"./util\\";"',
      'ref kind=external specifier=node:fs site=src/app.ts:1 snippet="import { readFileSync } from \\"node:fs\\";"',
      'ref kind=external specifier=react site=src/app.ts:2 snippet="import React from \\"react\\";"',
      'ref kind=unresolved specifier=./gone site=src/app.ts:6 snippet="import { gone } from \\"./gone\\";"',
      'ref kind=unresolved specifier=@/missing site=src/app.ts:7 snippet="import { missing } from \\"@/missing\\";"',
      'ref kind=external specifier=./styles.css site=src/app.ts:8 snippet="import \\"./styles.css\\";"',
      'hint text="2 import(s) name a module the project should hold (a relative path, an alias, a workspace package) that was not found: calls through them are not bound."',
    ]);
  });

  test("--limit cuts the list, resolved rows first; the header keeps every count", () => {
    expect(llm(["imports", "src/app.ts", "--limit", "2"]).slice(0, 3)).toEqual([
      "imports target=src/app.ts shown=2 total=6 unresolved=2 external=3",
      'ref kind=file path=src/util.ts site=src/app.ts:3 snippet="import { util, } from \\"./util\\";"',
      'ref kind=external specifier=node:fs site=src/app.ts:1 snippet="import { readFileSync } from \\"node:fs\\";"',
    ]);
  });

  test("json carries the same rows; a file whose imports all resolved reads as before", () => {
    const json = JSON.parse(ix(["imports", "src/app.ts", "--format", "json"], { cwd: root, home }).stdout);
    expect(json.imports).toMatchObject({ shown: 6, total: 6, unresolved: 2, external: 3 });
    expect(json.ref[3]).toMatchObject({ kind: "unresolved", specifier: "./gone", site: { path: "src/app.ts", line: 6 } });
    expect(llm(["imports", "src/plain.ts"])).toEqual([
      "imports target=src/plain.ts shown=1 total=1",
      'ref kind=file path=src/util.ts site=src/plain.ts:1 snippet="import { util } from \\"./util\\";"',
    ]);
  });

  test("imported-by counts the importing files, as before", () => {
    expect(llm(["imported-by", "src/util.ts"])[0]).toBe("imported-by target=src/util.ts shown=2 total=2");
  });
});
