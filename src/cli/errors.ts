import { IxError, type Details } from "../model/errors";

/** Exit 1: the command could not finish. Exit 2: the command line itself is wrong. */
export type ExitCode = 1 | 2;

/** An error of the command line itself (an unknown command or option, a missing value). */
export const usageError = (code: string, message: string, details: Details = {}, help: string[] = []) =>
  new IxError(code, message, details, { invalidRequest: true, help });

/** The exit code of any error a command throws: 2 for a request that is wrong, else 1. */
export function exitCodeOf(error: IxError): ExitCode {
  return error.invalidRequest ? 2 : 1;
}
