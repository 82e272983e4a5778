// After an answered command, one line to the savings ledger: the tokens it printed and the tokens
// an agent would have read without it. Recording never fails a command: a failure is dropped,
// and told on stderr under IX_TRACE.
import { LEDGER_BOUND, record } from "../ledger/ledger";
import type { IxCommand } from "../cmd/command";
import { Compound, type Rec } from "../wire/record";

/** The one estimate of tokens from text: 4 bytes a token (README, Savings). */
export const tokensOfBytes = (bytes: number) => Math.ceil(bytes / 4);

/**
 * The files an answer names (a record's `path`, or the file of its `site`) that the question
 * read or checked on disk, so their size is known at no cost: each counted once. A file the
 * answer read only to count (a caller it did not show) is not counted, nor one it names
 * without having touched.
 */
export class SparedFiles {
  private readonly sizes = new Map<string, number>();
  private readonly named = new Set<string>();

  /** The meter's side: a file read or checked on disk, at its size. */
  file(path: string, bytes: number): void {
    this.sizes.set(path, Math.max(bytes, this.sizes.get(path) ?? 0));
  }

  /** The writer's side: a record as written. */
  record(rec: Rec): void {
    const { path, site } = rec.fields;
    if (typeof path === "string") this.named.add(path);
    // A call site is a value with parts: its file is the part named path.
    const sitePath = site instanceof Compound ? site.whole.path : undefined;
    if (typeof sitePath === "string") this.named.add(sitePath);
  }

  get bytes(): number {
    let total = 0;
    for (const path of this.named) total += this.sizes.get(path) ?? 0;
    return total;
  }
}

/** Without ix an agent reads at least what ix printed; a command that spares files spares their reading. */
export function naiveTokens(actual: number, spares: IxCommand["savings"], files: SparedFiles): number {
  return spares === "files" ? Math.max(actual, tokensOfBytes(files.bytes)) : actual;
}

export interface Answered {
  command: string;
  stdoutBytes: number;
  spares: IxCommand["savings"];
  files: SparedFiles;
}

/**
 * One line for an answered command. IX_SAVINGS=0 keeps no ledger; IX_SAVINGS_BOUND (bytes)
 * moves the log aside sooner, which the tests use to compact under load; never later, since a
 * log past what a read takes would not be counted.
 */
export function recordAnswer(home: string, env: Record<string, string | undefined>, answered: Answered, trace: (message: string) => void): void {
  if (answered.spares === false || env.IX_SAVINGS === "0") return;
  try {
    const actual = tokensOfBytes(answered.stdoutBytes);
    const bound = Number(env.IX_SAVINGS_BOUND) > 0 ? Math.min(Number(env.IX_SAVINGS_BOUND), LEDGER_BOUND) : undefined;
    record(home, { at: Date.now(), command: answered.command, actual, naive: naiveTokens(actual, answered.spares, answered.files) }, bound);
  } catch (error) {
    trace(`savings ledger: ${error instanceof Error ? error.message : String(error)}`);
  }
}
