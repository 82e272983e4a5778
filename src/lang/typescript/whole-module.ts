// What a TS/JS module is as one value: CommonJS `module.exports = f` (or TS `export = f`) makes
// the module f itself, so `require('./f')()` calls f, and `module.exports = res` followed by
// `res.send = function …` makes `require('./response').send` that member.
import type { FileIndex } from "../../resolve/file-index.ts";
import { entityValue, fits, pickMerged, type Value, type Want } from "../../resolve/values.ts";

/** The module's whole value where it is called, constructed or named as a type; `defaultValue` is its default export. */
export function wholeValue(defaultValue: Value | undefined, want: Want): Value | undefined {
  return defaultValue?.t === "entity" && fits(defaultValue, want) ? defaultValue : undefined;
}

/** A member of the object or class the module exports as a whole, by name. */
export function wholeMember(file: string, index: FileIndex, name: string, want: Want): Value | undefined {
  const whole = index.defaultExport;
  const kind = whole === undefined ? undefined : index.entity(whole)?.kind;
  if (kind !== "module" && kind !== "class") return undefined;
  const member = pickMerged(index, index.childrenNamed(whole!, name), want);
  return member === undefined ? undefined : entityValue(file, index, member, "import", 0);
}
