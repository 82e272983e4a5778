// Records are what every command emits: a kind plus ordered fields. The encoders decide how
// they look; commands never print.

export type Scalar = string | number | boolean | null | undefined;

/** A count that carries no signal at zero: dropped by llm and text, kept by json and toon. */
export class Quiet {
  constructor(readonly value: number | boolean) {}
}
export const quiet = (value: number | boolean): Quiet => new Quiet(value);

/** A value every format shows as it is. */
export type FlatValue = Scalar | Quiet | readonly (string | number)[];
export type FlatFields = Record<string, FlatValue>;

/**
 * A value with parts, such as a call site (path, line, snippet, also). json and toon nest, so
 * they carry `whole` as one object under the field's key; llm and text do not, so they show
 * `flat` in the field's place, fields of the record like any other (its own name among them
 * or not).
 */
export class Compound {
  constructor(
    readonly whole: Fields,
    readonly flat: FlatFields,
  ) {}
}
export const compound = (whole: Fields, flat: FlatFields): Compound => new Compound(whole, flat);

export type FieldValue = FlatValue | Compound;
export type Fields = Record<string, FieldValue>;

/** The fields as the formats that do not nest show them: each compound spread in its place. */
export function flatFields(fields: Fields): FlatFields {
  const flat: FlatFields = {};
  for (const key in fields) {
    const value = fields[key];
    if (value instanceof Compound) Object.assign(flat, value.flat);
    else flat[key] = value;
  }
  return flat;
}

/** single: an object; row: a list element; line: an object a person reads on one line. */
export type Shape = "single" | "row" | "line";

export interface Rec {
  kind: string;
  fields: Fields;
  /** single: one object (json `kind: {…}`); row: an element of a list (json `kind: […]`). */
  shape: Shape;
}

/** Fields holding opaque identifiers, cut to 8 characters in llm. */
export const ID_FIELDS = new Set(["id", "parent", "src", "dst", "entity", "claim_a", "claim_b"]);

/** A UUID or a long hex blob; slugs (`root`) and prefixed ids (`c-8f31a2`) are not opaque. */
export function isOpaqueId(value: string): boolean {
  return value.length > 8 && /^[0-9a-f]{8}(?:-?[0-9a-f]{4}){3}-?[0-9a-f]{12}$|^[0-9a-f]{9,}$/i.test(value);
}

export function shortId(value: string): string {
  return isOpaqueId(value) ? value.slice(0, 8) : value;
}

/** Normalise for the compact formats: drop null/undefined/empty and quiet zeros. */
export function compactValue(value: FlatValue): string | number | boolean | readonly (string | number)[] | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (value instanceof Quiet) return value.value === 0 || value.value === false ? undefined : value.value;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value;
  return value as string | number | boolean;
}

/** Normalise for the complete formats: quiet values become plain, only null/undefined go. */
export function fullValue(value: FlatValue): string | number | boolean | readonly (string | number)[] | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Quiet) return value.value;
  return value as string | number | boolean | readonly (string | number)[];
}
