// How ix text shares its rows out over the files that match: every file a row before any file
// two, production code before tests, the rows that do not go round to the files with the most.
import { describe, expect, test } from "bun:test";
import { allot } from "../../src/answers/text";

const counts = (entries: [string, number][]) => new Map(entries);

describe("allot", () => {
  test("everything, when everything fits", () => {
    const all = counts([["src/a.ts", 3], ["src/b.ts", 1]]);
    expect(allot(all, 4)).toEqual(all);
    expect(allot(all, Number.MAX_SAFE_INTEGER)).toEqual(all);
  });

  test("one file with many matches does not crowd out the rest", () => {
    const quota = allot(counts([["src/big.ts", 1000], ["src/a.ts", 2], ["src/b.ts", 5], ["src/c.ts", 1]]), 10);
    // A cap of 3 takes 3 + 2 + 3 + 1 = 9; the tenth row goes to the file ranked first.
    expect(Object.fromEntries(quota)).toEqual({ "src/big.ts": 4, "src/a.ts": 2, "src/b.ts": 3, "src/c.ts": 1 });
    expect([...quota.values()].reduce((a, b) => a + b)).toBe(10);
  });

  test("more files than rows: production first, the files with most matches first", () => {
    const quota = allot(counts([["test/a.test.ts", 50], ["src/x.ts", 1], ["src/y.ts", 9], ["src/z.ts", 9], ["src/w.ts", 2]]), 3);
    expect(Object.fromEntries(quota)).toEqual({ "src/y.ts": 1, "src/z.ts": 1, "src/w.ts": 1 });
  });

  test("production files get the rows that do not go round before test files", () => {
    const quota = allot(counts([["test/a.test.ts", 9], ["src/a.ts", 9]]), 3);
    expect(Object.fromEntries(quota)).toEqual({ "src/a.ts": 2, "test/a.test.ts": 1 });
  });
});
