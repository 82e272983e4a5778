// The llm wire format: one record per line, `kind key=value …`, values quoted only when they
// must be, so a record never spans lines (spec/llm-format.md, "Wire format").
import { compactValue, flatFields, ID_FIELDS, shortId, type Rec } from "./record";

const NEEDS_QUOTES = /[\s="\\\x00-\x1f\x7f]/;

export function quoteValue(raw: string): string {
  if (raw !== "" && !NEEDS_QUOTES.test(raw)) return raw;
  let out = '"';
  for (const ch of raw) {
    switch (ch) {
      case '"': out += '\\"'; break;
      case "\\": out += "\\\\"; break;
      case "\n": out += "\\n"; break;
      case "\r": out += "\\r"; break;
      case "\t": out += "\\t"; break;
      default: {
        const code = ch.charCodeAt(0);
        out += code < 0x20 || code === 0x7f ? `\\u${code.toString(16).padStart(4, "0")}` : ch;
      }
    }
  }
  return out + '"';
}

export function encodeLlm(rec: Rec): string {
  let line = rec.kind;
  const fields = flatFields(rec.fields);
  for (const key in fields) {
    const value = compactValue(fields[key]);
    if (value === undefined) continue;
    let text = Array.isArray(value) ? value.join(",") : String(value);
    if (ID_FIELDS.has(key) && typeof value === "string") text = shortId(text);
    line += ` ${key}=${quoteValue(text)}`;
  }
  return line;
}

/** Reads one llm line back into its kind and string fields: the inverse of encodeLlm. */
export function decodeLlm(line: string): { kind: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  let i = line.indexOf(" ");
  const kind = i < 0 ? line : line.slice(0, i);
  if (i < 0) return { kind, fields };
  i++;
  while (i < line.length) {
    const eq = line.indexOf("=", i);
    if (eq < 0) throw new Error(`malformed llm record at column ${i}: ${line}`);
    const key = line.slice(i, eq);
    let value = "";
    let j = eq + 1;
    if (line[j] === '"') {
      j++;
      while (j < line.length && line[j] !== '"') {
        if (line[j] === "\\") {
          const esc = line[j + 1];
          if (esc === "n") value += "\n";
          else if (esc === "r") value += "\r";
          else if (esc === "t") value += "\t";
          else if (esc === "u") {
            value += String.fromCharCode(parseInt(line.slice(j + 2, j + 6), 16));
            j += 4;
          } else value += esc;
          j += 2;
        } else value += line[j++];
      }
      if (line[j] !== '"') throw new Error(`unterminated quoted value for ${key}: ${line}`);
      j++;
    } else {
      const end = line.indexOf(" ", j);
      value = line.slice(j, end < 0 ? line.length : end);
      j = end < 0 ? line.length : end;
    }
    fields[key] = value;
    i = j + 1;
  }
  return { kind, fields };
}

/**
 * Reads a whole llm answer: records, with the one multi-line payload (the block after
 * `content lines=<n> numbered=true`) attached to its content record as `text`.
 */
export function decodeLlmStream(text: string): { kind: string; fields: Record<string, string> }[] {
  const lines = text.split("\n");
  const out: { kind: string; fields: Record<string, string> }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line === "") continue;
    const rec = decodeLlm(line);
    if (rec.kind === "content" && rec.fields.numbered === "true") {
      const count = Number(rec.fields.lines);
      rec.fields.text = lines.slice(i + 1, i + 1 + count).join("\n");
      i += count;
    }
    out.push(rec);
  }
  return out;
}
