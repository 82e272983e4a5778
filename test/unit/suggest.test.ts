import { describe, expect, test } from "bun:test";
import { nearestNames } from "../../src/answers/suggest";
import { editDistance } from "../../src/util/edit-distance";

const NAMES = ["Export", "expr0", "Expr", "exporter", "u", "e", "use", "Ingestion", "Service", "parse", "parseHeader", "BytePtrFromString", "Byte", "From"];

describe("nearestNames", () => {
  test("a dropped letter ranks its name first among equally close spellings", () => {
    expect(nearestNames(NAMES, "Exprt")[0]).toBe("Export");
    expect(nearestNames(NAMES, "Exprt")).toEqual(expect.arrayContaining(["expr0", "Expr"]));
  });

  test("one- and two-letter names are never offered for a longer target", () => {
    expect(nearestNames(NAMES, "useState")).not.toContain("u");
    expect(nearestNames(NAMES, "Exprt")).not.toContain("e");
  });

  test("with no close spelling, the target's own words, in order", () => {
    expect(nearestNames(NAMES, "IngestionService")).toEqual(["Ingestion", "Service"]);
  });

  test("beside a close spelling, words and stems are left out", () => {
    expect(nearestNames(NAMES, "BytePtrFromStrng")).toEqual(["BytePtrFromString"]);
  });

  test("longer names that begin with the target follow the typos", () => {
    expect(nearestNames(NAMES, "pars")).toEqual(["parse", "parseHeader"]);
  });

  test("a far name is not offered at all", () => {
    expect(nearestNames(NAMES, "zzzzzz")).toEqual([]);
  });

  test("at most max names", () => {
    expect(nearestNames(["ab1", "ab2", "ab3", "ab4"], "ab", 2)).toEqual(["ab1", "ab2"]);
  });
});

describe("editDistance", () => {
  test("counts insertions, deletions and substitutions", () => {
    expect(editDistance("exprt", "export")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });

  test("stops at the bound and says bound + 1", () => {
    expect(editDistance("abcdef", "uvwxyz", 2)).toBe(3);
    expect(editDistance("abcdef", "abcdxf", 2)).toBe(1);
  });
});
