// JSDoc: the `/** … */` block written right before a declaration (before its `export`,
// `declare`, `const`, decorators and modifiers included in the declaration's own span), read as
// a DocFact: the first sentence, `@deprecated`, `@param` names, `@returns`, and the names
// `{@link}`, `{@linkcode}`, `{@linkplain}` and `@see` refer to.
import type { DocFact } from "../../model/facts";
import { claimText, docFact, firstSentence, markDeclared, newlinesBetween } from "../doc-text";

/** Words that may stand between a doc comment and the declaration's node. */
const LEADING_WORDS = new Set(["export", "default", "declare", "const", "let", "var"]);

/**
 * The doc comment before the declaration starting at `start` (on line `line`); undefined when
 * none is written there, or when it documents something else (`@typedef`, `@callback`, a
 * file's `@module`/`@file` header).
 */
export function jsDocBefore(source: string, start: number, line: number): DocFact | undefined {
  let end = start;
  for (;;) {
    while (end > 0 && isSpace(source.charCodeAt(end - 1))) end--;
    let wordStart = end;
    while (wordStart > 0 && isWordChar(source.charCodeAt(wordStart - 1))) wordStart--;
    if (wordStart < end && LEADING_WORDS.has(source.slice(wordStart, end))) {
      end = wordStart;
      continue;
    }
    const decorator = decoratorStart(source, end);
    if (decorator === undefined) break;
    end = decorator;
  }
  if (end < 5 || source.charCodeAt(end - 1) !== 47 /* / */ || source.charCodeAt(end - 2) !== 42 /* * */) return undefined;
  const open = source.lastIndexOf("/*", end - 3);
  if (open < 0 || source[open + 2] !== "*" || open + 3 >= end - 2) return undefined;
  const body = source.slice(open + 3, end - 2);
  if (/@(?:typedef|callback|file|fileoverview|module|license|jsx)\b/.test(body)) return undefined;
  const endLine = line - newlinesBetween(source, end, start);
  const startLine = endLine - newlinesBetween(source, open, end);
  return markDeclared(parseJsDoc(body, startLine, endLine), source, (name) => new RegExp(`\\b(?:const|let|var|enum)\\s+${name}\\b`));
}

/** Where a decorator ending at `end` starts (`@Bound`, `@Input() `, `@ns.Dec({ a: 1 })`); undefined when none ends there. */
function decoratorStart(source: string, end: number): number | undefined {
  let at = end;
  if (source.charCodeAt(at - 1) === 41 /* ) */) {
    let depth = 0;
    for (at--; at >= 0; at--) {
      const ch = source.charCodeAt(at);
      if (ch === 41) depth++;
      else if (ch === 40 /* ( */ && --depth === 0) break;
    }
    if (at < 0) return undefined;
  }
  let nameStart = at;
  while (nameStart > 0 && (isWordChar(source.charCodeAt(nameStart - 1)) || source.charCodeAt(nameStart - 1) === 46)) nameStart--;
  if (nameStart === at || source.charCodeAt(nameStart - 1) !== 64 /* @ */) return undefined;
  return nameStart - 1;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36;
}

/** `{@link X}`, `{@link X | text}`, `{@link X text}`, `{@linkcode X}`, `{@linkplain X}`. */
const INLINE_LINK = /\{@link(?:code|plain)?\s+([^}|\s]+)(?:\s*\|?\s*([^}]*))?\}/g;

/** The inside of a JSDoc block (between `/**` and `*\/`), each line's leading `*` removed. */
export function parseJsDoc(body: string, startLine: number, endLine: number): DocFact | undefined {
  const text = body
    .split("\n")
    .map((l) => l.replace(/^\s*\*(?!\/) ?/, ""))
    .join("\n");
  const mentions: string[] = [];
  for (const match of text.matchAll(INLINE_LINK)) mentions.push(match[1]!);
  // Block tags start a line: what comes before the first is the description.
  const parts = text.split(/\n(?=\s*@[a-zA-Z])|^(?=\s*@[a-zA-Z])/);
  const description = parts[0]!.trimStart().startsWith("@") ? "" : parts.shift()!;
  const readable = (s: string) => s.replace(INLINE_LINK, (_m, target: string, label?: string) => (label?.trim() ? label.trim() : target));
  let deprecated: string | undefined;
  let returns: string | undefined;
  const params: string[] = [];
  for (const part of parts) {
    const tag = /^\s*@([a-zA-Z]+)\s*([\s\S]*)$/.exec(part);
    if (!tag) continue;
    const [, name, rest] = tag as unknown as [string, string, string];
    switch (name) {
      case "deprecated":
        deprecated ??= claimText(readable(rest));
        break;
      case "returns":
      case "return":
        returns ??= claimText(readable(withoutType(rest)));
        break;
      case "param":
      case "arg":
      case "argument": {
        const param = paramName(withoutType(rest));
        if (param) params.push(param);
        break;
      }
      case "see": {
        const target = /^([\w$.#~]+)(?:\(\))?(?:\s|$)/.exec(rest.trim());
        if (target && !rest.trim().startsWith("{")) mentions.push(target[1]!);
        break;
      }
    }
  }
  return docFact({ startLine, endLine, summary: firstSentence(readable(description)), deprecated, params, returns, mentions });
}

/** A tag's text after its `{Type}`, braces balanced. */
function withoutType(text: string): string {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith("{")) return trimmed;
  let depth = 0;
  for (let i = 0; i < trimmed.length; i++) {
    if (trimmed[i] === "{") depth++;
    else if (trimmed[i] === "}" && --depth === 0) return trimmed.slice(i + 1).trimStart();
  }
  return "";
}

/** `name`, `[name]`, `[name=default]`, `...name`, `opts.key`: the parameter's name as documented. */
function paramName(text: string): string | undefined {
  const match = /^\[?\s*((?:\.\.\.)?[\w$]+(?:\.[\w$\[\]]+)*)/.exec(text);
  return match?.[1];
}
