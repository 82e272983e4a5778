// The ledger's lines brought to tallies: per command, a session and a lifetime. Every figure is
// a whole number from 0 to 2^53 - 1: a sum that would pass it stops there, so no total, however
// many lines or whatever a totals file held, becomes a float that loses units, Infinity or NaN
// (which printed money_saved=-Infinity).
import { isCommand, type Line } from "./lines";

/** A session ends after this long without a command: 30 minutes, a coffee break or a new task. */
export const IDLE_MS = 30 * 60_000;

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

export const emptyState = (): LedgerState => ({ lifetime: {}, session: {}, last: null });

/** A sum of figures, held at the largest whole number a double keeps exact. */
export const sum = (a: number, b: number) => Math.min(a + b, Number.MAX_SAFE_INTEGER);

const isFigure = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function add(tallies: Record<string, Tally>, command: string, actual: number, naive: number): void {
  // Own keys only: a command named like an Object member ("constructor") is a key like any other.
  const tally = Object.hasOwn(tallies, command) ? tallies[command]! : (tallies[command] = { count: 0, actual: 0, naive: 0 });
  tally.count = sum(tally.count, 1);
  tally.actual = sum(tally.actual, actual);
  tally.naive = sum(tally.naive, naive);
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
  add(state.lifetime, entry.command, entry.actual, entry.naive);
  add(state.session, entry.command, entry.actual, entry.naive);
  state.last = state.last === null ? entry.at : Math.max(state.last, entry.at);
}

/** Tallies as ix writes them: command paths, each with whole figures, never fewer naive tokens than actual. */
export function isTallies(value: unknown): value is Record<string, Tally> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([command, t]) => {
    const tally = t as Partial<Tally> | null;
    return isCommand(command) && isFigure(tally?.count) && isFigure(tally?.actual) && isFigure(tally?.naive) && tally.naive >= tally.actual;
  });
}

/** A state as ix writes it (the totals file's figures): undefined for anything else. */
export function stateOf(value: Record<string, unknown>): LedgerState | undefined {
  const { lifetime, session, last } = value;
  if (!isTallies(lifetime) || !isTallies(session) || !(last === null || isFigure(last))) return undefined;
  return { lifetime, session, last };
}
