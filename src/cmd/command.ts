// A command is a citty definition plus what ix needs for help and next steps. Commands get
// their parsed arguments and a Context; they emit records and never print.
import type { ArgsDef, ParsedArgs } from "citty";
import type { FileMeter } from "../answers/files";
import type { Format, Writer } from "../wire/writer";

export interface Context {
  writer: Writer;
  format: Format;
  cwd: string;
  env: Record<string, string | undefined>;
  /** $IX_HOME, default ~/.ix. */
  home: string;
  /** Notes for a person, on stderr, only when one is watching. */
  note(message: string): void;
  /** Text for stderr whoever reads it (what a map rebuilt, a trace asked for). */
  stderr(text: string): void;
  /** A line of progress that rewrites itself on stderr, when a terminal shows it. */
  status?: StatusLine;
  /**
   * Runs another command line in this process, its records written to `sink`, and gives its
   * exit code: how a surface that is not the command line (the MCP server) asks the commands.
   */
  runLine(argv: string[], sink: (chunk: string) => void, scope?: LineScope): Promise<number>;
  /** The directories this request may act in (an MCP client's roots, real paths); absent on the command line. */
  roots?: readonly string[];
  /** ix's version, as `--version` answers it. */
  version: string;
  /** Standard input as text, up to `maxBytes` (a hook's event from its host). */
  input(maxBytes: number): Promise<string>;
  /** Text for stdout as it is: an answer in a host's own format, which no record writer makes. */
  stdout(text: string): void;
  /** `stop` runs at the first SIGINT or SIGTERM (a command that runs until it is stopped). */
  onStop(stop: () => void): void;
  /** Hears the files a question reads or checks on disk, for the savings ledger. */
  meter?: FileMeter;
}

/** Where a line run for another surface asks from, and the directories it may act in. */
export interface LineScope {
  cwd: string;
  roots: readonly string[];
}

export interface StatusLine {
  show(text: string): void;
  clear(): void;
}

export interface Example {
  run: string;
  why: string;
}

export interface IxCommand<T extends ArgsDef = ArgsDef> {
  meta: { name: string; description: string };
  args?: T;
  examples?: Example[];
  /** What `--help` explains beyond the options: the rules a command applies, say. */
  notes?: { name: string; text: string }[];
  subCommands?: Record<string, IxCommand<any>>;
  /**
   * What the savings ledger counts the answer as sparing an agent (README, Savings): "files",
   * the files its records name that it read or checked on disk; by default nothing beyond its
   * own output. `false`: the command is not an answer to count (the ledger itself, a server).
   */
  savings?: "files" | false;
  /** For a group: what a bare invocation shows (its live data). */
  run?: (args: ParsedArgs<T>, ctx: Context) => void | Promise<void>;
}

export function defineIx<const T extends ArgsDef>(def: IxCommand<T>): IxCommand<T> {
  return def;
}

/** Options every command takes. */
export const GLOBAL_ARGS = {
  format: { type: "string", description: "Output format: text, json, llm or toon", valueHint: "fmt" },
  help: { type: "boolean", description: "Show this command's help", alias: ["h"] },
} as const satisfies ArgsDef;
