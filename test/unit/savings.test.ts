// The savings ledger and its estimates: lines read back tolerantly, sessions cut by idle gaps
// and resets, compaction that loses and doubles nothing, and the documented figures.
import { describe, expect, test } from "bun:test";
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { apply, compact, emptyState, entryLine, IDLE_MS, logPath, parseLine, readLedger, record, resetSession, SETTLE_MS, totalsPath } from "../../src/ledger/ledger";
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
    expect(parseLine(entryLine(entry).trimEnd())).toEqual({ kind: "entry", entry });
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

  test("a damaged totals file counts as one skipped line and the log still reads", () => {
    const dir = home();
    record(dir, { at: T0, command: "callers", actual: 10, naive: 50 });
    writeFileSync(totalsPath(dir), "{not json");
    const ledger = readLedger(dir);
    expect(ledger.lifetime.callers!.count).toBe(1);
    expect(ledger.skipped).toBe(1);
  });

  test("no ledger at all is zero everywhere", () => {
    const answer = savings(join(home(), "missing"), "opus");
    expect(answer.scopes.map((s) => [s.name, s.commands, s.tokensSaved])).toEqual([["session", 0, 0], ["lifetime", 0, 0]]);
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
