// `ix read` on what is not plain source: binary bytes, text in another encoding, line ranges
// that are no range, a directory, a FIFO, an empty file, a file too large to serve. Each is one
// clear answer, and none of them hangs or dumps bytes.
import { beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_READ_BYTES } from "../../src/answers/files";
import { decodeLlm } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";

let repo = "";
let home = "";

const A_TS = "export const a = 1;\nexport const b = 2;\nexport const c = 3;\n";

beforeAll(async () => {
  home = tempDir();
  repo = await writeTree(tempDir("ix-read-hostile-"), {
    "a.ts": A_TS,
    "b.ts": "export function bee() {\n  return 1;\n}\n",
    "empty.ts": "",
    "d/inner.ts": "export const inner = 1;\n",
  });
  expect(ix(["map", "."], { cwd: repo, home }).code).toBe(0);
});

/** A command that might hang is killed after 5 s, which shows as code -1. */
const run = (args: string[]) => ix(args, { cwd: repo, home, timeout: 5000 });
const llm = (args: string[]) => run([...args, "--format", "llm"]);
const json = (args: string[]) => JSON.parse(run([...args, "--format", "json"]).stdout);

function mkfifo(path: string): void {
  expect(Bun.spawnSync(["mkfifo", path]).exitCode).toBe(0);
}

describe("binary and text", () => {
  test("a file with a NUL in its first 8 KB is binary: its size, no content lines; other text reads", () => {
    const blob = new Uint8Array(20_000).map((_, i) => (i * 37 + 11) % 256);
    blob[100] = 0;
    writeFileSync(join(repo, "blob.bin"), blob);
    const r = llm(["read", "blob.bin"]);
    expect(r.code).toBe(0);
    expect(r.lines).toEqual(["file path=blob.bin target=file binary=true size=20000"]);
    // A range of a binary file says the same: there are no lines to number.
    expect(llm(["read", "blob.bin:1-5"]).lines).toEqual(["file path=blob.bin target=range binary=true size=20000"]);
    const doc = json(["read", "blob.bin"]);
    expect(doc.file).toEqual({ path: "blob.bin", target: "file", binary: true, size: 20000 });
    expect(doc.content).toBeUndefined();
    expect(run(["read", "blob.bin"]).stdout).not.toContain("\u0000");

    // Text in another encoding reads, and so does a NUL past the first 8 KB: the map's rule.
    writeFileSync(join(repo, "latin.txt"), Buffer.from("caf\xe9 au lait\nline two\n", "latin1"));
    const latin = llm(["read", "latin.txt"]);
    expect(latin.code).toBe(0);
    expect(latin.lines[0]).toBe("file path=latin.txt target=file line_start=1 line_end=2");
    expect(latin.lines.slice(1)).toEqual(["content lines=2 numbered=true", "1\tcaf\uFFFD au lait", "2\tline two"]);
    writeFileSync(join(repo, "late.txt"), "x\n".repeat(4500) + "\u0000\n");
    const late = llm(["read", "late.txt:4500-4501"]);
    expect(late.lines[0]).toBe("file path=late.txt target=range line_start=4500 line_end=4501");
    expect(late.lines[1]).toBe("content lines=2 numbered=true");
  });
});

describe("line ranges", () => {
  test("a line 0, a backward range and a half-written one are invalid_line_range, exit 2; past the end is cut", () => {
    for (const target of ["a.ts:0", "a.ts:5-2", "a.ts:-1", "a.ts:1-", "a.ts:0-2", "a.ts:2-1", "nowhere.ts:0"]) {
      const r = llm(["read", target]);
      expect({ target, code: r.code }).toEqual({ target, code: 2 });
      expect(decodeLlm(r.lines[0] as string)).toMatchObject({ kind: "error", fields: { code: "invalid_line_range", target } });
      expect(r.stdout).not.toContain("content lines=");
    }
    const doc = json(["read", "a.ts:5-2"]);
    expect(doc).toMatchObject({ code: "invalid_line_range", target: "a.ts:5-2" });

    // A range past the end is cut at the last line; a start past the end is line_out_of_range.
    const cut = llm(["read", "a.ts:2-99"]);
    expect(cut.code).toBe(0);
    expect(cut.lines).toEqual(["file path=a.ts target=range line_start=2 line_end=3", "content lines=2 numbered=true", "2\texport const b = 2;", "3\texport const c = 3;"]);
    const past = llm(["read", "a.ts:9-12"]);
    expect(past.code).toBe(1);
    expect(past.lines[0]).toContain("code=line_out_of_range");
    expect(past.lines[0]).toContain("lines=3");
  });

  test("the single-line form is checked the same way wherever a target takes one", () => {
    for (const args of [["around", "a.ts:0"], ["entity", "a.ts:0"], ["around", "a.ts:-1"]]) {
      const r = llm(args);
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.lines[0]).toContain("code=invalid_line_range");
    }
  });
});

describe("what is not a regular file", () => {
  test("a directory is not_a_file, by path or by bare name", () => {
    mkdirSync(join(repo, "later.d"));
    for (const [target, path] of [["d/", "d"], ["d", "d"], ["./d", "d"], ["later.d", "later.d"]]) {
      const r = llm(["read", target as string]);
      expect({ target, code: r.code }).toEqual({ target, code: 1 });
      expect(decodeLlm(r.lines[0] as string).fields).toMatchObject({ code: "not_a_file", path, type: "directory" });
    }
  });

  test("a FIFO is never opened: by path, by bare name, or as the file of a mapped symbol", () => {
    const fifoRepo = tempDir("ix-read-fifo-");
    writeFileSync(join(fifoRepo, "b.ts"), "export function bee() {\n  return 1;\n}\n");
    expect(ix(["map", "."], { cwd: fifoRepo, home }).code).toBe(0);
    rmSync(join(fifoRepo, "b.ts"));
    mkfifo(join(fifoRepo, "b.ts"));
    mkfifo(join(fifoRepo, "pipe"));
    mkfifo(join(fifoRepo, "p.ts"));
    const at = (args: string[]) => ix([...args, "--format", "llm"], { cwd: fifoRepo, home, timeout: 5000 });
    for (const target of ["b.ts", "b.ts:1-2", "bee", "pipe", "./pipe", "p.ts"]) {
      const r = at(["read", target]);
      expect({ target, code: r.code }).toEqual({ target, code: 1 });
      expect(decodeLlm(r.lines[0] as string).fields).toMatchObject({ code: "not_a_file", type: "fifo" });
    }
    // Other questions read files on disk too (call sites, snippets): none of them waits on a FIFO.
    for (const args of [["around", "p.ts"], ["around", "b.ts"], ["callers", "bee"], ["entity", "bee"]]) {
      expect({ args, code: at(args).code }).not.toEqual({ args, code: -1 });
    }
  });

  test("an empty file reads as zero lines, exit 0", () => {
    const r = llm(["read", "empty.ts"]);
    expect(r.code).toBe(0);
    expect(r.lines).toEqual(["file path=empty.ts target=file", "content lines=0 numbered=true"]);
    expect(json(["read", "empty.ts"]).content).toMatchObject({ lines: 0, text: "" });
    // A line of an empty file does not exist.
    expect(llm(["read", "empty.ts:1"]).lines[0]).toContain("code=line_out_of_range");
  });

  test("a file over the size bound is file_too_large with its size; it is not read", () => {
    const size = MAX_READ_BYTES + 2;
    writeFileSync(join(repo, "huge.log"), Buffer.alloc(size, "a\n"));
    for (const target of ["huge.log", "huge.log:1-2"]) {
      const r = llm(["read", target]);
      expect({ target, code: r.code }).toEqual({ target, code: 1 });
      expect(r.lines.length).toBe(1);
      expect(decodeLlm(r.lines[0] as string).fields).toMatchObject({ code: "file_too_large", path: "huge.log", size: String(size), max_bytes: String(MAX_READ_BYTES) });
    }
    rmSync(join(repo, "huge.log"));
  });
});

describe("ix text stays in the workspace", () => {
  test("--path that leaves the workspace, by .. or through a link, is an error, and nothing outside is searched", () => {
    const outside = tempDir("ix-text-outside-");
    writeFileSync(join(outside, "secret.ts"), "export const secretToken = 1;\n");
    const byDots = llm(["text", "secretToken", "--path", outside]);
    expect(byDots.code).toBe(1);
    expect(byDots.lines[0]).toStartWith("error code=path_outside_workspace");
    expect(byDots.stdout).not.toContain("secret.ts");
    Bun.spawnSync(["ln", "-s", outside, join(repo, "escape")]);
    const byLink = llm(["text", "secretToken", "--path", "escape"]);
    expect(byLink.lines[0]).toStartWith("error code=path_outside_workspace");
    expect(byLink.stdout).not.toContain("secretToken = 1");
    rmSync(join(repo, "escape"));
    // Inside, --path still narrows.
    const inside = llm(["text", "inner", "--path", "d"]);
    expect(inside.code).toBe(0);
    expect(inside.stdout).toContain("path=d/inner.ts");
  });
});
