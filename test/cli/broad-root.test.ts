// The filesystem's root and the home directory are no workspace unless asked for: `ix map /`
// walked every file on the machine and made / the workspace of every directory (issue 30). HOME
// is a temporary directory here, so no test maps the real home, and none maps /: a refusal that
// failed would start that walk, so each run is killed after 20 s.
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ix, tempDir, writeTree } from "../helpers/cli";

/** A temporary home holding a small project, and an ix home of its own. */
async function fixture(): Promise<{ top: string; home: string; ixHome: string; project: string }> {
  const top = realpathSync(tempDir("ix-broad-"));
  const home = join(top, "home");
  await writeTree(home, { "notes/a.ts": "export const a = 1;\n", "project/src/b.ts": "export const b = 2;\n" });
  return { top, home, ixHome: join(top, "ix"), project: join(home, "project") };
}

const run = (args: string[], f: { home: string; ixHome: string }, cwd = f.home) =>
  ix([...args, "--format", "llm"], { cwd, home: f.ixHome, env: { HOME: f.home }, timeout: 20_000 });

describe("ix map of a broad root", () => {
  test("/ is refused without the flag, as an invalid request, and nothing is registered", async () => {
    const f = await fixture();
    const r = run(["map", "/"], f);
    expect(r.code).toBe(2);
    expect(r.stdout).toStartWith('error code=broad_root message="/ is the filesystem\'s root: ');
    expect(r.stdout).toContain("--allow-broad-root");
    expect(existsSync(join(f.ixHome, "workspaces.json"))).toBe(false);
    const watched = run(["watch", "/"], f);
    expect(watched.code).toBe(2);
    expect(watched.stdout).toStartWith("error code=broad_root ");
  });

  test("$HOME and a directory holding it are refused without the flag", async () => {
    const f = await fixture();
    for (const dir of [f.home, f.top]) {
      const r = run(["map", dir], f);
      expect({ dir, code: r.code }).toEqual({ dir, code: 2 });
      expect(r.stdout).toStartWith(`error code=broad_root message="${dir} is `);
    }
    expect(run(["map", "."], f).stdout).toContain("is your home directory");
    expect(existsSync(join(f.ixHome, "workspaces.json"))).toBe(false);
    // A project inside the home is mapped as always.
    expect(run(["map", f.project, "--silent"], f).code).toBe(0);
  });

  test("--allow-broad-root maps it, and it then covers the directories below it", async () => {
    const f = await fixture();
    const r = run(["map", f.home, "--silent", "--allow-broad-root"], f);
    expect(r.code).toBe(0);
    const registry = JSON.parse(await Bun.file(join(f.ixHome, "workspaces.json")).text());
    expect(registry.workspaces).toEqual([{ root: f.home, id: expect.any(String), broad: true }]);
    expect(run(["status"], f, join(f.home, "notes")).stdout).toContain(`root=${f.home} `);
  });

  test("--help says what the flag does", async () => {
    const f = await fixture();
    const help = ix(["map", "--help"], { home: f.ixHome }).stdout;
    expect(help).toContain("--allow-broad-root");
    expect(help).toContain("filesystem's root, your home directory");
  });
});

describe("a broad root registered by an older ix", () => {
  test("covers only itself: no other directory resolves to / or to the home", async () => {
    const f = await fixture();
    mkdirSync(f.ixHome, { recursive: true, mode: 0o700 });
    writeFileSync(join(f.ixHome, "workspaces.json"), JSON.stringify({ workspaces: [{ root: "/" }, { root: f.home, id: "0badc0de" }] }));
    const below = run(["status"], f, join(f.home, "notes"));
    expect(below.stdout).toStartWith(`status dir=${join(f.home, "notes")} workspace=none `);
    const elsewhere = run(["status"], f, f.top);
    expect(elsewhere.stdout).toContain("workspace=none");
    // The home itself is still its own workspace (registered, not yet mapped by this ix).
    expect(run(["status"], f, f.home).stdout).not.toContain("workspace=none");
  });
});
