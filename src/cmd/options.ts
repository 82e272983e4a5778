// Options shared by the commands that take a target or answer with a bounded list, defined
// once so every command spells and checks them the same way.
import type { ArgsDef } from "citty";
import type { TargetOptions } from "../answers/target";
import { fieldNames, type RowFields, type RowShape } from "../present/shape";
import { NODE_KINDS } from "../model/facts";
import { invalidRequest } from "../model/errors";

export const TARGET_ARGS = {
  target: { type: "positional", required: true, description: "A symbol name, file path, path:line, Container::member, module.member or id prefix" },
  kind: { type: "string", description: "Only entities of this kind (function, method, class, interface, type, module, file)", valueHint: "kind" },
  path: { type: "string", description: "Only entities under this path", valueHint: "dir" },
  pick: { type: "string", description: "Choose the Nth candidate of an ambiguous target", valueHint: "n" },
  "include-tests": { type: "boolean", description: "Consider test and fixture entities too" },
  "tests-only": { type: "boolean", description: "Consider only test and fixture entities" },
} as const satisfies ArgsDef;

/**
 * A list command's --limit/--full/--fields with its own default and its rows' fields: the help
 * and the checks read the one number and the one declaration, so `--help` states the default
 * the command applies and the fields its rows have.
 */
export function boundedList(defaultLimit: number, rows: RowFields) {
  const names = fieldNames(rows);
  const adds = rows.optional.length ? `; given alone, ${rows.optional.join(", ")} are added to the default rows` : "";
  const args = {
    limit: { type: "string", description: `At most this many rows (default ${defaultLimit})`, valueHint: "n" },
    full: { type: "boolean", description: "Every row, no limit" },
    fields: { type: "string", description: `Row fields to show, comma-separated, of: ${names.join(", ")}${adds}`, valueHint: "a,b" },
  } as const satisfies ArgsDef;
  return { args, shape: (values: { limit?: string; full?: boolean; fields?: string }) => listOptions(values, defaultLimit, rows) };
}

/** A --kind value: one of the kinds nodes have, else a usage error (never a silent empty answer). */
export function kindOption(value: string | undefined): string | undefined {
  if (value !== undefined && !NODE_KINDS.includes(value)) {
    throw invalidRequest("invalid_value", `Invalid value for --kind: "${value}". Expected one of: ${NODE_KINDS.join(", ")}`, { option: "--kind", value });
  }
  return value;
}

export function targetOptions(args: { kind?: string; path?: string; pick?: string; "include-tests"?: boolean; "tests-only"?: boolean }): TargetOptions {
  return {
    kind: kindOption(args.kind),
    path: args.path,
    pick: positiveInt(args.pick, "--pick"),
    includeTests: args["include-tests"],
    testsOnly: args["tests-only"],
  };
}

function listOptions(args: { limit?: string; full?: boolean; fields?: string }, defaultLimit: number, rows: RowFields): RowShape {
  const limit = args.full ? Number.MAX_SAFE_INTEGER : (positiveInt(args.limit, "--limit") ?? defaultLimit);
  const fields = args.fields?.split(",").map((f) => f.trim()).filter(Boolean) ?? [];
  const names = fieldNames(rows);
  // A field no row has would print empty rows, which read as rows without values.
  const unknown = fields.filter((f) => !names.includes(f));
  if (unknown.length > 0) {
    throw invalidRequest(
      "unknown_field",
      `Unknown field${unknown.length > 1 ? "s" : ""} for --fields: ${unknown.join(", ")}. The rows have: ${names.join(", ")}`,
      { option: "--fields", value: unknown.join(","), fields: names },
    );
  }
  if (fields.length > 0 && fields.every((f) => rows.optional.includes(f))) return { limit, add: fields };
  return { limit, only: fields.length > 0 ? fields : undefined, add: [] };
}

/** A positive whole number written plainly: `0`, `-5`, `1e3`, `10abc` are usage errors. */
export function positiveInt(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,8}$/.test(value))
    throw invalidRequest("invalid_value", `${option} takes a positive whole number, got "${value}"`, { option, value });
  return Number(value);
}
