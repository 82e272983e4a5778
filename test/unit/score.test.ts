import { describe, expect, test } from "bun:test";
import { parseAnswer } from "../../bench/answers.ts";
import { precision, recall, scoreAnswers, shortName, type Question } from "../../bench/score.ts";

const callersOfFoo = [
  "callers target=foo path=a.ts shown=3 total=3 resolved=3",
  'ref name=bar kind=function path=a.ts lines=9-15 site=a.ts:11 snippet="foo()"',
  "ref name=Box.open kind=method path=b.ts lines=2-4 site=b.ts:3",
  "ref kind=file path=c.ts site=c.ts:1",
  'next run="ix callers bar" why="the same question for bar"',
].join("\n");

describe("parseAnswer", () => {
  test("reads the header's target and each row as the entity at the other end", () => {
    const answer = parseAnswer(callersOfFoo);
    expect(answer.target).toBe("foo");
    expect(answer.rows.map((r) => [r.name, r.path])).toEqual([
      ["bar", "a.ts"],
      ["Box.open", "b.ts"],
      ["<file>", "c.ts"],
    ]);
    expect(answer.rows[0]!.fields.site).toBe("a.ts:11");
  });

  test("an error record is an answer with no rows and its code", () => {
    const answer = parseAnswer('error code=unresolved_target message="No entity named \'x\'"');
    expect(answer).toEqual({ rows: [], error: "unresolved_target" });
  });
});

const question = (name: string, expected: string[], kind = "function"): Question => ({
  name,
  kind,
  label: name,
  expected: new Set(expected.map((e) => e.replace(" ", "\0"))),
});

describe("scoreAnswers", () => {
  const same = (q: Question, a: { target?: string }) => a.target !== undefined && shortName(a.target) === q.name;

  test("rows are matched by name and file; a member's holder prefix is the same entity", () => {
    const q = question("foo", ["bar a.ts", "open b.ts", "baz d.ts"]);
    const scored = scoreAnswers([q], [parseAnswer(callersOfFoo)], same);
    // bar and Box.open hit; the file row is wrong; baz is missed.
    expect(scored.all).toMatchObject({ truePositives: 2, falsePositives: 1, falseNegatives: 1, wrongTarget: 0 });
    expect(precision(scored.all)).toBeCloseTo(2 / 3);
    expect(recall(scored.all)).toBeCloseTo(2 / 3);
  });

  test("an answer about another target claims nothing but misses every truth row", () => {
    const q = question("schedule", ["run a.ts", "tick b.ts"], "interface-member");
    const scored = scoreAnswers([q], [parseAnswer("callers target=SchedulerLike path=t.ts shown=1 total=1\nref name=x kind=function path=z.ts")], same);
    expect(scored.all).toMatchObject({ truePositives: 0, falsePositives: 0, falseNegatives: 2, wrongTarget: 1 });
    expect(scored.byKind[0]!.kind).toBe("interface-member");
    expect(scored.wrongTargets[0]).toContain("target=SchedulerLike");
  });

  test("an error counts as errors, and a question with no truth rows and no answer rows is exact", () => {
    const scored = scoreAnswers(
      [question("gone", ["a a.ts"]), question("unused", [])],
      [parseAnswer("error code=unresolved_target"), parseAnswer("callers target=unused path=u.ts shown=0 total=0")],
      same,
    );
    expect(scored.all).toMatchObject({ questions: 2, truePositives: 0, falsePositives: 0, falseNegatives: 1, errors: 1 });
  });

  test("rows the relation does not count are left out", () => {
    const q = question("foo", ["bar a.ts"]);
    const scored = scoreAnswers([q], [parseAnswer(callersOfFoo)], same, (row) => row.path === "a.ts");
    expect(scored.all).toMatchObject({ truePositives: 1, falsePositives: 0, falseNegatives: 0 });
  });
});
