// ix savings as an agent meets it: the compiled binary answering questions on a repository the
// test writes, each answer one ledger line, read back in every format, under load, damaged,
// idle, reset, and through the MCP server.
import { beforeAll, describe, expect, test } from "bun:test";
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
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
