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

  test("agrees with JSON.parse on objects of every shape, fed in chunks of any size", () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    const text = () => ['"', "\\", "id", '\\"id\\":1', "\n", "é", "{", "]", ",", ":"].slice(0, 1 + random(10)).join(random(2) ? "x" : "");
    const value = (depth: number): unknown => {
      const pick = random(depth > 2 ? 4 : 6);
      if (pick === 0) return random(1000) - 500;
      if (pick === 1) return text();
      if (pick === 2) return [null, true, 1.5][random(3)];
      if (pick === 3) return random(2) ? "id" : { id: 3 };
      if (pick === 4) return Array.from({ length: random(3) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: random(4) }, () => [random(3) ? text() : "id", value(depth + 1)]));
    };
    let found = 0;
    for (let round = 0; round < 500; round++) {
      const members: [string, unknown][] = Array.from({ length: 1 + random(4) }, () => [random(3) ? text() : "id", value(1)]);
      const json = JSON.stringify(Object.fromEntries(members));
      const id = (JSON.parse(json) as { id?: unknown }).id;
      const expected = typeof id === "string" || (typeof id === "number" && Number.isInteger(id)) ? id : null;
      const scanner = new IdScanner();
      const all = bytes(json);
      const size = 1 + random(9);
      for (let at = 0; at < all.length; at += size) scanner.feed(all.subarray(at, at + size));
      expect({ json, id: scanner.id() }).toEqual({ json, id: expected });
      if (expected !== null) found++;
    }
    // Enough of the objects have an id of their own for the agreement to mean something.
    expect(found).toBeGreaterThan(50);
  });

  test("a string of escapes is read in linear time", () => {
    const scanner = new IdScanner();
    const started = performance.now();
    scanner.feed(bytes(`{"term":"${"\\n".repeat(2_000_000)}","id":9}`));
    expect(scanner.id()).toBe(9);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  test("a later id replaces an earlier one, as JSON.parse reads it; an over-long id is unknown", () => {
    expect(idOf('{"id":1,"id":"two"}')).toBe("two");
    expect(idOf(`{"id":"${"z".repeat(300)}"}`)).toBeNull();
  });
});
