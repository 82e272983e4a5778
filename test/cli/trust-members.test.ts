// Answers an agent can trust (issue 16): a container's members, wherever they are declared, and
// one entity for one definition. Each test is named for the answer that misled.
import { describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeLlm } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";
import { edges } from "../helpers/graph";

function records(args: string[], root: string, home: string) {
  return ix([...args, "--format", "llm"], { cwd: root, home }).lines.map((line) => decodeLlm(line));
}

const GO_PACKAGE: Record<string, string> = {
  "go.mod": "module example.com/m\n\ngo 1.21\n",
  "p/types.go": "package p\n\ntype Decoder struct {\n\tbuf []byte\n}\n\nfunc (d *Decoder) Reset() {\n\td.buf = nil\n}\n",
  "p/decode.go": "package p\n\nfunc (d *Decoder) Decode() error {\n\treturn d.more()\n}\n\nfunc (d *Decoder) more() error {\n\treturn nil\n}\n\nfunc helper() {}\n",
  // Same directory, another package clause: its Decoder is another type.
  "p/decoder_test.go": "package p_test\n\ntype Decoder struct{}\n",
  "p/verify_test.go": "package p_test\n\nfunc (d *Decoder) Verify() {}\n",
};

describe("a Go type whose methods are declared in another file of its package", () => {
  test("overview, entity and contains count every method of the type, each row from elsewhere with its path", async () => {
    const root = await writeTree(tempDir("ix-gomembers-"), GO_PACKAGE);
    const home = tempDir("ix-gomembers-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);

    const overview = records(["overview", "Decoder"], root, home);
    expect(overview[0]?.fields).toMatchObject({ target: "Decoder", file: "p/types.go" });
    expect(overview.find((r) => r.kind === "contains")?.fields).toEqual({ method: "3" });
    expect(overview.filter((r) => r.kind === "item").map((r) => r.fields)).toEqual([
      { name: "Reset", kind: "method", lines: "7-9" },
      { name: "Decode", kind: "method", path: "p/decode.go", lines: "3-5" },
      { name: "more", kind: "method", path: "p/decode.go", lines: "7-9" },
    ]);

    const entity = records(["entity", "Decoder"], root, home);
    expect(entity.find((r) => r.kind === "edges")?.fields.members).toBe("3");

    const contains = records(["contains", "Decoder"], root, home);
    expect(contains[0]?.fields).toMatchObject({ shown: "3", total: "3" });
    expect(contains.filter((r) => r.kind === "member").map((r) => `${r.fields.name} ${r.fields.path ?? "-"}`)).toEqual([
      "Reset -",
      "Decode p/decode.go",
      "more p/decode.go",
    ]);

    // The method names its type as its container; its file still lists it.
    const decoder = entity[0]?.fields.id;
    expect(records(["entity", "Decoder.Decode"], root, home)[0]?.fields.parent).toBe(decoder);
    expect(records(["contains", "p/decode.go"], root, home).filter((r) => r.kind === "member").map((r) => r.fields.name)).toEqual(["Decode", "more", "helper"]);

    // The test package's Decoder, in the same directory, keeps its own method.
    const testDecoder = records(["contains", "Decoder", "--tests-only"], root, home);
    expect(testDecoder.filter((r) => r.kind === "member").map((r) => `${r.fields.name} ${r.fields.path}`)).toEqual(["Verify p/verify_test.go"]);
  });

  test("incremental maps keep the methods under their type as a cold map does, through edits and deletions", async () => {
    const root = await writeTree(tempDir("ix-gomembers-inc-"), GO_PACKAGE);
    const home = tempDir("ix-gomembers-inc-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const members = () => records(["contains", "Decoder"], root, home).filter((r) => r.kind === "member").map((r) => r.fields.name);
    const sameAsCold = async () => {
      const cold = tempDir("ix-gomembers-cold-");
      expect(ix(["map", ".", "--silent"], { cwd: root, home: cold }).code).toBe(0);
      expect(await edges(home, root, "CONTAINS")).toEqual(await edges(cold, root, "CONTAINS"));
    };

    // A method added in the other file.
    writeFileSync(join(root, "p/decode.go"), `${GO_PACKAGE["p/decode.go"]}\nfunc (d *Decoder) Close() {}\n`);
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(members()).toEqual(["Reset", "Decode", "more", "Close"]);
    await sameAsCold();

    // The type's file edited, the type kept.
    writeFileSync(join(root, "p/types.go"), `${GO_PACKAGE["p/types.go"]}\nfunc other() {}\n`);
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(members()).toEqual(["Reset", "Decode", "more", "Close"]);
    await sameAsCold();

    // The file with the methods deleted.
    rmSync(join(root, "p/decode.go"));
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(members()).toEqual(["Reset"]);
    await sameAsCold();

    // Back again, then the type's file deleted: the methods hang under no type.
    writeFileSync(join(root, "p/decode.go"), GO_PACKAGE["p/decode.go"]!);
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(members()).toEqual(["Reset", "Decode", "more"]);
    rmSync(join(root, "p/types.go"));
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect((await edges(home, root, "CONTAINS")).filter((e) => e.endsWith(" p/decode.go:Decoder.Decode"))).toEqual(["p/decode.go CONTAINS p/decode.go:Decoder.Decode"]);
    await sameAsCold();

    // The type declared again, in a new file.
    writeFileSync(join(root, "p/decoder.go"), "package p\n\ntype Decoder struct{}\n");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(members()).toEqual(["Decode", "more"]);
    await sameAsCold();
  });
});

const PY_OVERLOADS: Record<string, string> = {
  "ctx.py": [
    "import typing as t", // 1
    "", // 2
    "class Context:", // 3
    "    @t.overload", // 4
    "    def invoke(__self, __callback: t.Callable[..., V], *args: t.Any) -> V: ...", // 5
    "", // 6
    "    @t.overload", // 7
    "    def invoke(", // 8
    "        __self,", // 9
    "        __callback: Command,", // 10
    "    ) -> t.Any: ...", // 11
    "", // 12
    "    def invoke(__self, __callback, *args):", // 13
    "        return __callback(*args)", // 14
    "", // 15
    "    def forward(self, cmd):", // 16
    "        return self.invoke(cmd)", // 17
    "", // 18
    "class Other:", // 19
    "    def invoke(self):", // 20
    "        return 1", // 21
    "", // 22
    "def main(ctx: Context):", // 23
    "    return ctx.invoke(main)", // 24
    "",
  ].join("\n"),
};

describe("a Python method with @overload stubs", () => {
  test("is one entity: callers of Class.method answer without ambiguity, and the entity lists the overload signatures", async () => {
    const root = await writeTree(tempDir("ix-overloads-"), PY_OVERLOADS);
    const home = tempDir("ix-overloads-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);

    const callers = ix(["callers", "Context.invoke", "--format", "llm"], { cwd: root, home });
    expect(callers.code).toBe(0);
    const refs = callers.lines.map((line) => decodeLlm(line)).filter((r) => r.kind === "ref");
    expect(refs.map((r) => `${r.fields.name} ${r.fields.site}`)).toEqual(["forward ctx.py:17", "main ctx.py:24"]);

    const entity = records(["entity", "Context.invoke"], root, home);
    expect(entity[0]?.fields).toMatchObject({ qname: "Context.invoke", lines: "13-14", signature: "def invoke(__self, __callback, *args):" });
    expect(entity.filter((r) => r.kind === "overload").map((r) => r.fields.signature)).toEqual([
      "def invoke(__self, __callback: t.Callable[..., V], *args: t.Any) -> V",
      "def invoke(__self, __callback: Command) -> t.Any",
    ]);
    expect(records(["overview", "Context"], root, home).find((r) => r.kind === "contains")?.fields).toEqual({ method: "2" });
  });

  test("an ambiguous target's candidates name their container with qname=", async () => {
    const root = await writeTree(tempDir("ix-overloads-amb-"), PY_OVERLOADS);
    const home = tempDir("ix-overloads-amb-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const r = ix(["callers", "invoke", "--format", "llm"], { cwd: root, home });
    expect(r.code).toBe(1);
    expect(r.lines[0]).toStartWith("error code=ambiguous_target ");
    const candidates = r.lines.map((line) => decodeLlm(line)).filter((rec) => rec.kind === "candidate");
    expect(candidates.map((c) => [c.fields.qname, c.fields.path, c.fields.lines])).toEqual([
      ["Context.invoke", "ctx.py", "13-14"],
      ["Other.invoke", "ctx.py", "20-21"],
    ]);
  });
});
