// After an answered command, one line to the savings ledger: the tokens it printed and the tokens
// an agent would have read without it. Recording never fails a command: a failure is dropped,
// and told on stderr under IX_TRACE.
import { record } from "../ledger/ledger";
import type { IxCommand } from "../cmd/command";

/** The one estimate of tokens from text: 4 bytes a token (README, Savings). */
export const tokensOfBytes = (bytes: number) => Math.ceil(bytes / 4);

/** The files a question read or checked on disk, each counted once at its size. */
export class SparedFiles {
  private readonly sizes = new Map<string, number>();

  file(path: string, bytes: number): void {
    this.sizes.set(path, Math.max(bytes, this.sizes.get(path) ?? 0));
  }

  get bytes(): number {
    let total = 0;
    for (const size of this.sizes.values()) total += size;
    return total;
  }
}

/** Without ix an agent reads at least what ix printed; a command that spares files spares their reading. */
export function naiveTokens(actual: number, spares: IxCommand["savings"], files: SparedFiles): number {
  return spares === "files" ? Math.max(actual, tokensOfBytes(files.bytes)) : actual;
}

export function recordAnswer(home: string, command: string, stdoutBytes: number, spares: IxCommand["savings"], files: SparedFiles, trace: (message: string) => void): void {
  if (spares === false) return;
  try {
    const actual = tokensOfBytes(stdoutBytes);
    record(home, { at: Date.now(), command, actual, naive: naiveTokens(actual, spares, files) });
  } catch (error) {
    trace(`savings ledger not written: ${error instanceof Error ? error.message : String(error)}`);
  }
}
