// The stdio transport: newline-delimited JSON-RPC on stdin and stdout, shaped as the SDK's
// Transport (start, send, close and the three callbacks) without importing it. It replaces the
// SDK's StdioServerTransport, which dropped a line it could not parse without a word and ended
// the server on a line past 10 MiB after buffering all of it. Here every line is bounded
// (lines.ts) and read as JSON-RPC (jsonrpc.ts) before the SDK sees it; whatever is wrong is
// answered, and the server reads on.
import { errorReply, INVALID_REQUEST, readMessage, type ErrorReply, type Json } from "./jsonrpc";
import { LineReader, MAX_LINE_BYTES, type LineEvent, type RequestId } from "./lines";

/** stdin, or any stream of bytes a test hands in. */
export type Input = Pick<NodeJS.ReadableStream, "on" | "off" | "pause">;

/** stdout, or any stream a test reads. */
export type Output = Pick<NodeJS.WritableStream, "write" | "once" | "on">;

export interface LineTransportOptions {
  input: Input;
  output: Output;
  maxLineBytes?: number;
  /** A valid request the SDK would still refuse with a dump (wrong params for its method): the reply, if so. */
  check?(request: { method: string; params?: Json; id: RequestId }): ErrorReply | undefined;
  /** Hears what was dropped without a reply (an invalid notification or response). */
  note?(message: string): void;
}

const MIB = 1 << 20;

export class LineTransport {
  onmessage?: (message: Json) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  private readonly reader: LineReader;
  private readonly max: number;
  /** Requests handed to the SDK and not yet answered, by id: the end of input waits for them. */
  private readonly pending = new Map<RequestId, number>();
  private ended = false;
  private closed = false;

  constructor(private readonly opts: LineTransportOptions) {
    this.max = opts.maxLineBytes ?? MAX_LINE_BYTES;
    this.reader = new LineReader(this.max);
  }

  async start(): Promise<void> {
    this.opts.input.on("data", this.onData);
    this.opts.input.on("end", this.onEnd);
    this.opts.input.on("error", this.onInputError);
    // A client gone away (EPIPE) ends the session instead of the process.
    this.opts.output.on("error", this.onOutputError);
  }

  async send(message: Json | ErrorReply): Promise<void> {
    if (this.closed) return;
    // A response settles the request it answers; a request of ours (roots/list) has a method.
    if (!("method" in message) && "id" in message && message.id !== null) this.settle(message.id as RequestId);
    const text = `${JSON.stringify(message)}\n`;
    if (!this.opts.output.write(text)) await new Promise<void>((resolve) => this.opts.output.once("drain", resolve));
    this.closeIfDone();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.opts.input.off("data", this.onData);
    this.opts.input.off("end", this.onEnd);
    this.opts.input.off("error", this.onInputError);
    this.opts.input.pause();
    this.onclose?.();
  }

  private readonly onData = (chunk: Uint8Array | string): void => {
    if (typeof chunk === "string") chunk = Buffer.from(chunk);
    for (const event of this.reader.push(chunk)) this.onEvent(event);
  };

  private readonly onEnd = (): void => {
    for (const event of this.reader.end()) this.onEvent(event);
    // The client is gone once stdin ends; the answers it is owed are still written.
    this.ended = true;
    this.closeIfDone();
  };

  private onEvent(event: LineEvent): void {
    if (event.kind === "line") return this.onLine(event.text);
    // Answered under its own id when the scanner could read it, so the client's call ends now
    // instead of at its timeout.
    const message = `Invalid Request: the message is ${event.bytes} bytes; a line holds at most ${this.max} (${this.max / MIB} MiB)`;
    void this.send(errorReply(event.id, INVALID_REQUEST, message, { bytes: event.bytes, limit: this.max }));
  }

  private readonly onInputError = (error: Error): void => {
    this.onerror?.(error);
    void this.close();
  };

  private readonly onOutputError = (error: Error): void => {
    this.onerror?.(error);
    void this.close();
  };

  private onLine(text: string): void {
    if (this.closed || text.trim() === "") return;
    const reading = readMessage(text);
    switch (reading.kind) {
      case "reply":
        void this.send(reading.reply);
        return;
      case "drop":
        this.opts.note?.(`ignored ${reading.why}`);
        return;
      case "request": {
        const refused = this.opts.check?.(reading.message);
        if (refused) {
          void this.send(refused);
          return;
        }
        this.pending.set(reading.message.id, (this.pending.get(reading.message.id) ?? 0) + 1);
        this.onmessage?.(reading.message);
        return;
      }
      case "notification": {
        // A cancelled request gets no answer from the SDK: nothing to wait for any more.
        const cancelled = reading.message.method === "notifications/cancelled" ? reading.message.params?.requestId : undefined;
        if (typeof cancelled === "string" || typeof cancelled === "number") this.settle(cancelled);
        this.onmessage?.(reading.message);
        this.closeIfDone();
        return;
      }
      case "response":
        this.onmessage?.(reading.message);
        return;
    }
  }

  private settle(id: RequestId): void {
    const count = this.pending.get(id);
    if (count === undefined) return;
    if (count > 1) this.pending.set(id, count - 1);
    else this.pending.delete(id);
  }

  private closeIfDone(): void {
    if (this.ended && this.pending.size === 0) void this.close();
  }
}
