// The ledger's lines: `e <at> <actual> <naive> <command>` for an answered command, `r <at>` for a
// session reset. Written by many processes at once without a lock (one O_APPEND write each), and
// read back tolerantly: a line that is not one of these is skipped and counted, never fatal.
//
// A torn line (a crash or a full disk in the middle of a write) has no newline, and the next
// line appended after it used to run on into it, so both were lost. No writer can look at the
// file's end first and add the missing newline: the look and the write are two steps, and
// another process's write can land between them. So every line is written with a newline before
// it as well as after it. Whatever order the writes land in, a torn line is ended by the next
// line's leading newline: it stays a line of its own, which the reader skips and counts, and the
// line after it is whole. The cost is one byte a line (the empty lines, which are not counted).
// A ledger an older ix wrote has no leading newlines: there, a line that does not parse but whose
// tail does is a torn line with a whole one run on into it, and the whole one is counted.

/** One answered command: when, under which command path, and its two token figures. */
export interface Entry {
  at: number;
  command: string;
  actual: number;
  naive: number;
}

export type Line = { kind: "entry"; entry: Entry } | { kind: "reset"; at: number };

const COMMAND = /^[a-z][a-z0-9-]*( [a-z][a-z0-9-]*)*$/;
const COUNT = /^\d{1,15}$/;
/** Two entry lines run together are well under this; past it a line is not worth searching for one. */
const RUN_ON_MAX = 320;

/** A command path as the ledger names it ("callers", "mcp install"). */
export const isCommand = (name: string) => name.length <= 64 && COMMAND.test(name);

export function entryLine(entry: Entry): string {
  return `\ne ${entry.at} ${entry.actual} ${entry.naive} ${entry.command}\n`;
}

export const resetLine = (at: number) => `\nr ${at}\n`;

/** One ledger line, or undefined for anything else. */
export function parseLine(line: string): Line | undefined {
  const parts = line.split(" ");
  if (parts[0] === "r" && parts.length === 2 && COUNT.test(parts[1]!)) return { kind: "reset", at: Number(parts[1]) };
  if (parts[0] !== "e" || parts.length < 5) return undefined;
  const [, at, actual, naive] = parts as [string, string, string, string];
  const command = parts.slice(4).join(" ");
  if (!COUNT.test(at) || !COUNT.test(actual) || !COUNT.test(naive) || !isCommand(command)) return undefined;
  // Without ix an agent reads at least what ix printed (cli/savings): a line saying less is not ix's.
  if (Number(naive) < Number(actual)) return undefined;
  return { kind: "entry", entry: { at: Number(at), command, actual: Number(actual), naive: Number(naive) } };
}

/**
 * The whole line run on into a torn one: the first tail that starts a line and parses. A tail
 * cannot be mistaken inside a whole line: a command's words hold no number, so `e <n> <n> <n> …`
 * and `r <n>` begin only where a line began.
 */
function runOn(raw: string): Line | undefined {
  if (raw.length > RUN_ON_MAX) return undefined;
  for (let i = 1; i < raw.length - 2; i++) {
    if ((raw[i] === "e" || raw[i] === "r") && raw[i + 1] === " ") {
      const line = parseLine(raw.slice(i));
      if (line) return line;
    }
  }
  return undefined;
}

/** A log's lines in order, and how many were not ledger lines (each torn part counts once). */
export function linesOf(text: string): { lines: Line[]; skipped: number } {
  const lines: Line[] = [];
  let skipped = 0;
  const raws = text.split("\n");
  // The text after the last newline is a line still being written, or a torn one: it is read
  // (and skipped when it does not parse) like any other.
  for (const raw of raws) {
    if (raw === "") continue;
    const line = parseLine(raw);
    if (line) {
      lines.push(line);
      continue;
    }
    skipped++;
    const whole = runOn(raw);
    if (whole) lines.push(whole);
  }
  return { lines, skipped };
}
