// Files written to break a parser's walk: a method chain of 10k links, nesting 50k levels deep,
// a name that is not UTF-8. None may take the map down, and what ix can read of them it keeps.
import { describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git } from "../helpers/git";
import { collect, edgeLines, edges, withGraph } from "../helpers/graph";
import { ix, tempDir, writeTree } from "../helpers/cli";
import { decodeLlm } from "../../src/wire/llm";

const LINKS = 10_000;
/** Past what a recursive walk survives, on the map's thread and in a parse worker. */
const DEEP = 50_000;

const rep = (text: string, n: number) => text.repeat(n);

/** `a.b().b()…`, one link a line, in each language; b returns its receiver's type, so every link binds. */
const CHAINS: Record<string, string> = {
  "chain.ts": `export class A { b(): A { return this; } }\nconst a = new A();\na\n${rep(".b()\n", LINKS)};\n`,
  "chain.js": `a\n${rep(".b()\n", LINKS)};\n`,
  "chain.py": `class A:\n    def b(self) -> "A":\n        return self\n\n\na = A()\nx = (a\n${rep(".b()\n", LINKS)})\n`,
  "chain.go": `package p\n\ntype A struct{}\n\nfunc (a *A) B() *A { return a }\n\nfunc f(a *A) {\n\ta.\n${rep("B().\n", LINKS - 1)}B()\n}\n`,
};

/**
 * Nesting of every kind, each followed by a call of keep: the call is found only if the walk
 * got past the nesting. The first ones are the sizes issue 15 lists (they mapped before too);
 * the DEEP ones overflowed the extractors' recursive walks, which dropped the file or the facts
 * after the overflow.
 */
const NESTED: Record<string, string> = {
  "parens.ts": `export function keep() {}\nexport const p = ${rep("(\n", 5_000)}1${rep(")", 5_000)};\nkeep();\n`,
  "arrays.ts": `export function keep() {}\nexport const p = ${rep("[\n", 5_000)}1${rep("]", 5_000)};\nkeep();\n`,
  "sum.ts": `export function keep() {}\nexport const s = 1${rep(" +\n1", 20_000)};\nkeep();\n`,
  "arrows.ts": `export function keep() {}\nexport const f = ${rep("(a) =>\n", 5_000)}1;\nkeep();\n`,
  "else.ts": `export function keep() {}\nexport function f(x: boolean) {\n${rep("if (x) { keep(); } else\n", 10_000)}{ keep(); }\n}\nkeep();\n`,
  "sum.py": `def keep():\n    pass\n\n\ns = (1\n${rep("+ 1\n", 20_000)})\nkeep()\n`,
  "elif.py": `def keep():\n    pass\n\n\ndef f(x):\n    if x:\n        pass\n${rep("    elif x:\n        pass\n", 10_000)}\nkeep()\n`,
  "parens.go": `package p\n\nfunc keep() {}\n\nvar p = ${rep("(\n", 5_000)}1${rep(")", 5_000)}\n\nfunc f() { keep() }\n`,
  "closures.go": `package p\n\nfunc keep() {}\n\nvar g = ${rep("func() {\n", 5_000)}${rep("}\n", 4_999)}}\n\nfunc f() { keep() }\n`,
  "pattern.ts": `export function keep() {}\nexport function f() {\n  const ${rep("[\n", DEEP)}a${rep("]", DEEP)} = [];\n  keep();\n}\n`,
  "objpattern.ts": `export function keep() {}\nexport function f() {\n  const ${rep("{ a:\n", DEEP)}a${rep(" }", DEEP)} = {};\n  keep();\n}\n`,
  "union.py": `def keep():\n    pass\n\n\nx: (A\n${rep("| A\n", DEEP)}) = keep()\n`,
  "optional.py": `def keep():\n    pass\n\n\nx: ${rep("Optional[\n", DEEP)}T${rep("]", DEEP)} = keep()\n`,
  "tuple.py": `def keep():\n    pass\n\n\ndef f():\n    ${rep("(\n", DEEP)}a, b${rep(",)", DEEP)} = keep()\n`,
  "pointer.go": `package p\n\nfunc keep() {}\n\nvar x ${rep("*\n", DEEP)}T\n\nfunc f() { keep() }\n`,
  "slices.go": `package p\n\nfunc keep() {}\n\nvar x ${rep("[\n]", DEEP)}T\n\nfunc f() { keep() }\n`,
  "instance.go": `package p\n\nfunc keep() {}\n\nfunc f() {\n\tF${rep("[\nint]", DEEP)}()\n\tkeep()\n}\n`,
  "selector.go": `package p\n\nfunc keep() {}\n\nfunc f() {\n\tx := a.\n${rep("b.\n", DEEP)}b\n\t_ = x\n\tkeep()\n}\n`,
};

function map(root: string, home: string, env?: Record<string, string>): Record<string, string> {
  const r = ix(["map", ".", "--format", "llm"], { cwd: root, home, env });
  expect(r.stdout).not.toContain("error code=");
  expect(r.code).toBe(0);
  return decodeLlm(r.lines[0] as string).fields;
}

/** The lines of the unresolved call sites of `name` anywhere in the graph. */
function unresolvedLines(home: string, root: string, name: string): Promise<number[]> {
  return withGraph(home, root, async (graph) => (await collect(graph.allUnresolved())).filter((u) => u.name === name).flatMap((u) => u.lines));
}

/** Every link of each chain was extracted and, where its types say so, bound. */
async function expectChainsBound(home: string, root: string): Promise<void> {
  // TypeScript records each call on its own line: all 10k links, from the first to the last.
  const lines = await edgeLines(home, root, "CALLS", "chain.ts", "b");
  expect(lines.length).toBe(LINKS);
  expect([lines[0], lines.at(-1)]).toEqual([4, LINKS + 3]);
  const all = await edges(home, root, "CALLS");
  expect(all).toContain("chain.py CALLS chain.py:A.b");
  expect(all).toContain("chain.go:f CALLS chain.go:A.B");
  // No link short of the last lost its receiver's type (Go and Python put a chain's calls on its first line).
  expect(await unresolvedLines(home, root, "B")).toEqual([]);
  // JavaScript's chain starts at an unknown `a`: each of its links is a site left unresolved.
  expect((await unresolvedLines(home, root, "b")).length).toBe(LINKS);
}

async function expectNestedRead(home: string, root: string, files: readonly string[]): Promise<void> {
  const calls = await edges(home, root, "CALLS");
  for (const file of files) expect(calls.some((edge) => edge.endsWith(` CALLS ${file}:keep`) && edge.startsWith(file))).toBe(true);
}

describe("hostile input", () => {
  test("a 10,000-link method chain maps in TypeScript, JavaScript, Python and Go, and every link is a call", async () => {
    const root = await writeTree(tempDir("ix-chain-"), { "ok.ts": "export function ok() {}\n" });
    const home = tempDir();
    map(root, home);
    // Onto an existing graph: this used to fail every map until the file was removed.
    await writeTree(root, CHAINS);
    const result = map(root, home);
    expect(result).toMatchObject({ outcome: "incremental_local_completed", added: "4" });
    expect(result.parse_errors).toBeUndefined();
    expect(result.files_failed).toBeUndefined();
    await expectChainsBound(home, root);
    expect(map(root, home)).toMatchObject({ outcome: "no_change" });
  });

  test("nesting of every kind, to 50,000 levels, maps, and what follows it in the file is still read", async () => {
    const root = await writeTree(tempDir("ix-nest-"), NESTED);
    const home = tempDir();
    const result = map(root, home);
    expect(result).toMatchObject({ outcome: "full_local_completed", files: String(Object.keys(NESTED).length) });
    expect(result.skipped).toBeUndefined();
    expect(result.files_failed).toBeUndefined();
    await expectNestedRead(home, root, Object.keys(NESTED));
  }, 120_000);

  test("in parse workers as on the map's thread: the same chains and nesting, among more than 24 files", async () => {
    const padding = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`pad${i}.ts`, `export function pad${i}() {}\n`]));
    const deep = Object.fromEntries(Object.entries(NESTED).filter(([, text]) => text.length > 100_000));
    const root = await writeTree(tempDir("ix-workers-"), { ...CHAINS, ...deep, ...padding });
    const home = tempDir();
    // 0: a map of more than 24 files parses in workers, whatever the cores.
    const result = map(root, home, { IX_PARSE_INLINE_BYTES: "0" });
    expect(Number(result.files)).toBeGreaterThan(24);
    expect(result.skipped).toBeUndefined();
    expect(result.files_failed).toBeUndefined();
    await expectChainsBound(home, root);
    await expectNestedRead(home, root, Object.keys(deep));
  }, 120_000);

  test("a file whose resolution still throws is named in parse_errors, map json and doctor; the rest of the map commits", async () => {
    // 10k variables each read from the one before: the binder still follows that by recursion.
    // It stands for any file whose extraction or resolution throws.
    const deep = `export class A { m(): void {} x!: A; }\nexport function f() {\n  const a0 = new A();\n${Array.from({ length: LINKS }, (_, i) => `  const a${i + 1} = a${i}.x;\n`).join("")}  a${LINKS}.m();\n}\n`;
    const root = await writeTree(tempDir("ix-fail-"), {
      "deep.ts": deep,
      "a.ts": "import { b } from './b';\nexport function a() { b(); }\n",
      "b.ts": "export function b() {}\n",
    });
    const home = tempDir();
    const r = ix(["map", ".", "--format", "llm"], { cwd: root, home });
    expect(r.code).toBe(0);
    expect(decodeLlm(r.lines[0] as string).fields).toMatchObject({ outcome: "full_local_completed", parse_errors: "1", files_failed: "1" });
    expect(r.lines).toContainEqual(expect.stringMatching(/^failed path=deep\.ts stage=resolve message=".+"$/));
    expect(await edges(home, root, "CALLS")).toEqual(["a.ts:a CALLS b.ts:b"]);

    // A later map parses nothing, yet still names it; so does doctor.
    const json = JSON.parse(ix(["map", ".", "--format", "json"], { cwd: root, home }).stdout);
    expect(json.map).toMatchObject({ outcome: "no_change", files_failed: 1, files_failed_paths: ["deep.ts"] });
    expect(json.failed).toEqual([{ path: "deep.ts", stage: "resolve", message: expect.any(String) }]);
    const doctor = ix(["doctor", "--format", "llm"], { cwd: root, home });
    expect(doctor.stdout).toContain("check name=failed_files status=warn count=1");
    expect(doctor.lines).toContainEqual(expect.stringMatching(/^failed path=deep\.ts stage=resolve /));

    // Fixed, the file is read again and no longer named.
    await Bun.sleep(5);
    writeFileSync(join(root, "deep.ts"), "export function deep() {}\n");
    const fixed = JSON.parse(ix(["map", ".", "--format", "json"], { cwd: root, home }).stdout);
    expect(fixed.map).toMatchObject({ outcome: "incremental_local_completed", parse_errors: 0, files_failed: 0, files_failed_paths: [] });
    expect(ix(["doctor", "--format", "llm"], { cwd: root, home }).stdout).toContain("check name=failed_files status=ok count=0");
  });

  /** `<root>/<name>` as bytes: the name holds a byte that is no UTF-8. */
  const rawPath = (root: string, ...name: number[]) => Buffer.concat([Buffer.from(`${root}/`), Buffer.from(name)]);
  const BAD_TS = [0xff, ...Buffer.from(".ts")];

  test("a file whose name is not UTF-8 is counted as skipped, in a git repository, on every map", async () => {
    const root = await writeTree(tempDir("ix-name-git-"), { "ok.ts": "export function ok() {}\n" });
    writeFileSync(rawPath(root, ...BAD_TS), "export function bad() {}\n");
    git(root, "init", "-q");
    expect(map(root, tempDir())).toMatchObject({ files: "1", skipped: "1" });
    const home = tempDir();
    map(root, home);
    expect(map(root, home)).toMatchObject({ outcome: "no_change", skipped: "1" });
  });

  test("a file whose name is not UTF-8 is counted as skipped outside git, also inside a directory of such a name", async () => {
    const root = await writeTree(tempDir("ix-name-walk-"), { "ok.ts": "export function ok() {}\n" });
    writeFileSync(rawPath(root, ...BAD_TS), "export function bad() {}\n");
    mkdirSync(rawPath(root, 0xfe));
    writeFileSync(rawPath(root, 0xfe, ...Buffer.from("/inner.ts")), "export function inner() {}\n");
    expect(map(root, tempDir())).toMatchObject({ files: "1", skipped: "2" });
  });
});

/**
 * FIFOs where ix reads a file: each hung `ix map` forever, lock held, so that every later map
 * waited and status said a map was writing. Now a FIFO is never opened: the map commits without
 * it, names it (stage read, "is a FIFO, not a file") in its record, on every later map and in
 * doctor, and it never becomes a file of the graph. Every ix here has a timeout: a hang fails the
 * test, not the run.
 */
describe("a FIFO where ix reads a file", () => {
  const HANG_MS = 20_000;
  const run = (args: string[], root: string, home: string) => ix([...args, "--format", "llm"], { cwd: root, home, timeout: HANG_MS });
  const mkfifo = (path: string) => expect(Bun.spawnSync(["mkfifo", path]).exitCode).toBe(0);
  const failedRow = (path: string) => `failed path=${path} stage=read message="is a FIFO, not a file"`;

  /** Maps twice and asks doctor, status and stats: every answer comes, and names the FIFO where it names failures. */
  async function expectNamed(root: string, fifo: string, files: string[]): Promise<void> {
    const home = tempDir();
    const first = run(["map", "."], root, home);
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: "" });
    expect(decodeLlm(first.lines[0] as string).fields).toMatchObject({ files: String(files.length), files_failed: "1" });
    expect(decodeLlm(first.lines[0] as string).fields.parse_errors).toBeUndefined();
    expect(first.lines).toContain(failedRow(fifo));
    // Nothing held the lock past the map: the next one finds nothing changed, and still names it.
    const again = run(["map", "."], root, home);
    expect(again.code).toBe(0);
    expect(decodeLlm(again.lines[0] as string).fields).toMatchObject({ outcome: "no_change", files_failed: "1" });
    expect(again.lines).toContain(failedRow(fifo));
    const doctor = run(["doctor"], root, home);
    expect(doctor.stdout).toContain("check name=failed_files status=warn count=1");
    expect(doctor.lines).toContain(failedRow(fifo));
    expect(run(["status"], root, home).code).toBe(0);
    // Never a file of the graph.
    const inventory = JSON.parse(ix(["inventory", "--kind", "file", "--format", "json"], { cwd: root, home, timeout: HANG_MS }).stdout);
    expect(inventory.node.map((n: { path: string }) => n.path).sort()).toEqual(files);
  }

  test("a FIFO .gitignore outside git", async () => {
    const root = await writeTree(tempDir("ix-fifo-ignore-"), { "a.ts": "export function a() {}\n" });
    mkfifo(join(root, ".gitignore"));
    await expectNamed(root, ".gitignore", ["a.ts"]);
  });

  test("a FIFO .gitignore in a git work tree, below the top", async () => {
    const root = await writeTree(tempDir("ix-fifo-git-ignore-"), { "a.ts": "export function a() {}\n", "lib/b.ts": "export function b() {}\n" });
    git(root, "init", "-q");
    git(root, "add", ".");
    mkfifo(join(root, "lib/.gitignore"));
    await expectNamed(root, "lib/.gitignore", ["a.ts", "lib/b.ts"]);
  });

  test("a FIFO tsconfig.json", async () => {
    const root = await writeTree(tempDir("ix-fifo-tsconfig-"), { "a.ts": "import { b } from 'lib/b';\nexport function a() { b(); }\n", "lib/b.ts": "export function b() {}\n" });
    mkfifo(join(root, "tsconfig.json"));
    await expectNamed(root, "tsconfig.json", ["a.ts", "lib/b.ts"]);
  });

  test("a tsconfig whose extends names a FIFO, read when an import needs the config", async () => {
    const root = await writeTree(tempDir("ix-fifo-extends-"), {
      "a.ts": "import { b } from 'lib/b';\nexport function a() { b(); }\n",
      "lib/b.ts": "export function b() {}\n",
      "tsconfig.json": '{ "extends": "./base.json", "compilerOptions": { "baseUrl": "." } }\n',
    });
    mkfifo(join(root, "base.json"));
    await expectNamed(root, "base.json", ["a.ts", "lib/b.ts", "tsconfig.json"]);
  });

  test("a FIFO where git lists a tracked source file: mapped before, it leaves the graph", async () => {
    const root = await writeTree(tempDir("ix-fifo-tracked-"), { "a.ts": "export function a() {}\n", "p.ts": "export function p() {}\n" });
    git(root, "init", "-q");
    git(root, "add", ".");
    const home = tempDir();
    expect(decodeLlm(run(["map", "."], root, home).lines[0] as string).fields).toMatchObject({ files: "2" });
    rmSync(join(root, "p.ts"));
    mkfifo(join(root, "p.ts"));
    const after = run(["map", "."], root, home);
    expect(after.code).toBe(0);
    expect(decodeLlm(after.lines[0] as string).fields).toMatchObject({ outcome: "incremental_local_completed", files: "1", deleted: "1", files_failed: "1" });
    expect(after.lines).toContain(failedRow("p.ts"));
    // And on a graph that never had it.
    await expectNamed(root, "p.ts", ["a.ts"]);
  });

  test("a FIFO .git/HEAD: no git runs, the tree is walked, HEAD is named", async () => {
    const root = await writeTree(tempDir("ix-fifo-head-"), { "a.ts": "export function a() {}\n" });
    git(root, "init", "-q");
    git(root, "add", ".");
    git(root, "commit", "-qm", "one");
    rmSync(join(root, ".git/HEAD"));
    mkfifo(join(root, ".git/HEAD"));
    await expectNamed(root, ".git/HEAD", ["a.ts"]);
  });

  test("ix text answers though its ripgrep would wait on a FIFO .gitignore: from its own scan", async () => {
    const root = await writeTree(tempDir("ix-fifo-text-"), { "a.ts": "export function a() { return 'needle'; }\n" });
    mkfifo(join(root, ".gitignore"));
    const home = tempDir();
    expect(run(["map", "."], root, home).code).toBe(0);
    // ripgrep reads each .gitignore in a worker thread, blocking; this one opens the FIFO as it does.
    const bin = tempDir("ix-fake-rg-");
    writeFileSync(join(bin, "rg"), "#!/bin/sh\nexec cat .gitignore\n", { mode: 0o755 });
    for (const PATH of [`${bin}:${process.env.PATH}`, "/nonexistent"]) {
      const r = ix(["text", "needle", "--format", "llm"], { cwd: root, home, timeout: HANG_MS, env: { PATH } });
      expect({ PATH, code: r.code }).toEqual({ PATH, code: 0 });
      expect(r.lines[0]).toContain("engine=builtin");
      expect(r.lines).toContainEqual(expect.stringMatching(/^match path=a\.ts line=1 /));
    }
  });

  test("gone, a FIFO is no longer named", async () => {
    const root = await writeTree(tempDir("ix-fifo-gone-"), { "a.ts": "export function a() {}\n" });
    mkfifo(join(root, ".gitignore"));
    const home = tempDir();
    expect(run(["map", "."], root, home).lines).toContain(failedRow(".gitignore"));
    rmSync(join(root, ".gitignore"));
    const after = run(["map", "."], root, home);
    expect(decodeLlm(after.lines[0] as string).fields).toMatchObject({ outcome: "no_change" });
    expect(decodeLlm(after.lines[0] as string).fields.files_failed).toBeUndefined();
    expect(run(["doctor"], root, home).stdout).toContain("check name=failed_files status=ok count=0");
  });
});
