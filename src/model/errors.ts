// What any layer throws when it cannot answer. A surface (the CLI, an MCP tool) turns it into
// its own error record: the code and details are the answer; exit codes and help are the
// surface's.
import type { Remedy } from "./remedy";

export type Detail = string | number | boolean | null | undefined | readonly (string | number)[];
export type Details = Record<string, Detail>;

/** Records that follow an error: the candidates of an ambiguity, the suggestions of a miss. */
export interface ErrorRows {
  kind: string;
  rows: Details[];
}

export interface IxErrorOptions {
  /** The request itself is wrong (a bad value, an empty target): the CLI exits 2, not 1. */
  invalidRequest?: boolean;
  rows?: ErrorRows[];
  /** What would fix it; a surface names it in its own words (the CLI's `hint=` command line). */
  fix?: Remedy;
  /** Lines of help a person may read after the error (usage, the values allowed). */
  help?: string[];
}

export class IxError extends Error {
  readonly invalidRequest: boolean;
  readonly rows: ErrorRows[];
  readonly fix: Remedy | undefined;
  readonly help: string[];

  constructor(
    readonly code: string,
    message: string,
    readonly details: Details = {},
    options: IxErrorOptions = {},
  ) {
    super(message);
    this.name = "IxError";
    this.invalidRequest = options.invalidRequest ?? false;
    this.rows = options.rows ?? [];
    this.fix = options.fix;
    this.help = options.help ?? [];
  }
}

/** A request that cannot be answered as asked: an unknown option, a bad value, an out-of-range choice. */
export const invalidRequest = (code: string, message: string, details: Details = {}, help: string[] = []) =>
  new IxError(code, message, details, { invalidRequest: true, help });
