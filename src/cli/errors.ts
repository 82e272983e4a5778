import type { Fields } from "../wire/record";

/** Records that follow an error: the candidates of an ambiguity, the suggestions of a miss. */
export interface ErrorRows {
  kind: string;
  rows: Fields[];
}

/** Exit 1: the command could not finish. Exit 2: the command line itself is wrong. */
export type ExitCode = 1 | 2;

/** What a command throws when it cannot answer; the dispatcher writes it as an error record. */
export class CliError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exit: ExitCode = 1,
    readonly details: Fields = {},
    readonly help: string[] = [],
    readonly rows: ErrorRows[] = [],
  ) {
    super(message);
  }
}

export const usageError = (code: string, message: string, details: Fields = {}, help: string[] = []) =>
  new CliError(code, message, 2, details, help);
