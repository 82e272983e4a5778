// Each line the MCP server reads, as JSON-RPC 2.0 has it answered: parse errors -32700, invalid
// requests -32600 (a batch included, MCP having dropped batches), params of the wrong shape
// -32602; invalid notifications and responses are dropped, since JSON-RPC answers neither.
import { describe, expect, test } from "bun:test";
import { readMessage } from "../../src/mcp/jsonrpc";

const code = (text: string) => {
  const r = readMessage(text);
  return r.kind === "reply" ? { code: r.reply.error.code, id: r.reply.id } : r.kind;
};

describe("readMessage", () => {
  test("text that is not JSON is a parse error with id null", () => {
    for (const text of ["not json", "{", '{"jsonrpc":"2.0",', "\u0000"]) expect(code(text)).toEqual({ code: -32700, id: null });
  });

  test("JSON that is not one request object is an invalid request with id null", () => {
    for (const text of ["null", "123", '"x"', "true", "[]", '[{"jsonrpc":"2.0","id":1,"method":"ping"}]', '{"jsonrpc":"2.0","method":1}', "{}"]) {
      expect({ text, r: code(text) }).toEqual({ text, r: { code: -32600, id: null } });
    }
  });

  test("a request with its id but no method, a wrong version or bad params keeps its id", () => {
    expect(code('{"jsonrpc":"2.0","id":6}')).toEqual({ code: -32600, id: 6 });
    expect(code('{"jsonrpc":"1.0","id":7,"method":"tools/list"}')).toEqual({ code: -32600, id: 7 });
    expect(code('{"id":"s","method":"tools/list"}')).toEqual({ code: -32600, id: "s" });
    expect(code('{"jsonrpc":"2.0","id":8,"method":"tools/list","params":"x"}')).toEqual({ code: -32600, id: 8 });
    expect(code('{"jsonrpc":"2.0","id":9,"method":"tools/list","params":[1]}')).toEqual({ code: -32602, id: 9 });
  });

  test("an id of the wrong type is answered with id null", () => {
    for (const id of ['{"a":1}', "[1]", "null", "1.5", "true"]) {
      expect(code(`{"jsonrpc":"2.0","id":${id},"method":"tools/list"}`)).toEqual({ code: -32600, id: null });
    }
  });

  test("a valid request goes on with only the members JSON-RPC defines", () => {
    expect(readMessage('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"},"extra":true}')).toEqual({
      kind: "request",
      message: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "x" } },
    });
    expect(readMessage('{"jsonrpc":"2.0","id":"a","method":"ping"}')).toEqual({ kind: "request", message: { jsonrpc: "2.0", id: "a", method: "ping" } });
  });

  test("notifications go on; an invalid one is dropped, never answered", () => {
    expect(readMessage('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toEqual({
      kind: "notification",
      message: { jsonrpc: "2.0", method: "notifications/initialized" },
    });
    expect(readMessage('{"jsonrpc":"1.0","method":"notifications/initialized"}').kind).toBe("drop");
    expect(readMessage('{"jsonrpc":"2.0","method":"notifications/x","params":5}').kind).toBe("drop");
  });

  test("responses to the server's own requests go on; an invalid one is dropped", () => {
    expect(readMessage('{"jsonrpc":"2.0","id":0,"result":{"roots":[]}}')).toEqual({ kind: "response", message: { jsonrpc: "2.0", id: 0, result: { roots: [] } } });
    expect(readMessage('{"jsonrpc":"2.0","id":0,"error":{"code":-1,"message":"no"}}').kind).toBe("response");
    expect(readMessage('{"jsonrpc":"2.0","id":0,"result":{},"error":{"code":1,"message":"x"}}').kind).toBe("drop");
    expect(readMessage('{"jsonrpc":"2.0","id":0,"result":5}').kind).toBe("drop");
    expect(readMessage('{"jsonrpc":"2.0","id":0,"error":{"message":"x"}}').kind).toBe("drop");
  });

  test("no reply quotes a large message back", () => {
    const big = `{"jsonrpc":"2.0","id":1,"method":"x","params":"${"q".repeat(100_000)}"}`;
    const r = readMessage(big);
    expect(r.kind === "reply" && JSON.stringify(r.reply).length).toBeLessThan(300);
    const bad = `{"jsonrpc":"${"v".repeat(100_000)}","id":1,"method":"x"}`;
    const r2 = readMessage(bad);
    expect(r2.kind === "reply" && JSON.stringify(r2.reply).length).toBeLessThan(300);
  });
});
