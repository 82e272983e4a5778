// The one record writer. Commands emit records; this turns them into the caller's format.
// llm and text stream as records arrive; json and toon assemble one document at the end.
// It writes to the sink it is given and knows nothing of the process around it.
import { DocumentBuilder, type Json } from "./document";
import { encodeLlm } from "./llm";
import { commandLine } from "./shell";
import type { Fields, Rec } from "./record";
import { TextEncoder } from "./text";

export const FORMATS = ["text", "json", "llm", "toon"] as const;
export type Format = (typeof FORMATS)[number];
export const isFormat = (value: unknown): value is Format => FORMATS.includes(value as Format);

export interface ErrorRecord {
  code: string;
  message: string;
  details?: Fields;
  help?: string[];
  /** Records after the error line: candidates, suggestions, the graph's health. */
  rows?: { kind: string; rows: Fields[] }[];
}

export interface ListOptions {
  /** What there was before the cut. */
  total: number;
  /** The noun for the truncation message: "212 callers; showing 50." */
  noun: string;
  /** The hint after it; defaults to raising --limit. */
  raise?: string;
  /** Header fields that follow shown= and total= (resolved=, unresolved=, …). */
  after?: Fields;
}

export class Writer {
  private readonly text?: TextEncoder;
  private readonly doc?: DocumentBuilder;
  private ended = false;

  /**
   * `observe` sees every record as it is written (the CLI's savings ledger reads the files an
   * answer names from it); it changes nothing written.
   */
  constructor(
    readonly format: Format,
    private readonly sink: (chunk: string) => void,
    color = false,
    private readonly observe?: (rec: Rec) => void,
  ) {
    if (format === "text") this.text = new TextEncoder(sink, color);
    if (format === "json" || format === "toon") this.doc = new DocumentBuilder();
  }

  /** One object: the answer's header, a status, a summary. */
  record(kind: string, fields: Fields): this {
    return this.emit({ kind, fields, shape: "single" });
  }

  /** One object that stays on one line in text too (`--silent` answers). */
  line(kind: string, fields: Fields): this {
    return this.emit({ kind, fields, shape: "line" });
  }

  /** One element of a list. */
  row(kind: string, fields: Fields): this {
    return this.emit({ kind, fields, shape: "row" });
  }

  /** A whole list; in json/toon the list exists even when it is empty. */
  rows(kind: string, rows: Iterable<Fields>): this {
    this.doc?.declareList(kind);
    for (const fields of rows) this.row(kind, fields);
    return this;
  }

  /**
   * A bounded list: the header carries shown= and total= (total keeps its zero: it is the
   * answer), then the rows, then a results_truncated diagnostic when rows were cut.
   */
  list(kind: string, header: Fields, rowKind: string, rows: Fields[], opts: ListOptions): this {
    this.record(kind, { ...header, shown: rows.length, total: opts.total, ...opts.after });
    this.rows(rowKind, rows);
    if (rows.length < opts.total) {
      this.record("diagnostic", {
        code: "results_truncated",
        message: `${opts.total} ${opts.noun}; showing ${rows.length}. ${opts.raise ?? "Raise --limit to see the rest, or pass --full."}`,
      });
    }
    return this;
  }

  /**
   * A scalar that is the whole answer (`ix --version`): the bare value in text, a `<kind>
   * value=…` record in llm, `{ "<kind>": value }` in json and toon.
   */
  value(kind: string, value: string): this {
    if (this.doc) this.doc.set(kind, value);
    else if (this.format === "llm") this.llmLine(encodeLlm({ kind, fields: { value }, shape: "single" }));
    else this.text?.raw([value]);
    return this;
  }

  /**
   * Rows that form a tree (each names its parent): text draws each row's `text` indented by its
   * depth; the other formats list the rows, which a reader re-trees from their fields.
   */
  tree(kind: string, rows: readonly { fields: Fields; depth: number; text: string }[]): this {
    if (this.text) {
      if (rows.length > 0) this.text.raw(rows.map((row) => `${"  ".repeat(row.depth)}${row.depth > 0 ? "└ " : ""}${row.text}`));
      return this;
    }
    return this.rows(kind, rows.map((row) => row.fields));
  }

  /** A suggested next command, given as its words: written as one line a POSIX shell reads back into them. */
  next(command: readonly (string | number)[], why: string): this {
    return this.row("next", { run: commandLine(command.map(String)), why });
  }

  /** Source lines: the `content lines=<n> numbered=true` block (the one multi-line payload). */
  content(lines: string[], firstLine: number): this {
    if (this.doc) {
      this.doc.set("content", { lines: lines.length, first_line: firstLine, text: lines.join("\n") } as Json);
      return this;
    }
    const width = String(firstLine + lines.length - 1).length;
    const numbered = lines.map((line, i) =>
      this.format === "llm" ? `${firstLine + i}\t${line}` : `${String(firstLine + i).padStart(width)}  ${line}`,
    );
    if (this.format === "llm") {
      this.llmLine(encodeLlm({ kind: "content", fields: { lines: lines.length, numbered: true }, shape: "single" }));
      for (const line of numbered) this.llmLine(line);
    } else this.text?.raw(numbered);
    return this;
  }

  error(err: ErrorRecord): this {
    if (this.doc) {
      // AXI keys: error (the message), code, the details, help.
      this.doc.set("error", err.message);
      this.doc.set("code", err.code);
      for (const key in err.details ?? {}) {
        const value = err.details?.[key];
        if (value !== undefined && value !== null) this.doc.set(key, value as Json);
      }
      if (err.help?.length) this.doc.set("help", err.help);
      for (const group of err.rows ?? []) this.rows(group.kind, group.rows);
      return this;
    }
    this.emit({ kind: "error", fields: { code: err.code, message: err.message, ...err.details }, shape: "single" });
    for (const group of err.rows ?? []) this.rows(group.kind, group.rows);
    for (const text of err.help ?? []) this.emit({ kind: "help", fields: { text }, shape: "single" });
    return this;
  }

  /** json/toon need the whole document; text flushes a table it was still aligning. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.text) this.text.flush();
    else if (this.doc) {
      const body =
        this.format === "json"
          ? JSON.stringify(this.doc.doc, null, 2)
          : // toon is imported lazily: only the toon path pays for the encoder.
            require("./toon").encodeToon(this.doc.doc);
      this.sink(body + "\n");
    }
  }

  private emit(rec: Rec): this {
    this.observe?.(rec);
    if (this.format === "llm") this.llmLine(encodeLlm(rec));
    else if (this.text) this.text.add(rec);
    else this.doc?.add(rec);
    return this;
  }

  private llmLine(line: string): void {
    this.sink(line + "\n");
  }
}
