// Newline-delimited messages read from a byte stream, each line held only up to a bound. A longer
// line is dropped as it streams in, never buffered whole: a client that sends 10 MiB in one line
// costs the server its bound, not 10 MiB, and the line is still answered. To answer it under the
// request's own id, the dropped bytes go through a scanner that follows the JSON's nesting in
// constant memory and keeps the top-level "id" it meets; the id usually comes last, after the
// large arguments (the SDK's client writes it there), so no prefix of the line would do.

/** What one line may hold, in bytes: far above any tool call ix takes, far below what hurts. */
export const MAX_LINE_BYTES = 1 << 20;

/** Longest id kept from a line too long to read (an id longer than this is not known). */
const MAX_ID_BYTES = 256;

export type RequestId = string | number;

export type LineEvent =
  /** A line within the bound, decoded (invalid UTF-8 as U+FFFD), its `\r` ending dropped. */
  | { kind: "line"; text: string }
  /** A line past the bound: its size, and its top-level id when that could be read whole. */
  | { kind: "too_long"; bytes: number; id: RequestId | null };

export class LineReader {
  private parts: Uint8Array[] = [];
  private size = 0;
  private scanner: IdScanner | undefined;
  private readonly decoder = new TextDecoder();

  constructor(private readonly maxBytes: number = MAX_LINE_BYTES) {}

  /** The lines `chunk` completes, in order. */
  push(chunk: Uint8Array): LineEvent[] {
    const events: LineEvent[] = [];
    let from = 0;
    while (from < chunk.length) {
      const newline = chunk.indexOf(10, from);
      this.take(chunk.subarray(from, newline < 0 ? chunk.length : newline));
      if (newline < 0) break;
      events.push(this.finish());
      from = newline + 1;
    }
    return events;
  }

  /** The stream ended: a last line without its newline still counts. */
  end(): LineEvent[] {
    return this.size > 0 ? [this.finish()] : [];
  }

  private take(piece: Uint8Array): void {
    if (piece.length === 0) return;
    this.size += piece.length;
    if (this.scanner) {
      this.scanner.feed(piece);
      return;
    }
    if (this.size <= this.maxBytes) {
      // A copy: the stream's chunk may be a view of a buffer it reuses.
      this.parts.push(piece.slice());
      return;
    }
    // Past the bound: what was kept goes through the scanner once, and nothing more is kept.
    this.scanner = new IdScanner();
    for (const part of this.parts) this.scanner.feed(part);
    this.scanner.feed(piece);
    this.parts = [];
  }

  private finish(): LineEvent {
    const event: LineEvent = this.scanner
      ? { kind: "too_long", bytes: this.size, id: this.scanner.id() }
      : { kind: "line", text: this.decode() };
    this.parts = [];
    this.size = 0;
    this.scanner = undefined;
    return event;
  }

  private decode(): string {
    const bytes = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
    const text = this.decoder.decode(bytes);
    return text.endsWith("\r") ? text.slice(0, -1) : text;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/**
 * Follows a JSON text byte by byte (strings, escapes, nesting) and keeps the value of the
 * top-level object's "id" member when it is a string or an integer. It reads structure only: a
 * text that is not valid JSON may still give an id, which is what its sender meant it to be.
 */
export class IdScanner {
  private started = false;
  /** The text is not an object, or its object has ended: nothing more to learn. */
  private done = false;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Where the top-level object is between its members. */
  private expect: "key" | "colon" | "value" | "comma" = "key";
  /** The top-level string being read: a member's name, or the id's value. */
  private reading: "key" | "id" | undefined;
  private key: number[] = [];
  private keyIsId = false;
  /** The id's raw bytes (a string's without its quotes, or a scalar's), or undefined when not one. */
  private raw: number[] | undefined;
  private rawKind: "string" | "scalar" | undefined;
  private found: RequestId | null = null;

  feed(bytes: Uint8Array): void {
    // Inside a string no one reads (most of a huge argument), only a quote or a backslash
    // matters: skip to the next one. Where each is next is kept, so no byte is searched twice.
    let quote = -2;
    let slash = -2;
    for (let i = 0; i < bytes.length && !this.done; i++) {
      if (this.inString && !this.escaped && this.reading === undefined) {
        if (quote !== -1 && quote < i) quote = bytes.indexOf(QUOTE, i);
        if (slash !== -1 && slash < i) slash = bytes.indexOf(BACKSLASH, i);
        const next = Math.min(quote < 0 ? bytes.length : quote, slash < 0 ? bytes.length : slash);
        if (next >= bytes.length) return;
        i = next;
      }
      this.step(bytes[i]!);
    }
  }

  /** The last complete top-level id read, or null. */
  id(): RequestId | null {
    // A scalar id runs to a delimiter, which a text cut at its end never gives.
    if (this.rawKind === "scalar") this.settle();
    return this.found;
  }

  private step(b: number): void {
    if (this.inString) return this.stringByte(b);
    if (!this.started) {
      if (isSpace(b)) return;
      this.started = true;
      if (b !== 0x7b) this.done = true; // not an object: no id to find
      else this.depth = 1;
      return;
    }
    if (this.rawKind === "scalar") {
      if (!isSpace(b) && b !== 0x2c && b !== 0x7d) return this.keep(b);
      this.settle();
    }
    if (b === QUOTE) return this.openString();
    if (b === 0x7b || b === 0x5b) {
      if (this.depth === 1 && this.expect === "value") this.valueStarts(false);
      this.depth++;
      return;
    }
    if (b === 0x7d || b === 0x5d) {
      this.depth--;
      if (this.depth === 0) this.done = true;
      return;
    }
    if (this.depth !== 1 || isSpace(b)) return;
    if (b === 0x3a && this.expect === "colon") this.expect = "value";
    else if (b === 0x2c) this.expect = "key";
    else if (this.expect === "value") {
      this.valueStarts(true);
      if (this.keyIsId) {
        this.rawKind = "scalar";
        this.keep(b);
      }
    }
  }

  private openString(): void {
    this.inString = true;
    if (this.depth !== 1) return;
    if (this.expect === "key") {
      this.reading = "key";
      this.key = [];
    } else if (this.expect === "value") {
      this.valueStarts(true);
      if (this.keyIsId) {
        this.reading = "id";
        this.rawKind = "string";
      }
    }
  }

  private stringByte(b: number): void {
    if (this.escaped) {
      this.escaped = false;
    } else if (b === BACKSLASH) {
      this.escaped = true;
    } else if (b === QUOTE) {
      this.inString = false;
      if (this.reading === "key") {
        this.keyIsId = this.key.length === 2 && this.key[0] === 0x69 && this.key[1] === 0x64;
        this.expect = "colon";
      } else if (this.reading === "id") {
        this.settle();
      }
      this.reading = undefined;
      return;
    }
    if (this.reading === "key") {
      if (this.key.length < 3) this.key.push(b);
    } else if (this.reading === "id") {
      this.keep(b);
    }
  }

  /** A member's value begins; only an "id" member's is kept, and only a scalar or string one. */
  private valueStarts(keepable: boolean): void {
    this.expect = "comma";
    if (!this.keyIsId) return;
    this.found = null; // a later id member replaces an earlier one, as JSON.parse reads it
    this.raw = keepable ? [] : undefined;
    if (!keepable) this.keyIsId = false;
  }

  private keep(b: number): void {
    if (!this.raw) return;
    if (this.raw.length >= MAX_ID_BYTES) this.raw = undefined;
    else this.raw.push(b);
  }

  private settle(): void {
    const raw = this.raw;
    const kind = this.rawKind;
    this.raw = undefined;
    this.rawKind = undefined;
    this.keyIsId = false;
    if (!raw) return;
    const text = Buffer.from(raw).toString("utf8");
    if (kind === "string") {
      try {
        this.found = JSON.parse(`"${text}"`) as string;
      } catch {
        this.found = null;
      }
    } else {
      const n = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
      this.found = Number.isSafeInteger(n) ? n : null;
    }
  }
}
