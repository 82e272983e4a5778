// The savings ledger: one short line appended to $IX_HOME/savings.log per answered command,
// read back into a session and a lifetime. Appending is one O_APPEND write of a line well under
// PIPE_BUF, so processes writing at once never interleave or lose a line on a local file
// system, and no lock is taken on the query path. The ledger stays bounded: past LEDGER_BOUND
// bytes the log is moved aside as a segment, and segments old enough that no writer can still
// hold them open are folded into savings.totals.json (lifetime totals and the session so far).
//
// Recording never fails or holds up a command, so the ledger's files are touched only as regular
// files: the log is opened without blocking (a FIFO in its place blocked every command for
// ever) and written only once it is seen to be a file; every read goes through the bounded
// regular-file reader (a symlink to /dev/zero read 1.5 GB in 6 s). Whatever by a ledger file's
// name is not a file (a directory, a device, a FIFO) is left where it is, counted out, and named
// in the answer; it never stops the files after it from being read or folded.
import { accessSync, closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { IxError } from "../model/errors";
import { writeFileAtomic } from "../util/atomic-write";
import { tryLockSync } from "../util/lock";
import { findRegularFile, kindOf, readRegularFile } from "../util/regular-file";
import { entryLine, linesOf, resetLine, type Entry } from "./lines";
import { apply, emptyState, stateOf, type LedgerState } from "./tally";

/** The log is moved aside past 256 KB, about 6,000 commands. */
export const LEDGER_BOUND = 256 * 1024;
/** A segment is folded once nothing has written it for this long (a writer holds the file for microseconds). */
export const SETTLE_MS = 10_000;
/**
 * The most of one log or segment that is read: far past what ix writes (LEDGER_BOUND, and what
 * writers add while the log is moved aside), and a bound on what a file that is not ix's costs.
 */
const READ_LIMIT = 16 << 20;
/** The totals hold a tally per command and a few segment names. */
const TOTALS_LIMIT = 1 << 20;

export const logPath = (home: string) => join(home, "savings.log");
export const totalsPath = (home: string) => join(home, "savings.totals.json");
const lockPath = (home: string) => join(home, "savings.lock");
const SEGMENT = /^savings\.log\.\d+-\d+-\d+$/;
/** Segments this process moved aside: with its pid and the time, a name no other segment has. */
let segmentSeq = 0;

export interface Ledger extends LedgerState {
  /** Lines that were not a ledger line (a crash mid-write, an edit by hand): skipped, counted. */
  skipped: number;
  /** Ledger files that could not be read and are not counted, each "<name> <why>": "savings.log.1-2-3 is a directory, not a file". */
  unreadable: string[];
}

function errno(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException)?.code;
}

/** Non-blocking: a FIFO with no reader fails at once (ENXIO) instead of waiting for one. */
const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** The log's place holds no file ix can append to: named, so the caller can say what to remove. */
function notAFile(path: string, what: string): IxError {
  return new IxError("ledger_unusable", `${path} ${what}: answers are not recorded until it is removed`, { path });
}

function openLog(home: string): number {
  const path = logPath(home);
  try {
    return openSync(path, APPEND, 0o600);
  } catch (error) {
    const code = errno(error);
    if (code === "ENXIO" || code === "EISDIR" || code === "ELOOP") {
      const found = findRegularFile(path);
      throw notAFile(path, found.state === "refused" ? found.reason : `cannot be opened (${code})`);
    }
    if (code !== "ENOENT") throw error;
    mkdirSync(home, { recursive: true, mode: 0o700 });
    return openSync(path, APPEND, 0o600);
  }
}

/** Appends one line; creates $IX_HOME when it is missing. Returns the log's size after it, about. */
function appendLine(home: string, line: string): number {
  const fd = openLog(home);
  try {
    const stats = fstatSync(fd);
    // A FIFO with a reader, a device (a symlink to /dev/zero): opened, but no ledger.
    if (!stats.isFile()) throw notAFile(logPath(home), `is ${kindOf(stats)}, not a file`);
    // A full disk may take part of the line: the next line's leading newline ends it (lines.ts).
    const written = writeSync(fd, line);
    if (written < line.length) throw new Error(`${logPath(home)}: wrote ${written} of ${line.length} bytes`);
    return stats.size + line.length;
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

const noTotals = (): Totals => ({ ...emptyState(), folded: [] });

/** The totals, or why they cannot be used (completes "savings.totals.json …"). */
function readTotals(home: string): { totals: Totals } | { problem: string } {
  const read = readRegularFile(totalsPath(home), TOTALS_LIMIT);
  if (read.state === "absent") return { totals: noTotals() };
  if (read.state === "refused") return { problem: read.reason };
  let value: unknown;
  try {
    value = JSON.parse(read.text);
  } catch {
    return { problem: "is not valid JSON" };
  }
  const fields = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  const state = stateOf(fields);
  const folded = fields.folded;
  if (!state || !Array.isArray(folded) || !folded.every((name) => typeof name === "string")) {
    return { problem: "does not hold the totals ix writes (whole, non-negative figures)" };
  }
  return { totals: { ...state, folded } };
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
  const unreadable: string[] = [];
  const found = readTotals(home);
  if ("problem" in found) unreadable.push(`savings.totals.json ${found.problem}`);
  const totals = "totals" in found ? found.totals : noTotals();
  const state: LedgerState = { lifetime: totals.lifetime, session: totals.session, last: totals.last };
  let skipped = 0;
  const applyFile = (name: string) => {
    const read = readRegularFile(join(home, name), READ_LIMIT);
    // Absent: folded and removed since the listing; the layout check reads again.
    if (read.state === "absent") return;
    if (read.state === "refused") return void unreadable.push(`${name} ${read.reason}`);
    const { lines, skipped: bad } = linesOf(read.text);
    for (const line of lines) apply(state, line);
    skipped += bad;
  };
  for (const name of segments(home, totals.folded)) applyFile(name);
  applyFile("savings.log");
  return { ...state, skipped, unreadable };
}

/**
 * Moves an oversized log aside, then folds settled segments into the totals. Under the ledger's
 * lock, so two compactions never fold a segment twice; while another process holds it, that
 * one's compaction serves, and this one returns at once: a writer never waits.
 */
export function compact(home: string, bound = LEDGER_BOUND): void {
  // The clock the file system stamps segments with, not an entry's time.
  const now = Date.now();
  const release = tryLockSync(lockPath(home));
  if (!release) return;
  try {
    // First: should the totals not be writable, the log still stays bounded.
    moveAside(home, bound, now);
    fold(home, now);
  } finally {
    release();
  }
}

function moveAside(home: string, bound: number, now: number): void {
  let size = 0;
  try {
    const stats = statSync(logPath(home));
    // Only ix's log: a directory by its name is not a segment to make.
    if (stats.isFile()) size = stats.size;
  } catch {
    // no log: nothing to move
  }
  // A rename replaces what it lands on: the name must be new.
  if (size > bound) renameSync(logPath(home), join(home, `savings.log.${now}-${process.pid}-${segmentSeq++}`));
}

function fold(home: string, now: number): void {
  const found = readTotals(home);
  // Totals that cannot be read are never written over: what they hold stays, and is reported.
  if (!("totals" in found)) return;
  const { totals } = found;
  const state: LedgerState = { lifetime: totals.lifetime, session: totals.session, last: totals.last };
  const settled: string[] = [];
  for (const name of segments(home, totals.folded)) {
    const path = join(home, name);
    let stats;
    try {
      stats = statSync(path);
    } catch {
      continue;
    }
    // Not ix's segment: left as it is (every read names it), and no hold on the ones after it.
    if (!stats.isFile()) continue;
    // In order: a segment still being written holds back the ones after it.
    if (now - stats.mtimeMs < SETTLE_MS) break;
    const read = readRegularFile(path, READ_LIMIT);
    if (read.state !== "read") continue;
    for (const line of linesOf(read.text).lines) apply(state, line);
    settled.push(name);
  }
  if (settled.length === 0) return;
  const present = new Set(readdirSync(home));
  const folded = [...totals.folded.filter((name) => present.has(name)), ...settled];
  writeFileAtomic(totalsPath(home), JSON.stringify({ ...state, folded }));
  for (const name of settled) unlinkSync(join(home, name));
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
    const { skipped, unreadable } = readLedger(home);
    if (unreadable.length > 0) return `not counted: ${unreadable.join("; ")}`;
    if (skipped > 0) return `${skipped} line(s) of the ledger could not be read and are not counted`;
  } catch (error) {
    return `the ledger cannot be read: ${error instanceof Error ? error.message : String(error)}`;
  }
  return undefined;
}
