// The tokenizer's rules, and the two readings built on it: the values a command receives and
// which words name the command.
import { describe, expect, test } from "bun:test";
import type { ArgsDef } from "citty";
import { argValues, checkArgs, helpAsked, readArgs } from "../../src/cli/args";
import { GLOBAL_ARGS } from "../../src/cmd/command";
import { resolveCommand } from "../../src/cli/command-words";
import { formatFlag } from "../../src/cli/format";
import { optionTable, tokenize, type Token } from "../../src/cli/tokens";

const DEF = {
  target: { type: "positional", required: true },
  limit: { type: "string" },
  kind: { type: "enum", options: ["function", "class"] },
  full: { type: "boolean" },
  "include-tests": { type: "boolean" },
  ...GLOBAL_ARGS,
} as const satisfies ArgsDef;
const TABLE = optionTable(DEF);

/** Tokens without their positions, for comparison. */
const read = (argv: string[], opts = {}) =>
  tokenize(argv, TABLE, opts).map((t: Token) =>
    t.kind === "word" ? t.text : t.kind === "rest" ? { rest: t.words } : { option: t.name, key: t.spec?.key, value: t.value, negated: t.negated || undefined },
  );

/** What a command receives, as a plain record. */
const plain = (parsed: object): Record<string, unknown> => ({ ...parsed });
const values = (argv: string[]) => plain(argValues(tokenize(argv, TABLE), DEF));

describe("tokens", () => {
  test("--x v and --x=v carry the same value", () => {
    expect(read(["--limit", "5"])).toEqual([{ option: "--limit", key: "limit", value: "5", negated: undefined }]);
    expect(read(["--limit=5"])).toEqual([{ option: "--limit", key: "limit", value: "5", negated: undefined }]);
    expect(read(["--limit=a=b"])).toEqual([{ option: "--limit", key: "limit", value: "a=b", negated: undefined }]);
  });

  test("a value may start with one dash (numbers, -, text) but not with two", () => {
    expect(read(["--limit", "-5"])[0]).toMatchObject({ value: "-5" });
    expect(read(["--limit", "-"])[0]).toMatchObject({ value: "-" });
    expect(read(["--kind", "-h"])).toEqual([{ option: "--kind", key: "kind", value: "-h", negated: undefined }]);
    expect(read(["--kind", "--full"])).toEqual([
      { option: "--kind", key: "kind", value: undefined, negated: undefined },
      { option: "--full", key: "full", value: undefined, negated: undefined },
    ]);
  });

  test("a boolean takes no word after it; --no-x is the same boolean, negated", () => {
    expect(read(["--full", "x"])).toEqual([{ option: "--full", key: "full", value: undefined, negated: undefined }, "x"]);
    expect(read(["--no-full"])).toEqual([{ option: "--no-full", key: "full", value: undefined, negated: true }]);
    // Only a boolean has a --no- form.
    expect(read(["--no-limit"])).toEqual([{ option: "--no-limit", key: undefined, value: undefined, negated: undefined }]);
  });

  test("-h is the alias of --help", () => {
    expect(read(["-h"])).toEqual([{ option: "-h", key: "help", value: undefined, negated: undefined }]);
  });

  test("numbers and a lone dash are positionals", () => {
    expect(read(["-5", "-", "-1.5"])).toEqual(["-5", "-", "-1.5"]);
  });

  test("-- ends the options", () => {
    expect(read(["x", "--", "--full", "-h"])).toEqual(["x", { rest: ["--full", "-h"] }]);
    expect(read(["--limit", "--", "y"])).toEqual([{ option: "--limit", key: "limit", value: undefined, negated: undefined }, { rest: ["y"] }]);
  });

  test("an unknown option takes no word, unless the caller says it may", () => {
    expect(read(["--bogus", "x"])).toEqual([{ option: "--bogus", key: undefined, value: undefined, negated: undefined }, "x"]);
    expect(read(["--bogus", "x"], { unknownTakes: () => true })).toEqual([{ option: "--bogus", key: undefined, value: "x", negated: undefined }]);
  });
});

describe("values a command receives", () => {
  test("positionals by name and in _, options by key, aliases and camelCase spellings", () => {
    expect(values(["x", "--limit", "5", "--include-tests"])).toEqual({
      _: ["x"],
      target: "x",
      limit: "5",
      "include-tests": true,
      includeTests: true,
    });
    expect(values(["x", "-h"])).toEqual({ _: ["x"], target: "x", help: true, h: true });
  });

  test("booleans: --x, --x=true, --x=false, --no-x", () => {
    expect(values(["x", "--full"]).full).toBe(true);
    expect(values(["x", "--full=true"]).full).toBe(true);
    expect(values(["x", "--full=false"]).full).toBe(false);
    expect(values(["x", "--no-full"]).full).toBe(false);
    expect("full" in values(["x"])).toBe(false);
  });

  test("a repeated option: the last value wins", () => {
    expect(values(["x", "--limit=5", "--limit", "6"]).limit).toBe("6");
  });

  test("a positional's default, and words after --", () => {
    const map = { path: { type: "positional", required: false, default: "." }, silent: { type: "boolean" } } as const satisfies ArgsDef;
    expect(plain(argValues(tokenize([], optionTable(map)), map))).toEqual({ _: [], path: "." });
    expect(plain(argValues(tokenize(["--", "-x"], optionTable(map)), map))).toEqual({ _: ["-x"], path: "-x" });
    expect(values(["-5"]).target).toBe("-5");
  });
});

describe("the usage check", () => {
  const problem = (argv: string[]) => {
    try {
      checkArgs(tokenize(argv, TABLE), DEF, "callers");
      return undefined;
    } catch (error) {
      return (error as { code: string; details: unknown }).code;
    }
  };

  test("each problem, and the top-ranked one when there are several", () => {
    expect(problem(["x"])).toBeUndefined();
    expect(problem(["x", "--bogus"])).toBe("unknown_option");
    expect(problem(["x", "--limit"])).toBe("missing_value");
    expect(problem(["x", "--kind", "enum"])).toBe("invalid_value");
    expect(problem(["x", "--full=yes"])).toBe("invalid_value");
    expect(problem(["x", "y"])).toBe("unexpected_argument");
    expect(problem([])).toBe("missing_argument");
    expect(problem(["--limit", "--bogus"])).toBe("unknown_option");
    expect(problem(["x", "y", "--kind", "z"])).toBe("invalid_value");
  });

  test("help is a boolean like any other: the last one given decides", () => {
    const asked = (argv: string[]) => helpAsked(readArgs(undefined, argv).tokens);
    expect(asked(["-h"])).toBe(true);
    expect(asked(["--help=false"])).toBe(false);
    expect(asked(["--help", "--no-help"])).toBe(false);
    expect(asked(["--", "--help"])).toBe(false);
  });
});

describe("the format flag", () => {
  test("the last --format before --, with or without =", () => {
    expect(formatFlag(["x", "--format", "llm"])).toBe("llm");
    expect(formatFlag(["--format=json", "stats"])).toBe("json");
    expect(formatFlag(["--format", "llm", "--format", "json"])).toBe("json");
    expect(formatFlag(["--", "--format", "llm"])).toBeUndefined();
    expect(formatFlag(["config", "--format"])).toBe("");
  });
});

describe("command words", () => {
  const words = async (argv: string[]) => {
    const found = await resolveCommand(argv);
    return found && { path: found.path, rest: found.rest };
  };

  test("options may precede the command; a word after an unknown one is its value", async () => {
    expect(await words(["--limit", "5", "status"])).toEqual({ path: "status", rest: ["--limit", "5"] });
    expect(await words(["--format", "llm", "callers", "x"])).toEqual({ path: "callers", rest: ["--format", "llm", "x"] });
    expect(await words(["--format=json", "stats"])).toEqual({ path: "stats", rest: ["--format=json"] });
    expect(await words(["-h", "config", "set"])).toEqual({ path: "config set", rest: ["-h"] });
  });

  test("a registered command name is the command, not an option's value", async () => {
    expect(await words(["--limit", "status"])).toEqual({ path: "status", rest: ["--limit"] });
    expect(await words(["config", "--limit", "set", "k", "v"])).toEqual({ path: "config set", rest: ["--limit", "k", "v"] });
  });

  test("after the command, its own options decide: a value may be a command name", async () => {
    expect(await words(["callers", "--path", "map", "x"])).toEqual({ path: "callers", rest: ["--path", "map", "x"] });
    expect(await words(["config", "--format", "llm", "set", "k", "v"])).toEqual({ path: "config set", rest: ["--format", "llm", "k", "v"] });
  });

  test("no command before --; a name that is not a command is an unknown command", async () => {
    expect(await words(["--", "status"])).toBeUndefined();
    expect(await words(["--format", "llm"])).toBeUndefined();
    await expect(resolveCommand(["--limit", "5", "calers", "x"])).rejects.toMatchObject({ code: "unknown_command", details: { suggestions: ["callers", "callees"] } });
    await expect(resolveCommand(["toString"])).rejects.toMatchObject({ code: "unknown_command" });
    await expect(resolveCommand(["config", "constructor"])).rejects.toMatchObject({ code: "unknown_command" });
  });
});
