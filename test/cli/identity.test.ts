// Identity comes from the repository, not the checkout: the same commit mapped in two places
// gives the same ids, each checkout keeping its own store. Black-box, on the compiled binary.
import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { workspaceId } from "../../src/model/ids";
import { decodeLlm } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";
import { damageGraph, nodeIds } from "../helpers/graph";
import { git, gitAt } from "../helpers/git";

const FILES: Record<string, string> = {
  "src/a.ts": "import { b } from './b';\nexport function a() { return b(); }\nexport class Box { open() {} }\n",
  "src/b.ts": "export function b() { return 1; }\n",
};


/** A git repository of `files` with one commit; the message tells repositories apart. */
async function repository(files: Record<string, string>, message: string, date?: string): Promise<string> {
  const root = await writeTree(tempDir("ix-id-"), files);
  git(root, "init", "-q");
  git(root, "add", ".");
  gitAt(date, root, "commit", "-q", "-m", message);
  return root;
}

function clone(origin: string): string {
  const dir = join(tempDir("ix-clone-"), "checkout");
  git(origin, "clone", "-q", origin, dir);
  return dir;
}

function map(root: string, home: string, cwd = root): Record<string, string> {
  const r = ix(["map", ".", "--format", "llm"], { cwd, home });
  expect(r.code).toBe(0);
  return decodeLlm(r.lines[0] as string).fields;
}

function status(root: string, home: string): Record<string, string> {
  const r = ix(["status", "--format", "llm"], { cwd: root, home });
  expect(r.code).toBe(0);
  return decodeLlm(r.lines[0] as string).fields;
}

function entityId(root: string, home: string, name: string): string {
  const r = ix(["entity", name, "--format", "json"], { cwd: root, home });
  expect(r.code).toBe(0);
  const id = /"id":\s*"([0-9a-f-]{36})"/.exec(r.stdout)?.[1];
  expect(id).toBeDefined();
  return id!;
}

describe("the same commit in two checkouts", () => {
  test("gives the same workspace id and node ids, with a store of its own each", async () => {
    const origin = await repository(FILES, "first");
    const [one, two] = [clone(origin), clone(origin)];
    const home = tempDir();
    map(one, home);
    map(two, home);
    expect(status(one, home).workspace).toBe(status(two, home).workspace);
    expect(status(one, home).store).not.toBe(status(two, home).store);
    expect(await nodeIds(home, one)).toEqual(await nodeIds(home, two));
    expect((await nodeIds(home, one)).size).toBeGreaterThan(4);
    expect(entityId(one, home, "Box.open")).toBe(entityId(two, home, "Box.open"));
    // And on another machine (another IX_HOME) too.
    const elsewhere = tempDir();
    map(one, elsewhere);
    expect(await nodeIds(elsewhere, one)).toEqual(await nodeIds(home, two));
  });

  test("mapping one after an edit leaves the other's graph and answers alone", async () => {
    const origin = await repository(FILES, "first");
    const [one, two] = [clone(origin), clone(origin)];
    const home = tempDir();
    map(one, home);
    map(two, home);
    const before = await nodeIds(home, two);
    writeFileSync(join(one, "src/b.ts"), "export function b() { return 1; }\nexport function added() {}\n");
    expect(map(one, home)).toMatchObject({ rev: "2", outcome: "incremental_local_completed" });
    expect(ix(["entity", "added", "--format", "llm"], { cwd: one, home }).code).toBe(0);
    expect(ix(["entity", "added", "--format", "llm"], { cwd: two, home }).lines[0]).toMatch(/^error code=unresolved_target/);
    expect(status(two, home)).toMatchObject({ rev: "1", stale: "false" });
    expect(await nodeIds(home, two)).toEqual(before);
    // The entities both hold keep one id in both.
    expect((await nodeIds(home, one)).get("src/b.ts:b")).toBe(before.get("src/b.ts:b"));
  });
});

describe("repositories apart", () => {
  test("two repositories of the same files give different ids", async () => {
    const [one, two] = [await repository(FILES, "one"), await repository(FILES, "two")];
    const home = tempDir();
    map(one, home);
    map(two, home);
    expect(status(one, home).workspace).not.toBe(status(two, home).workspace);
    expect((await nodeIds(home, one)).get("src/a.ts:a")).not.toBe((await nodeIds(home, two)).get("src/a.ts:a"));
  });

  test("a directory outside git is identified by its path, and works as before", async () => {
    const [one, two] = [await writeTree(tempDir("ix-plain-"), FILES), await writeTree(tempDir("ix-plain-"), FILES)];
    const home = tempDir();
    expect(map(one, home)).toMatchObject({ files: "2", outcome: "full_local_completed" });
    map(two, home);
    expect(status(one, home).workspace).toBe(workspaceId(realpathSync(one)));
    expect((await nodeIds(home, one)).get("src/a.ts:a")).not.toBe((await nodeIds(home, two)).get("src/a.ts:a"));
    expect(ix(["callers", "b", "--format", "llm"], { cwd: one, home }).stdout).toContain("name=a");
  });

  test("a work tree with no commit yet is identified by its path", async () => {
    const root = await writeTree(tempDir("ix-unborn-"), FILES);
    git(root, "init", "-q");
    const home = tempDir();
    expect(map(root, home)).toMatchObject({ files: "2" });
    expect(status(root, home).workspace).toBe(workspaceId(realpathSync(root)));
  });

  test("a subdirectory mapped as its own root is told apart from the repository's top", async () => {
    // Registered while it was outside git; the repository around it came later.
    const outer = tempDir("ix-outer-");
    const sub = join(outer, "pkg");
    await writeTree(sub, FILES);
    const home = tempDir();
    map(sub, home);
    git(outer, "init", "-q");
    git(outer, "add", ".");
    git(outer, "commit", "-q", "-m", "outer");
    expect(ix(["reset", "--workspace", "--yes", "--ingest"], { cwd: sub, home }).code).toBe(0);
    map(outer, home);
    const inSub = status(sub, home).workspace;
    expect(inSub).not.toBe(workspaceId(realpathSync(sub)));
    expect(status(outer, home).workspace).not.toBe(inSub);
    expect((await nodeIds(home, sub)).get("src/a.ts:a")).toBeDefined();
  });
});

describe("when the id is computed", () => {
  test("a re-map keeps every id, and so does a history rewritten after the first map", async () => {
    const root = await repository(FILES, "first");
    const home = tempDir();
    map(root, home);
    const ids = await nodeIds(home, root);
    const shown = status(root, home).workspace;
    writeFileSync(join(root, "src/a.ts"), FILES["src/a.ts"]!.replace("return b();", "return b() + 1;"));
    expect(map(root, home)).toMatchObject({ modified: "1" });
    expect(await nodeIds(home, root)).toEqual(ids);
    // A new root commit is not asked for by later maps: the graph keeps the identity it was built with.
    git(root, "commit", "-q", "--amend", "-a", "-m", "rewritten");
    writeFileSync(join(root, "src/b.ts"), "export function b() { return 2; }\n");
    map(root, home);
    expect(await nodeIds(home, root)).toEqual(ids);
    expect(status(root, home).workspace).toBe(shown);
    // A rebuild from nothing takes the repository as it is now.
    expect(ix(["reset", "--workspace", "--yes", "--ingest"], { cwd: root, home }).code).toBe(0);
    expect(status(root, home).workspace).not.toBe(shown);
    expect((await nodeIds(home, root)).get("src/a.ts:a")).not.toBe(ids.get("src/a.ts:a"));
  });

  test("merging another history in keeps the mainline's identity", async () => {
    const origin = await repository(FILES, "mainline");
    const before = clone(origin);
    // Newer than the mainline, so a walk by date meets its root first.
    const other = await repository({ "lib/c.ts": "export function c() {}\n" }, "other history", "2090-01-01T00:00:00+0000");
    git(origin, "pull", "-q", "--no-rebase", "--allow-unrelated-histories", "--no-edit", other, "HEAD");
    expect(git(origin, "rev-list", "--max-parents=0", "HEAD").split("\n")).toHaveLength(2);
    const after = clone(origin);
    const home = tempDir();
    map(before, home);
    map(after, home);
    expect(status(after, home).workspace).toBe(status(before, home).workspace);
    expect((await nodeIds(home, after)).get("src/a.ts:a")).toBe((await nodeIds(home, before)).get("src/a.ts:a"));
  });

  test("a no-change map and a query start no git process for the id", async () => {
    const root = await repository(FILES, "first");
    const home = tempDir();
    map(root, home);
    // A git that fails on everything but the file listing: the id must come from what was kept.
    const bin = tempDir("ix-fakegit-");
    const real = Bun.which("git")!;
    writeFileSync(join(bin, "git"), `#!/bin/sh\ncase "$*" in *ls-files*) exec ${real} "$@";; esac\nexit 3\n`, { mode: 0o755 });
    const env = { PATH: `${bin}:${process.env.PATH}` };
    const shown = status(root, home).workspace;
    expect(decodeLlm(ix(["map", ".", "--format", "llm"], { cwd: root, home, env }).lines[0]!).fields).toMatchObject({ outcome: "no_change" });
    writeFileSync(join(root, "src/b.ts"), "export function b() { return 3; }\n");
    expect(decodeLlm(ix(["map", ".", "--format", "llm"], { cwd: root, home, env }).lines[0]!).fields).toMatchObject({ modified: "1" });
    expect(decodeLlm(ix(["status", "--format", "llm"], { cwd: root, home, env }).lines[0]!).fields.workspace).toBe(shown);
  });
});

/** The ids the registry records; an id of digits (`27116371`) must stay a string. */
function recordedIds(home: string): unknown[] {
  const registry = JSON.parse(readFileSync(join(home, "workspaces.json"), "utf8")) as { workspaces: { id?: unknown }[] };
  return registry.workspaces.map((entry) => entry.id);
}

/** Leaves `entry` (YAML) as the registry, in config.yaml where an older ix kept it. */
function writeOldRegistry(home: string, entry: string): void {
  rmSync(join(home, "workspaces.json"), { force: true });
  writeFileSync(join(home, "config.yaml"), entry);
  rmSync(join(home, "config.mirror.json"), { force: true });
}

describe("graphs and registry entries of an older ix", () => {
  /** Makes `root`'s store and entry look as an ix before repository ids left them. */
  function makeOld(home: string, root: string, entry: string): void {
    damageGraph(home, root, "PRAGMA user_version = 8");
    damageGraph(home, root, "UPDATE nodes SET id = 'old-' || id");
    damageGraph(home, root, "DELETE FROM meta WHERE key = 'repository'");
    writeOldRegistry(home, entry);
  }

  test("an entry of root and old id resolves, and its old graph is rebuilt once with new ids", async () => {
    const origin = await repository(FILES, "first");
    const [root, fresh] = [clone(origin), clone(origin)];
    const home = tempDir();
    map(root, home);
    const real = realpathSync(root);
    makeOld(home, root, `workspaces:\n  - root: ${real}\n    id: ${workspaceId(real)}\n`);
    const query = ix(["callers", "b", "--format", "llm"], { cwd: root, home });
    expect(query.lines[0]).toMatch(/^error code=store_unavailable .*hint="ix map /);
    const again = ix(["map", ".", "--format", "llm"], { cwd: root, home });
    expect(again.stderr).toContain("rebuilding the graph");
    expect(ix(["callers", "b", "--format", "llm"], { cwd: root, home }).stdout).toContain("name=a");
    const other = tempDir();
    map(fresh, other);
    expect(await nodeIds(home, root)).toEqual(await nodeIds(other, fresh));
    expect(status(root, home).workspace).toBe(status(fresh, other).workspace);
    expect(recordedIds(home)).toEqual([status(fresh, other).workspace]);
    expect(map(root, home)).toMatchObject({ outcome: "no_change" });
  });

  test("an entry written as a bare root resolves and gets its id", async () => {
    const root = await repository(FILES, "first");
    const home = tempDir();
    map(root, home);
    const shown = status(root, home).workspace;
    writeOldRegistry(home, `workspaces:\n  - ${realpathSync(root)}\n`);
    expect(ix(["callers", "b", "--format", "llm"], { cwd: root, home }).stdout).toContain("name=a");
    writeFileSync(join(root, "src/b.ts"), "export function b() { return 3; }\n");
    map(root, home);
    expect(status(root, home).workspace).toBe(shown);
    expect(recordedIds(home)).toEqual([shown]);
  });
});

test("a nested directory maps the work tree that holds it", async () => {
  const root = await repository(FILES, "first");
  const home = tempDir();
  mkdirSync(join(root, "src/deep"), { recursive: true });
  map(root, home, join(root, "src"));
  expect(status(root, home).root).toBe(realpathSync(root));
});
