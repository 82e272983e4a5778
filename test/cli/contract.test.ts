// The agent-experience contract (spec/axi-conventions.md) on the compiled binary.
import { describe, expect, test } from "bun:test";
import { readFileSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { decodeLlm } from "../../src/wire/llm";
import { ix, onTerminal, tempDir, writeTree } from "../helpers/cli";

const FORMATS = ["llm", "json", "text", "toon"] as const;

describe("exit codes and errors on stdout", () => {
  test("success exits 0", () => {
    const r = ix(["config", "--format", "llm"]);
    expect(r.code).toBe(0);
    expect(r.lines[0]).toStartWith("config ");
  });

  for (const format of FORMATS) {
    test(`unknown option in ${format}: exit 2, a coded error on stdout, nothing on stderr`, () => {
      const r = ix(["config", "--bogus", "--format", format]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe("");
      if (format === "llm") expect(decodeLlm(r.lines[0] as string)).toMatchObject({ kind: "error", fields: { code: "unknown_option", option: "--bogus" } });
      if (format === "json") expect(JSON.parse(r.stdout)).toMatchObject({ code: "unknown_option", option: "--bogus" });
      if (format === "toon") expect(r.stdout).toContain("code: unknown_option");
      if (format === "text") expect(r.stdout).toContain("Unknown option --bogus");
    });

    test(`unknown command in ${format}: exit 2 with a suggestion`, () => {
      const r = ix(["confg", "--format", format]);
      expect(r.code).toBe(2);
      expect(r.stdout).toContain("unknown_command");
      expect(r.stdout).toContain("ix config");
    });
  }

  test("only the top-ranked usage error is reported", () => {
    const r = ix(["config", "set", "--bogus", "--format", "llm"]);
    expect(r.code).toBe(2);
    expect(r.lines.filter((l) => l.startsWith("error ")).length).toBe(1);
    expect(r.lines[0]).toContain("code=unknown_option");
  });

  test("a missing argument is a usage error", () => {
    const r = ix(["config", "get", "--format", "llm"]);
    expect(r.code).toBe(2);
    expect(r.lines[0]).toContain("code=missing_argument");
  });

  test("too many arguments is a usage error", () => {
    const r = ix(["config", "get", "a", "b", "--format", "llm"]);
    expect(r.code).toBe(2);
    expect(r.lines[0]).toContain("code=unexpected_argument");
  });

  test("a bad value is a usage error; a command that cannot finish exits 1", () => {
    expect(ix(["config", "set", "format", "xml", "--format", "llm"]).code).toBe(2);
    const unset = ix(["config", "get", "format", "--format", "llm"]);
    expect(unset.code).toBe(1);
    expect(unset.lines[0]).toContain("code=config_key_unset");
  });

  test("an unrecognised --format is a usage error, reported in the default format", () => {
    const r = ix(["config", "--format", "xml"], { env: { IX_FORMAT: "llm" } });
    expect(r.code).toBe(2);
    expect(r.lines[0]).toStartWith("error code=invalid_value");
    expect(r.lines[0]).toContain("option=--format");
  });
});

describe("format precedence: --format > IX_FORMAT > config > text", () => {
  test("config alone chooses the format", () => {
    const home = tempDir();
    expect(ix(["config", "set", "format", "json"], { home }).code).toBe(0);
    expect(() => JSON.parse(ix(["config"], { home }).stdout)).not.toThrow();
  });

  test("IX_FORMAT beats config, --format beats both", () => {
    const home = tempDir();
    ix(["config", "set", "format", "json"], { home });
    expect(ix(["config"], { home, env: { IX_FORMAT: "llm" } }).lines[0]).toStartWith("config ");
    expect(ix(["config", "--format", "toon"], { home, env: { IX_FORMAT: "llm" } }).lines[0]).toBe("config:");
  });

  test("config show says when IX_FORMAT overrides the stored format", () => {
    const home = tempDir();
    ix(["config", "set", "format", "json"], { home });
    const r = ix(["config", "show", "--format", "llm"], { home, env: { IX_FORMAT: "toon" } });
    expect(decodeLlm(r.lines[0] as string).fields).toMatchObject({ format: "json", format_overridden_by: "IX_FORMAT=toon", effective_format: "llm" });
  });

  test("a bad IX_FORMAT or config value is ignored, with no note when stderr is not a terminal", () => {
    const home = tempDir();
    writeFileSync(join(home, "config.yaml"), "format: xml\n");
    const r = ix(["config"], { home, env: { IX_FORMAT: "yaml" } });
    expect(r.code).toBe(0);
    expect(r.stdout).toStartWith("config\n");
    expect(r.stderr).toBe("");
  });
});

describe("config file", () => {
  test("directory 0700, file 0600, unknown keys and comments preserved", () => {
    const home = join(tempDir(), "nested-home");
    mkdirSync(home);
    writeFileSync(join(home, "config.yaml"), "# mine\nteam: blue\nformat: text\n");
    expect(ix(["config", "set", "format", "llm"], { home }).code).toBe(0);
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(statSync(join(home, "config.yaml")).mode & 0o777).toBe(0o600);
    const text = readFileSync(join(home, "config.yaml"), "utf8");
    expect(text).toContain("# mine");
    expect(text).toContain("team: blue");
    expect(text).toContain("format: llm");
  });

  test("a hand edit of config.yaml is seen at once, even after a fast read was cached", async () => {
    const home = tempDir();
    ix(["config", "set", "format", "json"], { home });
    expect(() => JSON.parse(ix(["config"], { home }).stdout)).not.toThrow();
    await Bun.sleep(5);
    writeFileSync(join(home, "config.yaml"), "format: llm\n");
    expect(ix(["config"], { home }).lines[0]).toStartWith("config path=");
  });

  test("a fresh IX_HOME is created private", () => {
    const home = join(tempDir(), "fresh");
    expect(ix(["config", "set", "format", "toon"], { home }).code).toBe(0);
    expect(statSync(home).mode & 0o777).toBe(0o700);
  });

  test("a corrupt file is a warning and defaults, never a crash, and is never overwritten", () => {
    const home = tempDir();
    const corrupt = "format: [llm\nteam: {blue\n";
    writeFileSync(join(home, "config.yaml"), corrupt);
    const show = ix(["config", "--format", "llm"], { home });
    expect(show.code).toBe(0);
    expect(show.stdout).toContain("diagnostic code=config_malformed");
    const set = ix(["config", "set", "format", "llm", "--format", "llm"], { home });
    expect(set.code).toBe(1);
    expect(set.lines[0]).toContain("code=config_malformed");
    expect(readFileSync(join(home, "config.yaml"), "utf8")).toBe(corrupt);
    const bare = ix(["--format", "llm"], { home });
    expect(bare.code).toBe(0);
  });
});

describe("help, version and the bare invocation", () => {
  test("--version answers with the package version", () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dir, "../../package.json"), "utf8"));
    const r = ix(["--version"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${pkg.version}\n`);
  });

  test("--help is scoped to the node: a verb shows its own options and not its siblings", () => {
    const r = ix(["config", "set", "--help", "--format", "llm"]);
    expect(r.code).toBe(0);
    expect(r.lines[0]).toStartWith('command name="ix config set"');
    expect(r.stdout).toContain("argument name=key");
    expect(r.stdout).toContain("example run=");
    expect(r.stdout).not.toContain("subcommand name=get");
  });

  test("a group's help lists its verbs with their signatures", () => {
    const r = ix(["config", "--help", "--format", "llm"]);
    expect(r.stdout).toContain('subcommand name=get usage="ix config get <key> [options]"');
    expect(r.stdout).toContain('subcommand name=set usage="ix config set <key> <value> [options]"');
  });

  test("help is structured data in json and toon", () => {
    const doc = JSON.parse(ix(["config", "--help", "--format", "json"]).stdout);
    expect(doc.command.name).toBe("ix config");
    expect(doc.subcommand.map((s: { name: string }) => s.name)).toEqual(["show", "get", "set"]);
    expect(ix(["config", "--help", "--format", "toon"]).stdout).toContain("subcommand[3]{name,usage,description}:");
  });

  test("the root help lists commands but not their verbs", () => {
    const r = ix(["--help", "--format", "llm"]);
    expect(r.stdout).toContain("subcommand name=config");
    expect(r.stdout).not.toContain("name=show");
    expect(r.stdout).toContain("option name=--version");
  });

  test("bare ix shows live data about the directory, not the manual", () => {
    const r = ix(["--format", "llm"]);
    expect(r.code).toBe(0);
    expect(r.lines[0]).toMatch(/^ix dir=\S+ workspace=none graph=none$/);
    expect(r.stdout).toContain('next run="ix map ."');
  });

  test("bare ix in a mapped workspace shows its state and a next step in every format", async () => {
    const home = tempDir();
    const repo = await writeTree(tempDir("ix-bare-"), { "a.ts": "export function a() {}\n" });
    expect(ix(["map", "."], { cwd: repo, home }).code).toBe(0);
    expect(ix(["--format", "llm"], { cwd: repo, home }).stdout).toContain('next run="ix stats"');
    expect(ix([], { cwd: repo, home }).stdout).toContain("Next:\n  ix stats");
  });

  test("a bare group shows its data and its verbs", () => {
    const r = ix(["config", "--format", "llm"]);
    expect(r.lines[0]).toStartWith("config path=");
    expect(r.stdout).toContain('commands run="ix config set <key> <value>"');
  });

  test("text format has no colour when stdout is not a terminal, and honours NO_COLOR", () => {
    expect(ix(["config", "--bogus"]).stdout).not.toContain("\x1b[");
    expect(ix(["config"], { env: { NO_COLOR: "1" } }).stdout).not.toContain("\x1b[");
  });

  test("on a terminal: colour unless NO_COLOR, and map shows its progress unless --silent", async () => {
    const home = tempDir();
    const repo = await writeTree(tempDir(), { "a.ts": "export function a() {}\n" });
    expect(await onTerminal(["config"], home, repo)).toContain("\x1b[");
    expect(await onTerminal(["config"], home, repo, { NO_COLOR: "1" })).not.toContain("\x1b[");
    expect(await onTerminal(["map", "."], home, repo)).toContain("ix map: parse");
    writeFileSync(join(repo, "b.ts"), "export function b() {}\n");
    expect(await onTerminal(["map", ".", "--silent"], home, repo)).not.toContain("ix map: parse");
  });
});
