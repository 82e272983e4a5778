import { describe, expect, test } from "bun:test";
import { patchStamps, stampChanges, stampListOf, stampPaths, type StampList } from "../../src/graph/stamps";

const file = (path: string, size = 1, mtimeMs = 10) => ({ path, size, mtimeMs });
const list = (...paths: string[]): StampList => stampListOf(paths.map((path) => [path, { size: 1, mtimeMs: 10 }]));

describe("stamp list", () => {
  test("paths sorted in code-unit order, numbers beside them; an empty list too", () => {
    const made = stampListOf([["b.ts", { size: 2, mtimeMs: 20 }], ["a b/ü.ts", { size: 1, mtimeMs: 1700000000123 }]]);
    expect(stampPaths(made)).toEqual(["a b/ü.ts", "b.ts"]);
    expect([...made.numbers]).toEqual([1, 1700000000123, 2, 20]);
    expect(stampPaths(stampListOf([]))).toEqual([]);
  });

  test("a patch rewrites, deletes and sorts in new paths", () => {
    const patched = patchStamps(list("a", "c", "e"), new Map([["c", null], ["e", { size: 50, mtimeMs: 50 }], ["b", { size: 2, mtimeMs: 2 }], ["gone", null]]));
    expect(stampPaths(patched)).toEqual(["a", "b", "e"]);
    expect([...patched.numbers]).toEqual([1, 10, 2, 2, 50, 50]);
  });

  test("a patch of listed files only rewrites their numbers in place", () => {
    const before = list("a", "b", "c");
    const patched = patchStamps(before, new Map([["b", { size: 7, mtimeMs: 70 }]]));
    expect(patched.joined).toBe(before.joined);
    expect([...patched.numbers]).toEqual([1, 10, 7, 70, 1, 10]);
    expect([...before.numbers]).toEqual([1, 10, 1, 10, 1, 10]);
  });

  test("the same files: only moved numbers count", () => {
    const { moved, gone } = stampChanges([file("a"), file("b", 2), file("c", 1, 11)], list("a", "b", "c"));
    expect(moved.map((f) => f.path)).toEqual(["b", "c"]);
    expect(gone).toEqual([]);
  });

  test("other files: one walk finds new, moved and gone ones", () => {
    const files = [file("a"), file("b", 2), file("c"), file("d", 1, 11), file("e")];
    const { moved, gone } = stampChanges(files, list("a", "b", "d", "z"));
    expect(moved.map((f) => f.path)).toEqual(["b", "c", "d", "e"]);
    expect(gone).toEqual(["z"]);
    expect(stampChanges([], list("a", "b")).gone).toEqual(["a", "b"]);
    expect(stampChanges(files.slice(0, 2), list()).moved).toHaveLength(2);
  });

  test("unsorted files are sorted before the walk, not misread as gone", () => {
    expect(stampChanges([file("b"), file("a"), file("c")], list("a", "b"))).toEqual({ moved: [file("c")], gone: [] });
  });
});
