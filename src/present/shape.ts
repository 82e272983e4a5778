// How many rows to show and which of their fields: the `--limit`/`--full`/`--fields` of lists.

export interface RowShape {
  limit: number;
  /** Fields to show on rows, or undefined for the answer's default. */
  only?: string[];
  /** Optional fields to add to the default rows. */
  add: string[];
}

/** Applies the field choice to a row: a selection keeps only those keys, in the order asked. */
export function shapeRow<R extends Record<string, unknown>>(row: R, shape: RowShape, optional: Record<string, unknown> = {}): R {
  if (shape.only) {
    const all: Record<string, unknown> = { ...row, ...optional };
    return Object.fromEntries(shape.only.map((key) => [key, all[key]])) as R;
  }
  const out: Record<string, unknown> = { ...row };
  for (const key of shape.add) out[key] = optional[key] ?? row[key];
  return out as R;
}
