// The usage check and the values a command receives, both read from the same tokens. citty
// accepts any option; AXI rule 6 wants unknown ones rejected, so the check runs first and throws
// the top-ranked usage error, and only a command line that passed it becomes values.
import type { ArgsDef, ParsedArgs } from "citty";
import { GLOBAL_ARGS, type IxCommand } from "../cmd/command";
import { invalidRequest, type IxError } from "../model/errors";
import { flagValue, lastOption, optionTable, positionalsOf, tokenize, type Token } from "./tokens";

const RANK = ["unknown_option", "missing_value", "invalid_value", "unexpected_argument", "missing_argument"];

/** The root's own options, beside the global ones: `ix --version --format json`. */
export const ROOT_ARGS = {
  version: { type: "boolean", description: "Print the version and exit", alias: ["V"] },
} as const satisfies ArgsDef;

/** A command line that names no command, read against the root's options and the global ones. */
export function readRootArgs(argv: string[]): { def: ArgsDef; tokens: Token[] } {
  const def = { ...ROOT_ARGS, ...GLOBAL_ARGS } as ArgsDef;
  return { def, tokens: tokenize(argv, optionTable(def)) };
}

/** --version or -V, read like any boolean: the last one given decides. */
export function versionAsked(tokens: readonly Token[]): boolean {
  const asked = lastOption(tokens, "version");
  return asked !== undefined && flagValue(asked);
}

/** The command's options with the global ones, and its part of the command line read against them. */
export function readArgs(command: IxCommand<any> | undefined, rest: string[]): { def: ArgsDef; tokens: Token[] } {
  const def = { ...command?.args, ...GLOBAL_ARGS } as ArgsDef;
  return { def, tokens: tokenize(rest, optionTable(def)) };
}

/** --help or -h, read like any boolean: the last one given decides. */
export function helpAsked(tokens: readonly Token[]): boolean {
  const help = lastOption(tokens, "help");
  return help !== undefined && flagValue(help);
}

export function usageLine(path: string, def: ArgsDef): string {
  const positionals = Object.entries(def)
    .filter(([, arg]) => arg.type === "positional")
    .map(([key, arg]) => (arg.required === false || arg.default !== undefined ? `[${key}]` : `<${key}>`));
  return [`ix${path ? " " + path : ""}`, ...positionals, "[options]"].join(" ");
}

/** Throws the top-ranked usage error of the command line, if it has one. */
export function checkArgs(tokens: readonly Token[], def: ArgsDef, path: string): void {
  const positionals = Object.entries(def).filter(([, arg]) => arg.type === "positional");
  const problems: IxError[] = [];
  const seen = new Set<string>();
  const usage = `Usage: ${usageLine(path, def)}`;
  const help = [usage, `Run ix${path ? " " + path : ""} --help for the options.`];
  const positionalCount = positionalsOf(tokens).length;

  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const { name, spec, value } = token;
    if (!spec) {
      problems.push(invalidRequest("unknown_option", `Unknown option ${name} for ix${path ? " " + path : ""}`, { option: name }, help));
      continue;
    }
    seen.add(spec.key);
    if (spec.def.type === "boolean") {
      if (token.inline && !token.negated && !/^(true|false)$/.test(value as string))
        problems.push(invalidRequest("invalid_value", `${name} is a flag and takes no value`, { option: name }, help));
      continue;
    }
    if (value === undefined) {
      problems.push(invalidRequest("missing_value", `${name} needs a value`, { option: name }, help));
      continue;
    }
    if (spec.def.type === "enum" && spec.def.options && !spec.def.options.includes(value)) {
      problems.push(
        invalidRequest(
          "invalid_value",
          `Invalid value for --${spec.key}: "${value}". Expected one of: ${spec.def.options.join(", ")}`,
          { option: `--${spec.key}`, value },
          help,
        ),
      );
    }
  }

  if (positionalCount > positionals.length) {
    problems.push(
      invalidRequest("unexpected_argument", `Too many arguments for ix${path ? " " + path : ""}: expected at most ${positionals.length}`, {}, help),
    );
  } else {
    for (const [key, arg] of positionals.slice(positionalCount)) {
      if (arg.required !== false && arg.default === undefined)
        problems.push(invalidRequest("missing_argument", `Missing argument <${key}> for ix${path ? " " + path : ""}`, { argument: key }, help));
    }
  }
  for (const [key, arg] of Object.entries(def)) {
    if (arg.type !== "positional" && arg.required && !seen.has(key))
      problems.push(invalidRequest("missing_argument", `Missing option --${key}`, { option: `--${key}` }, help));
  }

  if (problems.length > 0) {
    problems.sort((a, b) => RANK.indexOf(a.code) - RANK.indexOf(b.code));
    throw problems[0];
  }
}

/**
 * What a command receives, shaped as citty's ParsedArgs: `_` holds every positional, each
 * option is under its key and its aliases, each positional under its name or its default. A
 * kebab-case key is also under its camelCase spelling, which citty's ParsedArgs answers to.
 */
export function argValues<T extends ArgsDef>(tokens: readonly Token[], def: T): ParsedArgs<T> {
  const positionals = positionalsOf(tokens);
  const values: Record<string, unknown> = { _: positionals };
  const set = (key: string, value: unknown) => {
    const arg = def[key] as T[string];
    const aliases = "alias" in arg && arg.alias ? [arg.alias].flat() : [];
    const camel = key.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    for (const name of new Set([key, camel, ...aliases])) values[name] = value;
  };
  for (const token of tokens) {
    if (token.kind !== "option" || !token.spec) continue;
    set(token.spec.key, token.spec.def.type === "boolean" ? flagValue(token) : token.value);
  }
  let next = 0;
  for (const [key, arg] of Object.entries(def)) {
    if (arg.type === "positional") set(key, positionals[next++] ?? arg.default);
  }
  return values as ParsedArgs<T>;
}

/** The values of a command line that passes the usage check; else its top-ranked usage error. */
export function commandArgs<T extends ArgsDef>(tokens: readonly Token[], def: T, path: string): ParsedArgs<T> {
  checkArgs(tokens, def, path);
  return argValues(tokens, def);
}
