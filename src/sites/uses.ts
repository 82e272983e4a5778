// What an occurrence of a name is: a call (`name(`, `name<T>(`, `name?.(`, `new Name`,
// `.name(`), a bare use (a function handed over by name), or no use at all (its own
// declaration, an object key, an assignment target).
import { declaresAt, type LinesBelow } from "./declarations";
import type { SiteSyntax } from "./syntax";
import { closeOnLine, lastNonSpaceBefore, skipSpaces, wordBefore } from "./words";

export type UseKind = "call" | "bare";

/** `name.call(…)`, `name.apply(…)`, `name.bind(…)` call the function too. */
const INDIRECT_CALL = /^\s*\.\s*(?:call|apply|bind)\s*\(/;
/** Type arguments left open at the end of a line are followed this far. */
const TYPE_ARGUMENT_LINES = 12;

export function classifyUse(
  masked: string,
  column: number,
  name: string,
  syntax: SiteSyntax,
  below: LinesBelow,
): UseKind | undefined {
  const afterName = column + name.length;
  if (declaresAt(masked, column, name, syntax, "header", below)) return undefined;
  if (isCallAfter(masked, afterName, syntax, below)) return "call";
  if (syntax.newOperator && isAfterNew(masked, column)) return "call";
  if (syntax.indirectCalls && INDIRECT_CALL.test(masked.slice(afterName))) return "call";
  // A decorator applies the function: `@name`, `@ns.name`.
  if (syntax.decorators && isDecorator(masked, column)) return "call";
  return isBinding(masked, column, afterName, syntax) ? undefined : "bare";
}

function isCallAfter(masked: string, afterName: number, syntax: SiteSyntax, below: LinesBelow): boolean {
  let at = skipSpaces(masked, afterName);
  if (syntax.typeArguments !== undefined && masked[at] === syntax.typeArguments) {
    const closed = closeOnLine(masked, at);
    if (closed < 0) return syntax.typeArgumentsSpanLines && typeArgumentsThenCall(masked.slice(at), below);
    at = skipSpaces(masked, closed);
  }
  if (syntax.optionalCalls && masked[at] === "?" && masked[at + 1] === ".") at = skipSpaces(masked, at + 2);
  if (syntax.nonNullAssertions && masked[at] === "!") at = skipSpaces(masked, at + 1);
  const next = masked[at];
  return next === "(" || (syntax.taggedTemplates && next === "`");
}

/** `name<\n  A,\n  B\n>(…)`: angle brackets balanced over the lines below, then a `(`. */
function typeArgumentsThenCall(opening: string, below: LinesBelow): boolean {
  let depth = 0;
  let braces = 0;
  let text: string | undefined = opening;
  for (let offset = 0; offset <= TYPE_ARGUMENT_LINES && text !== undefined; text = below(++offset)) {
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === "{") braces++;
      else if (c === "}" && --braces < 0) return false;
      else if (c === ";" && braces === 0) return false;
      else if (c === "<") depth++;
      else if (c === ">" && text[i - 1] !== "=" && --depth === 0) return text[skipSpaces(text, i + 1)] === "(";
    }
  }
  return false;
}

function isDecorator(masked: string, column: number): boolean {
  let position = column;
  for (;;) {
    const before = lastNonSpaceBefore(masked, position);
    if (before < 0) return false;
    if (masked[before] === "@") return true;
    if (masked[before] !== ".") return false;
    const owner = wordBefore(masked, before);
    if (owner.word === "") return false;
    position = owner.start;
  }
}

/**
 * An assignment target (`name =`, `name :=`) or a key (`name:` in an object or struct
 * literal, a parameter or property) names the binding, it does not use it. Where a dict key
 * is an expression, `name:` is left alone.
 */
function isBinding(masked: string, column: number, afterName: number, syntax: SiteSyntax): boolean {
  const at = skipSpaces(masked, afterName);
  const next = masked[at];
  const then = masked[at + 1];
  if (next === "=") return then !== "=" && then !== ">";
  if (syntax.shortVariableDeclarations && next === ":" && then === "=") return true;
  if (!syntax.colonNamesBinding || next !== ":" || then === ":") return false;
  const before = lastNonSpaceBefore(masked, column);
  return before < 0 || masked[before] !== "?";
}

/** `new Name`, `new ns.Name`: the dotted path back to a `new`. */
function isAfterNew(masked: string, column: number): boolean {
  let position = column;
  for (;;) {
    const dot = lastNonSpaceBefore(masked, position);
    if (dot < 0 || masked[dot] !== ".") break;
    const owner = wordBefore(masked, dot);
    if (owner.word === "") return false;
    position = owner.start;
  }
  return wordBefore(masked, position).word === "new";
}
