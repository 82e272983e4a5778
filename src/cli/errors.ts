import { IxError, type ErrorRows } from "../model/errors";
import type { Fields } from "../wire/record";

export type { ErrorRows };

/** Exit 1: the command could not finish. Exit 2: the command line itself is wrong. */
export type ExitCode = 1 | 2;

/** An error of the command line itself, or one carrying CLI help: written with its exit code. */
export class CliError extends IxError {
  constructor(
    code: string,
    message: string,
    readonly exit: ExitCode = 1,
    details: Fields = {},
    readonly help: string[] = [],
    rows: ErrorRows[] = [],
  ) {
    super(code, message, details as IxError["details"], { invalidRequest: exit === 2, rows });
  }
}

export const usageError = (code: string, message: string, details: Fields = {}, help: string[] = []) =>
  new CliError(code, message, 2, details, help);

/** The exit code of any error a command throws: 2 for a request that is wrong, else 1. */
export function exitCodeOf(error: IxError): ExitCode {
  return error instanceof CliError ? error.exit : error.invalidRequest ? 2 : 1;
}
