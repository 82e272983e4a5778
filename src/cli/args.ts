// citty accepts any option; AXI rule 6 wants unknown ones rejected. This walks the command line
// against the command's ArgsDef first and throws the top-ranked usage error, then lets citty parse.
import { parseArgs, type ArgDef, type ArgsDef, type ParsedArgs } from "citty";
import { usageError, type CliError } from "./errors";

interface OptionSpec {
  key: string;
  def: ArgDef;
}

const RANK = ["unknown_option", "missing_value", "invalid_value", "unexpected_argument", "missing_argument"];

function optionTable(def: ArgsDef): Map<string, OptionSpec> {
  const table = new Map<string, OptionSpec>();
  for (const [key, arg] of Object.entries(def)) {
    if (arg.type === "positional") continue;
    table.set(`--${key}`, { key, def: arg });
    const aliases = "alias" in arg && arg.alias ? [arg.alias].flat() : [];
    for (const alias of aliases) table.set(alias.length === 1 ? `-${alias}` : `--${alias}`, { key, def: arg });
  }
  return table;
}

export function usageLine(path: string, def: ArgsDef): string {
  const positionals = Object.entries(def)
    .filter(([, arg]) => arg.type === "positional")
    .map(([key, arg]) => (arg.required === false || arg.default !== undefined ? `[${key}]` : `<${key}>`));
  return [`ix${path ? " " + path : ""}`, ...positionals, "[options]"].join(" ");
}

/** Throws the top-ranked usage error of the command line, if it has one. */
export function checkArgs(raw: string[], def: ArgsDef, path: string): void {
  const options = optionTable(def);
  const positionals = Object.entries(def).filter(([, arg]) => arg.type === "positional");
  const problems: CliError[] = [];
  const seen = new Set<string>();
  const usage = `Usage: ${usageLine(path, def)}`;
  const help = [usage, `Run ix${path ? " " + path : ""} --help for the options.`];
  let positionalCount = 0;

  for (let i = 0; i < raw.length; i++) {
    const token = raw[i] as string;
    if (token === "--") {
      positionalCount += raw.length - i - 1;
      break;
    }
    if (!token.startsWith("-") || token === "-" || /^-\d/.test(token)) {
      positionalCount++;
      continue;
    }
    const eq = token.indexOf("=");
    const name = eq < 0 ? token : token.slice(0, eq);
    let spec = options.get(name);
    let negated = false;
    if (!spec && name.startsWith("--no-")) {
      const positive = options.get(`--${name.slice(5)}`);
      if (positive?.def.type === "boolean") {
        spec = positive;
        negated = true;
      }
    }
    if (!spec) {
      problems.push(usageError("unknown_option", `Unknown option ${name} for ix${path ? " " + path : ""}`, { option: name }, help));
      continue;
    }
    seen.add(spec.key);
    if (spec.def.type === "boolean") {
      if (eq >= 0 && !negated && !/^(true|false)$/.test(token.slice(eq + 1)))
        problems.push(usageError("invalid_value", `${name} is a flag and takes no value`, { option: name }, help));
      continue;
    }
    let value: string | undefined;
    if (eq >= 0) value = token.slice(eq + 1);
    else if (i + 1 < raw.length && !(raw[i + 1] as string).startsWith("--")) value = raw[++i];
    if (value === undefined) {
      problems.push(usageError("missing_value", `${name} needs a value`, { option: name }, help));
      continue;
    }
    if (spec.def.type === "enum" && spec.def.options && !spec.def.options.includes(value)) {
      problems.push(
        usageError(
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
      usageError("unexpected_argument", `Too many arguments for ix${path ? " " + path : ""}: expected at most ${positionals.length}`, {}, help),
    );
  } else {
    for (const [key, arg] of positionals.slice(positionalCount)) {
      if (arg.required !== false && arg.default === undefined)
        problems.push(usageError("missing_argument", `Missing argument <${key}> for ix${path ? " " + path : ""}`, { argument: key }, help));
    }
  }
  for (const [key, arg] of Object.entries(def)) {
    if (arg.type !== "positional" && arg.required && !seen.has(key))
      problems.push(usageError("missing_argument", `Missing option --${key}`, { option: `--${key}` }, help));
  }

  if (problems.length > 0) {
    problems.sort((a, b) => RANK.indexOf(a.code) - RANK.indexOf(b.code));
    throw problems[0];
  }
}

export function parseCommandArgs<T extends ArgsDef>(raw: string[], def: T, path: string): ParsedArgs<T> {
  checkArgs(raw, def, path);
  return parseArgs<T>(raw, def);
}

/** A positive whole number written plainly: `0`, `-5`, `1e3`, `10abc` are usage errors. */
export function positiveInt(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,8}$/.test(value))
    throw usageError("invalid_value", `${option} takes a positive whole number, got "${value}"`, { option, value });
  return Number(value);
}
