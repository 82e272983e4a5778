// The one reading of argv. Which words name the command, whether help is asked, the format, the
// usage check and the values a command receives all come from these tokens, so they cannot
// disagree about what a word is.
//
// The rules:
// - `--` ends the options: every word after it is a positional, whatever it looks like.
// - A word that does not start with `-`, a lone `-`, and a number such as `-5` are positionals.
// - `--name=value` carries its value; `--name value` takes the next word unless that word starts
//   with `--` (so `--limit -5` is a value, `--kind --full` a missing one).
// - A boolean takes no word after it; `--no-name` is the same boolean, false.
// - `-h` and other aliases stand for their option.
// - An option the table does not know takes no word after it, unless the caller says otherwise
//   (`unknownTakes`): before the command is known, a word after an unknown option may be its
//   value, and which one it is only the command words can tell.
import type { ArgDef, ArgsDef } from "citty";

export interface OptionSpec {
  /** The key in the command's ArgsDef: `limit` for `--limit`, `help` for `-h`. */
  key: string;
  def: ArgDef;
}

/** Option names (`--limit`, `-h`) → what they stand for. */
export type OptionTable = ReadonlyMap<string, OptionSpec>;

export type Token =
  | { kind: "word"; text: string; at: number }
  | {
      kind: "option";
      /** As written, without any `=value`: `--limit`, `--no-full`, `-h`. */
      name: string;
      /** Undefined for an option the table does not know. */
      spec?: OptionSpec;
      /** `--no-x` for the boolean `x`. */
      negated: boolean;
      /** Written as `--name=value`. */
      inline: boolean;
      /** Undefined when no value was written. */
      value?: string;
      at: number;
    }
  /** `--` and every word after it. */
  | { kind: "rest"; words: string[]; at: number };

export interface ReadOptions {
  /** Whether an option the table does not know takes this next word as its value. */
  unknownTakes?: (word: string) => boolean;
}

export function optionTable(def: ArgsDef): OptionTable {
  const table = new Map<string, OptionSpec>();
  for (const [key, arg] of Object.entries(def)) {
    if (arg.type === "positional") continue;
    table.set(`--${key}`, { key, def: arg });
    const aliases = "alias" in arg && arg.alias ? [arg.alias].flat() : [];
    for (const alias of aliases) table.set(alias.length === 1 ? `-${alias}` : `--${alias}`, { key, def: arg });
  }
  return table;
}

/** A word that reads as an option: `-x`, `--x`, not `-` nor a number such as `-5`. */
export const looksLikeOption = (word: string): boolean => word.startsWith("-") && word !== "-" && !/^-\d/.test(word);

const takesValue = (spec: OptionSpec): boolean => spec.def.type !== "boolean";

function lookup(name: string, table: OptionTable): { spec?: OptionSpec; negated: boolean } {
  const spec = table.get(name);
  if (spec || !name.startsWith("--no-")) return { spec, negated: false };
  const positive = table.get(`--${name.slice(5)}`);
  return positive?.def.type === "boolean" ? { spec: positive, negated: true } : { negated: false };
}

/** The token that starts at `at`, and where the next one starts. */
export function readToken(argv: readonly string[], at: number, table: OptionTable, opts: ReadOptions = {}): { token: Token; next: number } {
  const word = argv[at] as string;
  if (word === "--") return { token: { kind: "rest", words: argv.slice(at + 1), at }, next: argv.length };
  if (!looksLikeOption(word)) return { token: { kind: "word", text: word, at }, next: at + 1 };

  const eq = word.indexOf("=");
  const name = eq < 0 ? word : word.slice(0, eq);
  const { spec, negated } = lookup(name, table);
  const option = { kind: "option" as const, name, spec, negated, at };
  if (eq >= 0) return { token: { ...option, inline: true, value: word.slice(eq + 1) }, next: at + 1 };

  const following = argv[at + 1];
  const takes =
    following !== undefined && (spec ? takesValue(spec) && !following.startsWith("--") : (opts.unknownTakes?.(following) ?? false));
  if (takes) return { token: { ...option, inline: false, value: following }, next: at + 2 };
  return { token: { ...option, inline: false }, next: at + 1 };
}

export function tokenize(argv: readonly string[], table: OptionTable, opts: ReadOptions = {}): Token[] {
  const tokens: Token[] = [];
  for (let at = 0; at < argv.length; ) {
    const { token, next } = readToken(argv, at, table, opts);
    tokens.push(token);
    at = next;
  }
  return tokens;
}

/** A boolean option's value as written: `--x`, `--x=true` → true; `--no-x`, `--x=false` → false. */
export function flagValue(token: Extract<Token, { kind: "option" }>): boolean {
  return !token.negated && token.value !== "false";
}

/** The positionals in order: plain words and everything after `--`. */
export function positionalsOf(tokens: readonly Token[]): string[] {
  const words: string[] = [];
  for (const token of tokens) {
    if (token.kind === "word") words.push(token.text);
    else if (token.kind === "rest") words.push(...token.words);
  }
  return words;
}

/** The last value given for an option (a repeated option's last one wins), if any. */
export function lastOption(tokens: readonly Token[], key: string): Extract<Token, { kind: "option" }> | undefined {
  let found: Extract<Token, { kind: "option" }> | undefined;
  for (const token of tokens) if (token.kind === "option" && token.spec?.key === key) found = token;
  return found;
}
