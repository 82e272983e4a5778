// The savings ledger: one short line appended to $IX_HOME/savings.log per answered command,
// read back into a session and a lifetime. Appending is one O_APPEND write of a line well under
// PIPE_BUF, so processes writing at once never interleave or lose a line on a local file
// system, and no lock is taken on the query path. The ledger stays bounded: past LEDGER_BOUND
// bytes the log is moved aside as a segment, and segments old enough that no writer can still
// hold them open are folded into savings.totals.json (lifetime totals and the session so far).
import { accessSync, closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../util/atomic-write";
import { tryLockSync } from "../util/lock";

/** A session ends after this long without a command: 30 minutes, a coffee break or a new task. */
export const IDLE_MS = 30 * 60_000;
/** The log is moved aside past 256 KB, about 6,000 commands. */
export const LEDGER_BOUND = 256 * 1024;
/** A segment is folded once nothing has written it for this long (a writer holds the file for microseconds). */
export const SETTLE_MS = 10_000;

export const logPath = (home: string) => join(home, "savings.log");
export const totalsPath = (home: string) => join(home, "savings.totals.json");
const lockPath = (home: string) => join(home, "savings.lock");
const SEGMENT = /^savings\.log\.\d+-\d+-\d+$/;
/** Segments this process moved aside: with its pid and the time, a name no other segment has. */
let segmentSeq = 0;

/** One answered command: when, under which command path, and its two token figures. */
export interface Entry {
  at: number;
  command: string;
  actual: number;
  naive: number;
}

export interface Tally {
  count: number;
  actual: number;
  naive: number;
}

/** Lifetime and session tallies by command; `last` is the newest command's time, `null` after a reset. */
export interface LedgerState {
  lifetime: Record<string, Tally>;
  session: Record<string, Tally>;
  last: number | null;
}

export interface Ledger extends LedgerState {
  /** Lines that were not a ledger line (a crash mid-write, an edit by hand): skipped, counted. */
  skipped: number;
}

const COMMAND = /^[a-z][a-z0-9-]*( [a-z][a-z0-9-]*)*$/;
const COUNT = /^\d{1,15}$/;

export function entryLine(entry: Entry): string {
  return `e ${entry.at} ${entry.actual} ${entry.naive} ${entry.command}\n`;
}

export const resetLine = (at: number) => `r ${at}\n`;

type Line = { kind: "entry"; entry: Entry } | { kind: "reset"; at: number };

/** One ledger line, or undefined for anything else. */
export function parseLine(line: string): Line | undefined {
  const parts = line.split(" ");
  if (parts[0] === "r" && parts.length === 2 && COUNT.test(parts[1]!)) return { kind: "reset", at: Number(parts[1]) };
  if (parts[0] !== "e" || parts.length < 5) return undefined;
  const [, at, actual, naive] = parts as [string, string, string, string];
  const command = parts.slice(4).join(" ");
  if (!COUNT.test(at) || !COUNT.test(actual) || !COUNT.test(naive) || command.length > 64 || !COMMAND.test(command)) return undefined;
  return { kind: "entry", entry: { at: Number(at), command, actual: Number(actual), naive: Number(naive) } };
}

export const emptyState = (): LedgerState => ({ lifetime: {}, session: {}, last: null });

function add(tallies: Record<string, Tally>, entry: Entry): void {
  const tally = (tallies[entry.command] ??= { count: 0, actual: 0, naive: 0 });
  tally.count++;
  tally.actual += entry.actual;
  tally.naive += entry.naive;
}

/** Brings `state` past one line: a gap longer than IDLE_MS or a reset starts a new session. */
export function apply(state: LedgerState, line: Line): void {
  if (line.kind === "reset") {
    state.session = {};
    state.last = null;
    return;
  }
  const { entry } = line;
  if (state.last !== null && entry.at - state.last > IDLE_MS) state.session = {};
  add(state.lifetime, entry);
  add(state.session, entry);
  state.last = state.last === null ? entry.at : Math.max(state.last, entry.at);
}

/** Applies a log's text, line by line; returns how many lines were skipped. */
function applyText(state: LedgerState, text: string): number {
  let skipped = 0;
  const lines = text.split("\n");
  // The text after the last newline is a line still being written, or a torn one.
  if (lines[lines.length - 1] === "") lines.pop();
  for (const raw of lines) {
    const line = parseLine(raw);
    if (line) apply(state, line);
    else skipped++;
  }
  return skipped;
}

function errno(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException)?.code;
}

/** Appends one line; creates $IX_HOME when it is missing. Returns the log's size after it. */
function appendLine(home: string, line: string): number {
  let fd: number;
  try {
    fd = openSync(logPath(home), "a", 0o600);
  } catch (error) {
    if (errno(error) !== "ENOENT") throw error;
    mkdirSync(home, { recursive: true, mode: 0o700 });
    fd = openSync(logPath(home), "a", 0o600);
  }
  try {
    writeSync(fd, line);
    return fstatSync(fd).size;
  } finally {
    closeSync(fd);
  }
}

/** Records one answered command. Throws on a failed write; the caller decides what a failure costs. */
export function record(home: string, entry: Entry, bound = LEDGER_BOUND): void {
  if (appendLine(home, entryLine(entry)) > bound) compact(home, bound);
}

/** Starts a new session from now; the lifetime keeps everything. */
export function resetSession(home: string, now = Date.now()): void {
  appendLine(home, resetLine(now));
}

interface Totals extends LedgerState {
  /** Segments whose lines are in the totals already (kept until the segment file is gone). */
  folded: string[];
}

function readTotals(home: string): { totals: Totals; skipped: number } {
  let text: string;
  try {
    text = readFileSync(totalsPath(home), "utf8");
  } catch (error) {
    if (errno(error) === "ENOENT") return { totals: { ...emptyState(), folded: [] }, skipped: 0 };
    throw error;
  }
  try {
    const value = JSON.parse(text) as Totals;
    if (isTotals(value)) return { totals: value, skipped: 0 };
  } catch {
    // a damaged totals file counts as one skipped line
  }
  return { totals: { ...emptyState(), folded: [] }, skipped: 1 };
}

const isTallies = (value: unknown): value is Record<string, Tally> =>
  typeof value === "object" && value !== null && Object.values(value).every((t) => typeof t?.count === "number" && typeof t?.actual === "number" && typeof t?.naive === "number");

function isTotals(value: unknown): value is Totals {
  const v = value as Totals;
  return typeof v === "object" && v !== null && isTallies(v.lifetime) && isTallies(v.session) && (v.last === null || typeof v.last === "number") && Array.isArray(v.folded);
}

/** The segments not yet folded, oldest first (their names start with the time they were moved aside). */
function segments(home: string, folded: readonly string[]): string[] {
  let names: string[];
  try {
    names = readdirSync(home);
  } catch (error) {
    if (errno(error) === "ENOENT") return [];
    throw error;
  }
  const done = new Set(folded);
  return names.filter((name) => SEGMENT.test(name) && !done.has(name)).sort(bySegmentTime);
}

/** By the time a segment was moved aside, then its process and that process's count. */
function bySegmentTime(a: string, b: string): number {
  const parts = (name: string) => name.slice("savings.log.".length).split("-").map(Number);
  const [x, y] = [parts(a), parts(b)];
  return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
}

function readIfThere(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if (errno(error) === "ENOENT") return "";
    throw error;
  }
}

/** Which files hold the ledger now: a compaction between two looks changes it. */
function layout(home: string): string {
  let totals = "none";
  try {
    const stat = statSync(totalsPath(home));
    totals = `${stat.mtimeMs}:${stat.size}`;
  } catch {
    // no totals yet
  }
  return `${totals} ${segments(home, []).join(",")}`;
}

/**
 * Everything the ledger holds: the totals, then the segments, then the log, in order. Read
 * again when a compaction moved the files meanwhile (a line would be missed or read twice).
 */
export function readLedger(home: string): Ledger {
  for (let tries = 1; ; tries++) {
    const before = layout(home);
    const read = readOnce(home);
    if (tries === 5 || layout(home) === before) return read;
  }
}

function readOnce(home: string): Ledger {
  const { totals, skipped: badTotals } = readTotals(home);
  const state: LedgerState = { lifetime: totals.lifetime, session: totals.session, last: totals.last };
  let skipped = badTotals;
  for (const name of segments(home, totals.folded)) skipped += applyText(state, readIfThere(join(home, name)));
  skipped += applyText(state, readIfThere(logPath(home)));
  return { ...state, skipped };
}

/**
 * Folds settled segments into the totals and moves an oversized log aside. Under the ledger's
 * lock, so two compactions never fold a segment twice; while another process holds it, that
 * one's compaction serves, and this one returns at once: a writer never waits.
 */
export function compact(home: string, bound = LEDGER_BOUND): void {
  // The clock the file system stamps segments with, not an entry's time.
  const now = Date.now();
  const release = tryLockSync(lockPath(home));
  if (!release) return;
  try {
    const { totals } = readTotals(home);
    const state: LedgerState = { lifetime: totals.lifetime, session: totals.session, last: totals.last };
    const settled: string[] = [];
    for (const name of segments(home, totals.folded)) {
      // In order: a segment still being written holds back the ones after it.
      if (now - statSync(join(home, name)).mtimeMs < SETTLE_MS) break;
      applyText(state, readIfThere(join(home, name)));
      settled.push(name);
    }
    if (settled.length > 0) {
      const present = new Set(readdirSync(home));
      const folded = [...totals.folded.filter((name) => present.has(name)), ...settled];
      writeFileAtomic(totalsPath(home), JSON.stringify({ ...state, folded }));
      for (const name of settled) unlinkSync(join(home, name));
    }
    let size = 0;
    try {
      size = statSync(logPath(home)).size;
    } catch {
      // no log: nothing to move
    }
    // A rename replaces what it lands on: the name must be new.
    if (size > bound) renameSync(logPath(home), join(home, `savings.log.${now}-${process.pid}-${segmentSeq++}`));
  } finally {
    release();
  }
}

/**
 * Why answers may not be recorded, or may be read back short (the doctor's check; a write that
 * fails is dropped silently, so this is where a person learns of it): undefined when all is well.
 */
export function ledgerProblem(home: string): string | undefined {
  const path = logPath(home);
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return `${path} is not a regular file: answers are not recorded`;
    accessSync(path, constants.W_OK);
  } catch (error) {
    if (errno(error) !== "ENOENT") return `${path} cannot be written (${errno(error) ?? String(error)}): answers are not recorded`;
    try {
      accessSync(home, constants.W_OK);
    } catch (homeError) {
      // No home yet is no problem: the first answer makes it.
      if (errno(homeError) !== "ENOENT") return `${home} cannot be written: answers are not recorded`;
    }
  }
  try {
    const { skipped } = readLedger(home);
    if (skipped > 0) return `${skipped} line(s) of the ledger could not be read and are not counted`;
  } catch (error) {
    return `the ledger cannot be read: ${error instanceof Error ? error.message : String(error)}`;
  }
  return undefined;
}
