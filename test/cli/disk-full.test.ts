// A full disk under $IX_HOME (issue 30, item 6). Queries only read, so they answer on a full
// disk: they failed with internal_error "disk I/O error", because a reader had to create and
// grow the log's index the last writer had deleted. A map cannot write its graph there: it
// fails with disk_full, saying so and what still answers, and loses nothing, so queries and
// status answer from the last revision afterwards, and the next map with room writes it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { appendFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ix, tempDir, writeTree, type RunOptions } from "../helpers/cli";
import { mountTmpfs, type Tmpfs } from "../helpers/tmpfs";
import { decodeLlm } from "../../src/wire/llm";

let disk: Tmpfs;
let home: string;
let root: string;

beforeAll(async () => {
  disk = mountTmpfs("4m");
  home = join(disk.dir, "home");
  root = await writeTree(tempDir("ix-full-"), Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`f${i}.ts`, `export function foo${i}() { return ${i}; }\nexport function bar${i}() { return foo${i}(); }\n`])));
});
afterAll(() => disk?.unmount());

/** ix on the workspace, where the tmpfs is seen; a hang fails the test. */
const run = (args: string[], opts: RunOptions = {}) => ix([...args, "--format", "llm"], { cwd: root, home, timeout: 30_000, wrap: disk.wrap, ...opts });

const avail = () => Number(disk.sh(`df -B1 --output=avail ${disk.dir} | tail -1`).stdout.trim());

/** Fills the disk, leaving `spare` bytes (a multiple of the page size) free. */
function fill(spare = 0): void {
  disk.sh(`rm -f ${disk.dir}/fill*`);
  if (spare > 0) disk.sh(`dd if=/dev/zero of=${disk.dir}/fill-spare bs=4k count=${spare / 4096} 2>/dev/null`);
  disk.sh(`dd if=/dev/zero of=${disk.dir}/fill bs=64k 2>/dev/null; dd if=/dev/zero of=${disk.dir}/fill-tail bs=4k 2>/dev/null`);
  if (spare > 0) disk.sh(`rm -f ${disk.dir}/fill-spare`);
  expect(avail()).toBe(spare);
}

const fields = (line: string | undefined) => decodeLlm(line ?? "").fields;

function expectAnswers(name: string): void {
  const r = run(["search", name]);
  expect({ code: r.code, stdout: r.stdout }).toMatchObject({ code: 0 });
  expect(r.lines).toContainEqual(expect.stringMatching(new RegExp(`^node name=${name} kind=function`)));
}

describe("a full disk under $IX_HOME", () => {
  test("queries answer from the graph mapped before the disk filled", () => {
    expect(fields(run(["map", "."]).lines[0])).toMatchObject({ rev: "1", files: "5" });
    fill();
    expectAnswers("foo1");
    for (const args of [["callers", "foo2"], ["status"], ["stats"], ["doctor"], ["read", "f3.ts"]]) {
      const r = run(args);
      expect({ args, code: r.code, error: r.lines.find((l) => l.startsWith("error ")) }).toEqual({ args, code: 0, error: undefined });
    }
  });

  test("a map after an edit fails with disk_full, whatever write met the full disk, and loses nothing", () => {
    appendFileSync(join(root, "f1.ts"), "export function baz() { return 1; }\n");
    // Nothing left at all: the map cannot even take its lock.
    fill();
    const none = run(["map", "."]);
    expect(none.code).toBe(1);
    expect(fields(none.lines[0])).toMatchObject({ code: "disk_full", message: expect.stringMatching(/^No space left on the device to write the map's lock .*nothing was lost: no graph was changed$/) });
    // Room for the lock but not for the revision: SQLite's write fails.
    fill(64 * 1024);
    const some = run(["map", "."]);
    expect(some.code).toBe(1);
    expect(fields(some.lines[0])).toMatchObject({ code: "disk_full", message: expect.stringContaining("nothing was lost: revision 1 still answers queries") });
    expect(some.stdout).not.toContain("disk I/O error");
    // The last revision answers, and status says the graph is behind the edit.
    expectAnswers("foo1");
    expect(run(["search", "baz"]).lines[0]).toContain("count=0");
    const status = run(["status"]);
    expect(fields(status.lines[0])).toMatchObject({ rev: "1", stale: "true" });
    expect(status.lines).toContain("changed path=f1.ts reason=modified");
  });

  test("with room again, the next map writes the edit", () => {
    disk.sh(`rm -f ${disk.dir}/fill*`);
    expect(fields(run(["map", "."]).lines[0])).toMatchObject({ rev: "2", outcome: "incremental_local_completed" });
    expectAnswers("baz");
  });

  test("a graph whose log and index are gone (as an older ix left it) still answers on a full disk", () => {
    const store = readdirSync(join(home, "workspaces")).map((key) => join(home, "workspaces", key))[0]!;
    for (const suffix of ["-wal", "-shm"]) disk.sh(`rm -f ${join(store, `graph.db${suffix}`)}`);
    fill();
    expectAnswers("baz");
    disk.sh(`rm -f ${disk.dir}/fill*`);
    rmSync(root, { recursive: true, force: true });
  });
});
