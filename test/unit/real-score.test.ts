import { describe, expect, test } from "bun:test";
import { parseAnswer } from "../../bench/answers.ts";
import { precisionOf, recallOf, scoreCallers, scoreImports, TruthIndex } from "../../bench/real-score.ts";
import type { Def, Truth } from "../../bench/truth-ts.ts";

const send: Def = { path: "lib/res.js", name: "send", line: 10, kind: "commonjs-member" };
const json: Def = { path: "lib/res.js", name: "json", line: 20, kind: "commonjs-member" };
const handler: Def = { path: "lib/app.js", name: "handle", line: 3, kind: "function" };
const testFn: Def = { path: "test/res.test.js", name: "<file>", line: 1, kind: "file" };

const truth: Truth = {
  calls: [
    { caller: handler, callee: send, line: 5, site: 6, via: "call" },
    { caller: testFn, callee: send, line: 9, site: 9, via: "callback-param" },
  ],
  references: [],
  imports: [{ from: "lib/app.js", to: "lib/res.js" }],
  files: ["lib/res.js", "lib/app.js", "test/res.test.js", "lib/other.js"],
  defs: [send, json, handler],
  importStatements: [
    { from: "lib/app.js", specifier: "./res", line: 1, outcome: "corpus", to: ["lib/res.js"], kind: "require" },
    { from: "lib/app.js", specifier: "./gone", line: 2, outcome: "unresolved", kind: "require" },
    { from: "lib/app.js", specifier: "debug", line: 3, outcome: "external", kind: "require" },
  ],
  // `x.send()` in lib/other.js: the checker could not say what x is.
  unbound: [{ path: "lib/other.js", line: 4, name: "send" }],
};

const isTest = (path: string) => path.startsWith("test/");

describe("scoreCallers", () => {
  test("call rows are judged; a hand-over row is no call; a row the truth cannot judge is left out", () => {
    const answer = parseAnswer(
      [
        "callers target=res.send path=lib/res.js shown=4 total=4",
        "ref name=handle kind=function path=lib/app.js site=lib/app.js:6 also=7",
        "ref kind=file path=test/res.test.js site=test/res.test.js:9",
        "ref name=boot kind=function path=lib/app.js use=reference site=lib/app.js:30",
        "ref name=run kind=function path=lib/other.js site=lib/other.js:4",
      ].join("\n"),
    );
    const s = scoreCallers(new TruthIndex(truth), [send], [answer], isTest);
    expect(s.all).toEqual({ tp: 2, fp: 0, fn: 0, unjudged: 1 });
    expect(s.nonTest).toEqual({ tp: 1, fp: 0, fn: 0, unjudged: 1 });
    // site 6 is the call; also=7 is no call of send there.
    expect(s.sites).toEqual({ tp: 1, fp: 1, fn: 0, unjudged: 1 });
    // As given, the hand-over row counts against precision.
    expect(s.asGiven.fp).toBe(1);
    expect(s.byVia.format()).toBe("call 0/1, callback-param 0/1");
  });

  test("an answer about another entity misses every caller, and its rows are not counted as calls", () => {
    const answer = parseAnswer("callers target=lib/res.js shown=1 total=1\nref name=other kind=function path=lib/app.js");
    const s = scoreCallers(new TruthIndex(truth), [send], [answer], isTest);
    expect(s.wrongTarget).toBe(1);
    expect(s.all).toEqual({ tp: 0, fp: 0, fn: 2, unjudged: 0 });
    expect(recallOf(s.all)).toBe(0);
    expect(s.asGiven.fp).toBe(1);
    expect(s.byRole.format()).toBe("non-test caller 1/1, test caller 1/1");
  });

  test("a header naming the same name in another file is another entity", () => {
    const answer = parseAnswer("callers target=send path=lib/other.js shown=0 total=0");
    const s = scoreCallers(new TruthIndex(truth), [send], [answer], isTest);
    expect(s.wrongTarget).toBe(1);
  });
});

describe("scoreImports", () => {
  test("every statement counts: corpus files by path, the rest by the specifier a row names", () => {
    const answer = parseAnswer(
      ["imports target=lib/app.js shown=2 total=3", "ref kind=file path=lib/res.js site=lib/app.js:1", 'ref kind=unresolved specifier="./gone" site=lib/app.js:2'].join("\n"),
      "ref",
      true,
    );
    const s = scoreImports(new TruthIndex(truth), ["lib/app.js"], [answer]);
    expect(s.corpus).toEqual({ tp: 1, fp: 0, fn: 0, unjudged: 0 });
    expect(s.all).toEqual({ tp: 2, fp: 0, fn: 1, unjudged: 0 });
    expect(s.listed.format()).toBe("external 1/1, unresolved 0/1");
    expect(s.siteExact).toEqual({ right: 1, rows: 1 });
    expect(precisionOf(s.all)).toBe(1);
  });
});
