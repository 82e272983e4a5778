import type { IxError } from "../model/errors";

/** Exit 1: the command could not finish. Exit 2: the command line itself is wrong. */
export type ExitCode = 1 | 2;

/** The exit code of any error a command throws: 2 for a request that is wrong, else 1. */
export function exitCodeOf(error: IxError): ExitCode {
  return error.invalidRequest ? 2 : 1;
}
