// Options may come before the command: the compiled binary reads `ix --limit 5 status` as
// `ix status --limit 5`, in every format and for help.
import { beforeAll, describe, expect, test } from "bun:test";
import { version } from "../../package.json" with { type: "json" };
import { decodeLlm } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";

let repo = "";
let home = "";

beforeAll(async () => {
  home = tempDir();
  repo = await writeTree(tempDir("ix-argv-"), { "a.ts": "export function a() {}\n" });
  expect(ix(["map", "."], { cwd: repo, home }).code).toBe(0);
  // Seven files the graph has not seen: enough for --limit to cut.
  const files: Record<string, string> = {};
  for (let i = 1; i <= 7; i++) files[`f${i}.ts`] = `export const x${i} = ${i};\n`;
  await writeTree(repo, files);
});

const run = (args: string[]) => ix(args, { cwd: repo, home });

describe("options before the command", () => {
  test("ix --limit 5 status runs status with --limit 5", () => {
    const before = run(["--limit", "5", "status"]);
    const after = run(["status", "--limit", "5"]);
    expect(before.code).toBe(0);
    expect(before.stdout).toBe(after.stdout);
    expect(before.stdout).toContain("7 changed files; showing 5.");
  });

  test("ix --format llm --limit 5 status: the format and the option both reach the command", () => {
    const r = run(["--format", "llm", "--limit", "5", "status"]);
    expect(r.code).toBe(0);
    expect(decodeLlm(r.lines[0] as string).kind).toBe("status");
    expect(r.lines.filter((l) => l.startsWith("changed ")).length).toBe(5);
  });

  test("ix --format=json stats answers in json", () => {
    const r = run(["--format=json", "stats"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).nodes.total).toBeGreaterThan(0);
  });

  test("the value given before the command is checked by the command", () => {
    const r = run(["--limit", "0", "status", "--format", "llm"]);
    expect(r.code).toBe(2);
    expect(decodeLlm(r.lines[0] as string).fields).toMatchObject({ code: "invalid_value", option: "--limit" });
  });

  test("a command name is the command, never the value of an option before it", () => {
    const r = run(["--limit", "status", "--format", "llm"]);
    expect(r.code).toBe(2);
    expect(decodeLlm(r.lines[0] as string).fields).toMatchObject({ code: "missing_value", option: "--limit" });
  });

  test("an option the command does not have is unknown to it, wherever it is written", () => {
    const r = run(["--silent", "status", "--format", "llm"]);
    expect(r.code).toBe(2);
    expect(decodeLlm(r.lines[0] as string).fields).toMatchObject({ code: "unknown_option", option: "--silent" });
    expect(r.stdout).toContain("Usage: ix status [options]");
  });

  test("an unknown command after an option's value is still named, with suggestions", () => {
    const r = run(["--limit", "5", "calers", "x", "--format", "llm"]);
    expect(r.code).toBe(2);
    expect(decodeLlm(r.lines[0] as string).fields).toMatchObject({ code: "unknown_command", command: "calers" });
    expect(r.stdout).toContain("ix callers");
  });

  test("an option at the root with no command is unknown to the root", () => {
    const r = run(["--limit", "5", "--format", "llm"]);
    expect(r.code).toBe(2);
    expect(decodeLlm(r.lines[0] as string).fields).toMatchObject({ code: "unknown_option", option: "--limit" });
  });
});

describe("help with options before the command", () => {
  test("ix --format llm --help status is status's help", () => {
    const r = run(["--format", "llm", "--help", "status"]);
    expect(r.code).toBe(0);
    expect(r.lines[0]).toStartWith('command name="ix status"');
  });

  test("ix --limit 5 --help status is status's help", () => {
    const r = run(["--limit", "5", "--help", "status", "--format", "llm"]);
    expect(r.code).toBe(0);
    expect(r.lines[0]).toStartWith('command name="ix status"');
  });

  test("ix -h config set is the verb's help", () => {
    const r = run(["-h", "config", "set", "--format", "llm"]);
    expect(r.code).toBe(0);
    expect(r.lines[0]).toStartWith('command name="ix config set"');
  });

  test("help after -- is a word, not a request for help", () => {
    const r = run(["text", "--format", "llm", "--", "--help"]);
    expect(r.code).toBe(0);
    expect(decodeLlm(r.lines[0] as string).fields).toMatchObject({ pattern: "--help" });
  });
});

describe("words that look like options", () => {
  test("a number is a positional, and a value", () => {
    const r = run(["read", "-5", "--format", "llm"]);
    expect(r.code).toBe(1);
    expect(decodeLlm(r.lines[0] as string).fields).toMatchObject({ code: "unresolved_target", target: "-5" });
    const limit = run(["status", "--limit", "-5", "--format", "llm"]);
    expect(decodeLlm(limit.lines[0] as string).fields).toMatchObject({ code: "invalid_value", value: "-5" });
  });
});

describe("--version in every format", () => {
  test("--version with --format answers in that format, wherever --format is written", () => {
    const asJson = run(["--version", "--format", "json"]);
    expect(asJson.code).toBe(0);
    expect(JSON.parse(asJson.stdout)).toEqual({ version });
    expect(run(["--format=llm", "--version"]).lines).toEqual([`version value=${version}`]);
    expect(run(["-V", "--format", "toon"]).stdout).toBe(`version: ${version}\n`);
    expect(run(["--version", "--format", "text"]).stdout).toBe(`${version}\n`);
  });

  test("IX_FORMAT chooses a bare --version's format; config.yaml, which it does not read, does not", () => {
    const bare = (env: Record<string, string>, args = ["--version"]) => ix(args, { cwd: repo, env });
    expect(JSON.parse(bare({ IX_FORMAT: "json" }).stdout)).toEqual({ version });
    expect(bare({ IX_FORMAT: "llm" }).lines).toEqual([`version value=${version}`]);
    expect(bare({ IX_FORMAT: "toon" }).stdout).toBe(`version: ${version}\n`);
    expect(bare({ IX_FORMAT: "text" }).stdout).toBe(`${version}\n`);
    // A value that is no format is ignored, as for every command.
    expect(bare({ IX_FORMAT: "xml" })).toMatchObject({ code: 0, stdout: `${version}\n` });
    expect(bare({ IX_FORMAT: "json" }, ["--version", "--format", "text"]).stdout).toBe(`${version}\n`);
    const configured = tempDir();
    expect(ix(["config", "set", "format", "json"], { home: configured }).code).toBe(0);
    expect(ix(["--version"], { home: configured }).stdout).toBe(`${version}\n`);
  });

  test("beside --version, an unknown option or a bad --format is still a usage error", () => {
    const unknown = run(["--version", "--bogus", "--format", "llm"]);
    expect(unknown.code).toBe(2);
    expect(decodeLlm(unknown.lines[0] as string).fields).toMatchObject({ code: "unknown_option", option: "--bogus" });
    const bad = run(["--version", "--format", "xml"]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toContain("invalid_value");
  });
});
