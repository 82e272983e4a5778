// --format > IX_FORMAT > `format` in config.yaml > text. A bad environment or config value is
// ignored (it would otherwise break every later command at once); a bad --format is a usage error.
import { loadConfig, type LoadedConfig } from "../config/store";
import { isFormat, type Format } from "../wire/writer";
import { GLOBAL_ARGS } from "../cmd/command";
import { invalidRequest, type IxError } from "../model/errors";
import { lastOption, optionTable, tokenize } from "./tokens";

export interface FormatChoice {
  format: Format;
  /** Notes about ignored values, for a person on stderr. */
  notes: string[];
  /** A --format value that is not a format: reported, in the format chosen without it. */
  invalidFlag?: IxError;
}

const GLOBAL_TABLE = optionTable(GLOBAL_ARGS);

/**
 * The format the command line asks for, if any: the last `--format x` or `--format=x` before
 * `--`; "" when --format is given without a value. --format is a global option, so where it is
 * does not depend on the command.
 */
export function formatFlag(argv: string[]): string | undefined {
  const token = lastOption(tokenize(argv, GLOBAL_TABLE), "format");
  return token && (token.value ?? "");
}

/**
 * The settings are read whatever the command line says, so a file that cannot be used is noted
 * on every command, not only on those that would have taken their format from it.
 */
export function chooseFormat(argv: string[], env: Record<string, string | undefined>, home: string): FormatChoice {
  const config = loadConfig(home);
  const notes = config.problem ? [config.problem] : [];
  const flag = formatFlag(argv);
  if (flag !== undefined && isFormat(flag)) return { format: flag, notes };
  const format = defaultFormat(env, config, notes);
  if (flag === undefined) return { format, notes };
  const invalidFlag = invalidRequest("invalid_value", `Invalid value for --format: "${flag}". Expected one of: text, json, llm, toon`, {
    option: "--format",
    value: flag,
  });
  return { format, notes, invalidFlag };
}

function defaultFormat(env: Record<string, string | undefined>, config: LoadedConfig, notes: string[]): Format {
  const fromEnv = env.IX_FORMAT;
  if (fromEnv) {
    if (isFormat(fromEnv)) return fromEnv;
    notes.push(`ignoring IX_FORMAT=${JSON.stringify(fromEnv)}: expected text, json, llm or toon`);
  }
  const fromConfig = config.values.format;
  if (fromConfig === undefined) return "text";
  if (isFormat(fromConfig)) return fromConfig;
  notes.push(`ignoring format ${JSON.stringify(fromConfig)} in config.yaml: expected text, json, llm or toon`);
  return "text";
}
