// The release's pieces on small inputs: archives are the same bytes every time and unpack with
// the system's tar and unzip keeping the executable bit; the formula names only what was built
// and escapes what Ruby would interpolate; targets are read strictly.
import { describe, expect, test } from "bun:test";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tarGz, zip } from "../../scripts/release/archive.ts";
import { formula } from "../../scripts/release/homebrew.ts";
import { hostTarget, parseTargets, TARGETS, targetInfo } from "../../scripts/release/targets.ts";
import { tempDir } from "../helpers/cli";

const entries = () => [
  { name: "ix", data: new TextEncoder().encode("#!/bin/sh\necho hi\n".repeat(100)), mode: 0o755 },
  { name: "README.md", data: new TextEncoder().encode("read me\n"), mode: 0o644 },
];

describe("release archives", () => {
  test("a tar.gz is the same bytes twice, and tar unpacks each file with its mode", () => {
    const bytes = tarGz(entries());
    expect(Buffer.from(tarGz(entries())).equals(Buffer.from(bytes))).toBe(true);
    const dir = tempDir("ix-tar-");
    writeFileSync(join(dir, "a.tar.gz"), bytes);
    const r = Bun.spawnSync(["tar", "-xzf", "a.tar.gz"], { cwd: dir, stderr: "pipe" });
    expect(r.stderr.toString()).toBe("");
    expect(readFileSync(join(dir, "ix"), "utf8")).toBe("#!/bin/sh\necho hi\n".repeat(100));
    expect(statSync(join(dir, "ix")).mode & 0o777).toBe(0o755);
    expect(statSync(join(dir, "README.md")).mode & 0o777).toBe(0o644);
  });

  test("a zip is the same bytes twice, and unzip unpacks each file with its mode", () => {
    if (!Bun.which("unzip")) throw new Error("unzip is not installed; scripts/test.sh installs it (apt-get install unzip)");
    const bytes = zip(entries());
    expect(Buffer.from(zip(entries())).equals(Buffer.from(bytes))).toBe(true);
    const dir = tempDir("ix-zip-");
    writeFileSync(join(dir, "a.zip"), bytes);
    const test = Bun.spawnSync(["unzip", "-t", "a.zip"], { cwd: dir, stdout: "pipe" });
    expect(test.exitCode).toBe(0);
    expect(Bun.spawnSync(["unzip", "-q", "a.zip", "-d", "out"], { cwd: dir }).exitCode).toBe(0);
    expect(readFileSync(join(dir, "out/ix"), "utf8")).toBe("#!/bin/sh\necho hi\n".repeat(100));
    expect(statSync(join(dir, "out/ix")).mode & 0o777).toBe(0o755);
    expect(readFileSync(join(dir, "out/README.md"), "utf8")).toBe("read me\n");
  });
});

describe("the Homebrew formula", () => {
  const sum = "a".repeat(64);
  test("has a block for each macOS/Linux archive given and none for the others", () => {
    const rb = formula("1.2.3", "https://example.com", [
      { target: "darwin-arm64", url: "https://example.com/ix-darwin-arm64.tar.gz", sha256: sum },
      { target: "linux-x64", url: "https://example.com/ix-linux-x64.tar.gz", sha256: sum },
    ])!;
    expect(rb).toContain('  on_macos do\n    on_arm do\n      url "https://example.com/ix-darwin-arm64.tar.gz"');
    expect(rb).toContain('  on_linux do\n    on_intel do\n      url "https://example.com/ix-linux-x64.tar.gz"');
    expect(rb).not.toContain("on_intel do\n      url \"https://example.com/ix-darwin");
    expect(rb.match(/sha256 "/g)).toHaveLength(2);
  });

  test("is not written for a release of Windows alone", () => {
    expect(formula("1.2.3", "https://example.com", [{ target: "windows-x64", url: "https://example.com/ix-windows-x64.zip", sha256: sum }])).toBeUndefined();
  });

  test("escapes what Ruby would read as interpolation in a URL", () => {
    const rb = formula("1.2.3", 'https://e.com/"#{x}', [{ target: "linux-x64", url: "https://e.com/#{x}", sha256: sum }])!;
    expect(rb).toContain('homepage "https://e.com/\\"\\#{x}"');
    expect(rb).toContain('url "https://e.com/\\#{x}"');
  });
});

describe("release targets", () => {
  test("all, a list, and host are read; an unknown name is an error", () => {
    expect(parseTargets(undefined)).toEqual([...TARGETS]);
    expect(parseTargets("all")).toEqual([...TARGETS]);
    expect(parseTargets("linux-arm64, windows-x64,linux-arm64")).toEqual(["linux-arm64", "windows-x64"]);
    if (hostTarget()) expect(parseTargets("host")).toEqual([hostTarget()!]);
    expect(() => parseTargets("linux-ppc64")).toThrow("unknown target linux-ppc64");
  });

  test("each target's npm os/cpu and archive name", () => {
    expect(targetInfo("windows-x64")).toEqual({ target: "windows-x64", nodeOs: "win32", nodeCpu: "x64", exe: "ix.exe", archive: "ix-windows-x64.zip" });
    expect(targetInfo("darwin-arm64")).toEqual({ target: "darwin-arm64", nodeOs: "darwin", nodeCpu: "arm64", exe: "ix", archive: "ix-darwin-arm64.tar.gz" });
  });
});
