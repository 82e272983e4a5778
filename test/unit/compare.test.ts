import { describe, expect, test } from "bun:test";
import { compareCallers, compareImporters, type IxCall } from "../../bench/compare.ts";
import type { Def, Truth } from "../../bench/truth-ts.ts";

const def = (name: string, line: number, path = "a.ts"): Def => ({ path, name, line });
const file = (path = "a.ts"): Def => ({ path, name: "<file>", line: 1 });

/** ix edge between two entities given as [path, name, start, end]. */
type Entity = [string, string, number, number];
const edge = (caller: Entity, callee: Entity): IxCall => ({
  callerPath: caller[0],
  callerName: caller[1],
  callerStart: caller[2],
  callerEnd: caller[3],
  calleePath: callee[0],
  calleeName: callee[1],
  calleeStart: callee[2],
  calleeEnd: callee[3],
});

describe("compareCallers", () => {
  const foo = def("foo", 2);
  const bar = def("bar", 10);
  const baz = def("baz", 20);
  const qux = def("Qux", 30);
  const truth: Truth = {
    calls: [
      { caller: foo, callee: bar, line: 3 },
      { caller: foo, callee: bar, line: 4 },
      { caller: file(), callee: foo, line: 40 },
      { caller: baz, callee: bar, line: 21 },
      { caller: bar, callee: baz, line: 11 },
      { caller: foo, callee: qux, line: 5 },
    ],
    imports: [],
    files: ["a.ts", "b.ts"],
    defs: [foo, bar, baz, qux],
  };
  const ixFoo: Entity = ["a.ts", "foo", 1, 8];
  const ixBar: Entity = ["a.ts", "bar", 9, 15];
  const ixBaz: Entity = ["a.ts", "baz", 19, 25];
  const ixFile: Entity = ["a.ts", "<file>", 1, 45];
  const ix: IxCall[] = [
    edge(ixFoo, ixBar),
    edge(ixFoo, ixBar), // a second call site: still one pair
    edge(ixFile, ixFoo),
    edge(ixBaz, ixBar),
    edge(ixFoo, ixBaz), // wrong: the truth has bar -> baz
    edge(ixFoo, ["b.ts", "helper", 1, 3]), // the truth does not model helper
    edge(["c.js", "<file>", 1, 9], ixFoo), // c.js is outside the truth's files
  ];

  test("micro and macro scores over distinct pairs", () => {
    const s = compareCallers(truth, ix);
    expect(s.truePositives).toBe(3);
    expect(s.falsePositives).toBe(1);
    expect(s.falseNegatives).toBe(2);
    expect(s.precision).toBe(0.75);
    expect(s.recall).toBe(0.6);
    expect(s.f1).toBeCloseTo(2 / 3, 10);
    // bar 2/2, foo 1/1, baz 0/1
    expect(s.macroPrecision).toBeCloseTo(2 / 3, 10);
    expect(s.targetsForPrecision).toBe(3);
    // bar 2/2, foo 1/1, baz 0/1, Qux 0/1
    expect(s.macroRecall).toBe(0.5);
    expect(s.targetsForRecall).toBe(4);
    expect(s.unjudged).toBe(1);
    expect(s.outOfScope).toBe(1);
  });

  test("lists misses with locations", () => {
    const s = compareCallers(truth, ix);
    expect(s.worstFalsePositives).toEqual([{ target: "a.ts:19-25 baz", count: 1, examples: ["a.ts:1-8 foo"] }]);
    expect(s.worstFalseNegatives).toEqual([
      { target: "a.ts:20 baz", count: 1, examples: ["a.ts:10 bar (line 11)"] },
      { target: "a.ts:30 Qux", count: 1, examples: ["a.ts:2 foo (line 5)"] },
    ]);
  });

  test("merges call lines of one pair and ranks callees by misses", () => {
    const s = compareCallers(truth, [edge(ixFile, ixFoo)]);
    expect(s.truePositives).toBe(1);
    expect(s.falseNegatives).toBe(4);
    expect(s.worstFalseNegatives[0]).toEqual({
      target: "a.ts:10 bar",
      count: 2,
      examples: ["a.ts:2 foo (line 3,4)", "a.ts:20 baz (line 21)"],
    });
    expect(s.worstFalseNegatives.map((m) => m.target)).toEqual(["a.ts:10 bar", "a.ts:20 baz", "a.ts:30 Qux"]);
  });

  test("a truth name line matches the innermost ix span holding it, and only that", () => {
    const outer = def("run", 50);
    const inner = def("run", 56);
    const t: Truth = {
      calls: [
        { caller: inner, callee: bar, line: 57 },
        { caller: outer, callee: baz, line: 62 },
      ],
      imports: [],
    };
    const ixOuter: Entity = ["a.ts", "run", 50, 70];
    const ixInner: Entity = ["a.ts", "run", 55, 60];
    const s = compareCallers(t, [edge(ixInner, ixBar), edge(ixInner, ixBaz)]);
    expect(s.truePositives).toBe(1);
    expect(s.falsePositives).toBe(1);
    expect(s.falseNegatives).toBe(1);
    expect(s.worstFalseNegatives).toEqual([{ target: "a.ts:20 baz", count: 1, examples: ["a.ts:50 run (line 62)"] }]);
    // With the outer span present too, the outer truth caller finds its own entity.
    const both = compareCallers(t, [edge(ixInner, ixBar), edge(ixOuter, ixBaz)]);
    expect(both.precision).toBe(1);
    expect(both.recall).toBe(1);
  });

  test("without files or defs the truth's own edges define what is judged", () => {
    const t: Truth = { calls: [{ caller: foo, callee: bar, line: 3 }], imports: [] };
    const s = compareCallers(t, [edge(ixFoo, ixBar), edge(["z.ts", "f", 1, 2], ixBaz), edge(ixBar, ixFoo)]);
    // baz is unknown to this truth; foo is known (as a caller), so bar -> foo is a false positive.
    expect(s.unjudged).toBe(1);
    expect(s.outOfScope).toBe(0);
    expect(s.truePositives).toBe(1);
    expect(s.falsePositives).toBe(1);
    expect(s.precision).toBe(0.5);
    expect(s.recall).toBe(1);
  });

  test("no ix edges: nothing claimed, everything missed", () => {
    const s = compareCallers(truth, []);
    expect(s.precision).toBe(1);
    expect(s.recall).toBe(0);
    expect(s.f1).toBe(0);
    expect(s.falseNegatives).toBe(5);
  });
});

describe("compareImporters", () => {
  const truth: Truth = {
    calls: [],
    imports: [
      { from: "a.ts", to: "b.ts" },
      { from: "a.ts", to: "c.ts" },
      { from: "d.ts", to: "b.ts" },
    ],
    files: ["a.ts", "b.ts", "c.ts", "d.ts"],
  };

  test("scores importers per imported file", () => {
    const s = compareImporters(truth, [
      { from: "a.ts", to: "b.ts" },
      { from: "a.ts", to: "b.ts" },
      { from: "d.ts", to: "c.ts" },
      { from: "x.js", to: "b.ts" },
      { from: "a.ts", to: "lib.js" },
    ]);
    expect(s.truePositives).toBe(1);
    expect(s.falsePositives).toBe(1);
    expect(s.falseNegatives).toBe(2);
    expect(s.precision).toBe(0.5);
    expect(s.recall).toBeCloseTo(1 / 3, 10);
    expect(s.macroPrecision).toBe(0.5); // b 1/1, c 0/1
    expect(s.targetsForPrecision).toBe(2);
    expect(s.macroRecall).toBe(0.25); // b 1/2, c 0/1
    expect(s.targetsForRecall).toBe(2);
    expect(s.unjudged).toBe(1);
    expect(s.outOfScope).toBe(1);
    expect(s.worstFalsePositives).toEqual([{ target: "c.ts", count: 1, examples: ["d.ts"] }]);
    expect(s.worstFalseNegatives).toEqual([
      { target: "b.ts", count: 1, examples: ["d.ts"] },
      { target: "c.ts", count: 1, examples: ["a.ts"] },
    ]);
  });
});
