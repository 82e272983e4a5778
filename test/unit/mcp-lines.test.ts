// The MCP server's line reader: each line held only up to its bound, a longer one dropped as it
// streams and reported with its size and, when the scanner can read it, its top-level id.
import { describe, expect, test } from "bun:test";
import { IdScanner, LineReader, type LineEvent } from "../../src/mcp/lines";

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds `text` in chunks of `size` bytes and collects every event, the end's included. */
function read(text: string, max: number, size = 7): LineEvent[] {
  const reader = new LineReader(max);
  const all = bytes(text);
  const events: LineEvent[] = [];
  for (let at = 0; at < all.length; at += size) events.push(...reader.push(all.subarray(at, at + size)));
  return [...events, ...reader.end()];
}

const idOf = (text: string) => {
  const scanner = new IdScanner();
  scanner.feed(bytes(text));
  return scanner.id();
};

describe("LineReader", () => {
  test("splits lines across chunks, drops a \\r ending, and keeps a last line without newline", () => {
    expect(read('{"a":1}\r\n{"b":2}\n\n{"c":3}', 100)).toEqual([
      { kind: "line", text: '{"a":1}' },
      { kind: "line", text: '{"b":2}' },
      { kind: "line", text: "" },
      { kind: "line", text: '{"c":3}' },
    ]);
  });

  test("a line at the bound is read; one byte more is too long, and the next line is read as usual", () => {
    const at = `"${"x".repeat(18)}"`; // 20 bytes
    expect(read(`${at}\n`, 20)).toEqual([{ kind: "line", text: at }]);
    expect(read(`${at}x\n{"ok":1}\n`, 20)).toEqual([
      { kind: "too_long", bytes: 21, id: null },
      { kind: "line", text: '{"ok":1}' },
    ]);
  });

  test("a too-long request keeps its id, wherever the id stands in the line", () => {
    const big = "y".repeat(5_000);
    const last = JSON.stringify({ method: "tools/call", params: { arguments: { term: big } }, jsonrpc: "2.0", id: 42 });
    const first = JSON.stringify({ id: "abc", method: "tools/call", params: { arguments: { term: big } } });
    expect(read(`${last}\n${first}\n`, 1_000, 333)).toEqual([
      { kind: "too_long", bytes: last.length, id: 42 },
      { kind: "too_long", bytes: first.length, id: "abc" },
    ]);
  });

  test("a line of 10 MiB holds no more than the bound in memory", () => {
    const reader = new LineReader(1 << 20);
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    for (let i = 0; i < 160; i++) expect(reader.push(chunk)).toEqual([]);
    // The reader keeps nothing of the line past the bound: its parts are gone.
    expect((reader as unknown as { parts: Uint8Array[] }).parts).toEqual([]);
    expect(reader.push(bytes("\n"))).toEqual([{ kind: "too_long", bytes: 160 * 64 * 1024, id: null }]);
  });
});

describe("IdScanner", () => {
  test("reads the top-level id, a string or an integer", () => {
    expect(idOf('{"jsonrpc":"2.0","id":7,"method":"x"}')).toBe(7);
    expect(idOf('{ "id" : -3 }')).toBe(-3);
    expect(idOf('{"id":"a\\"b\\u0041"}')).toBe('a"bA');
    expect(idOf('{"method":"x","id":12')).toBe(12); // cut at its end
  });

  test("an id nested, inside a string, or of another type is not the id", () => {
    expect(idOf('{"params":{"id":5},"x":"\\"id\\":6"}')).toBeNull();
    expect(idOf('{"id":{"a":1}}')).toBeNull();
    expect(idOf('{"id":1.5}')).toBeNull();
    expect(idOf('{"id":null}')).toBeNull();
    expect(idOf('{"id":true}')).toBeNull();
    expect(idOf('[{"id":1}]')).toBeNull();
    expect(idOf('{"idx":1,"d":2}')).toBeNull();
  });

  test("a later id replaces an earlier one, as JSON.parse reads it; an over-long id is unknown", () => {
    expect(idOf('{"id":1,"id":"two"}')).toBe("two");
    expect(idOf(`{"id":"${"z".repeat(300)}"}`)).toBeNull();
  });
});
