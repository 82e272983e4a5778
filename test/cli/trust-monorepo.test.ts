// Answers an agent can trust in a pnpm monorepo (issue 31, item 1): a package's tests import it
// by its own name (`zod/v4`) through `exports` and a custom condition its tsconfig names, the
// tsconfig extending a base in a dot-folder and ending with a trailing comma; the package's
// package.json is ignored by its own .gitignore (the build writes one per subpath), so only
// the disk holds it; another package imports it and a third by name. The same answers with or
// without `pnpm install`'s node_modules links, in a git checkout or a plain directory.
import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ix, tempDir, writeTree } from "../helpers/cli";

const ZOD_MANIFEST = {
  name: "zod",
  type: "module",
  exports: {
    ".": { "@zod/source": "./src/index.ts", types: "./index.d.cts", import: "./index.js", require: "./index.cjs" },
    "./v4": { "@zod/source": "./src/v4/index.ts", types: "./v4/index.d.cts", import: "./v4/index.js", require: "./v4/index.cjs" },
  },
};

function monorepo(): Record<string, string> {
  return {
    ".gitignore": "node_modules\n",
    "package.json": JSON.stringify({ private: true, devDependencies: { zod: "workspace:*" } }),
    "pnpm-workspace.yaml": "packages:\n  - packages/*\n",
    ".configs/tsconfig.base.json": `{\n  "compilerOptions": { "strict": true, "module": "NodeNext" },\n}\n`,
    "packages/zod/.gitignore": "**/*.js\n**/package.json\n",
    "packages/zod/package.json": JSON.stringify(ZOD_MANIFEST, null, 2),
    "packages/zod/tsconfig.json": `{\n  "extends": "../../.configs/tsconfig.base.json",\n  "compilerOptions": {\n    "customConditions": ["@zod/source"],\n  }\n}\n`,
    "packages/zod/src/index.ts": `export * from "./v4/index.js";\n`,
    "packages/zod/src/v4/index.ts": `export function object(shape: object): object {\n  return shape;\n}\n\nexport function string(): string {\n  return "";\n}\n`,
    "packages/zod/src/v4/tests/object.test.ts": [
      `import { expect, test } from "vitest";`,
      `import * as z from "zod/v4";`,
      ``,
      `test("object", () => {`,
      `  expect(z.object({ a: z.string() })).toBeDefined();`,
      `});`,
      ``,
    ].join("\n"),
    "packages/util/package.json": JSON.stringify({ name: "@acme/util", main: "dist/index.js", types: "dist/index.d.ts" }),
    "packages/util/src/index.ts": `export function slug(text: string): string {\n  return text.trim();\n}\n`,
    "packages/bench/package.json": JSON.stringify({ name: "@acme/bench", dependencies: { zod: "workspace:*", "@acme/util": "workspace:*" } }),
    "packages/bench/object.ts": [
      `import { object } from "zod";`,
      `import { slug } from "@acme/util";`,
      ``,
      `export function run(): object {`,
      `  return object({ name: slug(" x ") });`,
      `}`,
      ``,
    ].join("\n"),
  };
}

/** What `pnpm install` leaves: the root's and each package's links to workspace packages. */
function linkInstalled(root: string): void {
  mkdirSync(join(root, "node_modules/@acme"), { recursive: true });
  symlinkSync("../packages/zod", join(root, "node_modules/zod"));
  mkdirSync(join(root, "packages/bench/node_modules/@acme"), { recursive: true });
  symlinkSync("../../zod", join(root, "packages/bench/node_modules/zod"));
  symlinkSync("../../../util", join(root, "packages/bench/node_modules/@acme/util"));
}

function answers(root: string): Record<string, string[]> {
  const home = tempDir("ix-monorepo-home-");
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
  const llm = (args: string[]) => ix([...args, "--format", "llm"], { cwd: root, home }).lines.filter((l) => !l.startsWith("next "));
  return {
    testImports: llm(["imports", "packages/zod/src/v4/tests/object.test.ts"]),
    benchImports: llm(["imports", "packages/bench/object.ts"]),
    objectCallers: llm(["callers", "object"]).map((l) => l.replace(/ snippet=.*$/, "")),
    slugCallers: llm(["callers", "slug"]).map((l) => l.replace(/ snippet=.*$/, "")),
  };
}

const EXPECTED = {
  testImports: [
    "imports target=packages/zod/src/v4/tests/object.test.ts shown=2 total=2 external=1",
    'ref kind=file path=packages/zod/src/v4/index.ts site=packages/zod/src/v4/tests/object.test.ts:2 snippet="import * as z from \\"zod/v4\\";"',
    'ref kind=external specifier=vitest site=packages/zod/src/v4/tests/object.test.ts:1 snippet="import { expect, test } from \\"vitest\\";"',
  ],
  benchImports: [
    "imports target=packages/bench/object.ts shown=2 total=2",
    'ref kind=file path=packages/util/src/index.ts site=packages/bench/object.ts:2 snippet="import { slug } from \\"@acme/util\\";"',
    'ref kind=file path=packages/zod/src/index.ts site=packages/bench/object.ts:1 snippet="import { object } from \\"zod\\";"',
  ],
  objectCallers: [
    "callers target=object path=packages/zod/src/v4/index.ts shown=2 total=2 resolved=2",
    "ref name=run kind=function path=packages/bench/object.ts lines=4-6 site=packages/bench/object.ts:5",
    "ref kind=file path=packages/zod/src/v4/tests/object.test.ts site=packages/zod/src/v4/tests/object.test.ts:5",
  ],
  slugCallers: [
    "callers target=slug path=packages/util/src/index.ts shown=1 total=1 resolved=1",
    "ref name=run kind=function path=packages/bench/object.ts lines=4-6 site=packages/bench/object.ts:5",
  ],
};

function git(root: string, ...args: string[]): void {
  const r = Bun.spawnSync(["git", ...args], { cwd: root, stdout: "pipe", stderr: "pipe" });
  expect(r.exitCode).toBe(0);
}

describe("a package importing itself from its own tests, and workspace packages by name", () => {
  test("a git checkout without pnpm install: the ignored package.json still names the package", async () => {
    const root = await writeTree(tempDir("ix-monorepo-"), monorepo());
    git(root, "init", "-q");
    expect(answers(root)).toEqual(EXPECTED);
  });

  test("after pnpm install, node_modules links change nothing", async () => {
    const root = await writeTree(tempDir("ix-monorepo-installed-"), monorepo());
    git(root, "init", "-q");
    linkInstalled(root);
    expect(answers(root)).toEqual(EXPECTED);
  });

  test("a plain directory (no git), installed: the same", async () => {
    const root = await writeTree(tempDir("ix-monorepo-plain-"), monorepo());
    linkInstalled(root);
    expect(answers(root)).toEqual(EXPECTED);
  });
});
