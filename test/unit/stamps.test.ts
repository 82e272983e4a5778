import { describe, expect, test } from "bun:test";
import { decodeStamps, encodeStamps, patchStamps, stampChanges, stampListOf, stampPaths, type StampList } from "../../src/store/stamps";

const file = (path: string, size = 1, mtimeMs = 10) => ({ path, size, mtimeMs });
const list = (...paths: string[]): StampList => stampListOf(paths.map((path) => [path, { size: 1, mtimeMs: 10 }]));

describe("stamp list", () => {
  test("paths sorted in code-unit order, numbers beside them; an empty list too", () => {
    const made = stampListOf([["b.ts", { size: 2, mtimeMs: 20 }], ["a b/ü.ts", { size: 1, mtimeMs: 1700000000123 }]]);
    expect(stampPaths(made)).toEqual(["a b/ü.ts", "b.ts"]);
    expect([...made.numbers]).toEqual([1, 1700000000123, 2, 20]);
    expect(stampPaths(stampListOf([]))).toEqual([]);
  });

  test("one blob holds the list; other bytes are no list", () => {
    const made = stampListOf([["src/ä.ts", { size: 3, mtimeMs: 1700000000123 }], ["b.py", { size: 0, mtimeMs: 5 }]]);
    const decoded = decodeStamps(encodeStamps(made))!;
    expect(decoded.joined).toBe(made.joined);
    expect([...decoded.numbers]).toEqual([...made.numbers]);
    // At an unaligned offset, as a driver may hand it over.
    const shifted = new Uint8Array(encodeStamps(made).byteLength + 3);
    shifted.set(encodeStamps(made), 3);
    expect(stampPaths(decodeStamps(shifted.subarray(3))!)).toEqual(["b.py", "src/ä.ts"]);
    expect(stampPaths(decodeStamps(encodeStamps(stampListOf([])))!)).toEqual([]);
    expect(decodeStamps(new Uint8Array(4))).toBeUndefined();
    expect(decodeStamps(new Uint8Array(new Float64Array([5]).buffer))).toBeUndefined();
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
    const { moved, added, gone } = stampChanges([file("a"), file("b", 2), file("c", 1, 11)], list("a", "b", "c"));
    expect(moved.map((f) => f.path)).toEqual(["b", "c"]);
    expect([...added]).toEqual([]);
    expect(gone).toEqual([]);
  });

  test("other files: one walk finds new, moved and gone ones", () => {
    const files = [file("a"), file("b", 2), file("c"), file("d", 1, 11), file("e")];
    const { moved, added, gone } = stampChanges(files, list("a", "b", "d", "z"));
    expect(moved.map((f) => f.path)).toEqual(["b", "c", "d", "e"]);
    expect([...added]).toEqual(["c", "e"]);
    expect(gone).toEqual(["z"]);
    expect(stampChanges([], list("a", "b")).gone).toEqual(["a", "b"]);
    expect(stampChanges(files.slice(0, 2), list()).moved).toHaveLength(2);
  });

  test("unsorted files are sorted before the walk, not misread as gone", () => {
    expect(stampChanges([file("b"), file("a"), file("c")], list("a", "b"))).toEqual({ moved: [file("c")], added: new Set(["c"]), gone: [] });
  });
});
