// tsconfig files are JSONC: comments and trailing commas are allowed. Stripping both outside
// strings turns them into plain JSON, which is all the resolver needs.
//
// Not Bun.JSONC.parse: it reads the same comments and trailing commas, but it is lenient where
// a config the resolver reads can be broken, and a broken config must count as absent (the
// resolver then falls back, as tsc reports an error). Bun 1.4.5 accepts text after the value
// (`{…} garbage`, a half-resolved merge), single-quoted strings, hex and `.5` numbers and a
// leading BOM, and rejects `[,]`; test/unit/jsonc.test.ts holds each case.

export function parseJsonc(text: string): unknown {
  try {
    return JSON.parse(stripJsonc(text));
  } catch {
    return undefined;
  }
}

function stripJsonc(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      const end = endOfString(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (ch === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (ch === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? text.length : close + 2;
    } else if (ch === ",") {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      // A comma before a closing bracket (possibly after comments) is trailing: drop it.
      if (!isTrailing(text, j)) out += ch;
      i++;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

function endOfString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === "\\") i += 2;
    else if (text[i] === '"') return i + 1;
    else i++;
  }
  return text.length;
}

function isTrailing(text: string, from: number): boolean {
  let i = from;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) i++;
    else if (ch === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (ch === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? text.length : close + 2;
    } else return ch === "}" || ch === "]";
  }
  return false;
}

/** A plain JSON object, or undefined for anything else. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
