// The savings ledger and its estimates: lines read back tolerantly, sessions cut by idle gaps
// and resets, compaction that loses and doubles nothing, and the documented figures.
import { describe, expect, test } from "bun:test";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compact, logPath, readLedger, record, resetSession, SETTLE_MS, totalsPath } from "../../src/ledger/ledger";
import { entryLine, linesOf, parseLine } from "../../src/ledger/lines";
import { apply, emptyState, IDLE_MS } from "../../src/ledger/tally";
import { moneyOf, PRICES, priceOf, savings, waterOf } from "../../src/answers/savings";
import { naiveTokens, SparedFiles, tokensOfBytes } from "../../src/cli/savings";
import { IxError } from "../../src/model/errors";
import { siteField } from "../../src/present/site";
import type { SiteAt } from "../../src/answers/edge-site";

const home = () => mkdtempSync(join(tmpdir(), "ix-savings-"));
const T0 = 1_700_000_000_000;

describe("ledger lines", () => {
  test("an entry line reads back as written, the command path with its spaces", () => {
    const entry = { at: T0, command: "mcp install", actual: 12, naive: 340 };
    expect(parseLine(entryLine(entry).trim())).toEqual({ kind: "entry", entry });
    expect(parseLine("r 1700000000000")).toEqual({ kind: "reset", at: T0 });
  });

  test("anything else is no line", () => {
    for (const bad of ["", "e", "e 1 2 3", "e x 2 3 callers", "e 1 -2 3 callers", "e 1 2 3 Callers", "e 1 2 3 callers;rm", "r", "r now", "garbage", `e 1 2 3 ${"a".repeat(65)}`]) {
      expect(parseLine(bad)).toBeUndefined();
    }
  });
});

describe("sessions", () => {
  const entry = (at: number, command = "callers") => ({ kind: "entry" as const, entry: { at, command, actual: 10, naive: 50 } });

  test("a gap longer than the idle time starts a new session; the lifetime keeps counting", () => {
    const state = emptyState();
    apply(state, entry(T0));
    apply(state, entry(T0 + IDLE_MS));
    expect(state.session.callers!.count).toBe(2);
    apply(state, entry(T0 + 2 * IDLE_MS + 1));
    expect(state.session.callers!.count).toBe(1);
    expect(state.lifetime.callers).toEqual({ count: 3, actual: 30, naive: 150 });
  });

  test("a reset empties the session only", () => {
    const state = emptyState();
    apply(state, entry(T0));
    apply(state, { kind: "reset", at: T0 + 1 });
    expect(state.session).toEqual({});
    expect(state.last).toBeNull();
    apply(state, entry(T0 + 2, "read"));
    expect(Object.keys(state.session)).toEqual(["read"]);
    expect(state.lifetime.callers!.count).toBe(1);
  });

  test("the answer shows no session once the last command is older than the idle time", () => {
    const dir = home();
    record(dir, { at: T0, command: "callers", actual: 10, naive: 50 });
    expect(savings(dir, "opus", T0 + IDLE_MS).scopes[0].commands).toBe(1);
    const idle = savings(dir, "opus", T0 + IDLE_MS + 1);
    expect(idle.scopes[0].commands).toBe(0);
    expect(idle.scopes[1].commands).toBe(1);
  });

  test("reset is a line: the session restarts, the lifetime is untouched", () => {
    const dir = home();
    record(dir, { at: T0, command: "callers", actual: 10, naive: 50 });
    resetSession(dir, T0 + 1);
    record(dir, { at: T0 + 2, command: "read", actual: 5, naive: 5 });
    const ledger = readLedger(dir);
    expect(Object.keys(ledger.session)).toEqual(["read"]);
    expect(Object.keys(ledger.lifetime).sort()).toEqual(["callers", "read"]);
  });
});

describe("reading a damaged ledger", () => {
  test("a garbage line and a torn last line are skipped and counted", () => {
    const dir = home();
    record(dir, { at: T0, command: "callers", actual: 10, naive: 50 });
    appendFileSync(logPath(dir), "\u0000\u0001 not a line\n");
    record(dir, { at: T0 + 1, command: "callers", actual: 10, naive: 50 });
    appendFileSync(logPath(dir), "e 17000000");
    const ledger = readLedger(dir);
    expect(ledger.lifetime.callers!.count).toBe(2);
    expect(ledger.skipped).toBe(2);
  });

  test("a damaged totals file is named as not counted, and the log still reads", () => {
    const dir = home();
    record(dir, { at: T0, command: "callers", actual: 10, naive: 50 });
    writeFileSync(totalsPath(dir), "{not json");
    const ledger = readLedger(dir);
    expect(ledger.lifetime.callers!.count).toBe(1);
    expect([ledger.skipped, ledger.unreadable]).toEqual([0, ["savings.totals.json is not valid JSON"]]);
  });

  test("every line starts with a newline: a torn line never swallows the one after it", () => {
    const dir = home();
    record(dir, { at: T0, command: "callers", actual: 10, naive: 50 });
    appendFileSync(logPath(dir), "e 17000");
    record(dir, { at: T0 + 1, command: "read", actual: 10, naive: 50 });
    // Torn inside the command: its figures are whole, so it counts under the name it has.
    appendFileSync(logPath(dir), `\ne ${T0 + 2} 10 50 sear`);
    record(dir, { at: T0 + 3, command: "read", actual: 10, naive: 50 });
    const ledger = readLedger(dir);
    expect(Object.fromEntries(Object.entries(ledger.lifetime).map(([name, t]) => [name, t.count]))).toEqual({ callers: 1, read: 2, sear: 1 });
    expect(ledger.skipped).toBe(1);
  });

  test("a ledger an older ix wrote (no leading newlines): a whole line run on into a torn one still counts", () => {
    const { lines, skipped } = linesOf(`e ${T0} 1 2 map\ne 170e ${T0 + 1} 10 50 callers\ne ${T0} 1 2 mcp ie ${T0 + 2} 5 5 mcp install\nr 17r ${T0 + 3}\n`);
    expect(lines).toEqual([
      { kind: "entry", entry: { at: T0, command: "map", actual: 1, naive: 2 } },
      { kind: "entry", entry: { at: T0 + 1, command: "callers", actual: 10, naive: 50 } },
      { kind: "entry", entry: { at: T0 + 2, command: "mcp install", actual: 5, naive: 5 } },
      { kind: "reset", at: T0 + 3 },
    ]);
    expect(skipped).toBe(3);
    // A long run of garbage is not searched for a line.
    expect(linesOf(`${"x".repeat(10_000)}e ${T0} 1 2 read\n`)).toEqual({ lines: [], skipped: 1 });
  });

  test("a line saying fewer naive tokens than actual is not ix's", () => {
    expect(parseLine(`e ${T0} 50 10 callers`)).toBeUndefined();
  });

  test("no ledger at all is zero everywhere", () => {
    const answer = savings(join(home(), "missing"), "opus");
    expect(answer.scopes.map((s) => [s.name, s.commands, s.tokensSaved])).toEqual([["session", 0, 0], ["lifetime", 0, 0]]);
  });
});

describe("figures", () => {
  test("sums stop at 2^53 - 1: no total loses units or becomes Infinity", () => {
    const dir = home();
    const huge = 999_999_999_999_999;
    for (let i = 0; i < 20; i++) record(dir, { at: T0 + i, command: "callers", actual: i % 2 ? 0 : huge, naive: huge });
    const ledger = readLedger(dir);
    // Ten lines of 999999999999999 actual tokens and twenty of naive: both past 2^53 - 1.
    expect(ledger.lifetime.callers).toEqual({ count: 20, actual: Number.MAX_SAFE_INTEGER, naive: Number.MAX_SAFE_INTEGER });
    const answer = savings(dir, "opus", T0 + 20);
    for (const scope of answer.scopes) {
      for (const value of [scope.commands, scope.naiveTokens, scope.actualTokens, scope.tokensSaved, scope.moneySaved, scope.waterSavedMl]) expect(Number.isFinite(value) && value >= 0).toBe(true);
    }
  });

  test("a command named like an Object member is a command like any other", () => {
    const dir = home();
    record(dir, { at: T0, command: "constructor", actual: 1, naive: 2 });
    record(dir, { at: T0 + 1, command: "constructor", actual: 1, naive: 2 });
    const name: string = "constructor";
    expect(readLedger(dir).lifetime[name]).toEqual({ count: 2, actual: 2, naive: 4 });
  });

  test("totals out of range are not counted, named, and never written over by a compaction", () => {
    const good = { count: 1, actual: 1, naive: 2 };
    const bad = [
      { callers: { count: 1, actual: 1e308, naive: 1e308 } },
      { callers: { count: -1, actual: 1, naive: 2 } },
      { callers: { count: 1.5, actual: 1, naive: 2 } },
      { callers: { count: 1, actual: 9, naive: 2 } },
      { callers: { count: 1, actual: "1", naive: 2 } },
      JSON.parse('{"__proto__": {"count": 1, "actual": 1, "naive": 2}}'),
    ];
    const totals = [
      ...bad.map((lifetime) => ({ lifetime, session: {}, last: null, folded: [] })),
      { lifetime: { callers: good }, session: {}, last: 1e308, folded: [] },
      { lifetime: { callers: good }, session: {}, last: null, folded: "x" },
      [1, 2],
    ];
    for (const value of totals) {
      const dir = home();
      const text = JSON.stringify(value);
      writeFileSync(totalsPath(dir), text);
      record(dir, { at: T0, command: "read", actual: 1, naive: 1 }, 10);
      const past = (Date.now() - SETTLE_MS - 1000) / 1000;
      for (const name of readdirSync(dir)) if (name.startsWith("savings.log.")) utimesSync(join(dir, name), past, past);
      compact(dir, 10);
      const ledger = readLedger(dir);
      expect([ledger.lifetime, ledger.unreadable]).toEqual([{ read: { count: 1, actual: 1, naive: 1 } }, ["savings.totals.json does not hold the totals ix writes (whole, non-negative figures)"]]);
      expect(readFileSync(totalsPath(dir), "utf8")).toBe(text);
    }
  });
});

describe("ledger files that are no files", () => {
  test("a FIFO or a directory as the log: a record fails at once, naming it", () => {
    for (const make of ["fifo", "dir"]) {
      const dir = home();
      if (make === "fifo") expect(Bun.spawnSync(["mkfifo", logPath(dir)]).exitCode).toBe(0);
      else mkdirSync(logPath(dir));
      const started = performance.now();
      let error: unknown;
      try {
        record(dir, { at: T0, command: "callers", actual: 1, naive: 2 });
      } catch (e) {
        error = e;
      }
      expect(performance.now() - started).toBeLessThan(500);
      expect(error).toBeInstanceOf(IxError);
      expect((error as IxError).code).toBe("ledger_unusable");
      expect((error as IxError).message).toContain(make === "fifo" ? "is a FIFO, not a file" : "is a directory, not a file");
      expect(readLedger(dir).unreadable).toEqual([`savings.log is ${make === "fifo" ? "a FIFO" : "a directory"}, not a file`]);
    }
  });

  test("a directory, a FIFO and a symlink to /dev/zero by segments' names: skipped and named; the segments after them read and fold", () => {
    const dir = home();
    mkdirSync(join(dir, "savings.log.1-1-1"));
    expect(Bun.spawnSync(["mkfifo", join(dir, "savings.log.2-1-1")]).exitCode).toBe(0);
    symlinkSync("/dev/zero", join(dir, "savings.log.3-1-1"));
    writeFileSync(join(dir, "savings.log.4-1-1"), `\ne ${T0} 1 2 read\n`);
    const past = (Date.now() - SETTLE_MS - 1000) / 1000;
    utimesSync(join(dir, "savings.log.4-1-1"), past, past);
    record(dir, { at: T0 + 1, command: "callers", actual: 1, naive: 2 });
    const unreadable = ["savings.log.1-1-1 is a directory, not a file", "savings.log.2-1-1 is a FIFO, not a file", "savings.log.3-1-1 is a symlink to a character device, not a file"];
    const before = readLedger(dir);
    expect([before.lifetime.read?.count, before.lifetime.callers?.count, before.unreadable]).toEqual([1, 1, unreadable]);
    compact(dir);
    expect(existsSync(join(dir, "savings.log.4-1-1"))).toBe(false);
    const after = readLedger(dir);
    expect([after.lifetime, after.unreadable]).toEqual([before.lifetime, unreadable]);
  });
});

describe("compaction", () => {
  const bound = 400;
  /** Ages every segment past the settle time, as if its writers were long gone. */
  const settle = (dir: string) => {
    const past = (Date.now() - SETTLE_MS - 1000) / 1000;
    for (const name of readdirSync(dir)) if (name.startsWith("savings.log.")) utimesSync(join(dir, name), past, past);
  };

  test("the log moves aside past its bound and settled segments fold into totals, losing and doubling nothing", () => {
    const dir = home();
    let at = T0;
    for (let i = 0; i < 60; i++) record(dir, { at: at++, command: i % 3 ? "callers" : "read", actual: 1, naive: 3 }, bound);
    const segments = readdirSync(dir).filter((n) => n.startsWith("savings.log."));
    expect(segments.length).toBeGreaterThan(1);
    const before = readLedger(dir);
    expect(before.lifetime.callers!.count + before.lifetime.read!.count).toBe(60);
    // Once nothing has written them for a while, the next compaction folds them all.
    settle(dir);
    compact(dir, bound);
    expect(readdirSync(dir).filter((n) => n.startsWith("savings.log."))).toEqual([]);
    expect(existsSync(totalsPath(dir))).toBe(true);
    const after = readLedger(dir);
    expect(after.lifetime).toEqual(before.lifetime);
    expect(after.session).toEqual(before.session);
    expect(after.skipped).toBe(0);
    // The log stays small: at most its bound and one line.
    expect(existsSync(logPath(dir)) ? readFileSync(logPath(dir), "utf8").length : 0).toBeLessThanOrEqual(bound + 64);
  });

  test("a segment still being written is not folded, nor any after it", () => {
    const dir = home();
    for (let i = 0; i < 30; i++) record(dir, { at: T0 + i, command: "callers", actual: 1, naive: 2 }, bound);
    compact(dir, bound);
    // Written just now: not settled, so still a segment, and read as one.
    expect(readdirSync(dir).some((n) => n.startsWith("savings.log."))).toBe(true);
    expect(readLedger(dir).lifetime.callers!.count).toBe(30);
  });

  test("while a live process compacts, a writer does not wait and loses nothing; a dead holder's lock is taken over", () => {
    const dir = home();
    // A live holder: this very process.
    writeFileSync(join(dir, "savings.lock"), String(process.pid));
    const started = performance.now();
    for (let i = 0; i < 30; i++) record(dir, { at: T0 + i, command: "callers", actual: 1, naive: 2 }, bound);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(readdirSync(dir).some((n) => n.startsWith("savings.log."))).toBe(false);
    expect(readLedger(dir).lifetime.callers!.count).toBe(30);
    // A holder long dead (no such pid): the next line over the bound compacts.
    writeFileSync(join(dir, "savings.lock"), "2147483646");
    record(dir, { at: T0 + 31, command: "callers", actual: 1, naive: 2 }, bound);
    expect(readdirSync(dir).some((n) => n.startsWith("savings.log."))).toBe(true);
    expect(readLedger(dir).lifetime.callers!.count).toBe(31);
  });

  test("the session survives being folded", () => {
    const dir = home();
    for (let i = 0; i < 30; i++) record(dir, { at: T0 + i, command: "callers", actual: 1, naive: 2 }, bound);
    settle(dir);
    compact(dir, bound);
    record(dir, { at: T0 + 40, command: "read", actual: 1, naive: 1 }, bound);
    const ledger = readLedger(dir);
    expect(ledger.session.callers!.count).toBe(30);
    expect(ledger.session.read!.count).toBe(1);
  });
});

describe("estimates", () => {
  test("tokens are bytes ÷ 4, rounded up", () => {
    expect([0, 1, 4, 5, 400].map(tokensOfBytes)).toEqual([0, 1, 1, 2, 100]);
  });

  test("a command that spares files counts each file its records name and it touched once, at its size, and never less than it printed", () => {
    const files = new SparedFiles();
    files.file("a.ts", 4000);
    files.file("a.ts", 4000);
    files.file("b.ts", 800);
    // Read only to count: named by no record, so not spared.
    files.file("counted-only.ts", 90_000);
    files.record({ kind: "ref", fields: { name: "f", path: "a.ts", site: siteField({ path: "a.ts", line: 12 } as SiteAt) }, shape: "row" });
    files.record({ kind: "ref", fields: { name: "g", path: "c.ts", site: siteField({ path: "b.ts", line: 3 } as SiteAt) }, shape: "row" });
    // Named but never touched: its size is unknown, so it is not counted.
    files.record({ kind: "ref", fields: { path: "never-read.ts" }, shape: "row" });
    expect(files.bytes).toBe(4800);
    expect(naiveTokens(100, "files", files)).toBe(1200);
    expect(naiveTokens(2000, "files", files)).toBe(2000);
    expect(naiveTokens(100, undefined, files)).toBe(100);
  });

  test("money is the saved tokens at the model's input price; water 2 mL per 1,000 tokens", () => {
    expect(moneyOf(1_000_000, PRICES.opus!)).toBe(15);
    expect(moneyOf(832_739, PRICES.sonnet!)).toBe(2.5);
    expect(waterOf(832_739)).toBe(1665.478);
  });

  test("an unknown model is a wrong request naming the known ones", () => {
    let error: unknown;
    try {
      priceOf("gpt-2");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(IxError);
    expect((error as IxError).invalidRequest).toBe(true);
    expect((error as IxError).details.known).toEqual(Object.keys(PRICES));
    expect(() => priceOf("constructor")).toThrow(IxError);
  });
});
