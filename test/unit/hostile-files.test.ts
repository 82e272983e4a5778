// What ix reads, from $IX_HOME or from a repository, is bounded: only regular files, only so
// many bytes, only so deep.
import { describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseYaml } from "../../src/config/yaml";
import { parseOne } from "../../src/ingest/parse";
import { openRegularBytes, readRegularBytes, readRegularFile } from "../../src/util/regular-file";
import { tempDir } from "../helpers/cli";

describe("readRegularFile", () => {
  test("reads a regular file, and one a symlink points to", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "a"), "hello");
    symlinkSync(join(dir, "a"), join(dir, "link"));
    expect(readRegularFile(join(dir, "a"), 10)).toMatchObject({ state: "read", text: "hello" });
    expect(readRegularFile(join(dir, "link"), 10)).toMatchObject({ state: "read", text: "hello" });
  });

  test("says what is there instead, without opening it", () => {
    const dir = tempDir();
    Bun.spawnSync(["mkfifo", join(dir, "fifo")]);
    mkdirSync(join(dir, "dir"));
    symlinkSync("/dev/null", join(dir, "null"));
    symlinkSync(join(dir, "gone"), join(dir, "dangling"));
    symlinkSync(join(dir, "loop"), join(dir, "loop"));
    const reason = (name: string) => {
      const read = readRegularFile(join(dir, name), 10);
      return read.state === "refused" ? read.reason : read.state;
    };
    expect(reason("fifo")).toBe("is a FIFO, not a file");
    expect(reason("dir")).toBe("is a directory, not a file");
    expect(reason("null")).toBe("is a symlink to a character device, not a file");
    expect(reason("dangling")).toBe("is a symlink to nothing, not a file");
    expect(reason("loop")).toBe("is a symlink loop, not a file");
    expect(reason("absent")).toBe("absent");
  });

  test("refuses a file past the bound, by its size", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "big"), "x".repeat(2 << 20));
    expect(readRegularFile(join(dir, "big"), 64 * 1024)).toEqual({ state: "refused", reason: "is larger than 64 KB (2 MB)" });
    expect(readRegularFile(join(dir, "big"), 2 << 20)).toMatchObject({ state: "read" });
  });
});

describe("readRegularBytes and openRegularBytes", () => {
  test("the bytes of a regular file, with its stats; nothing past the bound", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "a.ts"), "export {};\n");
    for (const read of [readRegularBytes(join(dir, "a.ts"), 100), openRegularBytes(join(dir, "a.ts"), 100)]) {
      expect(read.state).toBe("read");
      if (read.state === "read") expect([read.bytes.toString(), read.stats.size]).toEqual(["export {};\n", 11]);
    }
    expect(openRegularBytes(join(dir, "a.ts"), 5)).toMatchObject({ state: "refused", size: 11 });
    expect(openRegularBytes(join(dir, "absent.ts"), 5)).toEqual({ state: "absent" });
  });

  test("a FIFO, a directory or a device is never read: its kind, at once (open alone, no stat first, does not block)", () => {
    const dir = tempDir();
    Bun.spawnSync(["mkfifo", join(dir, "fifo")]);
    mkdirSync(join(dir, "tsconfig.json"));
    symlinkSync("/dev/zero", join(dir, "zero"));
    for (const read of [readRegularBytes, openRegularBytes]) {
      expect(read(join(dir, "fifo"), 10)).toMatchObject({ state: "refused", type: "fifo", reason: "is a FIFO, not a file" });
      expect(read(join(dir, "tsconfig.json"), 10)).toMatchObject({ state: "refused", type: "directory" });
      expect(read(join(dir, "zero"), 10)).toMatchObject({ state: "refused", type: "device" });
    }
  });

  test("the parse refuses a file become a FIFO since discovery stat'ed it, without reading it", async () => {
    const root = tempDir();
    writeFileSync(join(root, "p.ts"), "export function p() {}\n");
    rmSync(join(root, "p.ts"));
    Bun.spawnSync(["mkfifo", join(root, "p.ts")]);
    expect(await parseOne(root, { path: "p.ts" })).toEqual({ path: "p.ts", status: "refused", reason: "is a FIFO, not a file" });
  });
});

describe("parseYaml", () => {
  const problem = (text: string) => {
    const parsed = parseYaml(text);
    return "problem" in parsed ? parsed.problem : undefined;
  };

  test("a settings file parses, anchors and all", () => {
    const parsed = parseYaml("# mine\nformat: llm\nbase: &b {x: 1}\nother: *b\n");
    expect("values" in parsed && parsed.values).toEqual({ format: "llm", base: { x: 1 }, other: { x: 1 } });
  });

  test("nesting is bounded in flow and in block collections, without overflowing the stack", () => {
    expect(problem(`x: ${"[".repeat(10_000)}${"]".repeat(10_000)}`)).toBe("nests deeper than 64 levels");
    expect(problem(`${"- ".repeat(20_000)}1\n`)).toBe("nests deeper than 64 levels");
    expect(problem(`x: ${"[".repeat(60)}${"]".repeat(60)}`)).toBeUndefined();
  });

  test("alias expansion is bounded", () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(", ")}]`);
    expect(problem(lines.join("\n"))).toBe("expands aliases past the limit of 100");
  });

  test("binary data is not YAML, though the parser would take it for a scalar", () => {
    expect(problem("\x00\x01\x02abc")).toStartWith("is not valid YAML");
    expect(problem("a:\tb\r\n")).toBeUndefined();
  });
});
