// The one way a command line becomes records: choose the format, find the command, check the
// arguments, run, and turn any failure into an error record with the right exit code.
import type { ArgsDef } from "citty";
import { ixHome } from "../config/store";
import { Writer } from "../wire/writer";
import { checkArgs, parseCommandArgs } from "./args";
import { GLOBAL_ARGS, type Context, type IxCommand } from "./command";
import { IxError } from "../model/errors";
import { CliError, exitCodeOf, usageError } from "./errors";
import { chooseFormat } from "./format";
import { writeCommandHelp, writeRootHelp } from "./help";
import { COMMANDS } from "./registry";
import { writeStdout } from "./stdout";
import { editDistance } from "../util/edit-distance";
import { byCodeUnit } from "../util/compare";
import { isTerminal, writeStderr } from "../util/tty";

export interface Resolved {
  command: IxCommand<any>;
  /** "config set", "" for the root. */
  path: string;
  /** The command line without the command words. */
  rest: string[];
}

/** Words of the command line that are not options or option values. */
function commandWordIndexes(argv: string[]): number[] {
  const words: number[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    if (token === "--") break;
    if (token === "--format") i++;
    else if (!token.startsWith("-")) words.push(i);
  }
  return words;
}

export function nearest(word: string, names: string[], max = 3): string[] {
  return names
    .map((name) => ({ name, d: name.startsWith(word) || word.startsWith(name) ? 1 : editDistance(word, name) }))
    .filter((c) => c.d <= Math.max(2, Math.floor(word.length / 3)))
    .sort((a, b) => a.d - b.d || byCodeUnit(a.name, b.name))
    .slice(0, max)
    .map((c) => c.name);
}

export async function resolveCommand(argv: string[]): Promise<Resolved | undefined> {
  const words = commandWordIndexes(argv);
  const first = words[0];
  if (first === undefined) return undefined;
  const name = argv[first] as string;
  const entry = COMMANDS[name];
  if (!entry) {
    const close = nearest(name, Object.keys(COMMANDS));
    throw usageError(
      "unknown_command",
      `Unknown command '${name}'`,
      { command: name, suggestions: close },
      [close.length ? `Did you mean: ${close.map((c) => `ix ${c}`).join(", ")}?` : "Run ix --help for the commands."],
    );
  }
  let command = await entry.load();
  let path = name;
  const taken = [first];
  const second = words[1];
  if (command.subCommands && second !== undefined) {
    const verb = argv[second] as string;
    const sub = command.subCommands[verb];
    if (sub) {
      command = sub;
      path += ` ${verb}`;
      taken.push(second);
    } else if (!command.args) {
      const close = nearest(verb, Object.keys(command.subCommands));
      throw usageError("unknown_command", `Unknown command 'ix ${name} ${verb}'`, { command: `${name} ${verb}`, suggestions: close }, [
        `Commands of ix ${name}: ${Object.keys(command.subCommands).join(", ")}`,
      ]);
    }
  }
  return { command, path, rest: argv.filter((_, i) => !taken.includes(i)) };
}

const wantsHelp = (argv: string[]) => {
  const end = argv.indexOf("--");
  return (end < 0 ? argv : argv.slice(0, end)).some((t) => t === "--help" || t === "-h");
};

/** Checks a command line this CLI suggests (a next step, an example) against the command tree. */
export async function checkCommandLine(words: string[]): Promise<void> {
  if (words[0] !== "ix") throw new Error(`not an ix command line: ${words.join(" ")}`);
  const resolved = await resolveCommand(words.slice(1));
  if (!resolved) return;
  checkArgs(resolved.rest, { ...resolved.command.args, ...GLOBAL_ARGS } as ArgsDef, resolved.path);
}

export async function dispatch(argv: string[], env: Record<string, string | undefined>, cwd: string, version: string): Promise<number> {
  const home = ixHome(env);
  const choice = chooseFormat(argv, env, home);
  const color = choice.format === "text" && !env.NO_COLOR && isTerminal(1);
  const writer = new Writer(choice.format, writeStdout, color);
  const note = (message: string) => {
    if (isTerminal(2)) writeStderr(`ix: ${message}\n`);
  };
  for (const message of choice.notes) note(message);

  try {
    if (choice.invalidFlag) throw choice.invalidFlag;
    const resolved = await resolveCommand(argv);
    const help = wantsHelp(argv);
    if (!resolved && help) {
      writeRootHelp(writer, version);
      writer.end();
      return 0;
    }
    const { command, path, rest } = resolved ?? { command: await loadHome(), path: "", rest: argv };
    if (help) {
      writeCommandHelp(writer, command, path);
      writer.end();
      return 0;
    }
    const def = { ...command.args, ...GLOBAL_ARGS } as ArgsDef;
    const args = parseCommandArgs(rest, def, path);
    if (!command.run) {
      const verbs = Object.keys(command.subCommands ?? {});
      throw usageError("missing_command", `ix ${path} needs a command: ${verbs.join(", ")}`, {}, [`Run ix ${path} --help.`]);
    }
    const ctx: Context = { writer, format: choice.format, cwd, env, home, note };
    await command.run(args, ctx);
    writer.end();
    return 0;
  } catch (error) {
    const failure = error instanceof IxError ? error : new IxError("internal_error", error instanceof Error ? error.message : String(error));
    if (!(error instanceof IxError) && env.IX_DEBUG) writeStderr(`${(error as Error)?.stack}\n`);
    const help = failure instanceof CliError ? failure.help : [];
    writer.error({ code: failure.code, message: failure.message, details: failure.details, help, rows: failure.rows });
    writer.end();
    return exitCodeOf(failure);
  }
}

async function loadHome(): Promise<IxCommand<any>> {
  return (await import("../cmd/home")).default;
}
