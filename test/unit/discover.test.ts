import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { classifyContent, discover, MAX_FILE_BYTES } from "../../src/ingest/discover";
import { currentListing, dirPaths, keptPaths, listingOf, readListing, saveListing } from "../../src/ingest/listing-cache";
import { mtimesOf } from "../../src/ingest/mtimes";

import { roleOf } from "../../src/ingest/roles";

let base: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "ix-discover-"));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function write(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

function run(cwd: string, ...cmd: string[]): void {
  const result = Bun.spawnSync(cmd, { cwd, stdout: "ignore", stderr: "pipe" });
  if (!result.success) throw new Error(`${cmd.join(" ")}: ${result.stderr.toString()}`);
}

const paths = (d: { files: { path: string }[] }) => d.files.map((f) => f.path);

describe("discover in a plain directory", () => {
  test("honours nested .gitignore files, skips build dirs and unknown languages", async () => {
    const root = join(base, "plain");
    write(root, {
      ".gitignore": "*.log.ts\ngenerated/\n/top-only.ts\n",
      "src/a.ts": "export const a = 1;\n",
      "src/app.log.ts": "x",
      "src/top-only.ts": "kept: the anchored rule only matches at the root",
      "top-only.ts": "ignored",
      "src/generated/g.ts": "x",
      "src/lib/.gitignore": "secret.py\n!keep.log.ts\n",
      "src/lib/secret.py": "x",
      "src/lib/ok.py": "x = 1\n",
      "src/lib/keep.log.ts": "re-included by the deeper .gitignore",
      "other/secret.py": "not under src/lib: kept",
      "node_modules/pkg/index.js": "x",
      "dist/out.js": "x",
      "pkg/__pycache__/m.py": "x",
      "README.md": "# not code",
      "Makefile": "all:",
      "go.mod": "module example.com/x\n",
      "tsconfig.base.json": "{}",
      "web/package.json": "{}",
      "main.go": "package main\n",
      "lib/jquery.min.js": "x",
    });
    const found = await discover(root);
    expect(paths(found)).toEqual([
      "go.mod",
      "main.go",
      "other/secret.py",
      "src/a.ts",
      "src/lib/keep.log.ts",
      "src/lib/ok.py",
      "src/top-only.ts",
      "tsconfig.base.json",
      "web/package.json",
    ]);
    expect(found.minified).toBe(1);
    const a = found.files.find((f) => f.path === "src/a.ts")!;
    expect(a.size).toBe(20);
    expect(a.mtimeMs).toBeGreaterThan(0);
    expect(Number.isInteger(a.mtimeMs)).toBe(true);
  });

  test("symlinks stay inside the root; FIFOs are skipped; files over 1 MB go to tooLarge", async () => {
    const root = join(base, "links");
    write(root, {
      "src/real.ts": "export const r = 1;\n",
      "src/big.ts": "x".repeat(MAX_FILE_BYTES + 1),
      "src/edge.ts": "y".repeat(MAX_FILE_BYTES),
    });
    write(base, { "outside/secret.ts": "export const s = 1;\n" });
    symlinkSync(join(root, "src/real.ts"), join(root, "src/alias.ts"));
    symlinkSync(join(base, "outside/secret.ts"), join(root, "src/escape.ts"));
    symlinkSync(join(root, "src/missing.ts"), join(root, "src/dangling.ts"));
    symlinkSync(join(root, "src"), join(root, "src/loop.ts")); // a link to a directory
    run(root, "mkfifo", "src/pipe.ts");
    symlinkSync(join(root, "src/pipe.ts"), join(root, "src/to-pipe.ts"));
    // From elsewhere paths are statted whole; from the root itself, relative to it.
    const from = process.cwd();
    for (const cwd of [from, root]) {
      process.chdir(cwd);
      try {
        const found = await discover(root);
        expect(paths(found)).toEqual(["src/alias.ts", "src/edge.ts", "src/real.ts"]);
        expect(found.tooLarge).toEqual(["src/big.ts"]);
        expect(found.skippedLinks).toBe(3);
        // Never opened, and named with the reason, a link to one as well.
        expect(found.refused).toEqual([
          { path: "src/pipe.ts", reason: "is a FIFO, not a file" },
          { path: "src/to-pipe.ts", reason: "is a symlink to a FIFO, not a file" },
        ]);
        expect(found.files.find((f) => f.path === "src/alias.ts")!.size).toBe(20);
      } finally {
        process.chdir(from);
      }
    }
  });
});

describe("discover where a file git or the walk would read is a FIFO", () => {
  /** Every discover here ends within the test's time, or the FIFO hung it. */
  const timed = <T>(work: Promise<T>) => Promise.race([work, Bun.sleep(10_000).then(() => { throw new Error("discover hung"); })]);

  test("a FIFO .gitignore outside git: the walk goes on without its rules, and names it", async () => {
    const root = join(base, "plain-fifo");
    write(root, { "a.ts": "export const a = 1;\n", "sub/.gitignore": "skip.ts\n", "sub/skip.ts": "x", "sub/b.ts": "x" });
    run(root, "mkfifo", ".gitignore");
    const found = await timed(discover(root));
    expect(paths(found)).toEqual(["a.ts", "sub/b.ts"]);
    expect(found.refused).toEqual([{ path: ".gitignore", reason: "is a FIFO, not a file" }]);
  });

  test("a FIFO .gitignore in a git work tree: git, which would wait on it, is stopped and the tree walked", async () => {
    const repo = join(base, "git-fifo");
    write(repo, { "a.ts": "export const a = 1;\n", "deep/b.ts": "export const b = 1;\n" });
    run(repo, "git", "init", "-q");
    run(repo, "git", "add", ".");
    run(repo, "mkfifo", "deep/.gitignore");
    const found = await timed(discover(repo));
    expect(paths(found)).toEqual(["a.ts", "deep/b.ts"]);
    expect(found.refused).toEqual([{ path: "deep/.gitignore", reason: "is a FIFO, not a file" }]);
  });

  test("a FIFO .git/HEAD: no git runs (each would hang on it); the tree is walked and HEAD named", async () => {
    const repo = join(base, "head-fifo");
    write(repo, { "a.ts": "export const a = 1;\n" });
    run(repo, "git", "init", "-q");
    rmSync(join(repo, ".git/HEAD"));
    run(repo, "mkfifo", ".git/HEAD");
    const found = await timed(discover(repo));
    expect(paths(found)).toEqual(["a.ts"]);
    expect(found.refused).toEqual([{ path: ".git/HEAD", reason: "is a FIFO, not a file" }]);
  });
});

describe("discover in a git work tree", () => {
  test("lists tracked and untracked files, not ignored or deleted ones, relative to the root", async () => {
    const repo = join(base, "repo");
    write(repo, {
      ".gitignore": "ignored/\n*.tmp.py\n",
      "app/src/tracked.ts": "export const t = 1;\n",
      "app/src/untracked.ts": "export const u = 1;\n",
      "app/src/gone.ts": "export const g = 1;\n",
      "app/src/scratch.tmp.py": "x",
      "app/ignored/x.ts": "x",
      "app/dist/bundle.js": "tracked build output is still listed in git mode",
      "outside-root.go": "package x\n",
    });
    run(repo, "git", "init", "-q");
    run(repo, "git", "add", ".gitignore", "app/src/tracked.ts", "app/src/gone.ts", "app/dist/bundle.js", "outside-root.go");
    rmSync(join(repo, "app/src/gone.ts"));
    const found = await discover(join(repo, "app"));
    expect(paths(found)).toEqual(["dist/bundle.js", "src/tracked.ts", "src/untracked.ts"]);
    // A directory git ignores is walked instead of coming back empty.
    expect(paths(await discover(join(repo, "app/ignored")))).toEqual(["x.ts"]);
    const whole = await discover(repo);
    expect(paths(whole)).toEqual(["app/dist/bundle.js", "app/src/tracked.ts", "app/src/untracked.ts", "outside-root.go"]);
  });
});

describe("the kept listing", () => {
  const listed = [".gitignore", "README.md", "a.ts", "src/b.ts", "src/deep/er/c.py", "src/deep/notes.txt", "lib/d.go", "lib/x/y/e.ts"];
  const kept = (path: string) => /\.(ts|py|go)$/.test(path);

  /** A git work tree holding every listed path (b.ts tracked, the rest not), its listing saved. */
  function savedRepo(): { root: string; cache: string } {
    const root = join(base, "repo");
    write(root, Object.fromEntries(listed.map((p) => [p, p === ".gitignore" ? "*.gen.ts\nignored/\n" : "x\n"])));
    run(root, "git", "init", "-q");
    run(root, "git", "add", "src/b.ts");
    const cache = join(base, "listing.json");
    saveListing(cache, listingOf(root, listed, kept)!);
    return { root, cache };
  }

  /** The listing as discovery would see it now: the stored one, the patched one, or none. */
  async function current(root: string, cache: string): Promise<{ same: boolean; paths: string[] } | undefined> {
    const stored = readListing(root, cache);
    if (!stored) return undefined;
    const now = await currentListing(stored, await mtimesOf(dirPaths(stored, `${stored.root}/`)), kept);
    return now && { same: now === stored, paths: keptPaths(now).sort() };
  }

  test("gives back the kept paths while no directory or .gitignore moved", async () => {
    const { root, cache } = savedRepo();
    expect(await current(root, cache)).toEqual({ same: true, paths: listed.filter(kept).sort() });
    expect(readListing(join(base, "other"), cache)).toBeUndefined();
  });

  test("lists a moved directory again by itself: new, ignored, deleted and renamed-over files", async () => {
    const { root, cache } = savedRepo();
    // A file slipped into a directory whose mtime is then put back: only a full listing sees it.
    const lib = join(root, "lib");
    utimesSync(lib, 1_700_000_000, 1_700_000_000);
    saveListing(cache, listingOf(root, listed, kept)!);
    writeFileSync(join(lib, "hidden.ts"), "x\n");
    utimesSync(lib, 1_700_000_000, 1_700_000_000);
    await Bun.sleep(5);
    write(root, { "src/tmp.ts": "y\n" });
    renameSync(join(root, "src/tmp.ts"), join(root, "src/b.ts")); // an editor's atomic save
    const saved = await current(root, cache);
    expect(saved).toEqual({ same: false, paths: listed.filter(kept).sort() });

    write(root, { "src/new.ts": "x\n", "src/skip.gen.ts": "x\n" });
    rmSync(join(root, "src/deep/er/c.py"));
    expect((await current(root, cache))?.paths).toEqual(["a.ts", "lib/d.go", "lib/x/y/e.ts", "src/b.ts", "src/new.ts"]);
  });

  test("a patched listing, once saved, holds as it is", async () => {
    const { root, cache } = savedRepo();
    await Bun.sleep(5);
    write(root, { "src/new.ts": "x\n" });
    const stored = readListing(root, cache)!;
    const patched = (await currentListing(stored, await mtimesOf(dirPaths(stored, `${stored.root}/`)), kept))!;
    saveListing(cache, patched);
    expect(await current(root, cache)).toEqual({ same: true, paths: [...listed.filter(kept), "src/new.ts"].sort() });
  });

  test("finds a new subdirectory whole, and leaves an ignored one out", async () => {
    const { root, cache } = savedRepo();
    await Bun.sleep(5);
    write(root, { "src/fresh/one.ts": "x\n", "src/fresh/two/three.go": "x\n", "src/ignored/no.ts": "x\n" });
    expect((await current(root, cache))?.paths).toEqual([...listed.filter(kept), "src/fresh/one.ts", "src/fresh/two/three.go"].sort());
  });

  test("leaves the answer to a full listing when a .gitignore moves or appears, or a directory goes", async () => {
    const first = savedRepo();
    await Bun.sleep(5);
    writeFileSync(join(first.root, ".gitignore"), "*.go\n");
    expect(await current(first.root, first.cache)).toBeUndefined();

    rmSync(first.root, { recursive: true, force: true });
    const second = savedRepo();
    await Bun.sleep(5);
    writeFileSync(join(second.root, "src/.gitignore"), "b.ts\n");
    expect(await current(second.root, second.cache)).toBeUndefined();

    rmSync(second.root, { recursive: true, force: true });
    const third = savedRepo();
    await Bun.sleep(5);
    rmSync(join(third.root, "lib/x"), { recursive: true });
    expect(await current(third.root, third.cache)).toBeUndefined();
  });
});

describe("mtimesOf", () => {
  test("many paths (statted in a worker) and few (here) give each path's mtime, NaN when gone", async () => {
    const root = join(base, "many");
    const names = Array.from({ length: 3200 }, (_, i) => `d${i % 40}/f${i}.txt`);
    write(root, Object.fromEntries(names.map((n) => [n, ""])));
    const paths = [...names.map((n) => join(root, n)), join(root, "gone.txt")];
    const expected = paths.map((p) => (existsSync(p) ? lstatSync(p).mtimeMs : Number.NaN));
    expect([...(await mtimesOf(paths))]).toEqual(expected);
    expect([...(await mtimesOf(paths.slice(-3)))]).toEqual(expected.slice(-3));
  });
});

describe("classifyContent", () => {
  const enc = (s: string) => new TextEncoder().encode(s);

  test("a NUL byte in the first 8 KB is binary", () => {
    expect(classifyContent("a.ts", new Uint8Array([104, 105, 0, 10]))).toBe("binary");
    const late = new Uint8Array(9000).fill(10);
    late[8500] = 0;
    expect(classifyContent("a.ts", late)).toBe("ok");
  });

  test("long average lines or a .min name are minified; ordinary code is ok", () => {
    const bundle = enc(`!function(){${"var a=1;".repeat(2000)}}();\n`);
    expect(classifyContent("dist/app.js", bundle)).toBe("minified");
    expect(classifyContent("lib/x.min.js", enc("var a = 1;\n"))).toBe("minified");
    const code = enc("export function f(a: number) {\n  return a + 1;\n}\n".repeat(500));
    expect(classifyContent("src/f.ts", code)).toBe("ok");
    // One long line in a small file is not a bundle.
    expect(classifyContent("src/data.ts", enc(`export const d = "${"x".repeat(2000)}";\n`))).toBe("ok");
    expect(classifyContent("src/empty.ts", new Uint8Array())).toBe("ok");
  });
});

describe("roleOf", () => {
  const table: [string, ReturnType<typeof roleOf>][] = [
    ["src/app.ts", "production"],
    ["src/types.d.ts", "production"],
    ["src/app.test.ts", "test"],
    ["src/app.spec.tsx", "test"],
    ["pkg/test_models.py", "test"],
    ["pkg/models_test.py", "test"],
    ["pkg/conftest.py", "test"],
    ["server/handler_test.go", "test"],
    ["test/helpers.ts", "test"],
    ["packages/core/tests/util.py", "test"],
    ["src/__tests__/a.js", "test"],
    ["spec/a.rb.js", "test"],
    ["test/fixtures/repo/a.ts", "fixture"],
    ["src/__fixtures__/a.ts", "fixture"],
    ["pkg/testdata/input.go", "fixture"],
    ["src/__mocks__/fs.ts", "fixture"],
    ["src/api.generated.ts", "generated"],
    ["proto/user.pb.go", "generated"],
    ["proto/user_pb2.py", "generated"],
    ["proto/user_pb2_grpc.py", "generated"],
    ["api/zz_generated.deepcopy.go", "generated"],
    ["scripts/release.ts", "tooling"],
    ["tools/gen.go", "tooling"],
    ["vite.config.ts", "tooling"],
    ["packages/web/jest.config.js", "tooling"],
    ["eslint.config.mjs", "tooling"],
    ["build.ts", "tooling"],
    ["src/build.ts", "production"],
    ["setup.py", "tooling"],
    ["package.json", "tooling"],
    ["tsconfig.build.json", "tooling"],
    ["vendor/github.com/x/y.go", "external"],
    ["third_party/lib/a.py", "external"],
    ["node_modules/pkg/index.js", "external"],
    ["vendor/x/x_test.go", "external"],
    ["src/testing.ts", "production"],
    ["src/contest.py", "production"],
    ["src/latest_version.py", "production"],
  ];
  for (const [path, role] of table) {
    test(`${path} is ${role}`, () => expect(roleOf(path)).toBe(role));
  }
});
