// --format text, for people: single records as `key: value` lines under their kind, rows as
// aligned tables, next steps as a "Next:" block. Colour only when asked (TTY and no NO_COLOR).
import { compactValue, type FlatFields, flatFields, type Rec } from "./record";

/** A record as text shows it: no nesting. */
type FlatRec = Omit<Rec, "fields"> & { fields: FlatFields };

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
}

const plain: Style = { bold: (s) => s, dim: (s) => s, red: (s) => s };
const ansi: Style = {
  bold: (s) => `\x1b[1m${s}\x1b[22m`,
  dim: (s) => `\x1b[2m${s}\x1b[22m`,
  red: (s) => `\x1b[31m${s}\x1b[39m`,
};

function show(value: ReturnType<typeof compactValue>): string {
  if (value === undefined) return "";
  const text = Array.isArray(value) ? value.join(", ") : String(value);
  return text.replace(/\r?\n/g, "⏎").replace(/\t/g, " ");
}

export class TextEncoder {
  private readonly style: Style;
  private tableKind: string | undefined;
  private table: FlatRec[] = [];

  constructor(private readonly write: (chunk: string) => void, color: boolean) {
    this.style = color ? ansi : plain;
  }

  add(record: Rec): void {
    const rec: FlatRec = { ...record, fields: flatFields(record.fields) };
    if (rec.shape === "row") {
      if (this.tableKind !== rec.kind) this.flush();
      this.tableKind = rec.kind;
      this.table.push(rec);
      return;
    }
    this.flush();
    if (rec.shape === "line") this.oneLine(rec);
    else this.single(rec);
  }

  private oneLine(rec: FlatRec): void {
    const parts: string[] = [];
    for (const key in rec.fields) {
      const value = compactValue(rec.fields[key]);
      if (value !== undefined) parts.push(`${key}=${show(value)}`);
    }
    this.write(`${this.style.bold(rec.kind)} ${parts.join(" ")}\n`);
  }

  raw(lines: string[]): void {
    this.flush();
    this.write(lines.join("\n") + "\n");
  }

  flush(): void {
    if (this.table.length === 0) return;
    const rows = this.table;
    const kind = this.tableKind as string;
    this.table = [];
    this.tableKind = undefined;
    if (kind === "next") return this.nextBlock(rows);
    const columns: string[] = [];
    for (const row of rows)
      for (const key in row.fields)
        if (!columns.includes(key) && compactValue(row.fields[key]) !== undefined) columns.push(key);
    const cells = rows.map((row) => columns.map((key) => show(compactValue(row.fields[key]))));
    const widths = columns.map((key, i) => Math.max(key.length, ...cells.map((c) => (c[i] as string).length)));
    const pad = (values: string[]) =>
      values.map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i] as number))).join("  ").trimEnd();
    // The kind names the table: callers, users and tests of one answer are different lists.
    let out = this.style.bold(`${kind} (${rows.length})`) + "\n" + this.style.dim(pad(columns.map((c) => c.toUpperCase()))) + "\n";
    for (const row of cells) out += pad(row) + "\n";
    this.write(out);
  }

  private nextBlock(rows: FlatRec[]): void {
    const runs = rows.map((r) => String(r.fields.run ?? ""));
    const width = Math.max(...runs.map((r) => r.length));
    let out = this.style.bold("Next:") + "\n";
    rows.forEach((r, i) => {
      out += `  ${(runs[i] as string).padEnd(width)}  ${this.style.dim(String(r.fields.why ?? ""))}`.trimEnd() + "\n";
    });
    this.write(out);
  }

  private single(rec: FlatRec): void {
    const entries: [string, string][] = [];
    for (const key in rec.fields) {
      const value = compactValue(rec.fields[key]);
      if (value !== undefined) entries.push([key, show(value)]);
    }
    if (rec.kind === "error") {
      const message = entries.find(([k]) => k === "message")?.[1] ?? "";
      let out = this.style.red(this.style.bold("error:")) + " " + message + "\n";
      for (const [key, value] of entries) if (key !== "message") out += `  ${key}: ${value}\n`;
      this.write(out);
      return;
    }
    if (rec.kind === "help" || rec.kind === "hint" || rec.kind === "diagnostic") {
      const text = entries.find(([k]) => k === "text" || k === "message")?.[1] ?? "";
      this.write(this.style.dim(`${rec.kind === "diagnostic" ? "note" : rec.kind}: ${text}`) + "\n");
      return;
    }
    const width = Math.max(0, ...entries.map(([k]) => k.length));
    let out = this.style.bold(rec.kind) + "\n";
    for (const [key, value] of entries) out += `  ${(key + ":").padEnd(width + 1)} ${value}\n`;
    this.write(out);
  }
}
