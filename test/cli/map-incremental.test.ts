// Incremental maps, crash safety and concurrency, on the compiled binary.
import { describe, expect, test } from "bun:test";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeLlm } from "../../src/wire/llm";
import { BIN, ensureBinary, ix, tempDir, writeTree } from "../helpers/cli";
import { damageGraph, edges, nodeIds, unresolved, withGraph } from "../helpers/graph";

function map(root: string, home: string): Record<string, string> {
  const r = ix(["map", ".", "--format", "llm"], { cwd: root, home });
  expect(r.code).toBe(0);
  return decodeLlm(r.lines[0] as string).fields;
}

const calls = (home: string, root: string) => edges(home, root, "CALLS");

/** A repository of these files, mapped once. */
async function mappedTree(files: Record<string, string>): Promise<{ root: string; home: string }> {
  const root = await writeTree(tempDir("ix-inc-"), files);
  const home = tempDir();
  map(root, home);
  return { root, home };
}

async function twoFiles() {
  const root = await writeTree(tempDir("ix-inc-"), {
    "a.ts": "import { b } from './b';\nexport function a() { return b(); }\nexport function keep() {}\n",
    "b.ts": "export function b() { return 1; }\nexport function other() {}\n",
  });
  const home = tempDir();
  expect(map(root, home)).toMatchObject({ rev: "1", outcome: "full_local_completed", files: "2" });
  return { root, home };
}

describe("incremental", () => {
  test("a map with nothing changed parses nothing and keeps the revision", async () => {
    const { root, home } = await twoFiles();
    const again = map(root, home);
    expect(again).toMatchObject({ rev: "1", outcome: "no_change" });
    expect(again.parsed).toBeUndefined();
  });

  test("changing the call that sets an exported variable re-resolves the files that use it", async () => {
    const { root, home } = await mappedTree({
      "types.ts": "export class A { save() {} }\nexport class B { save() {} }\nexport function makeA(): A { return new A(); }\nexport function makeB(): B { return new B(); }\n",
      "shared.ts": "import { makeA, makeB } from './types';\nexport const store = makeA();\n",
      "user.ts": "import { store } from './shared';\nexport function use() { store.save(); }\n",
    });
    expect(await calls(home, root)).toContain("user.ts:use CALLS types.ts:A.save");
    await Bun.sleep(5);
    writeFileSync(join(root, "shared.ts"), "import { makeA, makeB } from './types';\nexport const store = makeB();\n");
    expect(map(root, home)).toMatchObject({ modified: "1", outcome: "incremental_local_completed" });
    const after = await calls(home, root);
    expect(after).toContain("user.ts:use CALLS types.ts:B.save");
    expect(after).not.toContain("user.ts:use CALLS types.ts:A.save");
  });

  test("IX_TRACE=1 reports each phase with its time and memory on stderr, and changes nothing else", async () => {
    const root = await writeTree(tempDir("ix-inc-"), { "a.ts": "export function a() {}\n" });
    const home = tempDir();
    const traced = ix(["map", ".", "--format", "llm"], { cwd: root, home, env: { IX_TRACE: "1" } });
    expect(traced.code).toBe(0);
    const phases = traced.stderr.trim().split("\n").map((l) => /^ix map: (\w+) at \d+ ms rss=\d+MB peak=\d+MB heap=\d+MB$/.exec(l)?.[1]);
    expect(phases).toEqual(["discover", "parse", "resolve", "commit", "smells", "regions", "done"]);
    expect(decodeLlm(traced.lines[0] as string).fields).toMatchObject({ files: "1", rev: "1", outcome: "full_local_completed" });
    const again = ix(["map", ".", "--format", "llm"], { cwd: root, home, env: { IX_TRACE: "1" } });
    expect(again.stderr.trim().split("\n").map((l) => l.split(" ")[2])).toEqual(["discover", "regions", "done"]);
  });

  test("an edit re-parses that file only, updates its edges and keeps unchanged ids", async () => {
    const { root, home } = await twoFiles();
    const before = await nodeIds(home, root);
    await Bun.sleep(5);
    writeFileSync(join(root, "b.ts"), "export function b() { return other(); }\nexport function other() {}\n");
    const result = map(root, home);
    expect(result).toMatchObject({ rev: "2", outcome: "incremental_local_completed", modified: "1", parsed: "1" });
    expect(await calls(home, root)).toEqual(["a.ts:a CALLS b.ts:b", "b.ts:b CALLS b.ts:other"]);
    const after = await nodeIds(home, root);
    for (const key of ["a.ts:a", "a.ts:keep", "b.ts:b", "b.ts:other", "a.ts", "b.ts"]) expect(after.get(key)).toBe(before.get(key) as string);
  });

  test("a graph built by another extractor version is parsed again in full, and the map says why", async () => {
    const { root, home } = await twoFiles();
    damageGraph(home, root, "UPDATE meta SET value = '1' WHERE key = 'facts_version'");
    const r = ix(["map", ".", "--format", "llm"], { cwd: root, home });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("ix: rebuilding the graph: the graph was built by another extractor (facts 1, this ix writes");
    expect(decodeLlm(r.lines[0] as string).fields).toMatchObject({ parsed: "2" });
    expect(map(root, home)).toMatchObject({ outcome: "no_change" });
    expect(await calls(home, root)).toEqual(["a.ts:a CALLS b.ts:b"]);
  });

  test("a body-only edit re-resolves that file alone, and its callers' edges stay", async () => {
    const { root, home } = await twoFiles();
    writeFileSync(join(root, "b.ts"), "export function b() { return 2 + other(); }\nexport function other() {}\n");
    expect(map(root, home)).toMatchObject({ parsed: "1", resolved: "1" });
    expect(await calls(home, root)).toEqual(["a.ts:a CALLS b.ts:b", "b.ts:b CALLS b.ts:other"]);
  });

  test("a new export resolves calls that were waiting for it in other files", async () => {
    const { root, home } = await mappedTree({
      "a.ts": "import { later } from './b';\nexport function a() { return later(); }\n",
      "b.ts": "export function b() {}\n",
    });
    expect(await calls(home, root)).toEqual([]);
    writeFileSync(join(root, "b.ts"), "export function b() {}\nexport function later() {}\n");
    map(root, home);
    expect(await calls(home, root)).toEqual(["a.ts:a CALLS b.ts:later"]);
  });

  test("a graph of another schema is rebuilt by the next map", async () => {
    const { root, home } = await twoFiles();
    damageGraph(home, root, "PRAGMA user_version = 1");
    // Until then a query says what to run.
    const before = ix(["callers", "b", "--format", "llm"], { cwd: root, home });
    expect(before.code).toBe(1);
    expect(before.lines[0]).toMatch(/^error code=store_unavailable message=".*has schema 1.*" .*hint="ix map /);
    const r = ix(["map", ".", "--format", "llm"], { cwd: root, home });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("rebuilding the graph");
    expect(await calls(home, root)).toEqual(["a.ts:a CALLS b.ts:b"]);
    expect(ix(["status", "--format", "llm"], { cwd: root, home }).lines[0]).toContain("graph_health=ok");
  });

  test("a touched file with the same content makes no revision", async () => {
    const { root, home } = await twoFiles();
    const now = new Date(Date.now() + 5000);
    const { utimesSync } = await import("node:fs");
    utimesSync(join(root, "b.ts"), now, now);
    expect(map(root, home)).toMatchObject({ rev: "1", outcome: "no_change" });
    expect(map(root, home).parsed).toBeUndefined();
  });

  test("a deleted file goes with all its edges", async () => {
    const { root, home } = await twoFiles();
    rmSync(join(root, "b.ts"));
    expect(map(root, home)).toMatchObject({ rev: "2", deleted: "1", files: "1" });
    expect((await edges(home, root)).filter((e) => e.includes("b.ts"))).toEqual([]);
  });

  test("a deleted file takes its edges along and leaves the names that used it unresolved", async () => {
    const { root, home } = await mappedTree({
      "a.ts": "import { b } from './b';\nexport function a() { return b(); }\n",
      "b.ts": "export function b() { return 1; }\n",
      "c.ts": "import { d } from './d';\nexport function c() { return d(); }\n",
      "d.ts": "export function d() { return 2; }\n",
      "e.ts": "export function e() { return b(); }\n",
    });
    rmSync(join(root, "b.ts"));
    // a.ts imports b.ts; e.ts only names b (an unresolved site); c.ts and d.ts are untouched.
    expect(map(root, home)).toMatchObject({ deleted: "1", files: "4" });
    expect(await calls(home, root)).toEqual(["c.ts:c CALLS d.ts:d"]);
    expect(await unresolved(home, root)).toEqual(expect.arrayContaining(["a.ts:a ? b", "e.ts:e ? b"]));
  });

  test("a deleted file lets its importers resolve to what it shadowed", async () => {
    const { root, home } = await mappedTree({
      "a.ts": "import { f } from './lib';\nexport function a() { return f(); }\n",
      "lib.ts": "export function f() { return 1; }\n",
      "lib/index.ts": "export function f() { return 2; }\n",
    });
    expect(await calls(home, root)).toEqual(["a.ts:a CALLS lib.ts:f"]);
    rmSync(join(root, "lib.ts"));
    expect(map(root, home)).toMatchObject({ deleted: "1" });
    expect(await calls(home, root)).toEqual(["a.ts:a CALLS lib/index.ts:f"]);
  });

  test("deleting an __init__.py re-resolves the files that looked for one; deleting a config, every file", async () => {
    const { root, home } = await mappedTree({
      "pkg/__init__.py": "",
      "pkg/m.py": "def f():\n    return 1\n",
      "app.py": "from pkg.m import f\n\ndef run():\n    return f()\n",
      "other.py": "def g():\n    return 2\n",
      "tsconfig.json": "{}\n",
      "x.ts": "export function x() {}\n",
    });
    rmSync(join(root, "pkg/__init__.py"));
    // app.py found pkg through its __init__.py (pkg is now a namespace package); no other file asked.
    expect(map(root, home)).toMatchObject({ deleted: "1", resolved: "1", files: "5" });
    expect(await calls(home, root)).toEqual(["app.py:run CALLS pkg/m.py:f"]);
    rmSync(join(root, "tsconfig.json"));
    expect(map(root, home)).toMatchObject({ deleted: "1", resolved: "4" });
  });

  test("a renamed function leaves its old callers unresolved, not bound to something else", async () => {
    const { root, home } = await twoFiles();
    writeFileSync(join(root, "b.ts"), "export function renamed() { return 1; }\nexport function other() {}\n");
    map(root, home);
    expect(await calls(home, root)).toEqual([]);
    expect(await unresolved(home, root)).toContain("a.ts:a ? b");
  });

  test("a renamed file is a delete plus an add", async () => {
    const { root, home } = await twoFiles();
    renameSync(join(root, "b.ts"), join(root, "c.ts"));
    expect(map(root, home)).toMatchObject({ added: "1", deleted: "1" });
    expect(await calls(home, root)).toEqual([]);
  });

  test("adding a file that an existing import now finds resolves the waiting call", async () => {
    const { root, home } = await mappedTree({
      "a.ts": "import { later } from './later';\nexport function a() { return later(); }\n",
    });
    expect(await calls(home, root)).toEqual([]);
    writeFileSync(join(root, "later.ts"), "export function later() { return 1; }\n");
    expect(map(root, home)).toMatchObject({ rev: "2", added: "1" });
    expect(await calls(home, root)).toEqual(["a.ts:a CALLS later.ts:later"]);
  });

  test("a new file no resolution asked about re-resolves only itself", async () => {
    const { root, home } = await twoFiles();
    writeFileSync(join(root, "c.ts"), "import { b } from './b';\nexport function c() { return b(); }\n");
    expect(map(root, home)).toMatchObject({ added: "1", resolved: "1", files: "3" });
    expect(await calls(home, root)).toEqual(["a.ts:a CALLS b.ts:b", "c.ts:c CALLS b.ts:b"]);
  });

  test("a new file takes over an import that resolved to a directory's index", async () => {
    const { root, home } = await mappedTree({
      "a.ts": "import { f } from './lib';\nexport function a() { return f(); }\n",
      "lib/index.ts": "export function f() { return 2; }\n",
      "other.ts": "export function other() { return 3; }\n",
    });
    expect(await calls(home, root)).toEqual(["a.ts:a CALLS lib/index.ts:f"]);
    writeFileSync(join(root, "lib.ts"), "export function f() { return 1; }\n");
    // a.ts asked for lib.ts before it settled on lib/index.ts, so it is re-resolved beside the
    // new file; other.ts, resolved beside a.ts before, asked nothing about lib.ts.
    expect(map(root, home)).toMatchObject({ added: "1", resolved: "2" });
    expect(await calls(home, root)).toEqual(["a.ts:a CALLS lib.ts:f"]);
  });

  test("a new Go file re-resolves the files of its package and their importers", async () => {
    const { root, home } = await mappedTree({
      "go.mod": "module example.com/m\n\ngo 1.22\n",
      "util/a.go": "package util\n\nfunc A() int { return B() }\n",
      "main.go": "package main\n\nimport \"example.com/m/util\"\n\nfunc main() { util.A(); util.B() }\n",
      "other/o.go": "package other\n\nfunc O() int { return 1 }\n",
    });
    expect(await calls(home, root)).toEqual(["main.go:main CALLS util/a.go:A"]);
    writeFileSync(join(root, "util/b.go"), "package util\n\nfunc B() int { return 2 }\n");
    const result = map(root, home);
    // The new file, a.go and main.go, which listed util's files; not other/o.go.
    expect(result).toMatchObject({ added: "1", resolved: "3" });
    expect(await calls(home, root)).toEqual(["main.go:main CALLS util/a.go:A", "main.go:main CALLS util/b.go:B", "util/a.go:A CALLS util/b.go:B"]);
  });

  test("an edit two re-export hops away re-resolves the file that reaches it only through them", async () => {
    const { root, home } = await mappedTree({
      "deep.ts": "export function run() { return 1; }\n",
      "mid.ts": "export { run } from './deep';\n",
      "barrel.ts": "export * from './mid';\n",
      "app.ts": "import { run } from './barrel';\nexport function main() { return run(); }\n",
    });
    expect(await calls(home, root)).toEqual(["app.ts:main CALLS deep.ts:run"]);
    // app.ts imports neither mid.ts nor has an edge into it, and its call was resolved.
    writeFileSync(join(root, "mid.ts"), "export function run() { return 2; }\n");
    expect(map(root, home)).toMatchObject({ modified: "1" });
    expect(await calls(home, root)).toEqual(["app.ts:main CALLS mid.ts:run"]);
  });

  test("a Python package's __init__ that starts defining a name it re-exported moves the callers two imports away", async () => {
    const { root, home } = await mappedTree({
      "pkg/__init__.py": "from .sub import run\n",
      "pkg/sub/__init__.py": "from .impl import run\n",
      "pkg/sub/impl.py": "def run():\n    return 1\n",
      "main.py": "from pkg import run\n\ndef main():\n    run()\n",
    });
    expect(await calls(home, root)).toEqual(["main.py:main CALLS pkg/sub/impl.py:run"]);
    writeFileSync(join(root, "pkg/sub/__init__.py"), "def run():\n    return 2\n");
    expect(map(root, home)).toMatchObject({ modified: "1" });
    expect(await calls(home, root)).toEqual(["main.py:main CALLS pkg/sub/__init__.py:run"]);
  });

  test("a Go file that declares a name its package already had re-resolves the package's other files", async () => {
    const { root, home } = await mappedTree({
      "go.mod": "module example.com/m\n\ngo 1.22\n",
      "util/a.go": "package util\n\nfunc A() int { return B() }\n",
      "util/b.go": "package util\n\nfunc B() int { return 2 }\n",
      "util/c.go": "package util\n\nfunc C() int { return 3 }\n",
    });
    expect(await calls(home, root)).toEqual(["util/a.go:A CALLS util/b.go:B"]);
    // Two B in one package: which one a.go calls is not proven, so the call is unresolved.
    writeFileSync(join(root, "util/c.go"), "package util\n\nfunc C() int { return 3 }\n\nfunc B() int { return 4 }\n");
    expect(map(root, home)).toMatchObject({ modified: "1" });
    expect(await calls(home, root)).toEqual([]);
    expect(await unresolved(home, root)).toContain("util/a.go:A ? B");
  });

  test("a dependent file's edges follow an edit of the file it imports", async () => {
    const { root, home } = await twoFiles();
    writeFileSync(join(root, "b.ts"), "export function other() {}\nexport function b() { return 1; }\n");
    map(root, home);
    expect(await calls(home, root)).toEqual(["a.ts:a CALLS b.ts:b"]);
  });
});

describe("in a git work tree, with the listing kept between maps", () => {
  async function gitRepo() {
    const root = await writeTree(tempDir("ix-git-"), {
      ".gitignore": "ignored/\n*.gen.ts\n",
      "src/a.ts": "import { b } from './b';\nexport function a() { return b(); }\n",
      "src/b.ts": "export function b() { return 1; }\n",
      "ignored/x.ts": "export function x() {}\n",
    });
    expect(Bun.spawnSync(["git", "init", "-q"], { cwd: root }).exitCode).toBe(0);
    expect(Bun.spawnSync(["git", "add", "src/a.ts", ".gitignore"], { cwd: root }).exitCode).toBe(0);
    const home = tempDir();
    expect(map(root, home)).toMatchObject({ files: "2" });
    return { root, home };
  }

  test("a new untracked file is found, a deleted one goes, ignored ones stay out", async () => {
    const { root, home } = await gitRepo();
    expect(map(root, home)).toMatchObject({ outcome: "no_change", files: "2" });
    writeFileSync(join(root, "src/c.ts"), "import { a } from './a';\nexport function c() { return a(); }\n");
    writeFileSync(join(root, "src/d.gen.ts"), "export function d() {}\n");
    expect(map(root, home)).toMatchObject({ added: "1", files: "3" });
    expect(await calls(home, root)).toContain("src/c.ts:c CALLS src/a.ts:a");
    rmSync(join(root, "src/c.ts"));
    expect(map(root, home)).toMatchObject({ deleted: "1", files: "2" });
  });

  test("a .gitignore edit that lets a file in is seen", async () => {
    const { root, home } = await gitRepo();
    await Bun.sleep(5);
    writeFileSync(join(root, ".gitignore"), "*.gen.ts\n");
    expect(map(root, home)).toMatchObject({ added: "1", files: "3" });
  });

  test("a save that renames a new file over the old one is one modified file", async () => {
    const { root, home } = await gitRepo();
    writeFileSync(join(root, "src/.b.ts.swp"), "export function b() { return 2; }\nexport function b2() { return b(); }\n");
    renameSync(join(root, "src/.b.ts.swp"), join(root, "src/b.ts"));
    expect(map(root, home)).toMatchObject({ modified: "1", files: "2" });
    expect(await calls(home, root)).toContain("src/b.ts:b2 CALLS src/b.ts:b");
    expect(map(root, home)).toMatchObject({ outcome: "no_change", files: "2" });
  });

  test("a new directory with a file in it is found", async () => {
    const { root, home } = await gitRepo();
    await writeTree(root, { "src/deep/new/e.ts": "export function e() {}\n" });
    expect(map(root, home)).toMatchObject({ added: "1", files: "3" });
  });
});

/** A few hundred files that call each other, so a map takes long enough to be interrupted. */
async function bigRepo(): Promise<string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 400; i++) {
    const next = (i + 1) % 400;
    files[`src/m${i}.ts`] = [
      `import { f${next} } from './m${next}';`,
      ...Array.from({ length: 30 }, (_, j) => `export function g${i}_${j}(x: number) { return f${next}(x) + ${j}; }`),
      `export function f${i}(x: number) { return x + 1; }`,
    ].join("\n");
  }
  return writeTree(tempDir("ix-big-"), files);
}

describe("crash safety and concurrency", () => {
  test("kill -9 at any moment of a map leaves the previous revision whole", async () => {
    const root = await bigRepo();
    const home = tempDir();
    expect(map(root, home).rev).toBe("1");
    const countEdges = () => withGraph(home, root, async (graph) => Object.values((await graph.stats()).edges).reduce((a, b) => a + b, 0));
    const baseline = await countEdges();
    ensureBinary();
    for (const delay of [30, 80, 150, 250, 400]) {
      for (let i = 0; i < 400; i += 3) writeFileSync(join(root, `src/m${i}.ts`), `export function f${i}(x: number) { return x * ${delay}; }\n`);
      const child = Bun.spawn([BIN, "map", ".", "--format", "llm"], { cwd: root, env: { ...process.env, IX_HOME: home }, stdout: "ignore", stderr: "ignore" });
      await Bun.sleep(delay);
      child.kill(9);
      await child.exited;
      await withGraph(home, root, async (graph) => {
        expect(await graph.integrity()).toBe("ok");
        expect((await graph.revisions()).length).toBe(await graph.rev());
      });
      const status = ix(["status", "--format", "llm"], { cwd: root, home });
      expect(status.code).toBe(0);
      expect(status.lines[0]).toContain("graph_health=ok");
    }
    // The next map takes over the dead map's lock and completes.
    const final = map(root, home);
    expect(Number(final.rev)).toBeGreaterThanOrEqual(2);
    expect(await countEdges()).toBeLessThan(baseline);
    expect(map(root, home).outcome).toBe("no_change");
  }, 120_000);

  test("two maps at once: both succeed, one waits, the graph is written once", async () => {
    const root = await bigRepo();
    const home = tempDir();
    ensureBinary();
    const env = { ...process.env, IX_HOME: home };
    const start = () => Bun.spawn([BIN, "map", ".", "--format", "llm"], { cwd: root, env, stdout: "pipe", stderr: "pipe" });
    const [first, second] = [start(), start()];
    const [c1, c2] = await Promise.all([first.exited, second.exited]);
    expect([c1, c2]).toEqual([0, 0]);
    const outs = await Promise.all([new Response(first.stdout).text(), new Response(second.stdout).text()]);
    const records = outs.map((o) => decodeLlm(o.split("\n")[0] as string).fields);
    expect(records.map((r) => r.outcome).sort()).toEqual(["full_local_completed", "no_change"]);
    expect(records.every((r) => r.rev === "1")).toBe(true);
    const errs = await Promise.all([new Response(first.stderr).text(), new Response(second.stderr).text()]);
    expect(errs.filter((e) => e.includes("waited for another map")).length).toBe(1);
  }, 60_000);
});

describe("nothing from the mapped repository runs", () => {
  test("a core.fsmonitor command in the repository's git config is never executed", async () => {
    const root = await writeTree(tempDir("ix-evil-"), { "a.ts": "export function a() {}\n" });
    expect(Bun.spawnSync(["git", "init", "-q"], { cwd: root }).exitCode).toBe(0);
    const marker = join(root, "pwned");
    expect(Bun.spawnSync(["git", "config", "core.fsmonitor", `touch ${marker}; false`], { cwd: root }).exitCode).toBe(0);
    expect(Bun.spawnSync(["git", "add", "a.ts"], { cwd: root, env: { ...process.env, GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='false'" } }).exitCode).toBe(0);
    const home = tempDir();
    expect(map(root, home)).toMatchObject({ files: "1" });
    expect(ix(["status", "--format", "llm"], { cwd: root, home }).code).toBe(0);
    expect(await Bun.file(marker).exists()).toBe(false);
  });
});

describe("reset and graph health", () => {
  test("reset needs --workspace and --yes; --ingest maps again", async () => {
    const { root, home } = await twoFiles();
    const bare = ix(["reset", "--format", "llm"], { cwd: root, home });
    expect(bare.code).toBe(2);
    expect(bare.lines[0]).toContain("code=missing_argument");
    const unconfirmed = ix(["reset", "--workspace", "--format", "llm"], { cwd: root, home });
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.lines[0]).toContain("code=confirmation_required");
    expect(await calls(home, root)).toEqual(["a.ts:a CALLS b.ts:b"]);
    const reset = ix(["reset", "--workspace", "--yes", "--ingest", "--format", "llm"], { cwd: root, home });
    expect(reset.code).toBe(0);
    expect(reset.lines[1]).toContain("map files=2 rev=1 outcome=full_local_completed");
    expect(await calls(home, root)).toEqual(["a.ts:a CALLS b.ts:b"]);
  });

  test("a hollow graph is reported as degraded, with the fix, by status, doctor and a missed target", async () => {
    const { root, home } = await twoFiles();
    damageGraph(home, root, "DELETE FROM edges WHERE kind = 'CONTAINS'");
    const status = ix(["status", "--format", "llm"], { cwd: root, home });
    expect(status.lines[0]).toContain("graph_health=degraded");
    expect(status.lines[1]).toMatch(/^graph status=degraded reason=hollow message=".*" fix="ix reset --workspace --yes --ingest"$/);
    expect(ix(["doctor", "--format", "llm"], { cwd: root, home }).stdout).toContain("check name=graph_health status=fail health=degraded");
    const miss = ix(["callers", "nothing", "--format", "llm"], { cwd: root, home });
    expect(miss.code).toBe(1);
    expect(miss.stdout).toContain("graph status=degraded");
  });
});

describe("what a map leaves out", () => {
  test("files over 1 MB are counted and listed; binary files are skipped and counted", async () => {
    const root = await writeTree(tempDir("ix-large-"), {
      "a.ts": "export function a() {}\n",
      "big.ts": `export const data = [${"1,".repeat(600_000)}];\n`,
      "blob.ts": "export const x = 1;\u0000\u0001\n",
    });
    const home = tempDir();
    const r = ix(["map", ".", "--format", "llm"], { cwd: root, home });
    expect(r.code).toBe(0);
    expect(r.lines[0]).toContain("files_too_large=1");
    expect(r.lines[0]).toContain("skipped=1");
    expect(r.lines).toContain("too_large path=big.ts");
    const silent = ix(["map", ".", "--silent", "--format", "llm"], { cwd: root, home });
    expect(silent.lines).toEqual([expect.stringMatching(/^map files=\d+ regions=1 rev=1 outcome=no_change too_large=1 ms=\d+$/)]);
    const json = JSON.parse(ix(["map", ".", "--format", "json"], { cwd: root, home }).stdout);
    expect(json.map).toMatchObject({ files_too_large: 1, files_too_large_paths: ["big.ts"] });
  });

  test("json says files_too_large=0 and an empty list on a clean map", async () => {
    const root = await writeTree(tempDir("ix-clean-"), { "a.ts": "export function a() {}\n" });
    const json = JSON.parse(ix(["map", ".", "--format", "json"], { cwd: root, home: tempDir() }).stdout);
    expect(json.map).toMatchObject({ files_too_large: 0, files_too_large_paths: [] });
    expect(json.too_large).toEqual([]);
  });
});
