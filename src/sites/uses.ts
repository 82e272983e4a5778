// What an occurrence of a name is: a call (`name(`, `name<T>(`, `name?.(`, `new Name`,
// `.name(`), a bare use (a function handed over by name), or no use at all (its own
// declaration, an object key, an assignment target).
import { declaresAt, type LinesBelow } from "./declarations";
import type { Family } from "./mask";
import { closeOnLine, skipSpaces } from "./words";

export type UseKind = "call" | "bare";

const NEW_BEFORE = /\bnew\s+(?:[\w$]+\s*\.\s*)*$/;
const TERNARY_BEFORE = /\?\s*$/;

export function classifyUse(
  masked: string,
  column: number,
  name: string,
  family: Family,
  below: LinesBelow,
): UseKind | undefined {
  const afterName = column + name.length;
  if (declaresAt(masked, column, name, family, false, below)) return undefined;
  if (isCallAfter(masked, afterName, family)) return "call";
  if (family === "js" && NEW_BEFORE.test(masked.slice(0, column))) return "call";
  return isBinding(masked, column, afterName, family) ? undefined : "bare";
}

function isCallAfter(masked: string, afterName: number, family: Family): boolean {
  let at = skipSpaces(masked, afterName);
  const typeArguments = family === "js" ? "<" : family === "go" ? "[" : "";
  if (typeArguments !== "" && masked[at] === typeArguments) {
    const closed = closeOnLine(masked, at);
    if (closed < 0) return false;
    at = skipSpaces(masked, closed);
  }
  if (family === "js" && masked[at] === "?" && masked[at + 1] === ".") at = skipSpaces(masked, at + 2);
  if (family === "js" && masked[at] === "!") at = skipSpaces(masked, at + 1);
  const next = masked[at];
  return next === "(" || (family === "js" && next === "`");
}

/**
 * An assignment target (`name =`, `name :=`) or a key (`name:` in an object or struct
 * literal, a TS parameter or property) names the binding, it does not use it. Python's
 * `name:` is left alone: a dict key there is an expression.
 */
function isBinding(masked: string, column: number, afterName: number, family: Family): boolean {
  const at = skipSpaces(masked, afterName);
  const next = masked[at];
  const then = masked[at + 1];
  if (next === "=") return then !== "=" && then !== ">";
  if (family === "go" && next === ":" && then === "=") return true;
  if (family === "py" || next !== ":" || then === ":") return false;
  return !TERNARY_BEFORE.test(masked.slice(0, column));
}
