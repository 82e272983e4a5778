// Which words of a command line name the command: `ix [options] <command> [<verb>] …`. Options
// may come first (`ix --limit 5 status`); before the command is known, a word after an option
// none of the tables knows may be that option's value, and a registered command name is the
// command.
import type { ArgsDef } from "citty";
import { GLOBAL_ARGS, type IxCommand } from "../cmd/command";
import { invalidRequest } from "../model/errors";
import { COMMANDS } from "../cmd/index";
import { looksLikeOption, optionTable, readToken, type OptionTable } from "./tokens";
import { editDistance } from "../util/edit-distance";
import { byCodeUnit } from "../util/compare";

export interface Resolved {
  command: IxCommand<any>;
  /** "config set", "" for the root. */
  path: string;
  /** The command line without the command words. */
  rest: string[];
}

export function nearest(word: string, names: string[], max = 3): string[] {
  return names
    .map((name) => ({ name, d: name.startsWith(word) || word.startsWith(name) ? 1 : editDistance(word, name) }))
    .filter((c) => c.d <= Math.max(2, Math.floor(word.length / 3)))
    .sort((a, b) => a.d - b.d || byCodeUnit(a.name, b.name))
    .slice(0, max)
    .map((c) => c.name);
}

/** The index of the first positional word from `from` on, before any `--`. */
function firstWord(argv: string[], from: number, table: OptionTable, names: Record<string, unknown>): number | undefined {
  const unknownTakes = (word: string) => !looksLikeOption(word) && !Object.hasOwn(names, word);
  for (let at = from; at < argv.length; ) {
    const { token, next } = readToken(argv, at, table, { unknownTakes });
    if (token.kind === "rest") return undefined;
    if (token.kind === "word") return at;
    at = next;
  }
  return undefined;
}

const tableOf = (args: ArgsDef | undefined) => optionTable({ ...args, ...GLOBAL_ARGS });

export async function resolveCommand(argv: string[]): Promise<Resolved | undefined> {
  const first = firstWord(argv, 0, tableOf(undefined), COMMANDS);
  if (first === undefined) return undefined;
  const name = argv[first] as string;
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!entry) {
    const close = nearest(name, Object.keys(COMMANDS));
    throw invalidRequest(
      "unknown_command",
      `Unknown command '${name}'`,
      { command: name, suggestions: close },
      [close.length ? `Did you mean: ${close.map((c) => `ix ${c}`).join(", ")}?` : "Run ix --help for the commands."],
    );
  }
  let command = await entry.load();
  let path = name;
  const taken = [first];
  const verbs = command.subCommands;
  const second = verbs ? firstWord(argv, first + 1, tableOf(command.args), verbs) : undefined;
  if (verbs && second !== undefined) {
    const verb = argv[second] as string;
    const sub = Object.hasOwn(verbs, verb) ? verbs[verb] : undefined;
    if (sub) {
      command = sub;
      path += ` ${verb}`;
      taken.push(second);
    } else if (!command.args) {
      const close = nearest(verb, Object.keys(verbs));
      throw invalidRequest("unknown_command", `Unknown command 'ix ${name} ${verb}'`, { command: `${name} ${verb}`, suggestions: close }, [
        `Commands of ix ${name}: ${Object.keys(verbs).join(", ")}`,
      ]);
    }
  }
  return { command, path, rest: argv.filter((_, i) => !taken.includes(i)) };
}
