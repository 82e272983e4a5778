// The files package manifests name as entry points (`exports`, `main` into a build directory,
// `bin`; a Go module's root package) are public API whatever they are called: dead_export
// leaves their exports alone and explain calls them public_api. The map stores the set with
// the revision, so it follows the manifest from one map to the next.
import { beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeLlmStream } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";

const SDK_MANIFEST = {
  name: "@acme/sdk",
  exports: { ".": "./src/index.ts", "./client": "./src/client.ts", "./features/*": { types: "./dist/features/*.d.ts", import: "./dist/features/*.js" } },
};

function workspace(): Record<string, string> {
  return {
    "package.json": JSON.stringify({ name: "acme", private: true, workspaces: ["packages/*"] }),
    "packages/sdk/package.json": JSON.stringify(SDK_MANIFEST),
    "packages/sdk/src/index.ts": `export function version(): string {\n  return "1";\n}\n`,
    "packages/sdk/src/client.ts": `import { normalize } from "./url";\nexport function connect(url: string): string {\n  return normalize(url);\n}\n`,
    "packages/sdk/src/url.ts": `export function normalize(url: string): string {\n  return url.trim();\n}\n`,
    "packages/sdk/src/features/alpha.ts": `export function alpha(): number {\n  return 1;\n}\n`,
    "packages/sdk/src/stray.ts": `export function stray(): number {\n  return 2;\n}\n`,
    "packages/tool/package.json": JSON.stringify({ name: "acme-tool", main: "dist/runner.js", bin: { tool: "./bin/tool.js" } }),
    "packages/tool/src/runner.ts": `export function start(): number {\n  return 3;\n}\n`,
    "packages/tool/bin/tool.js": `export function invoke() {\n  return 4;\n}\n`,
    "packages/tool/src/leftover.ts": `export function leftover(): number {\n  return 5;\n}\n`,
  };
}

let root = "";
let home = "";

function deadExports(at = home, cwd = root): string[] {
  const r = ix(["smells", "--kind", "dead_export", "--format", "json", "--full"], { cwd, home: at });
  expect(r.code).toBe(0);
  return (JSON.parse(r.stdout).smell as { file: string; entity: string }[]).map((s) => `${s.file}:${s.entity}`).sort();
}

function roleOf(target: string, at = home, cwd = root): string {
  const r = ix(["explain", target, "--format", "llm"], { cwd, home: at });
  expect(r.code).toBe(0);
  return String(decodeLlmStream(r.stdout).find((rec) => rec.kind === "role")?.fields.role);
}

beforeAll(async () => {
  root = await writeTree(tempDir("ix-entries-"), workspace());
  home = tempDir("ix-entries-home-");
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
});

describe("package entries", () => {
  test("exports of files a manifest names (exports subpath and pattern, main into dist, bin) are not dead; others still are", () => {
    expect(deadExports()).toEqual(["packages/sdk/src/stray.ts:stray", "packages/tool/src/leftover.ts:leftover"]);
  });

  test("explain calls an export of a manifest's entry file public_api (one that calls into the code too), and not one of another file", () => {
    expect(["connect", "alpha", "start", "invoke"].map((name) => [name, roleOf(name)])).toEqual([
      ["connect", "public_api"],
      ["alpha", "public_api"],
      ["start", "public_api"],
      ["invoke", "public_api"],
    ]);
    expect(roleOf("stray")).not.toBe("public_api");
  });

  test("dropping an entry from the manifest makes its export dead after the next map", async () => {
    const r = await writeTree(tempDir("ix-entries-edit-"), workspace());
    const h = tempDir("ix-entries-edit-home-");
    expect(ix(["map", ".", "--silent"], { cwd: r, home: h }).code).toBe(0);
    expect(deadExports(h, r)).not.toContain("packages/sdk/src/client.ts:connect");
    const { "./client": _, ...rest } = SDK_MANIFEST.exports;
    writeFileSync(join(r, "packages/sdk/package.json"), JSON.stringify({ ...SDK_MANIFEST, exports: rest }));
    expect(ix(["map", ".", "--silent"], { cwd: r, home: h }).code).toBe(0);
    expect(deadExports(h, r)).toContain("packages/sdk/src/client.ts:connect");
    expect(roleOf("connect", h, r)).not.toBe("public_api");
  });

  test("a Go module's root package is its public API; a package below it is not named by go.mod", async () => {
    const r = await writeTree(tempDir("ix-entries-go-"), {
      "go.mod": "module example.com/lib\n\ngo 1.22\n",
      "lib.go": "package lib\n\nfunc Exported() int {\n\treturn 1\n}\n",
      "sub/sub.go": "package sub\n\nfunc Below() int {\n\treturn 2\n}\n",
    });
    const h = tempDir("ix-entries-go-home-");
    expect(ix(["map", ".", "--silent"], { cwd: r, home: h }).code).toBe(0);
    expect(roleOf("Exported", h, r)).toBe("public_api");
    expect(roleOf("Below", h, r)).not.toBe("public_api");
  });
});
