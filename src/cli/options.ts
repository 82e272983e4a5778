// Options shared by the commands that take a target or answer with a bounded list, defined
// once so every command spells and checks them the same way.
import type { ArgsDef } from "citty";
import type { TargetOptions } from "../query/target";
import { positiveInt } from "./args";
import { usageError } from "./errors";

export const TARGET_ARGS = {
  target: { type: "positional", required: true, description: "A symbol name, file path, path:line, Container::member, module.member or id prefix" },
  kind: { type: "string", description: "Only entities of this kind (function, method, class, interface, type, module, file)", valueHint: "kind" },
  path: { type: "string", description: "Only entities under this path", valueHint: "dir" },
  pick: { type: "string", description: "Choose the Nth candidate of an ambiguous target", valueHint: "n" },
  "include-tests": { type: "boolean", description: "Consider test and fixture entities too" },
  "tests-only": { type: "boolean", description: "Consider only test and fixture entities" },
} as const satisfies ArgsDef;

export const LIST_ARGS = {
  limit: { type: "string", description: "At most this many rows (default 50)", valueHint: "n" },
  full: { type: "boolean", description: "Every row, no limit" },
  fields: { type: "string", description: "Row fields to show, comma-separated; `id` alone adds ids to the default rows", valueHint: "a,b" },
} as const satisfies ArgsDef;

const KINDS = ["function", "method", "class", "interface", "type", "module", "file"];

export function targetOptions(args: { kind?: string; path?: string; pick?: string; "include-tests"?: boolean; "tests-only"?: boolean }): TargetOptions {
  if (args.kind !== undefined && !KINDS.includes(args.kind)) {
    throw usageError("invalid_value", `Invalid value for --kind: "${args.kind}". Expected one of: ${KINDS.join(", ")}`, { option: "--kind", value: args.kind });
  }
  return {
    kind: args.kind,
    path: args.path,
    pick: positiveInt(args.pick, "--pick"),
    includeTests: args["include-tests"],
    testsOnly: args["tests-only"],
  };
}

export interface ListOptions {
  limit: number;
  /** Fields to show on rows, or undefined for the command's default. */
  only?: string[];
  /** Optional fields to add to the default rows. */
  add: string[];
}

const ADDABLE = new Set(["id", "via", "confidence", "signature", "role"]);

export function listOptions(args: { limit?: string; full?: boolean; fields?: string }, defaultLimit = 50): ListOptions {
  const limit = args.full ? Number.MAX_SAFE_INTEGER : (positiveInt(args.limit, "--limit") ?? defaultLimit);
  const fields = args.fields?.split(",").map((f) => f.trim()).filter(Boolean) ?? [];
  if (fields.length > 0 && fields.every((f) => ADDABLE.has(f))) return { limit, add: fields };
  return { limit, only: fields.length > 0 ? fields : undefined, add: [] };
}

/** Applies --fields to a row: a selection keeps only those keys, in the order asked. */
export function shapeRow(row: Record<string, unknown>, opts: ListOptions, optional: Record<string, unknown> = {}): Record<string, unknown> {
  if (opts.only) {
    const all = { ...row, ...optional };
    return Object.fromEntries(opts.only.map((key) => [key, all[key]]));
  }
  const out = { ...row };
  for (const key of opts.add) out[key] = optional[key] ?? row[key];
  return out;
}
