// Answers an agent can trust (issue 16, items 3 and 4): a function handed over by name is
// used, and every command counts an entity's callers the same way.
import { describe, expect, test } from "bun:test";
import { ix, tempDir, writeTree } from "../helpers/cli";

async function mapped(prefix: string, files: Record<string, string>): Promise<{ root: string; home: string }> {
  const root = await writeTree(tempDir(`ix-${prefix}-`), files);
  const home = tempDir(`ix-${prefix}-home-`);
  const map = ix(["map", ".", "--silent"], { cwd: root, home });
  expect(map.code).toBe(0);
  return { root, home };
}

function llm(g: { root: string; home: string }, ...args: string[]): string[] {
  const r = ix([...args, "--format", "llm"], { cwd: g.root, home: g.home });
  expect(r.code).toBe(0);
  return r.lines;
}

/** A record's field as written (`name=value` up to the next space). */
function field(line: string | undefined, name: string): string | undefined {
  return line?.match(new RegExp(`(?:^| )${name}=("(?:[^"\\\\]|\\\\.)*"|\\S+)`))?.[1];
}

describe("a function handed over by name", () => {
  test("TypeScript: callers lists the hand-over as a reference at its site, and entity counts it", async () => {
    const g = await mapped("refs-ts", {
      "src/methods.ts": [
        "export function stringMethods(x: string): string {",
        "  return x;",
        "}",
        "",
        "export function installMethods(inst: object, name: string, methods: (x: string) => string): void {",
        "  Object.assign(inst, { [name]: methods });",
        "}",
        "",
      ].join("\n"),
      "src/setup.ts": [
        'import { installMethods, stringMethods } from "./methods";',
        "",
        "export function setup(inst: object): void {",
        '  installMethods(inst, "email", stringMethods);',
        "}",
        "",
        "export function direct(): string {",
        '  return stringMethods("a");',
        "}",
        "",
      ].join("\n"),
    });
    const callers = llm(g, "callers", "stringMethods");
    expect(callers[0]).toBe("callers target=stringMethods path=src/methods.ts shown=2 total=2 resolved=2 references=1");
    const handOver = callers.find((l) => l.startsWith("ref name=setup "));
    expect(handOver).toContain(' site=src/setup.ts:4 snippet="installMethods(inst, \\"email\\", stringMethods);" use=reference');
    const call = callers.find((l) => l.startsWith("ref name=direct "));
    expect(call).toContain(" site=src/setup.ts:8 ");
    expect(call).not.toContain("use=");
    const entity = llm(g, "entity", "stringMethods").find((l) => l.startsWith("edges "));
    expect(entity).toBe("edges callers=2 references=1 callees=0 members=0 unresolved_uses=0");
  });

  test("Python: sorted(xs, key=helper) is a use of helper", async () => {
    const g = await mapped("refs-py", {
      "app/__init__.py": "",
      "app/helpers.py": "def helper(x):\n    return x\n",
      "app/main.py": "from .helpers import helper\n\n\ndef order(xs):\n    return sorted(xs, key=helper)\n",
    });
    const callers = llm(g, "callers", "helper");
    expect(callers[0]).toBe("callers target=helper path=app/helpers.py shown=1 total=1 resolved=1 references=1");
    expect(callers[1]).toBe('ref name=order kind=function path=app/main.py lines=4-5 site=app/main.py:5 snippet="return sorted(xs, key=helper)" use=reference');
  });

  test("Go: http.HandleFunc(\"/\", handler) is a use of handler, declared in another file of the package", async () => {
    const g = await mapped("refs-go", {
      "go.mod": "module example.com/web\n\ngo 1.22\n",
      "handlers.go": 'package main\n\nimport "net/http"\n\nfunc handler(w http.ResponseWriter, r *http.Request) {}\n',
      "main.go": 'package main\n\nimport "net/http"\n\nfunc main() {\n\thttp.HandleFunc("/", handler)\n}\n',
    });
    const callers = llm(g, "callers", "handler");
    expect(callers[0]).toBe("callers target=handler path=handlers.go shown=1 total=1 resolved=1 references=1");
    expect(callers[1]).toBe('ref name=main kind=function path=main.go lines=5-7 site=main.go:6 snippet="http.HandleFunc(\\"/\\", handler)" use=reference');
  });
});

describe("one entity's counts", () => {
  test("an interface named in annotations has no callers in around, entity or callers; its users and tests are counted apart", async () => {
    const g = await mapped("refs-iface", {
      "src/shape.ts": "export interface Shape {\n  area(): number;\n}\n",
      "src/measure.ts": 'import type { Shape } from "./shape";\n\nexport function measure(s: Shape): number {\n  return s.area();\n}\n',
      "src/draw.ts": 'import type { Shape } from "./shape";\n\nexport function draw(shapes: Shape[]): void {\n  for (const s of shapes) s.area();\n}\n',
      "test/shape.test.ts": 'import type { Shape } from "../src/shape";\n\nconst square: Shape = { area: () => 4 };\nexport { square };\n',
    });
    const around = llm(g, "around", "src/shape.ts:1").find((l) => l.startsWith("symbol "));
    expect(around).toBe("symbol name=Shape kind=interface path=src/shape.ts lines=1-3 callers=0 users=2 tests=1");
    expect(llm(g, "entity", "Shape").find((l) => l.startsWith("edges "))).toBe("edges callers=0 type_refs=3 callees=0 members=1 unresolved_uses=0");
    const callers = llm(g, "callers", "Shape");
    expect(callers[0]).toBe("callers target=Shape path=src/shape.ts shown=0 total=0 resolved=0");
    expect(callers[1]).toStartWith('hint text="No callers: 3 annotation(s) name \'Shape\' as a type');
  });

  test("a function called, handed over and tested: around, entity and callers give the same callers", async () => {
    const g = await mapped("refs-agree", {
      "src/parse.ts": "export function parse(x: string): number {\n  return Number(x);\n}\n",
      "src/a.ts": 'import { parse } from "./parse";\n\nexport function a(): number {\n  return parse("1");\n}\n',
      "src/b.ts": 'import { parse } from "./parse";\n\nexport function b(xs: string[]): number[] {\n  return xs.map(parse);\n}\n',
      "test/parse.test.ts": 'import { parse } from "../src/parse";\n\nexport function checkParse(): boolean {\n  return parse("2") === 2;\n}\n',
    });
    const symbol = llm(g, "around", "src/parse.ts:1").find((l) => l.startsWith("symbol "));
    const edges = llm(g, "entity", "parse").find((l) => l.startsWith("edges "));
    const header = llm(g, "callers", "parse")[0];
    expect(field(symbol, "callers")).toBe("3");
    expect(field(edges, "callers")).toBe("3");
    expect(field(header, "total")).toBe("3");
    for (const line of [symbol, edges, header]) expect(field(line, "references")).toBe("1");
    expect(field(symbol, "tests")).toBe("1");
  });
});
