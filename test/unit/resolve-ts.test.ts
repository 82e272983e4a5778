import { describe, expect, test } from "bun:test";
import type { FileFacts } from "../../src/model/facts.ts";
import { FactsBuilder, memoryProject } from "../helpers/facts-builder.ts";
import { resolveFiles, type FileResolution, type ResolvedEdge } from "../../src/resolve/index.ts";

function resolveOne(target: string, files: FileFacts[], texts: Record<string, string> = {}, unlisted: Record<string, string> = {}): FileResolution {
  return resolveFiles([target], memoryProject(files, texts, unlisted)).get(target)!;
}

function callsFrom(result: FileResolution, from: number): ResolvedEdge[] {
  return result.edges.filter((e) => e.kind === "CALLS" && e.src.index === from);
}

function only<T>(items: T[]): T {
  expect(items).toHaveLength(1);
  return items[0]!;
}

describe("bare calls", () => {
  test("same-named functions in unrelated modules and no import: unresolved, no edge", () => {
    const a = new FactsBuilder("a.ts");
    a.entity("helper", "function", { exported: true });
    const b = new FactsBuilder("b.ts");
    b.entity("helper", "function", { exported: true });
    const c = new FactsBuilder("c.ts");
    const main = c.entity("main", "function");
    c.call(main, "helper", undefined, { line: 10 }).call(main, "helper", undefined, { line: 12 });
    const result = resolveOne("c.ts", [a.build(), b.build(), c.build()]);
    expect(result.edges).toEqual([]);
    expect(result.unresolved).toEqual([{ src: { path: "c.ts", index: main }, kind: "CALLS", name: "helper", lines: [10, 12] }]);
  });

  test("a nested function wins over a top-level one; a top-level one is local", () => {
    const f = new FactsBuilder("f.ts");
    const helper = f.entity("helper", "function");
    const outer = f.entity("outer", "function");
    const inner = f.entity("helper", "function", { parent: outer });
    const deep = f.entity("deep", "function", { parent: outer });
    f.call(deep, "helper").call(helper, "helper");
    const result = resolveOne("f.ts", [f.build()]);
    expect(only(callsFrom(result, deep)).dst).toEqual({ path: "f.ts", index: inner });
    const recursive = only(callsFrom(result, helper));
    expect(recursive.dst).toEqual({ path: "f.ts", index: helper });
    expect(recursive.via).toBe("local");
    expect(recursive.confidence).toBe(1);
  });

  test("a local function in scope over its block only: a call there binds it, one outside binds the outer name", () => {
    const f = new FactsBuilder("f.ts");
    const helper = f.entity("helper", "function");
    const outer = f.entity("outer", "function");
    // `if (x) { const helper = () => …; helper() }` in outer, lines 10-20; and one in a top-level callback, 30-40.
    const scoped = f.entity("helper", "function", { parent: outer, scopeLines: [10, 20] });
    const inCallback = f.entity("helper", "function", { scopeLines: [30, 40] });
    f.call(outer, "helper", undefined, { line: 15 }).call(outer, "helper", undefined, { line: 25 });
    f.call(-1, "helper", undefined, { line: 35 }).call(-1, "helper", undefined, { line: 45 });
    const result = resolveOne("f.ts", [f.build()]);
    expect(callsFrom(result, outer).map((e) => [e.dst.index, e.lines])).toEqual([
      [scoped, [15]],
      [helper, [25]],
    ]);
    expect(callsFrom(result, -1).map((e) => [e.dst.index, e.lines])).toEqual([
      [inCallback, [35]],
      [helper, [45]],
    ]);
  });

  test("calls to one target from one entity merge into one edge with sorted lines", () => {
    const f = new FactsBuilder("f.ts");
    const target = f.entity("target", "function");
    const user = f.entity("user", "function");
    f.call(user, "target", undefined, { line: 30 }).call(user, "target", undefined, { line: 20 }).call(user, "target", undefined, { line: 30 });
    const edge = only(callsFrom(resolveOne("f.ts", [f.build()]), user));
    expect(edge.dst.index).toBe(target);
    expect(edge.lines).toEqual([20, 30]);
  });
});

describe("imports and re-exports", () => {
  function barrelProject() {
    const impl = new FactsBuilder("lib/impl.ts");
    const alpha = impl.entity("alpha", "function", { exported: true });
    const beta = impl.entity("beta", "function", { exported: true });
    const barrel = new FactsBuilder("lib/index.ts");
    barrel.import("./impl", [["*", ""]], "reexport").import("./impl", [["beta", "gamma"]], "reexport");
    const outer = new FactsBuilder("outer.ts");
    outer.import("./lib", [["*", ""]], "reexport");
    return { impl, barrel, outer, alpha, beta };
  }

  test("export * and export {a as b} from: bound to the definition, via reexport", () => {
    const { impl, barrel, outer, alpha, beta } = barrelProject();
    const app = new FactsBuilder("app.ts");
    app.import("./lib", [["alpha", "alpha"], ["gamma", "gamma"]]);
    const main = app.entity("main", "function");
    app.call(main, "alpha").call(main, "gamma");
    const result = resolveOne("app.ts", [impl.build(), barrel.build(), outer.build(), app.build()]);
    const edges = callsFrom(result, main);
    expect(edges.map((e) => [e.dst.path, e.dst.index, e.via, e.confidence])).toEqual([
      ["lib/impl.ts", alpha, "reexport", 1],
      ["lib/impl.ts", beta, "reexport", 1],
    ]);
    expect(result.unresolved).toEqual([]);
    const imports = result.edges.filter((e) => e.kind === "IMPORTS");
    expect(imports.map((e) => [e.dst.path, e.names])).toEqual([["lib/index.ts", ["alpha", "gamma"]]]);
  });

  test("a chain of two re-export hops lowers confidence to 0.8", () => {
    const { impl, barrel, outer, alpha } = barrelProject();
    const app = new FactsBuilder("app.ts");
    app.import("./outer", [["alpha", "alpha"]]);
    app.call(-1, "alpha");
    const edge = only(callsFrom(resolveOne("app.ts", [impl.build(), barrel.build(), outer.build(), app.build()]), -1));
    expect(edge.dst).toEqual({ path: "lib/impl.ts", index: alpha });
    expect(edge.via).toBe("reexport");
    expect(edge.confidence).toBe(0.8);
  });

  test("a name two star re-exports both provide is ambiguous: unresolved", () => {
    const x = new FactsBuilder("x.ts");
    x.entity("dup", "function", { exported: true });
    const y = new FactsBuilder("y.ts");
    y.entity("dup", "function", { exported: true });
    const barrel = new FactsBuilder("index.ts");
    barrel.import("./x", [["*", ""]], "reexport").import("./y", [["*", ""]], "reexport");
    const app = new FactsBuilder("app.ts");
    app.import("./index", [["dup", "dup"]]).call(-1, "dup");
    const result = resolveOne("app.ts", [x.build(), y.build(), barrel.build(), app.build()]);
    expect(callsFrom(result, -1)).toEqual([]);
    expect(result.unresolved.map((u) => u.name)).toEqual(["dup"]);
  });

  test("re-export cycles terminate", () => {
    const a = new FactsBuilder("a.ts");
    a.import("./b", [["*", ""]], "reexport");
    const b = new FactsBuilder("b.ts");
    b.import("./a", [["*", ""]], "reexport");
    const app = new FactsBuilder("app.ts");
    app.import("./a", [["ghost", "ghost"]]).call(-1, "ghost");
    const result = resolveOne("app.ts", [a.build(), b.build(), app.build()]);
    expect(result.unresolved.map((u) => u.name)).toEqual(["ghost"]);
  });

  test("a local export rename (export { a as b }) and an imported-then-exported name", () => {
    const impl = new FactsBuilder("impl.ts");
    const a = impl.entity("a", "function");
    impl.export("a", "b");
    const relay = new FactsBuilder("relay.ts");
    relay.import("./impl", [["b", "b"]]).export("b", "c");
    const app = new FactsBuilder("app.ts");
    app.import("./impl", [["b", "b"]]).import("./relay", [["c", "c"]]).call(-1, "b").call(-1, "c", undefined, { line: 50 });
    const result = resolveOne("app.ts", [impl.build(), relay.build(), app.build()]);
    const edge = only(callsFrom(result, -1));
    expect(edge.dst).toEqual({ path: "impl.ts", index: a });
    expect(edge.lines).toEqual([3, 50]);
    expect(edge.via).toBe("import");
  });

  test("`.js` written for a `.ts` source, and directory index files", () => {
    const x = new FactsBuilder("src/x.ts");
    const fx = x.entity("fx", "function", { exported: true });
    const idx = new FactsBuilder("src/util/index.ts");
    const fu = idx.entity("fu", "function", { exported: true });
    const app = new FactsBuilder("src/app.ts");
    app.import("./x.js", [["fx", "fx"]]).import("./util", [["fu", "fu"]]).call(-1, "fx").call(-1, "fu");
    const result = resolveOne("src/app.ts", [x.build(), idx.build(), app.build()]);
    expect(callsFrom(result, -1).map((e) => [e.dst.path, e.dst.index])).toEqual([["src/x.ts", fx], ["src/util/index.ts", fu]]);
  });

  test("namespace import: ns.f() via namespace", () => {
    const m = new FactsBuilder("m.ts");
    const f = m.entity("f", "function", { exported: true });
    const app = new FactsBuilder("app.ts");
    app.import("./m", [["*", "ns"]]).call(-1, "f", "ns");
    const edge = only(callsFrom(resolveOne("app.ts", [m.build(), app.build()]), -1));
    expect(edge.dst).toEqual({ path: "m.ts", index: f });
    expect(edge.via).toBe("namespace");
  });

  test("default import of a default-exported function, under another local name", () => {
    const m = new FactsBuilder("make.ts");
    m.entity("helper", "function");
    const make = m.entity("make", "function", { exported: true, defaultExport: true });
    const app = new FactsBuilder("app.ts");
    app.import("./make", [["default", "build"]]).call(-1, "build");
    const edge = only(callsFrom(resolveOne("app.ts", [m.build(), app.build()]), -1));
    expect(edge.dst).toEqual({ path: "make.ts", index: make });
    expect(edge.via).toBe("import");
  });

  test("IMPORTS: type-only imports and re-exports count; a missing relative module is unresolved", () => {
    const t = new FactsBuilder("types.ts");
    t.entity("Shape", "interface", { exported: true });
    const app = new FactsBuilder("app.ts");
    app.import("./types", [["Shape", "Shape"]], "import", true).import("./types", [["*", ""]], "reexport").import("./gone", [["x", "x"]]);
    const result = resolveOne("app.ts", [t.build(), app.build()]);
    const imports = result.edges.filter((e) => e.kind === "IMPORTS");
    expect(imports).toEqual([{
      src: { path: "app.ts", index: -1 }, dst: { path: "types.ts", index: -1 }, kind: "IMPORTS", via: "import",
      confidence: 1, lines: [1, 2], names: ["Shape", "*"],
    }]);
    expect(result.unresolved).toEqual([{ src: { path: "app.ts", index: -1 }, kind: "IMPORTS", name: "./gone", lines: [3] }]);
  });
});

describe("externals", () => {
  test("calls into external modules and runtime globals are dropped, unknown receivers are not", () => {
    const app = new FactsBuilder("app.ts");
    app.import("lodash", [["debounce", "debounce"]]).import("node:path", [["*", "path"]]).import("react", [["default", "React"]]);
    const main = app.entity("main", "function");
    app.call(main, "debounce").call(main, "join", "path").call(main, "createElement", "React").call(main, "log", "console")
      .call(main, "parseInt").call(main, "Map", undefined, { isNew: true }).call(main, "map", "items").call(main, "then", "?");
    const result = resolveOne("app.ts", [app.build()]);
    expect(result.edges).toEqual([]);
    expect(result.unresolved.map((u) => [u.name, u.receiver])).toEqual([["map", "items"], ["then", "?"]]);
  });

  test("CommonJS: require() binds the module; its top-level functions count as exports", () => {
    const lib = new FactsBuilder("lib/util.js");
    const pad = lib.entity("pad", "function");
    const app = new FactsBuilder("app.js");
    app.import("./lib/util", [["*", "util"]], "require").import("./lib/util", [["pad", "pad2"]], "require")
      .import("express", [["*", "express"]], "require");
    app.call(-1, "pad", "util").call(-1, "pad2").call(-1, "express").call(-1, "listen", "express.app").call(-1, "require");
    const result = resolveOne("app.js", [lib.build(), app.build()]);
    // util.pad() and pad2() reach one definition from one place: one edge, both lines.
    const edge = only(callsFrom(result, -1));
    expect(edge).toMatchObject({ dst: { path: "lib/util.js", index: pad }, via: "namespace", lines: [4, 5] });
    expect(result.unresolved).toEqual([]);
  });

  test("CommonJS: a module required whole and called is the function it exports as a whole; its members are the exported object's", () => {
    const factory = new FactsBuilder("lib/express.js");
    const create = factory.entity("createApplication", "function", { defaultExport: true, exported: true });
    const response = new FactsBuilder("lib/response.js");
    const res = response.entity("res", "module", { defaultExport: true, exported: true });
    const send = response.entity("send", "method", { parent: res });
    const index = new FactsBuilder("index.js");
    index.import("./lib/express", [["*", ""], ["default", "default"]], "reexport");
    const app = new FactsBuilder("test/app.js");
    app.import("..", [["*", "express"]], "require").import("../lib/response", [["*", "res"]], "require").import("../lib/response", [["send", "send"]], "require");
    app.call(-1, "express", undefined, { line: 10 }).call(-1, "send", "res", { line: 11 }).call(-1, "send", undefined, { line: 12 }).call(-1, "res", undefined, { line: 13 });
    const result = resolveOne("test/app.js", [factory.build(), response.build(), index.build(), app.build()]);
    expect(callsFrom(result, -1).map((e) => [e.dst, e.lines])).toEqual([
      [{ path: "lib/express.js", index: create }, [10]],
      [{ path: "lib/response.js", index: send }, [11, 12]],
    ]);
    // The object the module exports is no function: calling it binds nothing.
    expect(result.unresolved).toEqual([{ src: { path: "test/app.js", index: -1 }, kind: "CALLS", name: "res", lines: [13] }]);
  });

  test("a variable typed with an external class: its method calls are dropped", () => {
    const app = new FactsBuilder("app.ts");
    app.import("pg", [["Pool", "Pool"]]);
    const fn = app.entity("main", "function");
    app.typedVar(fn, "pool", "Pool").typedVar(fn, "seen", "Set").call(fn, "query", "pool").call(fn, "add", "seen");
    const result = resolveOne("app.ts", [app.build()]);
    expect(result.edges).toEqual([]);
    expect(result.unresolved).toEqual([]);
  });

  test("a class extending an external base: an unknown this.method() is dropped, not unresolved", () => {
    const app = new FactsBuilder("app.ts");
    app.import("events", [["EventEmitter", "EventEmitter"]]);
    const bus = app.entity("Bus", "class");
    const fire = app.entity("fire", "method", { parent: bus });
    app.heritage(bus, "extends", "EventEmitter").call(fire, "emit", "this").call(fire, "missing", "?");
    const result = resolveOne("app.ts", [app.build()]);
    expect(result.edges).toEqual([]);
    expect(result.unresolved.map((u) => u.name)).toEqual(["missing"]);
  });
});

describe("tsconfig and workspace packages", () => {
  test("a paths alias inherited through extends, with ${configDir} meaning the using config's dir", () => {
    const texts = {
      "tsconfig.base.json": `{
        // shared by every package
        "compilerOptions": {
          "paths": { "@/*": ["\${configDir}/src/*",], "~shared/*": ["shared/*"], },
        },
      }`,
      "packages/app/tsconfig.json": `{ "extends": "../../tsconfig.base.json", /* nothing else */ }`,
    };
    const log = new FactsBuilder("packages/app/src/util/log.ts");
    const logFn = log.entity("log", "function", { exported: true });
    const shared = new FactsBuilder("shared/fmt.ts");
    const fmt = shared.entity("fmt", "function", { exported: true });
    const main = new FactsBuilder("packages/app/src/main.ts");
    main.import("@/util/log", [["log", "log"]]).import("~shared/fmt", [["fmt", "fmt"]]).call(-1, "log").call(-1, "fmt");
    const result = resolveOne("packages/app/src/main.ts", [log.build(), shared.build(), main.build()], texts);
    expect(callsFrom(result, -1).map((e) => [e.dst.path, e.dst.index, e.via])).toEqual([
      ["packages/app/src/util/log.ts", logFn, "import"],
      ["shared/fmt.ts", fmt, "import"],
    ]);
  });

  test("several paths targets are tried in order; baseUrl resolves bare specifiers", () => {
    const texts = {
      "tsconfig.json": `{ "compilerOptions": { "baseUrl": "src", "paths": { "#lib/*": ["missing/*", "lib/*"] } } }`,
    };
    const lib = new FactsBuilder("src/lib/a.ts");
    const a = lib.entity("a", "function", { exported: true });
    const cfg = new FactsBuilder("src/config.ts");
    const c = cfg.entity("c", "function", { exported: true });
    const main = new FactsBuilder("src/main.ts");
    main.import("#lib/a", [["a", "a"]]).import("config", [["c", "c"]]).call(-1, "a").call(-1, "c");
    const result = resolveOne("src/main.ts", [lib.build(), cfg.build(), main.build()], texts);
    expect(callsFrom(result, -1).map((e) => [e.dst.path, e.dst.index])).toEqual([["src/lib/a.ts", a], ["src/config.ts", c]]);
  });

  test("an alias whose target is missing is unresolved, not external", () => {
    const texts = { "tsconfig.json": `{ "compilerOptions": { "paths": { "@/*": ["src/*"] } } }` };
    const main = new FactsBuilder("src/main.ts");
    main.import("@/nothing", [["x", "x"]]).call(-1, "x");
    const result = resolveOne("src/main.ts", [main.build()], texts);
    expect(result.unresolved.map((u) => [u.kind, u.name])).toEqual([["IMPORTS", "@/nothing"], ["CALLS", "x"]]);
  });

  test("package.json exports of a workspace package: conditions, subpath patterns, dist -> src", () => {
    const texts = {
      "packages/core/package.json": JSON.stringify({
        name: "@acme/core",
        exports: {
          ".": { require: "./dist/legacy.cjs", types: "./dist/index.d.ts", import: "./dist/index.js" },
          "./utils/*": { import: "./dist/utils/*.js" },
        },
      }),
      "packages/legacy/package.json": JSON.stringify({ name: "legacy", main: "lib/main.js" }),
    };
    const corePath = "packages/core/src/index.ts";
    const core = new FactsBuilder(corePath);
    const createCore = core.entity("createCore", "function", { exported: true });
    const strings = new FactsBuilder("packages/core/src/utils/strings.ts");
    const slugify = strings.entity("slugify", "function", { exported: true });
    const legacy = new FactsBuilder("packages/legacy/lib/main.js");
    const old = legacy.entity("old", "function", { exported: true });
    const cjs = new FactsBuilder("packages/core/src/legacy.cts");
    cjs.entity("createCore", "function", { exported: true });
    const web = new FactsBuilder("apps/web/main.ts");
    web.import("@acme/core", [["createCore", "createCore"]]).import("@acme/core/utils/strings", [["slugify", "slugify"]])
      .import("legacy", [["old", "old"]]).call(-1, "createCore").call(-1, "slugify").call(-1, "old");
    const result = resolveOne("apps/web/main.ts", [core.build(), strings.build(), legacy.build(), cjs.build(), web.build()], texts);
    expect(callsFrom(result, -1).map((e) => [e.dst.path, e.dst.index])).toEqual([
      ["packages/core/src/index.ts", createCore],
      ["packages/core/src/utils/strings.ts", slugify],
      ["packages/legacy/lib/main.js", old],
    ]);
  });
});

describe("default imports", () => {
  test("an import of the default export names the entity too, declared default or exported as default", () => {
    const app = new FactsBuilder("src/App.tsx");
    app.entity("App", "function", { exported: true, defaultExport: true });
    const other = new FactsBuilder("src/other.tsx");
    other.entity("Other", "function");
    other.export("Other", "default");
    const anonymous = new FactsBuilder("src/anon.ts");
    anonymous.entity("default", "function", { exported: true, defaultExport: true });
    const main = new FactsBuilder("src/main.tsx");
    main.import("./App", [["default", "Root"]]).import("./other", [["default", "Page"], ["extra", "extra"]]).import("./anon", [["default", "anon"]]);
    main.call(-1, "Root").call(-1, "Page");
    const result = resolveOne("src/main.tsx", [app.build(), other.build(), anonymous.build(), main.build()]);
    expect(result.edges.filter((e) => e.kind === "IMPORTS").map((e) => [e.dst.path, e.names])).toEqual([
      ["src/App.tsx", ["default", "App"]],
      ["src/other.tsx", ["default", "extra", "Other"]],
      ["src/anon.ts", ["default"]],
    ]);
    expect(callsFrom(result, -1).map((e) => [e.dst.path, e.dst.index])).toEqual([["src/App.tsx", 0], ["src/other.tsx", 0]]);
  });
});

describe("monorepo packages named by their own tests and by each other", () => {
  /** zod's layout: the package's package.json ignored by its .gitignore, so only on disk. */
  const zodManifest = JSON.stringify({
    name: "zod",
    exports: {
      ".": { "@zod/source": "./src/index.ts", types: "./index.d.cts", import: "./index.js" },
      "./v4": { "@zod/source": "./src/v4/index.ts", types: "./v4/index.d.cts", import: "./v4/index.js" },
    },
  });
  const configs = {
    "pnpm-workspace.yaml": "packages:\n  - packages/*\n",
    ".configs/tsconfig.base.json": `{ "compilerOptions": { "strict": true, }, }`,
    "packages/zod/tsconfig.json": `{
      "extends": "../../.configs/tsconfig.base.json",
      "compilerOptions": { "customConditions": ["@zod/source"], },
    }`,
  };

  const V4 = "packages/zod/src/v4/index.ts";

  function zod() {
    const v4 = new FactsBuilder(V4);
    const object = v4.entity("object", "function", { exported: true });
    const root = new FactsBuilder("packages/zod/src/index.ts");
    root.entity("string", "function", { exported: true });
    return { v4, object, root };
  }

  test("a test importing its own package by name, through exports and a custom condition, its package.json (a declared workspace package's) only on disk", () => {
    const { v4, object, root } = zod();
    const path = "packages/zod/src/v4/classic/tests/object.test.ts";
    const test = new FactsBuilder(path);
    test.import("zod/v4", [["*", "z"]]).call(-1, "object", "z");
    const result = resolveOne(path, [v4.build(), root.build(), test.build()], configs, { "packages/zod/package.json": zodManifest });
    expect(result.edges.filter((e) => e.kind === "IMPORTS").map((e) => e.dst.path)).toEqual([V4]);
    expect(only(callsFrom(result, -1)).dst).toEqual({ path: V4, index: object });
  });

  test("another workspace package importing it by name: found through pnpm-workspace.yaml, its package.json only on disk", () => {
    const { v4, object, root } = zod();
    const path = "packages/bench/object.ts";
    const bench = new FactsBuilder(path);
    bench.import("zod/v4", [["*", "z"]]).call(-1, "object", "z");
    const texts = {
      "pnpm-workspace.yaml": "packages:\n  - 'packages/*' # every package\n  - \"!packages/legacy*\"\nonlyBuiltDependencies:\n  - esbuild\n",
      "packages/bench/package.json": JSON.stringify({ name: "@zod/bench" }),
    };
    const files = [v4.build(), root.build(), bench.build()];
    const result = resolveOne(path, files, texts, { "packages/zod/package.json": zodManifest });
    expect(only(callsFrom(result, -1)).dst).toEqual({ path: V4, index: object });
    // Without the declaration, nothing says an unlisted package.json is a package's.
    const undeclared = resolveOne(path, files, { "packages/bench/package.json": texts["packages/bench/package.json"] }, { "packages/zod/package.json": zodManifest });
    expect(callsFrom(undeclared, -1)).toEqual([]);
  });

  test("package.json workspaces (yarn, npm) declare them too, and a fixture copying the name does not make it ambiguous", () => {
    const corePath = "packages/core/src/index.ts";
    const core = new FactsBuilder(corePath);
    const make = core.entity("make", "function", { exported: true });
    const fixture = new FactsBuilder("test/fixtures/core/index.ts");
    fixture.entity("make", "function", { exported: true });
    const appPath = "packages/app/src/main.ts";
    const app = new FactsBuilder(appPath);
    app.import("@acme/core", [["make", "make"]]).call(-1, "make");
    const texts = {
      "package.json": JSON.stringify({ private: true, workspaces: { packages: ["packages/**"] } }),
      "packages/core/package.json": JSON.stringify({ name: "@acme/core", main: "dist/index.js" }),
      "test/fixtures/core/package.json": JSON.stringify({ name: "@acme/core", main: "index.ts" }),
    };
    const result = resolveOne(appPath, [core.build(), fixture.build(), app.build()], texts);
    expect(only(callsFrom(result, -1)).dst).toEqual({ path: corePath, index: make });
  });

  test("a package whose main is a build output the tree lacks, and whose `source` names its file", () => {
    const libPath = "packages/lib/lib.ts";
    const lib = new FactsBuilder(libPath);
    const run = lib.entity("run", "function", { exported: true });
    const app = new FactsBuilder("apps/web/main.ts");
    app.import("@acme/lib", [["run", "run"]]).call(-1, "run");
    const texts = { "packages/lib/package.json": JSON.stringify({ name: "@acme/lib", main: "dist/bundle.cjs", source: "lib.ts" }) };
    const result = resolveOne("apps/web/main.ts", [lib.build(), app.build()], texts);
    expect(only(callsFrom(result, -1)).dst).toEqual({ path: libPath, index: run });
  });
});

describe("receivers and classes", () => {
  test("a sibling method called bare is not in scope (TS): unresolved", () => {
    const f = new FactsBuilder("f.ts");
    const C = f.entity("C", "class");
    f.entity("save", "method", { parent: C });
    const run = f.entity("run", "method", { parent: C });
    f.call(run, "save").call(C, "save", undefined, { line: 40 });
    const result = resolveOne("f.ts", [f.build()]);
    expect(result.edges).toEqual([]);
    expect(result.unresolved.map((u) => [u.src.index, u.name])).toEqual([[run, "save"], [C, "save"]]);
  });

  function baseProject() {
    const base = new FactsBuilder("base.ts");
    const Base = base.entity("Base", "class", { exported: true });
    const save = base.entity("save", "method", { parent: Base });
    const create = base.entity("create", "method", { parent: Base });
    return { base, Base, save, create };
  }

  test("this.method() inherited from a base class in another file", () => {
    const { base, Base, save } = baseProject();
    const child = new FactsBuilder("child.ts");
    child.import("./base", [["Base", "Base"]]);
    const Child = child.entity("Child", "class", { exported: true });
    const run = child.entity("run", "method", { parent: Child });
    const arrow = child.entity("cb", "function", { parent: run });
    child.heritage(Child, "extends", "Base").call(arrow, "save", "this").call(run, "run", "this");
    const result = resolveOne("child.ts", [base.build(), child.build()]);
    const inherited = only(callsFrom(result, arrow));
    expect(inherited.dst).toEqual({ path: "base.ts", index: save });
    expect(inherited.via).toBe("this");
    expect(only(callsFrom(result, run)).dst).toEqual({ path: "child.ts", index: run });
    const extendsEdge = only(result.edges.filter((e) => e.kind === "EXTENDS"));
    expect(extendsEdge).toMatchObject({ src: { path: "child.ts", index: Child }, dst: { path: "base.ts", index: Base }, via: "import" });
  });

  test("super.method(), super(...) and a static call on an imported class", () => {
    const { base, Base, save, create } = baseProject();
    const child = new FactsBuilder("child.ts");
    child.import("./base", [["Base", "Base"]]);
    const Child = child.entity("Child", "class");
    const ctor = child.entity("constructor", "method", { parent: Child });
    const own = child.entity("save", "method", { parent: Child });
    child.heritage(Child, "extends", "Base").call(ctor, "super").call(own, "save", "super").call(-1, "create", "Base");
    const result = resolveOne("child.ts", [base.build(), child.build()]);
    expect(only(callsFrom(result, ctor))).toMatchObject({ dst: { path: "base.ts", index: Base }, via: "super" });
    expect(only(callsFrom(result, own))).toMatchObject({ dst: { path: "base.ts", index: save }, via: "super" });
    expect(only(callsFrom(result, -1))).toMatchObject({ dst: { path: "base.ts", index: create }, via: "import" });
  });

  test("receiver-type from `new`, from an annotation, and from a typed field this.db", () => {
    const { base, Base, save } = baseProject();
    const svc = new FactsBuilder("svc.ts");
    svc.import("./base", [["*", "models"]]);
    const Repo = svc.entity("Repo", "class");
    const find = svc.entity("find", "method", { parent: Repo });
    const Service = svc.entity("Service", "class");
    const handle = svc.entity("handle", "method", { parent: Service });
    const fn = svc.entity("main", "function");
    svc.typedVar(fn, "repo", "Repo").typedVar(fn, "b", "models.Base").typedVar(Service, "this.db", "Repo")
      .call(fn, "find", "repo").call(fn, "save", "b").call(handle, "find", "this.db").call(handle, "nope", "this.db")
      .call(fn, "Repo", undefined, { isNew: true }).call(fn, "Base", "models", { isNew: true });
    const result = resolveOne("svc.ts", [base.build(), svc.build()]);
    expect(callsFrom(result, fn).map((e) => [e.dst.path, e.dst.index, e.via, e.confidence])).toEqual([
      ["svc.ts", find, "receiver-type", 0.9],
      ["base.ts", save, "receiver-type", 0.9],
      ["svc.ts", Repo, "constructor", 1],
      ["base.ts", Base, "constructor", 1],
    ]);
    expect(only(callsFrom(result, handle))).toMatchObject({ dst: { path: "svc.ts", index: find }, via: "receiver-type" });
    expect(result.unresolved.map((u) => [u.name, u.receiver])).toEqual([["nope", "this.db"]]);
  });

  test("REFERENCES bind type names to class/interface/type entities; unknown ones are dropped", () => {
    const types = new FactsBuilder("types.ts");
    const Shape = types.entity("Shape", "interface", { exported: true });
    const app = new FactsBuilder("app.ts");
    app.import("./types", [["Shape", "Shape"]], "import", true);
    const Circle = app.entity("Circle", "class");
    const area = app.entity("area", "function");
    app.heritage(Circle, "implements", "Shape").ref(area, "Shape").ref(area, "Circle").ref(area, "Nowhere").ref(area, "area");
    const result = resolveOne("app.ts", [types.build(), app.build()]);
    expect(result.edges.filter((e) => e.kind === "REFERENCES").map((e) => [e.dst.path, e.dst.index])).toEqual([
      ["types.ts", Shape], ["app.ts", Circle],
    ]);
    expect(only(result.edges.filter((e) => e.kind === "IMPLEMENTS")).dst).toEqual({ path: "types.ts", index: Shape });
    expect(result.unresolved).toEqual([]);
  });
});

describe("callback parameters typed by the callee's declaration", () => {
  /** rxjs in miniature: operate's declaration types its callback; the caller imports neither type. */
  function library() {
    const subscription = new FactsBuilder("src/Subscription.ts");
    const Subscription = subscription.entity("Subscription", "class", { exported: true });
    const unsubscribe = subscription.entity("unsubscribe", "method", { parent: Subscription });
    const subscriber = new FactsBuilder("src/Subscriber.ts");
    subscriber.import("./Subscription", [["Subscription", "Subscription"]]);
    const Subscriber = subscriber.entity("Subscriber", "class", { exported: true });
    const next = subscriber.entity("next", "method", { parent: Subscriber });
    subscriber.heritage(Subscriber, "extends", "Subscription");
    const observable = new FactsBuilder("src/Observable.ts");
    const Observable = observable.entity("Observable", "class", { exported: true });
    const subscribe = observable.entity("subscribe", "method", { parent: Observable });
    const ctor = observable.entity("constructor", "method", { parent: Observable, callbackParams: { 0: ["Subscriber"] } });
    observable.import("./Subscriber", [["Subscriber", "Subscriber"]]);
    const lift = new FactsBuilder("src/util/lift.ts");
    lift.import("../Observable", [["Observable", "Observable"]]).import("../Subscriber", [["Subscriber", "Subscriber"]]);
    const operate = lift.entity("operate", "function", { exported: true, callbackParams: { 0: ["Observable", "Subscriber"] } });
    const barrel = new FactsBuilder("src/index.ts");
    barrel.import("./util/lift", [["*", ""]], "reexport").import("./Observable", [["*", ""]], "reexport");
    return {
      files: [subscription.build(), subscriber.build(), observable.build(), lift.build(), barrel.build()],
      unsubscribe, next, subscribe, ctor, operate, Observable,
    };
  }

  test("a receiver named by a callback parameter binds through the callee's declared types, resolved in its file", () => {
    const lib = library();
    const map = new FactsBuilder("src/operators/map.ts");
    map.import("../index", [["operate", "operate"]]);
    // A same-named class in the caller's file must not be what `Subscriber` means.
    const Decoy = map.entity("Subscriber", "class");
    map.entity("next", "method", { parent: Decoy });
    const fn = map.entity("map", "function", { exported: true });
    const call = map.nextCall();
    map.call(fn, "operate", undefined, { line: 10 });
    map.callbackVar(fn, "source", { call, arg: 0, param: 0, until: 20 }, 10);
    map.callbackVar(fn, "subscriber", { call, arg: 0, param: 1, until: 20 }, 10);
    map.call(fn, "subscribe", "source", { line: 11 }).call(fn, "next", "subscriber", { line: 12 }).call(fn, "unsubscribe", "subscriber", { line: 13 });
    const result = resolveOne("src/operators/map.ts", [...lib.files, map.build()]);
    expect(callsFrom(result, fn).map((e) => [e.dst.path, e.dst.index, e.via, e.confidence, e.lines])).toEqual([
      ["src/util/lift.ts", lib.operate, "reexport", 1, [10]],
      ["src/Observable.ts", lib.subscribe, "receiver-type", 0.8, [11]],
      ["src/Subscriber.ts", lib.next, "receiver-type", 0.8, [12]],
      ["src/Subscription.ts", lib.unsubscribe, "receiver-type", 0.8, [13]],
    ]);
    expect(result.unresolved).toEqual([]);
  });

  test("`new C(callback)` reads C's constructor", () => {
    const lib = library();
    const app = new FactsBuilder("src/app.ts");
    app.import("./Observable", [["Observable", "Observable"]]);
    const fn = app.entity("make", "function");
    const call = app.nextCall();
    app.call(fn, "Observable", undefined, { line: 5, isNew: true });
    app.callbackVar(fn, "observer", { call, arg: 0, param: 0, until: 7 }, 5);
    app.call(fn, "next", "observer", { line: 6 });
    const result = resolveOne("src/app.ts", [...lib.files, app.build()]);
    expect(callsFrom(result, fn).map((e) => [e.dst.path, e.dst.index, e.via])).toEqual([
      ["src/Observable.ts", lib.Observable, "constructor"],
      ["src/Subscriber.ts", lib.next, "receiver-type"],
    ]);
  });

  test("same-named callback parameters in one scope: the nearest declared before the use, while in its function", () => {
    const lib = library();
    const watch = new FactsBuilder("src/watch.ts");
    const Watcher = watch.entity("Watcher", "class", { exported: true });
    const wnext = watch.entity("next", "method", { parent: Watcher });
    watch.entity("complete", "method", { parent: Watcher });
    watch.entity("watch", "function", { exported: true, callbackParams: { 0: ["Watcher"] } });
    const app = new FactsBuilder("src/app.ts");
    app.import("./watch", [["watch", "watch"]]).import("./util/lift", [["operate", "operate"]]);
    const fn = app.entity("both", "function");
    const first = app.nextCall();
    app.call(fn, "watch", undefined, { line: 2 }); //                 watch((subscriber) => {
    app.callbackVar(fn, "subscriber", { call: first, arg: 0, param: 0, until: 4 }, 2);
    app.call(fn, "next", "subscriber", { line: 3 }); //                 subscriber.next()  })
    app.call(fn, "complete", "subscriber", { line: 5 }); //           subscriber.complete(): no callback's
    const second = app.nextCall();
    app.call(fn, "operate", undefined, { line: 6 }); //               operate((source, subscriber) => {
    app.callbackVar(fn, "subscriber", { call: second, arg: 0, param: 1, until: 12 }, 6);
    app.call(fn, "next", "subscriber", { line: 7 }); //                 subscriber.next()
    const inner = app.nextCall();
    app.call(fn, "watch", undefined, { line: 8 }); //                   watch((subscriber) => {
    app.callbackVar(fn, "subscriber", { call: inner, arg: 0, param: 0, until: 10 }, 8);
    app.call(fn, "next", "subscriber", { line: 9 }); //                   subscriber.next()  })
    app.call(fn, "next", "subscriber", { line: 11 }); //                subscriber.next()  })
    const result = resolveOne("src/app.ts", [...lib.files, watch.build(), app.build()]);
    const next = callsFrom(result, fn).filter((e) => e.dst.index === wnext || e.dst.index === lib.next);
    expect(next.map((e) => [e.dst.path, e.lines])).toEqual([
      ["src/watch.ts", [3, 9]],
      ["src/Subscriber.ts", [7, 11]],
    ]);
    expect(result.unresolved.map((u) => [u.name, u.receiver, u.lines])).toEqual([["complete", "subscriber", [5]]]);
  });

  test("an annotated variable of the same name keeps priority", () => {
    const lib = library();
    const app = new FactsBuilder("src/app.ts");
    app.import("./util/lift", [["operate", "operate"]]);
    const Own = app.entity("Own", "class");
    const ownNext = app.entity("next", "method", { parent: Own });
    const fn = app.entity("f", "function");
    app.typedVar(fn, "subscriber", "Own");
    const call = app.nextCall();
    app.call(fn, "operate", undefined, { line: 20 });
    app.callbackVar(fn, "subscriber", { call, arg: 0, param: 1, until: 30 }, 20);
    app.call(fn, "next", "subscriber", { line: 21 });
    const result = resolveOne("src/app.ts", [...lib.files, app.build()]);
    expect(callsFrom(result, fn).find((e) => e.lines[0] === 21)).toMatchObject({ dst: { path: "src/app.ts", index: ownNext }, via: "receiver-type", confidence: 0.9 });
  });

  test("no evidence, no edge: an unresolvable callee, a callee without callback types, a call through the parameter itself", () => {
    const lib = library();
    const other = new FactsBuilder("src/other.ts");
    other.entity("operate", "function", { exported: true, callbackParams: { 0: ["Observable", "Subscriber"] } });
    const plain = new FactsBuilder("src/plain.ts");
    plain.entity("run", "function", { exported: true });
    const app = new FactsBuilder("src/app.ts");
    app.import("./plain", [["run", "run"]]);
    const fn = app.entity("f", "function");
    // `operate` is defined twice in the project and neither is imported: the call stays unresolved.
    const unbound = app.nextCall();
    app.call(fn, "operate", undefined, { line: 2 });
    app.callbackVar(fn, "subscriber", { call: unbound, arg: 0, param: 1, until: 3 }, 2);
    app.call(fn, "next", "subscriber", { line: 3 });
    const untyped = app.nextCall();
    app.call(fn, "run", undefined, { line: 4 });
    app.callbackVar(fn, "item", { call: untyped, arg: 0, param: 0, until: 5 }, 4);
    app.call(fn, "next", "item", { line: 5 });
    // items.each((items) => items.next()): the call's receiver is the parameter it would type.
    const self = app.nextCall();
    app.call(fn, "each", "items", { line: 6 });
    app.callbackVar(fn, "items", { call: self, arg: 0, param: 0, until: 6 }, 6);
    app.call(fn, "next", "items", { line: 6 });
    const result = resolveOne("src/app.ts", [...lib.files, other.build(), plain.build(), app.build()]);
    expect(callsFrom(result, fn).map((e) => [e.dst.path, e.lines])).toEqual([["src/plain.ts", [4]]]);
    expect(result.unresolved.map((u) => [u.name, u.receiver ?? "", u.lines])).toEqual([
      ["operate", "", [2]],
      ["next", "subscriber", [3]],
      ["next", "item", [5]],
      ["each", "items", [6]],
      ["next", "items", [6]],
    ]);
  });
});

describe("laziness", () => {
  test("resolving one file loads only the facts it needs", () => {
    const files: FileFacts[] = [];
    for (let i = 0; i < 50; i++) {
      const f = new FactsBuilder(`m${i}.ts`);
      f.entity(`f${i}`, "function", { exported: true });
      files.push(f.build());
    }
    const app = new FactsBuilder("app.ts");
    app.import("./m7", [["f7", "f7"]]).call(-1, "f7");
    files.push(app.build());
    const project = memoryProject(files);
    const result = resolveFiles(["app.ts"], project).get("app.ts")!;
    expect(only(callsFrom(result, -1)).dst).toEqual({ path: "m7.ts", index: 0 });
    expect(project.loads).toBe(2);
  });
});

describe("hand-overs: a function used as a value", () => {
  test("bind as REFERENCES marked asValue, by the evidence a call needs, apart from a type reference to the same entity", () => {
    const lib = new FactsBuilder("lib.ts");
    const helper = lib.entity("helper", "function", { exported: true });
    const Widget = lib.entity("Widget", "class", { exported: true });
    const app = new FactsBuilder("app.ts");
    app.import("./lib", [["helper", "helper"], ["Widget", "Widget"]]);
    const Page = app.entity("Page", "class");
    const onClose = app.entity("onClose", "method", { parent: Page });
    const render = app.entity("render", "method", { parent: Page });
    const setup = app.entity("setup", "function");
    app.valueRef(setup, "helper").valueRef(setup, "Widget").ref(setup, "Widget").valueRef(render, "this.onClose").valueRef(setup, "Nowhere");
    const result = resolveOne("app.ts", [lib.build(), app.build()]);
    const refs = result.edges.filter((e) => e.kind === "REFERENCES").map((e) => [e.src.index, e.dst.path, e.dst.index, e.via, e.asValue ?? false]);
    expect(refs).toEqual([
      [setup, "lib.ts", helper, "import", true],
      [setup, "lib.ts", Widget, "import", true],
      [setup, "lib.ts", Widget, "import", false],
      [render, "app.ts", onClose, "this", true],
    ]);
    // An unbound value is far more often a variable than a function: no unresolved site.
    expect(result.unresolved).toEqual([]);
  });

  test("a value naming a variable, a type or a getter hands nothing over", () => {
    const lib = new FactsBuilder("lib.ts");
    lib.entity("Shape", "interface", { exported: true });
    const Box = lib.entity("Box", "class", { exported: true });
    lib.entity("size", "method", { parent: Box, accessor: true });
    const app = new FactsBuilder("app.ts");
    app.import("./lib", [["Shape", "Shape"], ["Box", "Box"]]);
    const run = app.entity("run", "function");
    app.typedVar(run, "box", "Box").valueRef(run, "Shape").valueRef(run, "box").valueRef(run, "box.size");
    const result = resolveOne("app.ts", [lib.build(), app.build()]);
    expect(result.edges.filter((e) => e.kind === "REFERENCES")).toEqual([]);
    expect(result.unresolved).toEqual([]);
  });

  test("a value imported from a module that is not found is kept unresolved, as a call would be", () => {
    const app = new FactsBuilder("app.ts");
    app.import("./missing", [["helper", "helper"]]).import("./gone", [["*", "ns"]]);
    const run = app.entity("run", "function");
    app.valueRef(run, "helper").valueRef(run, "ns.fn");
    const result = resolveOne("app.ts", [app.build()]);
    expect(result.unresolved.filter((u) => u.kind === "REFERENCES").map((u) => [u.name, u.receiver])).toEqual([["helper", undefined], ["fn", "ns"]]);
  });
});
