import { describe, expect, test } from "bun:test";
import { FactsBuilder, memoryProject } from "../helpers/facts-builder.ts";
import { resolveFiles } from "../../src/resolve/index.ts";
import { parseJsonc } from "../../src/resolve/jsonc.ts";
import { exportsTargets } from "../../src/lang/typescript/packages.ts";
import { globPattern, matchesGlob, pnpmPackageGlobs, workspacesGlobs } from "../../src/lang/typescript/workspaces.ts";

describe("JSONC", () => {
  test("comments and trailing commas go; comment-like text inside strings stays", () => {
    const text = `{
      // line comment
      "url": "http://example.com/*not-a-comment*/", /* block */
      "list": [1, 2, /* two */ ],
      "nested": { "a": "b", },
    }`;
    expect(parseJsonc(text)).toEqual({ url: "http://example.com/*not-a-comment*/", list: [1, 2], nested: { a: "b" } });
    expect(parseJsonc(`{ "quote": "a \\" , ]" , }`)).toEqual({ quote: 'a " , ]' });
    expect(parseJsonc("{ broken")).toBeUndefined();
  });
});

const exportsTarget = (field: unknown, subpath: string): string | undefined => exportsTargets(field, subpath)[0];

describe("package.json exports", () => {
  test("string, subpath map, nested conditions, arrays, patterns, null", () => {
    expect(exportsTarget("./main.js", ".")).toBe("./main.js");
    expect(exportsTarget("./main.js", "./x")).toBeUndefined();
    expect(exportsTarget({ import: { types: "./a.d.ts", default: "./a.js" }, require: "./a.cjs" }, ".")).toBe("./a.d.ts");
    expect(exportsTarget({ node: "./n.js", default: "./d.js" }, ".")).toBe("./d.js");
    const map = {
      ".": [{ bogus: null }, "./first.js"],
      "./features/*.js": "./src/features/*.ts",
      "./features/internal/*": null,
      "./*": "./lib/*.js",
    };
    expect(exportsTarget(map, ".")).toBe("./first.js");
    expect(exportsTarget(map, "./features/x.js")).toBe("./src/features/x.ts");
    expect(exportsTarget(map, "./features/internal/y")).toBeUndefined();
    expect(exportsTarget(map, "./other")).toBe("./lib/other.js");
  });

  test("customConditions come first; the manifest's order decides among active conditions; the rest follow", () => {
    const entry = { "@acme/source": "./src/index.ts", types: "./index.d.cts", import: "./index.js", require: "./index.cjs" };
    expect(exportsTargets(entry, ".", ["@acme/source"])).toEqual(["./src/index.ts", "./index.d.cts", "./index.js", "./index.cjs"]);
    expect(exportsTargets(entry, ".")).toEqual(["./index.d.cts", "./index.js", "./index.cjs", "./src/index.ts"]);
    expect(exportsTargets({ "./v4/*": { import: "./v4/*.js", types: "./v4/*.d.ts" } }, "./v4/core")).toEqual(["./v4/core.js", "./v4/core.d.ts"]);
  });
});

describe("tsconfig extends", () => {
  test("a base config from a workspace package, and an extends array (later wins)", () => {
    const texts = {
      "tooling/tsconfig/package.json": JSON.stringify({ name: "@acme/tsconfig" }),
      "tooling/tsconfig/base.json": `{ "compilerOptions": { "paths": { "#x/*": ["\${configDir}/wrong/*"] } } }`,
      "tooling/tsconfig/strict.json": `{ "compilerOptions": { "paths": { "#x/*": ["\${configDir}/lib/*"] } } }`,
      "apps/api/tsconfig.json": `{ "extends": ["@acme/tsconfig/base.json", "@acme/tsconfig/strict"] }`,
    };
    const lib = new FactsBuilder("apps/api/lib/db.ts");
    const connect = lib.entity("connect", "function", { exported: true });
    const main = new FactsBuilder("apps/api/main.ts");
    main.import("#x/db", [["connect", "connect"]]).call(-1, "connect");
    const project = memoryProject([lib.build(), main.build()], texts);
    const result = resolveFiles(["apps/api/main.ts"], project).get("apps/api/main.ts")!;
    expect(result.edges.filter((e) => e.kind === "CALLS").map((e) => e.dst)).toEqual([{ path: "apps/api/lib/db.ts", index: connect }]);
  });

  test("customConditions are inherited through extends and choose the exports target of a self-import", () => {
    const texts = {
      "package.json": JSON.stringify({ name: "kit", exports: { "./a": { "@kit/dev": "./src/a.ts", types: "./a.d.ts" } } }),
      "tsconfig.base.json": `{ "compilerOptions": { "customConditions": ["@kit/dev"] } }`,
      "tsconfig.json": `{ "extends": "./tsconfig.base.json" }`,
    };
    const decoy = new FactsBuilder("a.d.ts");
    decoy.entity("a", "function", { exported: true });
    const lib = new FactsBuilder("src/a.ts");
    const a = lib.entity("a", "function", { exported: true });
    const main = new FactsBuilder("src/main.ts");
    main.import("kit/a", [["a", "a"]]).call(-1, "a");
    const project = memoryProject([decoy.build(), lib.build(), main.build()], texts);
    const result = resolveFiles(["src/main.ts"], project).get("src/main.ts")!;
    expect(result.edges.filter((e) => e.kind === "CALLS").map((e) => e.dst)).toEqual([{ path: "src/a.ts", index: a }]);
  });

  test("the nearest config wins over one further up", () => {
    const texts = {
      "tsconfig.json": `{ "compilerOptions": { "paths": { "@/*": ["root/*"] } } }`,
      "web/jsconfig.json": `{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }`,
    };
    const util = new FactsBuilder("web/src/util.js");
    const u = util.entity("u", "function", { exported: true });
    const decoy = new FactsBuilder("root/util.ts");
    decoy.entity("u", "function", { exported: true });
    const app = new FactsBuilder("web/app.js");
    app.import("@/util", [["u", "u"]]).call(-1, "u");
    const result = resolveFiles(["web/app.js"], memoryProject([util.build(), decoy.build(), app.build()], texts)).get("web/app.js")!;
    expect(result.edges.filter((e) => e.kind === "CALLS").map((e) => e.dst)).toEqual([{ path: "web/src/util.js", index: u }]);
  });
});

describe("workspace declarations", () => {
  test("pnpm-workspace.yaml: the packages list, block or flow, quoted or not, comments and other keys aside", () => {
    const block = [
      "# the workspace",
      "packages:",
      "  - packages/*",
      "  - 'integrations/*' # examples too",
      '  - "!examples/vue/2*"',
      "",
      "catalog:",
      "  - not/a/package",
    ].join("\n");
    expect(pnpmPackageGlobs(block)).toEqual(["packages/*", "integrations/*", "!examples/vue/2*"]);
    expect(pnpmPackageGlobs("packages: ['a/*', b]\n")).toEqual(["a/*", "b"]);
    expect(pnpmPackageGlobs("onlyBuiltDependencies:\n  - esbuild\n")).toEqual([]);
  });

  test("package.json workspaces: a list, or an object's packages", () => {
    expect(workspacesGlobs(["packages/*", 3])).toEqual(["packages/*"]);
    expect(workspacesGlobs({ packages: ["apps/*"], nohoist: ["**/x"] })).toEqual(["apps/*"]);
    expect(workspacesGlobs("packages/*")).toEqual([]);
  });

  test("directory globs: * within a segment, ** across any, relative to the declaring directory, never above the root", () => {
    const matches = (base: string, glob: string, dir: string) => matchesGlob(dir, globPattern(base, glob)!);
    expect(matches("", "packages/*", "packages/zod")).toBe(true);
    expect(matches("", "packages/*", "packages/zod/src")).toBe(false);
    expect(matches("", "packages/*/", "packages")).toBe(false);
    expect(matches("", "./examples/react-*", "examples/react-basic")).toBe(true);
    expect(matches("", "packages/**", "packages/a/b")).toBe(true);
    expect(matches("", "packages/**", "packages")).toBe(true);
    expect(matches("", "**/pkg", "a/b/pkg")).toBe(true);
    expect(matches("js", "../tools/*", "tools/cli")).toBe(true);
    expect(matches("", "apps/web", "apps/web")).toBe(true);
    expect(globPattern("", "../outside/*")).toBeUndefined();
    expect(globPattern("", "/abs/*")).toBeUndefined();
  });
});
