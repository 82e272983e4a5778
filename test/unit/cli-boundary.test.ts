// The CLI's boundary, read from the sources: only src/cli (and the entry point, which answers
// --version and hands the exit code back) knows argv and ends the process; the record writer
// knows no process at all.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/cli";

const sources = [...new Bun.Glob("src/**/*.ts").scanSync({ cwd: ROOT })].sort();
const offenders = (files: string[], pattern: RegExp) => files.filter((path) => pattern.test(readFileSync(join(ROOT, path), "utf8")));

describe("the CLI boundary", () => {
  test("nothing outside src/cli and src/main.ts reads argv or ends the process", () => {
    const outside = sources.filter((path) => !path.startsWith("src/cli/") && path !== "src/main.ts");
    expect(offenders(outside, /process\.(argv|exit|exitCode)\b/)).toEqual([]);
  });

  test("src/wire touches no process, stream or file", () => {
    const wire = sources.filter((path) => path.startsWith("src/wire/"));
    expect(wire.length).toBeGreaterThan(0);
    expect(offenders(wire, /\bprocess\.|from "node:|require\("node:/)).toEqual([]);
  });
});
