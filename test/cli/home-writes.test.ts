// A home that refuses writes, as the compiled binary meets it: a 2 MB tmpfs filled to its last
// byte, and a read-only mount. Each write ix makes there (the settings file, the map's lock, the
// workspace registry, a saved investigation, the ledger's reset) fails with its own code,
// disk_full or home_read_only and exit 1, saying what could not be written and that nothing was
// lost; what was there is as it was, and no temporary or lock file is left behind.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { decodeLlmStream } from "../../src/wire/llm";
import { ix, tempDir, writeTree, type RunResult } from "../helpers/cli";
import { fill, mountTmpfs, remount, umount } from "../helpers/mount";

const FILES = {
  "src/util.ts": "export function parse(x: string): number {\n  return Number(x);\n}\n",
  "src/app.ts": 'import { parse } from "./util";\nexport function run(): number {\n  return parse("1");\n}\n',
};

/** A command that hangs fails its test, not the run. */
const TIMEOUT = 20_000;

const mounts: string[] = [];
let root = "";
let other = "";

beforeAll(async () => {
  root = realpathSync(await writeTree(tempDir("ix-home-writes-"), FILES));
  other = realpathSync(await writeTree(tempDir("ix-home-writes-other-"), FILES));
});

afterAll(() => {
  // Inner mounts first.
  for (const dir of mounts.reverse()) umount(dir);
});

/** A tmpfs of `size` on `dir` (a new home when none is given). */
function mounted(size: string, dir = join(tempDir("ix-home-mount-"), "home")): string {
  mountTmpfs(dir, size);
  mounts.push(dir);
  return dir;
}

const run = (args: string[], home: string, cwd = root): RunResult => ix([...args, "--format", "llm"], { home, cwd, timeout: TIMEOUT });

function ok(args: string[], home: string, cwd = root): RunResult {
  const r = run(args, home, cwd);
  expect([r.code, r.stdout.includes("error code=")]).toEqual([0, false]);
  return r;
}

/** The one error record, checked: its code, exit 1, what it names and what it says was kept. */
function refused(r: RunResult, code: "disk_full" | "home_read_only", what: string, kept: string): Record<string, string> {
  expect(r.code).toBe(1);
  const records = decodeLlmStream(r.stdout);
  expect(records.map((x) => x.kind)).toEqual(["error"]);
  const fields = records[0]!.fields as Record<string, string>;
  expect(fields.code).toBe(code);
  expect(fields.errno).toBe(code === "disk_full" ? "ENOSPC" : "EROFS");
  expect(fields.message).toContain(what);
  expect(fields.message).toContain(`nothing was lost: ${kept}`);
  return fields;
}

/** Every file under `dir` (its mounts included) with its content, but the filler. */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name !== "filler") out[relative(dir, path)] = readFileSync(path, "latin1");
    }
  };
  walk(dir);
  return out;
}

/** What a failed write may change: nothing, bar the graph's own files (the store's, not ours). */
const homeFiles = (dir: string) => Object.fromEntries(Object.entries(files(dir)).filter(([path]) => !path.includes("graph.db") && !path.endsWith("listing.json")));

describe("a full home (a 2 MB tmpfs filled to its last byte)", () => {
  test("config set: disk_full naming the settings file; config.yaml as it was, no temp or lock file left", () => {
    const home = mounted("2m");
    ok(["config", "set", "format", "json"], home);
    const before = files(home);
    fill(home);
    const r = run(["config", "set", "format", "llm"], home);
    const error = refused(r, "disk_full", "the settings file", "config.yaml is unchanged");
    expect(error.path).toBe(join(home, "config.yaml"));
    expect(files(home)).toEqual(before);
    // The same error in the caller's other formats.
    const json = ix(["config", "set", "format", "llm", "--format", "json"], { home, cwd: root, timeout: TIMEOUT });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ code: "disk_full", errno: "ENOSPC", path: join(home, "config.yaml") });
  });

  test("a first map: disk_full naming the map's lock, and no file made", () => {
    const home = mounted("2m");
    fill(home);
    const r = run(["map", "."], home);
    const error = refused(r, "disk_full", "the map's lock", "no graph was changed");
    expect(error.path).toEndWith("/map.lock");
    expect(files(home)).toEqual({});
  });

  test("a map whose lock finds room but whose registration does not: disk_full naming the workspace registry", () => {
    const home = mounted("2m");
    // The stores have room of their own; the home's files do not.
    mounted("16m", join(home, "workspaces"));
    ok(["map", "."], home, other);
    const registry = readFileSync(join(home, "workspaces.json"), "utf8");
    const before = homeFiles(home);
    fill(home);
    const r = run(["map", "."], home);
    refused(r, "disk_full", "the workspace registry", "workspaces.json is unchanged");
    expect(readFileSync(join(home, "workspaces.json"), "utf8")).toBe(registry);
    // No temporary registry, no map.lock left held.
    expect(homeFiles(home)).toEqual(before);
  });

  test("context --save: disk_full naming the investigation; the one saved before under that id is as it was", () => {
    const home = tempDir("ix-home-writes-save-");
    ok(["map", "."], home);
    const dir = mounted("1m", join(home, "investigations"));
    ok(["context", "parse", "--save", "kept"], home);
    const kept = readFileSync(join(dir, "kept.json"), "utf8");
    fill(dir);
    for (const id of ["kept", "new"]) {
      const error = refused(run(["context", "parse", "--save", id], home), "disk_full", "the investigation", "every investigation saved before is as it was");
      expect(error.path).toBe(join(dir, `${id}.json`));
    }
    expect(readdirSync(dir).sort()).toEqual(["filler", "kept.json"]);
    expect(readFileSync(join(dir, "kept.json"), "utf8")).toBe(kept);
    expect(decodeLlmStream(ok(["context", "--list"], home).stdout)[0]!.fields).toEqual({ total: "1" });
  });
});

describe("a read-only home (a tmpfs remounted read-only)", () => {
  let home = "";
  let before: Record<string, string> = {};

  beforeAll(() => {
    home = mounted("8m");
    ok(["map", "."], home);
    ok(["config", "set", "format", "json"], home);
    before = files(home);
    remount(home, true);
  });

  test("config set: home_read_only naming the settings file", () => {
    refused(run(["config", "set", "format", "llm"], home), "home_read_only", "the settings file", "config.yaml is unchanged");
    expect(files(home)).toEqual(before);
    // Reading it still answers.
    expect(ok(["config", "get", "format"], home).stdout).toContain("json");
  });

  test("map: home_read_only naming the map's lock, for a mapped root and a new one", () => {
    for (const cwd of [root, other]) refused(run(["map", "."], home, cwd), "home_read_only", "the map's lock", "no graph was changed");
    expect(files(home)).toEqual(before);
  });

  test("savings reset: home_read_only naming the ledger", () => {
    refused(run(["savings", "reset"], home), "home_read_only", "the savings ledger", "the session and the lifetime are as they were");
    expect(ok(["savings"], home).stdout).toContain("scope name=lifetime commands=2 ");
  });

  test("a map whose lock is writable but whose home is not: home_read_only naming the workspace registry", () => {
    const at = mounted("2m");
    mounted("16m", join(at, "workspaces"));
    ok(["map", "."], at, other);
    const registry = readFileSync(join(at, "workspaces.json"), "utf8");
    remount(at, true);
    refused(run(["map", "."], at), "home_read_only", "the workspace registry", "workspaces.json is unchanged");
    expect(readFileSync(join(at, "workspaces.json"), "utf8")).toBe(registry);
    expect(existsSync(join(at, "workspaces", readdirSync(join(at, "workspaces"))[0]!, "map.lock"))).toBe(false);
  });

  test("context --save into a read-only investigations folder: home_read_only, the saved one as it was", () => {
    const at = tempDir("ix-home-writes-ro-save-");
    ok(["map", "."], at);
    const dir = mounted("1m", join(at, "investigations"));
    ok(["context", "parse", "--save", "kept"], at);
    const kept = readFileSync(join(dir, "kept.json"), "utf8");
    remount(dir, true);
    refused(run(["context", "parse", "--save", "kept"], at), "home_read_only", "the investigation", "every investigation saved before is as it was");
    expect(readdirSync(dir)).toEqual(["kept.json"]);
    expect(readFileSync(join(dir, "kept.json"), "utf8")).toBe(kept);
    expect(ok(["context", "--resume", "kept"], at).stdout).toStartWith("resumed id=kept ");
  });
});
