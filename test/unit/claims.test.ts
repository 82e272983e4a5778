import { describe, expect, test } from "bun:test";
import { claimsOfDoc, entityFactOf } from "../../src/answers/claims";
import type { FileFacts } from "../../src/model/facts";
import type { GraphNode } from "../../src/store";

describe("claimsOfDoc", () => {
  test("lists a doc comment's statements in a fixed order, each at the comment's first line", () => {
    const claims = claimsOfDoc({ startLine: 4, endLine: 9, summary: "Parses a config.", deprecated: "", params: ["path", "strict"], returns: "the config", mentions: ["Loader"] });
    expect(claims).toEqual([
      { kind: "summary", text: "Parses a config.", line: 4 },
      { kind: "deprecated", text: "", line: 4 },
      { kind: "param", text: "path", line: 4 },
      { kind: "param", text: "strict", line: 4 },
      { kind: "returns", text: "the config", line: 4 },
      { kind: "mentions", text: "Loader", line: 4 },
    ]);
  });

  test("a comment of tags alone has no summary claim", () => {
    expect(claimsOfDoc({ startLine: 1, endLine: 1, summary: "", params: ["x"] })).toEqual([{ kind: "param", text: "x", line: 1 }]);
  });
});

describe("entityFactOf", () => {
  const facts = {
    path: "a.ts", lang: "typescript", calls: [], imports: [], exports: [], heritage: [], refs: [], vars: [], parseErrors: 0,
    entities: [
      { name: "f", qname: "f", kind: "function", startLine: 3, endLine: 5, signature: "function f()", exported: true, parent: -1 },
      { name: "f", qname: "f", kind: "function", startLine: 9, endLine: 9, signature: "function f(x)", exported: true, parent: -1, doc: { startLine: 8, endLine: 8, summary: "Second." } },
    ],
  } as FileFacts;
  const node = (startLine: number) => ({ id: "x", kind: "function", name: "f", qname: "f", path: "a.ts", startLine, endLine: startLine, lang: "typescript", signature: "", exported: true, role: "", parentId: null }) as GraphNode;

  test("matches a node to its entity by qualified name, kind and first line", () => {
    expect(entityFactOf(facts, node(9))?.doc?.summary).toBe("Second.");
    expect(entityFactOf(facts, node(3))?.doc).toBeUndefined();
    expect(entityFactOf(facts, node(4))).toBeUndefined();
  });
});
