// `@overload` signatures: typing's overload, as the file imports it. The stubs and the
// implementation after them are one definition, so they make one entity (definitions.ts).
import type { ImportFact } from "../../../model/facts";

const TYPING = new Set(["typing", "typing_extensions"]);
const SIGNATURE_LIMIT = 200;

/**
 * `@overload` imported from typing (by name, under an alias, or by `*`), or `@typing.overload`
 * / `@t.overload` through an import of the module. An `overload` from anywhere else is some
 * other decorator.
 */
export function isOverloadDecorator(imports: readonly ImportFact[], decorator: string): boolean {
  const dot = decorator.lastIndexOf(".");
  if (dot < 0) {
    return imports.some((i) => TYPING.has(i.source) && i.names.some((n) => (n.local === decorator && n.imported === "overload") || n.imported === "*" && n.local === ""));
  }
  if (decorator.slice(dot + 1) !== "overload") return false;
  const module = decorator.slice(0, dot);
  return imports.some((i) => TYPING.has(i.source) && i.names.some((n) => n.imported === "*" && n.local === module));
}

/**
 * An overload's signature on one line: the header from `def` to its colon, whitespace runs
 * closed up, since a stub's parameters are usually laid out one per line.
 */
export function overloadSignature(source: string, start: number, bodyStart: number): string {
  return source
    .slice(start, bodyStart)
    .trim()
    .replace(/:$/, "")
    .replace(/\s+/g, " ")
    .replace(/([([]) /g, "$1")
    .replace(/,? ([)\]])/g, "$1")
    .slice(0, SIGNATURE_LIMIT);
}
