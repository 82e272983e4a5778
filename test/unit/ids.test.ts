import { describe, expect, test } from "bun:test";
import { EntityKeys, nodeId, storeKey, workspaceId } from "../../src/model/ids";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const COMMIT = "383371ac1606a5cf729847bf5979989d72951973";

describe("workspaceId", () => {
  test("is the first 8 hex chars of sha256('repo:' + repository id)", () => {
    const expected = new Bun.CryptoHasher("sha256").update(`repo:git:${COMMIT}`).digest("hex").slice(0, 8);
    expect(workspaceId(`git:${COMMIT}`)).toBe(expected);
    expect(workspaceId("/home/a/project")).toMatch(/^[0-9a-f]{8}$/);
  });

  test("differs between repositories, and between places in one", () => {
    expect(workspaceId("/home/a/project")).not.toBe(workspaceId("/home/a/project2"));
    expect(workspaceId(`git:${COMMIT}`)).not.toBe(workspaceId(`git:${COMMIT}/sub`));
  });
});

describe("storeKey", () => {
  test("is the rule an older ix named a workspace's directory by, from the absolute root", () => {
    const expected = new Bun.CryptoHasher("sha256").update("repo:/home/a/project").digest("hex").slice(0, 8);
    expect(storeKey("/home/a/project")).toBe(expected);
  });

  test("differs between checkouts of one repository", () => {
    expect(storeKey("/home/a/checkout-1")).not.toBe(storeKey("/home/a/checkout-2"));
  });
});

describe("nodeId", () => {
  const ws = `git:${COMMIT}`;

  test("is UUID-formatted and stable across calls", () => {
    const id = nodeId(ws, "src/a.ts", "function:foo");
    expect(id).toMatch(UUID);
    expect(nodeId(ws, "src/a.ts", "function:foo")).toBe(id);
  });

  test("is the sha256 of repository id, path and key joined by NUL", () => {
    const hex = new Bun.CryptoHasher("sha256").update(`${ws}\0src/a.ts\0`).digest("hex");
    expect(nodeId(ws, "src/a.ts", "").replaceAll("-", "")).toBe(hex.slice(0, 32));
  });

  test("changes with any of repository, path, key", () => {
    const ids = new Set([
      nodeId(ws, "src/a.ts", "function:foo"),
      nodeId("/other", "src/a.ts", "function:foo"),
      nodeId(ws, "src/b.ts", "function:foo"),
      nodeId(ws, "src/a.ts", "method:foo"),
      nodeId(ws, "src/a.ts", "function:foo#2"),
      nodeId(ws, "src/a.ts", ""),
      // The separator keeps "a" + "b/c" apart from "a/b" + "c".
      nodeId(ws, "src", "a.ts\0function:foo"),
    ]);
    expect(ids.size).toBe(7);
  });

  test("no collisions over many keys", () => {
    const ids = new Set<string>();
    for (let f = 0; f < 100; f++) for (let e = 0; e < 100; e++) ids.add(nodeId(ws, `src/f${f}.ts`, `function:fn${e}`));
    expect(ids.size).toBe(10_000);
  });
});

describe("EntityKeys", () => {
  test("suffixes later duplicates of the same kind and qname", () => {
    const keys = new EntityKeys();
    expect(keys.next("function", "f")).toBe("function:f");
    expect(keys.next("method", "A.f")).toBe("method:A.f");
    expect(keys.next("function", "f")).toBe("function:f#2");
    expect(keys.next("type", "f")).toBe("type:f");
    expect(keys.next("function", "f")).toBe("function:f#3");
  });
});
