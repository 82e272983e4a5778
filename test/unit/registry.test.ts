// The language registry: what it says of a file by its name, and that saying it loads nothing
// heavy (discovery and every query import it).
import { describe, expect, test } from "bun:test";
import { emptyFacts } from "../../src/model/facts";
import {
  declaredModuleName,
  declaresModuleName,
  familyOf,
  families,
  filePatterns,
  IMPORT_WORD,
  importsAreMembers,
  isManifest,
  isMinifiedName,
  langOfPath,
  languageIds,
  moduleNamesOf,
  parsingOf,
  siteSyntaxOf,
} from "../../src/lang/registry";

describe("languages by extension", () => {
  const table: [string, string | undefined][] = [
    ["a.ts", "typescript"], ["a.mts", "typescript"], ["a.cts", "typescript"], ["a.d.ts", "typescript"],
    ["a.tsx", "tsx"], ["a.js", "javascript"], ["a.jsx", "javascript"], ["a.mjs", "javascript"],
    ["a.cjs", "javascript"], ["a.py", "python"], ["a.pyi", "python"], ["a.go", "go"],
    ["A.TS", "typescript"], ["x.Go", "go"], ["README.md", undefined], ["Makefile", undefined],
    ["dir.go/file", undefined], ["a.", undefined],
  ];
  for (const [path, lang] of table) test(`${path} is ${lang ?? "no language"}`, () => expect(langOfPath(path)).toBe(lang));

  test("every id belongs to one family, and the families group them as the folders do", () => {
    expect(languageIds()).toEqual(["typescript", "tsx", "javascript", "python", "go"]);
    expect(["typescript", "tsx", "javascript"].map((id) => familyOf(id)?.id)).toEqual(["typescript", "typescript", "typescript"]);
    expect(familyOf("python")?.id).toBe("python");
    expect(familyOf("go")?.id).toBe("go");
    expect(familyOf("cobol")).toBeUndefined();
    expect(familyOf(null)).toBeUndefined();
  });
});

describe("manifests", () => {
  const manifests = ["package.json", "pnpm-workspace.yaml", "jsconfig.json", "tsconfig.json", "tsconfig.build.json", "go.mod", "pyproject.toml", "setup.cfg"];
  const others = ["tsconfig-base.json", "tsconfigx.json", "go.sum", "package-lock.json", "setup.py", "x/package.json.bak"];
  for (const name of manifests) {
    test(`${name} is one, at the root or below`, () => {
      expect(isManifest(name)).toBe(true);
      expect(isManifest(`packages/a/${name}`)).toBe(true);
    });
  }
  for (const name of others) test(`${name} is not`, () => expect(isManifest(name)).toBe(false));
  test("a directory named like a manifest does not make its files manifests", () => {
    expect(isManifest("tsconfig.json/x.ts")).toBe(false);
    expect(isManifest("tsconfig.a/b.json")).toBe(false);
  });
});

describe("file patterns", () => {
  test("each family contributes its own", () => {
    const test = filePatterns("test");
    expect(["x_test.go", "test_x.py", "conftest.py", "a.test.d.ts"].every((name) => test.some((re) => re.test(name)))).toBe(true);
    const generated = filePatterns("generated");
    expect(["a.pb.go", "x_pb2.py", "x_pb.d.ts", "zz_generated.deepcopy.go"].every((name) => generated.some((re) => re.test(name)))).toBe(true);
    expect(generated.some((re) => re.test("main.go"))).toBe(false);
  });

  test("bundles by name", () => {
    expect(isMinifiedName("dist/app.min.js")).toBe(true);
    expect(isMinifiedName("dist/app-min.cjs")).toBe(true);
    expect(isMinifiedName("dist/min.js")).toBe(false);
    expect(isMinifiedName("app.min.ts")).toBe(false);
  });
});

describe("module names a caller may write", () => {
  test("a file is its path without the extension", () => {
    expect(moduleNamesOf("packages/effect/src/Effect.ts", "typescript")).toEqual(["packages/effect/src/Effect"]);
    expect(moduleNamesOf("django/db/models.py", "python")).toEqual(["django/db/models"]);
  });

  test("an index file or __init__.py stands for its directory too", () => {
    expect(moduleNamesOf("src/util/index.ts", "typescript")).toEqual(["src/util/index", "src/util"]);
    expect(moduleNamesOf("django/db/__init__.py", "python")).toEqual(["django/db/__init__", "django/db"]);
  });

  test("any Go file stands for its package's directory", () => {
    expect(moduleNamesOf("net/http/server.go", "go")).toEqual(["net/http/server", "net/http"]);
  });

  test("a file without a language is named by its path only", () => {
    expect(moduleNamesOf("config/settings.json", null)).toEqual(["config/settings"]);
  });

  test("a Go file declares its package's name, whatever its directory; other files declare none", () => {
    expect(declaresModuleName("go")).toBe(true);
    expect(declaredModuleName({ ...emptyFacts("internal/tomlx/lex.go", "go"), packageName: "toml" })).toBe("toml");
    expect(declaresModuleName("python")).toBe(false);
    expect(declaredModuleName({ ...emptyFacts("a.py", "python"), packageName: "x" })).toBeUndefined();
    expect(declaredModuleName(emptyFacts("a.json", "qqq"))).toBeUndefined();
  });

  test("a Python module's imports are its members; a TypeScript or Go module's are not", () => {
    expect(importsAreMembers("python")).toBe(true);
    expect(["typescript", "javascript", "go", null].map(importsAreMembers)).toEqual([false, false, false, false]);
  });
});

describe("site finders' rules", () => {
  test("each language reads by its family's rules; a file without a language by the named fallback", () => {
    expect(siteSyntaxOf("tsx")).toBe(siteSyntaxOf("javascript"));
    expect(siteSyntaxOf("python").comments).toBe("hash");
    expect(siteSyntaxOf("go").typeArguments).toBe("[");
    expect(siteSyntaxOf(null)).toBe(siteSyntaxOf("typescript"));
    expect(siteSyntaxOf("cobol")).toBe(siteSyntaxOf("typescript"));
  });

  test("the first look for import statements knows every family's words", () => {
    for (const word of ["import", "export", "require", "from"]) expect(IMPORT_WORD.test(`x ${word} y`)).toBe(true);
    expect(IMPORT_WORD.test("const x = 1;")).toBe(false);
  });
});

/** The modules a fresh process has loaded after importing `entry`. */
function loadedBy(entry: string): string[] {
  const probe = `await import(${JSON.stringify(new URL(entry, import.meta.url).pathname)});
    console.log(JSON.stringify(Object.keys(require.cache)));`;
  const run = Bun.spawnSync(["bun", "-e", probe], { stderr: "pipe" });
  expect(run.exitCode).toBe(0);
  return JSON.parse(run.stdout.toString());
}

const HEAVY = /web-tree-sitter|tree-sitter-|\/extract\.ts$|\/parsing\.ts$|\/resolver\.ts$|\/src\/resolve\//;

describe("loading", () => {
  test("importing the registry loads no grammar, extractor or resolver", () => {
    const loaded = loadedBy("../../src/lang/registry.ts");
    expect(loaded.some((path) => path.endsWith("/src/lang/registry.ts"))).toBe(true);
    expect(loaded.filter((path) => HEAVY.test(path))).toEqual([]);
  });

  test("nor does the query path's site finder or the role of a file", () => {
    expect(loadedBy("../../src/sites/index.ts").filter((path) => HEAVY.test(path))).toEqual([]);
    expect(loadedBy("../../src/ingest/roles.ts").filter((path) => HEAVY.test(path))).toEqual([]);
  });

  test("a family's resolver loads when asked, synchronously, once", () => {
    const go = families().find((family) => family.id === "go")!;
    const create = go.resolver();
    expect(typeof create).toBe("function");
    expect(go.resolver()).toBe(create);
  });

  test("a family's grammars and extractor load on demand, once", async () => {
    const first = parsingOf("tsx");
    expect(parsingOf("javascript")).toBe(first);
    const parsing = await first;
    expect(typeof parsing.extract).toBe("function");
    expect(Object.keys(parsing.grammars).sort()).toEqual(["javascript", "tsx", "typescript"]);
    await expect(parsingOf("cobol")).rejects.toThrow();
  });
});
