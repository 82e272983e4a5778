// The families' packageEntries hooks, over a project written in memory: which files a manifest
// names as entry points.
import { describe, expect, test } from "bun:test";
import { packageEntries } from "../../src/lang/entries";
import { typescript } from "../../src/lang/typescript/language";
import * as registry from "../../src/lang/registry";
import type { FileFacts } from "../../src/model/facts";
import type { Project } from "../../src/resolve/model";
import { Workspace } from "../../src/resolve/workspace";

/** `unlisted`: on disk, left out of the listing (a gitignored manifest). */
function project(files: Record<string, string>, unlisted: Record<string, string> = {}): Project {
  const paths = new Set(Object.keys(files));
  return {
    paths,
    facts: (path) => (paths.has(path) ? ({ entities: [] } as unknown as FileFacts) : undefined),
    readText: (path) => files[path] ?? unlisted[path],
    languages: registry,
  };
}

function tsEntries(files: Record<string, string>): string[] {
  const p = project(files);
  return typescript.packageEntries!()(new Workspace(p), p.paths).sort();
}

describe("the TypeScript family's package entries", () => {
  test("every exports subpath under every condition, mapped from dist/ back to src/", () => {
    const manifest = { exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" }, "./client": { node: "./src/node-client.ts", default: "./src/client.ts" }, "./package.json": "./package.json" } };
    expect(tsEntries({ "package.json": JSON.stringify(manifest), "src/index.ts": "", "src/client.ts": "", "src/node-client.ts": "", "src/other.ts": "" })).toEqual(["src/client.ts", "src/index.ts", "src/node-client.ts"]);
  });

  test("a `*` pattern names the files that fit it, under the build directory's source too", () => {
    const manifest = { exports: { "./*": "./dist/*.js", "./raw/*": "./raw/*.ts" } };
    expect(tsEntries({ "pkg/package.json": JSON.stringify(manifest), "pkg/src/a.ts": "", "pkg/src/deep/b.tsx": "", "pkg/raw/c.ts": "", "pkg/raw/d.js": "", "elsewhere/src/e.ts": "" })).toEqual([
      "pkg/raw/c.ts",
      "pkg/src/a.ts",
      "pkg/src/deep/b.tsx",
    ]);
  });

  test("main, module, types and bin (a string or a map); the index when nothing is named", () => {
    expect(tsEntries({ "a/package.json": JSON.stringify({ main: "dist/cli.js", types: "types/api.d.ts", bin: { x: "./bin/x.js" } }), "a/src/cli.ts": "", "a/src/api.ts": "", "a/bin/x.js": "" })).toEqual(["a/bin/x.js", "a/src/api.ts", "a/src/cli.ts"]);
    expect(tsEntries({ "b/package.json": JSON.stringify({ bin: "run.mjs" }), "b/run.mjs": "", "b/src/index.ts": "" })).toEqual(["b/run.mjs", "b/src/index.ts"]);
  });

  test("a declared workspace package's package.json that only the disk holds (gitignored) names its entries too", () => {
    const files = { "pnpm-workspace.yaml": "packages:\n  - packages/*\n", "packages/zod/src/index.ts": "", "packages/zod/src/v4/index.ts": "", "packages/zod/src/other.ts": "" };
    const manifest = { name: "zod", exports: { ".": { "@zod/source": "./src/index.ts", import: "./index.js" }, "./v4": { "@zod/source": "./src/v4/index.ts" } } };
    const p = project(files, { "packages/zod/package.json": JSON.stringify(manifest) });
    expect(typescript.packageEntries!()(new Workspace(p), p.paths).sort()).toEqual(["packages/zod/src/index.ts", "packages/zod/src/v4/index.ts"]);
  });

  test("a manifest that names nothing in the repository, or cannot be read, names no file", () => {
    expect(tsEntries({ "package.json": JSON.stringify({ main: "dist/gone.js", exports: { "./x": null } }), "src/other.ts": "" })).toEqual([]);
    expect(tsEntries({ "package.json": "{ not json", "src/index.ts": "" })).toEqual([]);
  });
});

describe("every family's package entries", () => {
  test("a workspace of two packages and a Go module's root package, sorted, each file once", () => {
    const files = {
      "package.json": JSON.stringify({ private: true, workspaces: ["packages/*"] }),
      "packages/one/package.json": JSON.stringify({ name: "one", main: "./src/one.ts", exports: "./src/one.ts" }),
      "packages/one/src/one.ts": "",
      "packages/two/package.json": JSON.stringify({ name: "two", exports: { "./util": "./lib/util.js" } }),
      "packages/two/src/util.ts": "",
      "go/go.mod": "module example.com/x\n",
      "go/x.go": "",
      "go/x_test.go": "",
      "go/sub/y.go": "",
    };
    expect(packageEntries(project(files))).toEqual(["go/x.go", "packages/one/src/one.ts", "packages/two/src/util.ts"]);
  });
});

describe("a hostile manifest", () => {
  test("only the first 64 `*` patterns of a manifest are matched against the files", () => {
    const exportsField = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`./p${i}/*`, `./p${i}/*.ts`]));
    const files: Record<string, string> = { "package.json": JSON.stringify({ exports: exportsField }) };
    for (let i = 0; i < 100; i++) files[`p${i}/x.ts`] = "";
    expect(tsEntries(files).length).toBe(64);
  });
});
