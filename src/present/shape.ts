// How many rows to show and which of their fields: the `--limit`/`--full`/`--fields` of lists.
import type { FieldValue } from "../wire/record";

export interface RowShape {
  limit: number;
  /** Fields to show on rows, or undefined for the answer's default. */
  only?: string[];
  /** Optional fields to add to the default rows. */
  add: string[];
}

/**
 * The fields a list's rows can have, declared once beside the code that builds the rows:
 * `shown` are the default row's (a row leaves off those it has no value for), `optional` the
 * ones a row shows only when --fields asks. Rows are built through `shape`, typed by the two
 * lists, so a row cannot carry a field the declaration does not name, and --fields is checked
 * against it.
 */
export interface RowFields<D extends string = string, O extends string = string> {
  shown: readonly D[];
  optional: readonly O[];
  /**
   * The parts of a compound field as llm and text show them, each a field of its own there
   * (site: also, more_sites, snippet): --fields may name one, and keeps the whole field.
   */
  parts: Partial<Record<D, readonly string[]>>;
  /** The row as --fields asks: a selection keeps only those keys, in the order asked. */
  shape(row: Record<D, FieldValue>, shape: RowShape, optional?: Record<O, FieldValue>): Record<string, FieldValue>;
}

export function rowFields<const D extends string, const O extends string = never>(
  shown: readonly D[],
  optional: readonly O[] = [],
  parts: Partial<Record<D, readonly string[]>> = {},
): RowFields<D, O> {
  const partOf = new Map<string, string>();
  for (const field of shown) for (const part of parts[field] ?? []) partOf.set(part, field);
  return {
    shown,
    optional,
    parts,
    shape(row, shape, extra = {} as Record<O, FieldValue>) {
      const more: Record<string, FieldValue> = extra;
      if (shape.only) {
        const all: Record<string, FieldValue> = { ...row, ...more };
        return Object.fromEntries(shape.only.map((key) => (key in all ? key : (partOf.get(key) ?? key))).map((key) => [key, all[key]]));
      }
      const out: Record<string, FieldValue> = { ...row };
      for (const key of shape.add) out[key] = more[key] ?? out[key];
      return out;
    },
  };
}

/** Every field a row of the list can show, each once, the default row's first, a compound's parts after it. */
export function fieldNames(fields: RowFields): string[] {
  return [...new Set([...fields.shown.flatMap((field) => [field, ...(fields.parts[field] ?? [])]), ...fields.optional])];
}
