// Answers an agent can trust (issue 16, item 6): a dotted target names what callers write —
// `toml.Decode` by its Go package clause, `click.echo` through the package that re-exports it,
// `z.object` through the namespace alias the repository binds — not only `file-stem.member`.
import { beforeAll, describe, expect, test } from "bun:test";
import { ix, tempDir, writeTree } from "../helpers/cli";

async function mapped(prefix: string, files: Record<string, string>): Promise<{ root: string; home: string }> {
  const root = await writeTree(tempDir(`ix-${prefix}-`), files);
  const home = tempDir(`ix-${prefix}-home-`);
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
  return { root, home };
}

/** The entity a target resolves to, as `path:startLine`, or `error <code>`. */
function resolved(place: { root: string; home: string }, target: string): string {
  const r = ix(["locate", target, "--format", "json"], { cwd: place.root, home: place.home });
  const answer = JSON.parse(r.stdout) as { locate?: { path: string; lines: string }; code?: string };
  if (!answer.locate) return `error ${answer.code}`;
  return `${answer.locate.path}:${answer.locate.lines.split("-")[0]}`;
}

const GO = {
  "go.mod": "module github.com/BurntSushi/toml\n\ngo 1.21\n",
  "decode.go": [
    "package toml",
    "",
    "func Decode(data string, v any) error {",
    "\treturn NewDecoder(data).Decode(v)",
    "}",
    "",
    "type Decoder struct{ data string }",
    "",
    "func NewDecoder(data string) *Decoder { return &Decoder{data: data} }",
    "",
    "func (d *Decoder) Decode(v any) error { return nil }",
    "",
  ].join("\n"),
  // A package whose directory is not its name.
  "internal/tomlx/lex.go": "package toml\n\nfunc Lex(s string) []string { return nil }\n",
  "internal/jsonrpc2/conn.go": "package jsonrpc2\n\nfunc Dial(addr string) error { return nil }\n",
  "internal/jsonrpc2_v2/serve.go": "package jsonrpc2\n\nfunc Dial(addr string) error { return nil }\n",
  "cmd/run/main.go": [
    "package main",
    "",
    "import (",
    '\t"github.com/BurntSushi/toml"',
    '\ttx "github.com/BurntSushi/toml/internal/tomlx"',
    ")",
    "",
    "func main() {",
    "\tvar v any",
    '\ttoml.Decode("a = 1", &v)',
    '\ttx.Lex("a")',
    "}",
    "",
  ].join("\n"),
};

describe("a dotted Go target", () => {
  let place: { root: string; home: string };
  beforeAll(async () => {
    place = await mapped("dotted-go", GO);
  });

  test("pkg.Func names the package by its package clause, whatever its directory", () => {
    expect(resolved(place, "toml.Decode")).toBe("decode.go:3");
    expect(resolved(place, "toml.Lex")).toBe("internal/tomlx/lex.go:3");
    // The directory's name keeps working.
    expect(resolved(place, "tomlx.Lex")).toBe("internal/tomlx/lex.go:3");
    const callers = ix(["callers", "toml.Decode", "--format", "llm"], { cwd: place.root, home: place.home });
    expect(callers.code).toBe(0);
    expect(callers.lines[0]).toStartWith("callers target=Decode path=decode.go ");
    expect(callers.stdout).toContain("ref name=main kind=function path=cmd/run/main.go");
  });

  test("pkg.Type.Method is the method of that type in that package", () => {
    expect(resolved(place, "toml.Decoder.Decode")).toBe("decode.go:11");
  });

  test("an import alias in use names its package", () => {
    expect(resolved(place, "tx.Lex")).toBe("internal/tomlx/lex.go:3");
  });

  test("two packages declaring one name are an ambiguity, never a guess", () => {
    const r = ix(["callers", "jsonrpc2.Dial", "--format", "llm"], { cwd: place.root, home: place.home });
    expect(r.code).toBe(1);
    expect(r.lines[0]).toStartWith("error code=ambiguous_target ");
    expect(r.lines.filter((l) => l.startsWith("candidate ")).map((l) => /path=(\S+)/.exec(l)?.[1])).toEqual([
      "internal/jsonrpc2/conn.go",
      "internal/jsonrpc2_v2/serve.go",
    ]);
    expect(resolved(place, "jsonrpc2_v2.Dial")).toBe("internal/jsonrpc2_v2/serve.go:3");
  });
});

const PYTHON = {
  "src/click/__init__.py": "from .core import Command as Command\nfrom .utils import echo as echo\n",
  "src/click/utils.py": "def echo(message=None):\n    print(message)\n\n\ndef secho(message=None):\n    echo(message)\n",
  "src/click/core.py": [
    "from .utils import echo",
    "",
    "",
    "class Command:",
    "    def invoke(self, ctx):",
    '        echo("invoke")',
    "        return ctx",
    "",
    "    def main(self):",
    "        return self.invoke(None)",
    "",
  ].join("\n"),
  "tests/test_basic.py": 'import click\n\n\ndef test_echo():\n    click.echo("hi")\n    click.Command().invoke(None)\n',
};

describe("a dotted Python target", () => {
  let place: { root: string; home: string };
  beforeAll(async () => {
    place = await mapped("dotted-py", PYTHON);
  });

  test("package.member follows the package's re-export to where it is defined", () => {
    expect(resolved(place, "click.echo")).toBe("src/click/utils.py:1");
    const callers = ix(["callers", "click.echo", "--format", "llm"], { cwd: place.root, home: place.home });
    expect(callers.code).toBe(0);
    expect(callers.lines[0]).toStartWith("callers target=echo path=src/click/utils.py ");
  });

  test("the module's dotted path, and package.module.Class.method", () => {
    expect(resolved(place, "click.utils.echo")).toBe("src/click/utils.py:1");
    expect(resolved(place, "click.core.Command.invoke")).toBe("src/click/core.py:5");
    expect(resolved(place, "click.Command.invoke")).toBe("src/click/core.py:5");
  });

  test("file-stem.member and Class.method keep working", () => {
    expect(resolved(place, "utils.echo")).toBe("src/click/utils.py:1");
    expect(resolved(place, "Command.invoke")).toBe("src/click/core.py:5");
  });
});

const TYPESCRIPT = {
  "package.json": '{ "name": "zod", "version": "4.0.0", "exports": { ".": "./src/index.ts" } }\n',
  "src/v4/schemas.ts": [
    "export function object(shape: Record<string, unknown>): unknown {",
    "  return shape;",
    "}",
    "",
    "export function string(): unknown {",
    '  return "";',
    "}",
    "",
    "export class ZodType {",
    "  parse(data: unknown): unknown {",
    "    return data;",
    "  }",
    "}",
    "",
  ].join("\n"),
  "src/v4/external.ts": 'export * from "./schemas";\n',
  "src/v4/index.ts": 'export * as z from "./external";\n',
  "src/index.ts": 'import * as z from "./v4/external";\nexport * from "./v4/external";\nexport { z };\nexport default z;\n',
  "app/main.ts": 'import { z } from "zod";\n\nexport function build(): unknown {\n  return z.object({ name: z.string() });\n}\n',
  "app/other.ts": 'import { object } from "zod";\n\nexport function shape(): unknown {\n  return object({});\n}\n',
  "app/utils.ts": "export function echo(s: string): string {\n  return s;\n}\n",
};

describe("a dotted TypeScript target", () => {
  let place: { root: string; home: string };
  beforeAll(async () => {
    place = await mapped("dotted-ts", TYPESCRIPT);
  });

  test("alias.member resolves the namespace alias the repository binds (import * as z, export * as z)", () => {
    expect(resolved(place, "z.object")).toBe("src/v4/schemas.ts:1");
    expect(resolved(place, "z.ZodType.parse")).toBe("src/v4/schemas.ts:10");
    const callers = ix(["callers", "z.object", "--format", "llm"], { cwd: place.root, home: place.home });
    expect(callers.code).toBe(0);
    expect(callers.lines[0]).toStartWith("callers target=object path=src/v4/schemas.ts ");
    expect(callers.stdout).toContain("ref name=build kind=function path=app/main.ts");
  });

  test("package.member names the package by the name its importers write", () => {
    expect(resolved(place, "zod.object")).toBe("src/v4/schemas.ts:1");
  });

  test("Class.method and file-stem.member keep working", () => {
    expect(resolved(place, "ZodType.parse")).toBe("src/v4/schemas.ts:10");
    expect(resolved(place, "schemas.object")).toBe("src/v4/schemas.ts:1");
    expect(resolved(place, "utils.echo")).toBe("app/utils.ts:1");
  });
});

describe("an alias of one module among many defining the member", () => {
  test("is found within the walk's bounds: modules whose name the alias shortens are walked first", async () => {
    const files: Record<string, string> = {
      "src/zarray.ts": "export function map(xs: number[]): number[] {\n  return xs;\n}\n",
      "src/use.ts": 'import * as Zar from "./zarray";\n\nexport function run(): number[] {\n  return Zar.map([1]);\n}\n',
    };
    // Thirty modules before it in path order, each with an importer of its own: more than the
    // walk reads when it takes them in path order.
    for (let i = 0; i < 30; i++) {
      const id = String(i).padStart(2, "0");
      files[`src/m${id}.ts`] = "export function map(x: number): number {\n  return x;\n}\n";
      files[`src/c${id}.ts`] = `import * as m${id} from "./m${id}";\n\nexport function c${id}(): number {\n  return m${id}.map(1);\n}\n`;
    }
    const place = await mapped("dotted-many", files);
    expect(resolved(place, "Zar.map")).toBe("src/zarray.ts:1");
    expect(resolved(place, "m07.map")).toBe("src/m07.ts:1");
  });
});

describe("a dotted target that names nothing", () => {
  let go: { root: string; home: string };
  let py: { root: string; home: string };
  beforeAll(async () => {
    go = await mapped("dotted-miss-go", GO);
    py = await mapped("dotted-miss-py", PYTHON);
  });

  /** The `suggestions=` of a miss. */
  function suggested(place: { root: string; home: string }, target: string): string[] {
    const r = ix(["callers", target, "--format", "llm"], { cwd: place.root, home: place.home });
    expect(r.code).toBe(1);
    expect(r.lines[0]).toStartWith("error code=unresolved_target ");
    return /suggestions=(\S+)/.exec(r.lines[0]!)?.[1]?.split(",") ?? [];
  }

  test("suggests the member's nearer names under the same module, each a target that resolves", () => {
    expect(suggested(go, "toml.Decod")).toEqual(["toml.Decode", "toml.Decoder"]);
    expect(suggested(py, "click.ech")).toEqual(["click.echo"]);
    const row = ix(["callers", "toml.Decod", "--format", "llm"], { cwd: go.root, home: go.home }).lines[1];
    expect(row).toBe("suggestion name=Decode kind=function path=decode.go target=toml.Decode");
  });

  test("every suggestion of a miss names one entity, even where its bare name is shared", () => {
    for (const [place, target] of [[go, "toml.Decod"], [go, "nosuch.Dial"], [go, "Dialx"], [py, "nosuch.echo"]] as const) {
      const names = suggested(place, target);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(resolved(place, name)).not.toStartWith("error ");
    }
  });
});
