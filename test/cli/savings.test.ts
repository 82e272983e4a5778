// ix savings as an agent meets it: the compiled binary answering questions on a repository the
// test writes, each answer one ledger line, read back in every format, under load, damaged,
// idle, reset, through the MCP server, and with the ledger's files replaced by what is no file.
import { beforeAll, describe, expect, test } from "bun:test";
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { decodeLlmStream } from "../../src/wire/llm";
import { ensureBinary, ix, tempDir, writeTree } from "../helpers/cli";

const FILLER = Array.from({ length: 120 }, (_, i) => `// line ${i} of a long file an agent would otherwise read in full`).join("\n");
const FILES = {
  "src/util.ts": "export function parse(x: string): number {\n  return Number(x);\n}\n",
  "src/app.ts": `import { parse } from "./util";\n\nexport function run(): number {\n  return parse("1") + parse("2");\n}\n${FILLER}\n`,
};

interface Scope {
  name: string;
  commands: number;
  tokens_saved: number;
  naive_tokens: number;
  actual_tokens: number;
  money_saved: number;
  water_saved_ml: number;
}
interface Savings {
  savings: { model: string };
  scope: Scope[];
  command?: { scope: string; name: string; count: number; tokens_saved: number }[];
  diagnostic?: { code: string }[];
}

let root: string;
beforeAll(async () => {
  root = await writeTree(tempDir("ix-savings-"), FILES);
});

/** A home with the fixture mapped (the map itself is one ledger line). */
function mappedHome(): string {
  const home = tempDir("ix-savings-home-");
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
  return home;
}

function savingsOf(home: string, ...extra: string[]): Savings {
  const out = ix(["savings", "--detail", "--format", "json", ...extra], { cwd: root, home });
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout) as Savings;
}

const scope = (s: Savings, name: string) => s.scope.find((x) => x.name === name)!;
const commandCount = (s: Savings, scopeName: string, name: string) => s.command?.find((c) => c.scope === scopeName && c.name === name)?.count ?? 0;
const ledgerLines = (home: string) => readFileSync(join(home, "savings.log"), "utf8").split("\n").filter(Boolean);

describe("the ledger", () => {
  test("each answered command is one line: callers counts the files it spared, a plain answer spares nothing", () => {
    const home = mappedHome();
    const callers = ix(["callers", "parse", "--format", "llm"], { cwd: root, home });
    expect(callers.code).toBe(0);
    const search = ix(["search", "parse", "--format", "llm"], { cwd: root, home });
    expect(search.code).toBe(0);
    const lines = ledgerLines(home);
    expect(lines.map((l) => l.split(" ").slice(4).join(" "))).toEqual(["map", "callers", "search"]);
    const [, callersLine, searchLine] = lines.map((l) => l.split(" ").map(String));
    const actual = Math.ceil(Buffer.byteLength(callers.stdout) / 4);
    // Its one row names src/app.ts: an agent without ix would read that file.
    const spared = Math.ceil(statSync(join(root, "src/app.ts")).size / 4);
    expect(callersLine!.slice(2, 4).map(Number)).toEqual([actual, Math.max(actual, spared)]);
    expect(spared).toBeGreaterThan(actual);
    const searchActual = Math.ceil(Buffer.byteLength(search.stdout) / 4);
    expect(searchLine!.slice(2, 4).map(Number)).toEqual([searchActual, searchActual]);
  });

  test("errors, usage errors, --help, --version and savings itself are not answers", () => {
    const home = mappedHome();
    expect(ix(["callers", "nosuchthing"], { cwd: root, home }).code).toBe(1);
    expect(ix(["callers", "parse", "--limit", "zero"], { cwd: root, home }).code).toBe(2);
    expect(ix(["callers", "--help"], { cwd: root, home }).code).toBe(0);
    expect(ix(["--version"], { cwd: root, home }).code).toBe(0);
    expect(ix(["--version", "--format", "json"], { cwd: root, home }).code).toBe(0);
    expect(ix(["savings"], { cwd: root, home }).code).toBe(0);
    expect(ledgerLines(home).map((l) => l.split(" ")[4])).toEqual(["map"]);
  });

  test("IX_SAVINGS=0 keeps no ledger", () => {
    const home = tempDir("ix-savings-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home, env: { IX_SAVINGS: "0" } }).code).toBe(0);
    expect(savingsOf(home).scope.map((s) => s.commands)).toEqual([0, 0]);
  });

  test("a ledger that cannot be written never fails the command, and IX_TRACE tells why", () => {
    const home = mappedHome();
    const expected = ix(["callers", "parse", "--format", "llm"], { cwd: root, home }).stdout;
    // A directory where the log should be: every append fails.
    const broken = tempDir("ix-savings-broken-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home: broken }).code).toBe(0);
    Bun.spawnSync(["rm", "-f", join(broken, "savings.log")]);
    mkdirSync(join(broken, "savings.log"));
    const quiet = ix(["callers", "parse", "--format", "llm"], { cwd: root, home: broken });
    expect([quiet.code, quiet.stdout, quiet.stderr]).toEqual([0, expected, ""]);
    const traced = ix(["callers", "parse", "--format", "llm"], { cwd: root, home: broken, env: { IX_TRACE: "1" } });
    expect([traced.code, traced.stdout]).toEqual([0, expected]);
    expect(traced.stderr).toContain("savings ledger: ");
    // The doctor says so, as a warning: every answer still comes.
    const doctor = ix(["doctor", "--format", "llm"], { cwd: root, home: broken });
    expect(doctor.stdout).toMatch(/^check name=savings_ledger status=warn .*not a regular file/m);
    expect(ix(["doctor", "--format", "llm"], { cwd: root, home }).stdout).toMatch(/^check name=savings_ledger status=ok /m);
  });
});

describe("two processes at once", () => {
  test("100 queries in 10 parallel lanes, the log moved aside under them: no entry lost", async () => {
    const home = mappedHome();
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("IX_")) env[k] = v;
    // ~50 lines a segment: the log is moved aside while other processes append to it.
    Object.assign(env, { IX_HOME: home, IX_SAVINGS_BOUND: "2000" });
    const bin = ensureBinary();
    const lane = async () => {
      for (let i = 0; i < 10; i++) {
        const child = Bun.spawn([bin, "callers", "parse", "--format", "llm"], { cwd: root, env, stdout: "ignore", stderr: "ignore" });
        expect(await child.exited).toBe(0);
      }
    };
    // A reader alongside: no read during a move of the log misses a line or counts one twice.
    let writing = true;
    const seen: number[] = [];
    const reader = async () => {
      while (writing) {
        const child = Bun.spawn([bin, "savings", "--detail", "--format", "json"], { cwd: root, env, stdout: "pipe", stderr: "ignore" });
        const text = await new Response(child.stdout).text();
        expect(await child.exited).toBe(0);
        seen.push(commandCount(JSON.parse(text) as Savings, "lifetime", "callers"));
      }
    };
    const reading = reader();
    await Promise.all(Array.from({ length: 10 }, lane));
    writing = false;
    await reading;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((count, i) => count <= 100 && (i === 0 || count >= seen[i - 1]!))).toBe(true);
    const s = savingsOf(home);
    expect(commandCount(s, "lifetime", "callers")).toBe(100);
    expect(scope(s, "session").commands).toBe(101);
    expect(s.diagnostic).toBeUndefined();
    expect(readdirSync(home).some((name) => name.startsWith("savings.log."))).toBe(true);
  }, 120_000);
});

describe("sessions", () => {
  test("reset starts the session from zero and keeps the lifetime", () => {
    const home = mappedHome();
    expect(ix(["callers", "parse"], { cwd: root, home }).code).toBe(0);
    const reset = ix(["savings", "reset", "--format", "llm"], { cwd: root, home });
    expect(reset.code).toBe(0);
    const records = decodeLlmStream(reset.stdout);
    expect(records[0]!.kind).toBe("reset");
    expect(records[0]!.fields.scope).toBe("session");
    const after = savingsOf(home);
    expect(scope(after, "session").commands).toBe(0);
    expect(scope(after, "lifetime").commands).toBe(2);
    expect(ix(["callers", "parse"], { cwd: root, home }).code).toBe(0);
    const next = savingsOf(home);
    expect([scope(next, "session").commands, scope(next, "lifetime").commands]).toEqual([1, 3]);
  });

  test("an idle gap longer than 30 minutes ends the session", () => {
    const home = tempDir("ix-savings-home-");
    const hoursAgo = Date.now() - 2 * 3_600_000;
    writeFileSync(join(home, "savings.log"), `e ${hoursAgo} 10 500 callers\ne ${hoursAgo + 60_000} 10 300 explain\n`);
    const idle = savingsOf(home);
    expect(scope(idle, "session")).toMatchObject({ commands: 0, tokens_saved: 0 });
    expect(scope(idle, "lifetime")).toMatchObject({ commands: 2, naive_tokens: 800, actual_tokens: 20, tokens_saved: 780 });
    expect(ix(["savings", "reset"], { cwd: root, home }).code).toBe(0);
    expect(ix(["status"], { cwd: root, home }).code).toBe(0);
    const fresh = savingsOf(home);
    expect([scope(fresh, "session").commands, scope(fresh, "lifetime").commands]).toEqual([1, 3]);
  });
});

describe("the answer", () => {
  const seeded = () => {
    const home = tempDir("ix-savings-home-");
    const now = Date.now();
    writeFileSync(join(home, "savings.log"), [`e ${now - 5000} 100 2100 callers`, `e ${now - 4000} 50 1050 callers`, `e ${now - 3000} 40 40 search`, ""].join("\n"));
    return home;
  };

  test("llm: the spec's records, the command rows after their own scope", () => {
    const out = ix(["savings", "--detail", "--format", "llm"], { cwd: root, home: seeded() });
    expect(out.code).toBe(0);
    expect(out.lines).toEqual([
      'savings model="Claude Opus 4.1 ($15/MTok in, $75/MTok out)"',
      "scope name=session commands=3 tokens_saved=3000 naive_tokens=3190 actual_tokens=190 money_saved=0.05 water_saved_ml=6",
      "command scope=session name=callers count=2 tokens_saved=3000",
      "command scope=session name=search count=1 tokens_saved=0",
      "scope name=lifetime commands=3 tokens_saved=3000 naive_tokens=3190 actual_tokens=190 money_saved=0.05 water_saved_ml=6",
      "command scope=lifetime name=callers count=2 tokens_saved=3000",
      "command scope=lifetime name=search count=1 tokens_saved=0",
    ]);
    const plain = ix(["savings", "--format", "llm"], { cwd: root, home: seeded() });
    expect(plain.lines.map((l) => l.split(" ")[0])).toEqual(["savings", "scope", "scope"]);
  });

  test("--model moves money_saved alone", () => {
    const home = seeded();
    const opus = savingsOf(home);
    const haiku = savingsOf(home, "--model", "haiku");
    expect(haiku.savings.model).toBe("Claude Haiku 4.5 ($1/MTok in, $5/MTok out)");
    expect(scope(haiku, "session").money_saved).toBe(0);
    expect(scope(savingsOf(home, "--model", "sonnet"), "session").money_saved).toBe(0.01);
    const strip = (s: Scope) => ({ ...s, money_saved: 0 });
    expect(haiku.scope.map(strip)).toEqual(opus.scope.map(strip));
  });

  test("an unknown --model is a usage error naming the known models, in the caller's format", () => {
    for (const format of ["llm", "json", "text", "toon"]) {
      const out = ix(["savings", "--model", "gpt-2", "--format", format], { cwd: root, home: seeded() });
      expect(out.code).toBe(2);
      expect(out.stdout).toContain("unknown_model");
      expect(out.stdout).toContain("sonnet");
    }
    expect(ix(["savings", "reset", "--model", "gpt-2"], { cwd: root, home: seeded() }).code).toBe(2);
  });

  test("every format carries the same figures", () => {
    const home = seeded();
    const json = savingsOf(home);
    expect(json.scope.map((s) => s.tokens_saved)).toEqual([3000, 3000]);
    const toon = ix(["savings", "--detail", "--format", "toon"], { cwd: root, home });
    expect(toon.stdout).toContain("scope[2]{name,commands,tokens_saved,naive_tokens,actual_tokens,money_saved,water_saved_ml}:");
    expect(toon.stdout).toContain("session,3,3000,3190,190,0.05,6");
    expect(toon.stdout).toContain("command[4]{scope,name,count,tokens_saved}:");
    const text = ix(["savings", "--detail", "--format", "text"], { cwd: root, home });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("Claude Opus 4.1");
    expect(text.stdout).toMatch(/session\s+3\s+3000\s+3190\s+190\s+0\.05\s+6/);
  });

  test("a damaged line is skipped, counted and said; the rest still counts", () => {
    const home = seeded();
    appendFileSync(join(home, "savings.log"), "\u0000garbage\u0007 line\ne 17000");
    const out = ix(["savings", "--format", "llm"], { cwd: root, home });
    expect(out.code).toBe(0);
    expect(out.lines[1]).toStartWith("scope name=session commands=3 ");
    expect(out.lines.at(-1)).toStartWith("diagnostic code=ledger_lines_skipped ");
    expect(out.lines.at(-1)).toContain("2 line(s)");
  });

  test("with no ledger yet, both scopes say zero", () => {
    const out = ix(["savings", "--format", "llm"], { cwd: root });
    expect(out.code).toBe(0);
    expect(out.lines.slice(1)).toEqual([
      "scope name=session commands=0 tokens_saved=0 naive_tokens=0 actual_tokens=0 money_saved=0 water_saved_ml=0",
      "scope name=lifetime commands=0 tokens_saved=0 naive_tokens=0 actual_tokens=0 money_saved=0 water_saved_ml=0",
    ]);
  });
});

describe("through MCP", () => {
  test("a tool call is recorded once, as its command; the server itself is not", async () => {
    const home = mappedHome();
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("IX_")) env[k] = v;
    env.IX_HOME = home;
    const client = new Client({ name: "ix-test", version: "0" });
    await client.connect(new StdioClientTransport({ command: ensureBinary(), args: ["mcp"], cwd: root, env, stderr: "ignore" }));
    try {
      await client.callTool({ name: "callers", arguments: { target: "parse" } });
      await client.callTool({ name: "read", arguments: { target: "run" } });
    } finally {
      await client.close();
    }
    await Bun.sleep(200);
    expect(ledgerLines(home).map((l) => l.split(" ")[4])).toEqual(["map", "callers", "read"]);
  }, 30_000);
});

describe("a ledger that is no file, torn or out of range", () => {
  /** Every command here must answer well inside this: a FIFO once hung them all. */
  const TIMEOUT = 10_000;
  const quick = (args: string[], home: string, input?: string) => ix(args, { cwd: root, home, timeout: TIMEOUT, input });

  test("a FIFO as savings.log: recorded commands, the post-edit hook and the MCP server answer and end; savings and doctor say why nothing is counted", async () => {
    const home = mappedHome();
    unlinkSync(join(home, "savings.log"));
    expect(Bun.spawnSync(["mkfifo", join(home, "savings.log")]).exitCode).toBe(0);
    const started = performance.now();
    const status = quick(["status", "--format", "llm"], home);
    expect([status.code, status.lines[0]?.split(" ")[0]]).toEqual([0, "status"]);
    expect(quick(["callers", "parse", "--format", "llm"], home).code).toBe(0);
    const hook = quick(["hook", "claude-post-edit"], home, "{}");
    expect([hook.code, hook.stdout.trim()]).toEqual([0, "{}"]);
    // Well under the timeout: the ledger is given up at once, not after a wait.
    expect(performance.now() - started).toBeLessThan(TIMEOUT);
    const traced = ix(["status"], { cwd: root, home, timeout: TIMEOUT, env: { IX_TRACE: "1" } });
    expect(traced.stderr).toContain("savings.log is a FIFO, not a file");

    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("IX_")) env[k] = v;
    env.IX_HOME = home;
    const client = new Client({ name: "ix-test", version: "0" });
    await client.connect(new StdioClientTransport({ command: ensureBinary(), args: ["mcp"], cwd: root, env, stderr: "ignore" }));
    try {
      const tools = await client.listTools(undefined, { timeout: 5_000 });
      expect(tools.tools.some((t) => t.name === "callers")).toBe(true);
      for (let i = 0; i < 2; i++) {
        const called = await client.callTool({ name: "callers", arguments: { target: "parse" } }, undefined, { timeout: 5_000 });
        expect(called.isError).toBeFalsy();
      }
      expect((await client.listTools(undefined, { timeout: 5_000 })).tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }

    const savings = quick(["savings", "--format", "llm"], home);
    expect(savings.code).toBe(0);
    expect(savings.lines.at(-1)).toBe('diagnostic code=ledger_files_unreadable message="Not counted: savings.log is a FIFO, not a file."');
    const reset = quick(["savings", "reset", "--format", "llm"], home);
    expect(reset.code).toBe(1);
    expect(reset.lines[0]).toStartWith("error code=ledger_unusable ");
    expect(quick(["doctor", "--format", "llm"], home).stdout).toMatch(/^check name=savings_ledger status=warn .*not a regular file/m);
  }, 60_000);

  test("a torn last line does not swallow the next entry: it is skipped and counted, the next one counts", () => {
    const home = mappedHome();
    appendFileSync(join(home, "savings.log"), "e 17000");
    expect(quick(["callers", "parse"], home).code).toBe(0);
    expect(quick(["search", "parse"], home).code).toBe(0);
    const s = savingsOf(home);
    expect([commandCount(s, "lifetime", "map"), commandCount(s, "lifetime", "callers"), commandCount(s, "lifetime", "search")]).toEqual([1, 1, 1]);
    expect(quick(["savings", "--format", "llm"], home).lines.at(-1)).toStartWith('diagnostic code=ledger_lines_skipped message="1 line(s) ');
  });

  test("a directory named like a segment, a segment and a log that are symlinks to /dev/zero: skipped, named, and compaction goes on past them", () => {
    const home = mappedHome();
    const now = Date.now();
    mkdirSync(join(home, "savings.log.1-1-1"));
    // A segment of ix's, after the directory, settled long ago: the next compaction folds it.
    writeFileSync(join(home, "savings.log.2-1-1"), `\ne ${now - 60_000} 10 500 read\n`);
    const past = (now - 3_600_000) / 1000;
    utimesSync(join(home, "savings.log.2-1-1"), past, past);
    symlinkSync("/dev/zero", join(home, "savings.log.3-1-1"));
    const started = performance.now();
    // A bound of one byte: this command's line moves the log aside and compacts.
    const r = ix(["callers", "parse"], { cwd: root, home, timeout: TIMEOUT, env: { IX_SAVINGS_BOUND: "1" } });
    expect(r.code).toBe(0);
    expect(existsSync(join(home, "savings.log.2-1-1"))).toBe(false);
    expect(JSON.parse(readFileSync(join(home, "savings.totals.json"), "utf8")).lifetime.read.count).toBe(1);
    const s = savingsOf(home);
    expect([commandCount(s, "lifetime", "map"), commandCount(s, "lifetime", "read"), commandCount(s, "lifetime", "callers")]).toEqual([1, 1, 1]);
    const out = quick(["savings", "--format", "llm"], home);
    expect(out.lines.at(-1)).toBe(
      'diagnostic code=ledger_files_unreadable message="Not counted: savings.log.1-1-1 is a directory, not a file; savings.log.3-1-1 is a symlink to a character device, not a file."',
    );
    // The log itself a symlink to /dev/zero: nothing is read from it, nothing is written to it.
    rmSync(join(home, "savings.log"), { force: true });
    symlinkSync("/dev/zero", join(home, "savings.log"));
    expect(quick(["callers", "parse"], home).code).toBe(0);
    const zero = quick(["savings", "--format", "llm"], home);
    expect(zero.code).toBe(0);
    expect(zero.lines.at(-1)).toContain("savings.log is a symlink to a character device, not a file");
    expect(performance.now() - started).toBeLessThan(TIMEOUT);
  }, 60_000);

  test("totals of 1e308 and lines of 15-digit figures: savings prints finite, non-negative figures", () => {
    const home = tempDir("ix-savings-home-");
    const now = Date.now();
    writeFileSync(join(home, "savings.totals.json"), JSON.stringify({ lifetime: { callers: { count: 1, actual: 1e308, naive: 1e308 } }, session: {}, last: null, folded: [] }));
    const huge = 999_999_999_999_999;
    writeFileSync(join(home, "savings.log"), Array.from({ length: 20 }, (_, i) => `e ${now - 1000 + i} ${i % 2 ? 0 : huge} ${huge} callers\n`).join(""));
    const out = quick(["savings", "--detail", "--format", "llm"], home);
    expect(out.code).toBe(0);
    expect(out.stdout).not.toMatch(/Infinity|NaN|e\+|-\d/);
    expect(out.lines.at(-1)).toStartWith('diagnostic code=ledger_files_unreadable message="Not counted: savings.totals.json does not hold the totals ix writes');
    const s = savingsOf(home);
    for (const sc of s.scope) {
      for (const value of [sc.commands, sc.tokens_saved, sc.naive_tokens, sc.actual_tokens, sc.money_saved, sc.water_saved_ml]) {
        expect(Number.isFinite(value) && value >= 0).toBe(true);
      }
      expect(sc.naive_tokens).toBe(Number.MAX_SAFE_INTEGER);
      expect(sc.commands).toBe(20);
    }
  });
});
