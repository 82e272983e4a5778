// Issue 17, item 5: a package importing itself through its own `exports` map (zod writes
// `import * as z from "zod/v4"` 190 times inside zod), with the condition that points at the
// sources named by tsconfig `customConditions`, and a workspace package whose `exports` lead
// to build outputs the repository does not hold. Each unresolved import dropped every call
// made through it.
import { beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeLlm } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";

const EXPORTS_ENTRY = (sub: string, src: string) => ({
  "@kit/source": src,
  types: `./${sub}.d.cts`,
  import: `./${sub}.js`,
  require: `./${sub}.cjs`,
});

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({
    name: "kit",
    exports: {
      "./package.json": "./package.json",
      ".": EXPORTS_ENTRY("index", "./src/index.ts"),
      "./v4": EXPORTS_ENTRY("v4/index", "./src/v4/index.ts"),
      "./v4/*": EXPORTS_ENTRY("v4/*", "./src/v4/*/index.ts"),
    },
  }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { moduleResolution: "bundler", customConditions: ["@kit/source"] } }),
  "src/index.ts": 'export * from "./v4/index.ts";\n',
  "src/v4/index.ts": 'export * from "./core/index.ts";\n',
  "src/v4/core/index.ts": "export function parse(input: string): string {\n  return input;\n}\n",
  // Through the package's own name: the bare name, a subpath, a pattern subpath.
  "src/tests/a.test.ts": 'import * as k from "kit/v4";\nexport function viaSubpath() {\n  return k.parse("a");\n}\n',
  "src/tests/b.test.ts": 'import { parse } from "kit/v4/core";\nexport function viaPattern() {\n  return parse("b");\n}\n',
  "src/tests/c.test.ts": 'import { parse } from "kit";\nexport function viaName() {\n  return parse("c");\n}\n',
  // A copy of the manifest elsewhere claims the same name: a self-reference still means the
  // package the importer lives in.
  "examples/kit-copy/package.json": JSON.stringify({ name: "kit", main: "./other.ts" }),
  "examples/kit-copy/other.ts": "export function parse(input: string): string {\n  return input;\n}\n",

  // A monorepo without node_modules: app imports lib, whose exports name only build outputs
  // first and its sources under a custom condition last.
  "packages/lib/package.json": JSON.stringify({
    name: "@mono/lib",
    exports: { ".": { types: "./dist/index.d.cts", import: "./dist/index.mjs", "@mono/source": "./src/main.ts" } },
  }),
  "packages/lib/src/main.ts": "export function greet(name: string): string {\n  return name;\n}\n",
  "packages/app/package.json": JSON.stringify({ name: "@mono/app" }),
  "packages/app/tsconfig.json": JSON.stringify({ compilerOptions: { customConditions: ["@mono/source"] } }),
  "packages/app/src/run.ts": 'import { greet } from "@mono/lib";\nexport function run() {\n  return greet("x");\n}\n',
};

let root = "";
let home = "";

function records(args: string[]) {
  const r = ix([...args, "--format", "llm"], { cwd: root, home });
  expect(r.code).toBe(0);
  return r.lines.map((line) => decodeLlm(line));
}

beforeAll(async () => {
  root = await writeTree(tempDir("ix-selfimport-"), FILES);
  home = tempDir("ix-selfimport-home-");
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
});

describe("a package importing itself through its exports map", () => {
  test("calls through the package's own name reach the source the custom condition names", () => {
    const callers = records(["callers", "src/v4/core/index.ts:1"]).slice(1).map((r) => r.fields.name).sort();
    expect(callers).toEqual(["viaName", "viaPattern", "viaSubpath"]);
  });

  test("the importers of a self-referenced module are the files naming it by the package name", () => {
    const importers = records(["imported-by", "src/v4/index.ts"]).slice(1).map((r) => r.fields.path).sort();
    expect(importers).toEqual(["src/index.ts", "src/tests/a.test.ts"]);
  });

  test("a workspace package whose exports list build outputs first resolves to the source the importer's condition names", () => {
    const callers = records(["callers", "packages/lib/src/main.ts:1"]).slice(1).map((r) => r.fields.name);
    expect(callers).toEqual(["run"]);
  });

  test("a self-import left unresolved resolves once an incremental map adds the file its exports name", async () => {
    const dir = await writeTree(tempDir("ix-selfimport-inc-"), {
      "package.json": JSON.stringify({ name: "kit", exports: { "./util": { "@kit/source": "./src/util.ts", import: "./util.js" } } }),
      "tsconfig.json": JSON.stringify({ compilerOptions: { customConditions: ["@kit/source"] } }),
      "src/use.ts": 'import { helper } from "kit/util";\nexport function user() {\n  return helper();\n}\n',
    });
    const incHome = tempDir("ix-selfimport-inc-home-");
    expect(ix(["map", ".", "--silent"], { cwd: dir, home: incHome }).code).toBe(0);
    writeFileSync(join(dir, "src/util.ts"), "export function helper(): number {\n  return 1;\n}\n");
    expect(ix(["map", ".", "--silent"], { cwd: dir, home: incHome }).code).toBe(0);
    const r = ix(["callers", "src/util.ts:1", "--format", "llm"], { cwd: dir, home: incHome });
    expect(r.lines.slice(1).map((line) => decodeLlm(line).fields.name)).toEqual(["user"]);
  });
});
