// Named local functions (issue 31, item 7): `const helper = () => …` or `function helper()` inside
// another function is an entity of that function, so "who calls the helper" and "what does the
// helper call" each answer for the helper, not for the function around it. Each test is named for
// the answer that misled.
import { describe, expect, test } from "bun:test";
import { ix, tempDir, writeTree } from "../helpers/cli";

async function mapped(prefix: string, files: Record<string, string>): Promise<{ root: string; home: string }> {
  const root = await writeTree(tempDir(`ix-${prefix}-`), files);
  const home = tempDir(`ix-${prefix}-home-`);
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
  return { root, home };
}

function llm(at: { root: string; home: string }, args: string[]): string[] {
  return ix([...args, "--format", "llm", "--full"], { cwd: at.root, home: at.home }).lines.filter((l) => !l.startsWith("next "));
}

const REPORT = [
  "import { fetchRows } from './rows'", //                                        1
  "export function report(ids: string[]) {", //                                   2
  "  const format = (row: string) => escape(row).trim()", //                      3
  "  function escape(text: string) { return text.replace(/</g, '') }", //         4
  "  if (ids.length > 1) {", //                                                   5
  "    const join = (rows: string[]) => rows.map(format).join(',')", //           6
  "    return join(fetchRows(ids))", //                                           7
  "  }", //                                                                       8
  "  return format(ids[0]!)", //                                                  9
  "}", //                                                                         10
  "export function join(parts: string[]) { return parts.join('') }", //           11
  "export function summary(ids: string[]) { return join(ids) }", //               12
  "",
].join("\n");

const FILES = {
  "src/report.ts": REPORT,
  "src/rows.ts": "export function fetchRows(ids: string[]) { return ids }\n",
};

describe("a function declared inside another function", () => {
  test("callers of the local at its line answer for the local, not for the function around it", async () => {
    const at = await mapped("locals-callers", FILES);
    expect(llm(at, ["callers", "src/report.ts:3"])).toEqual([
      "callers target=format path=src/report.ts shown=2 total=2 resolved=2 references=1",
      'ref name=report kind=function path=src/report.ts lines=2-10 site=src/report.ts:9 snippet="return format(ids[0]!)"',
      `ref name=join kind=function path=src/report.ts lines=6-6 site=src/report.ts:6 snippet="const join = (rows: string[]) => rows.map(format).join(',')" use=reference`,
    ]);
    // A function declaration in the body is one too, called from the local arrow.
    expect(llm(at, ["callers", "src/report.ts:4"])).toEqual([
      "callers target=escape path=src/report.ts shown=1 total=1 resolved=1",
      'ref name=format kind=function path=src/report.ts lines=3-3 site=src/report.ts:3 snippet="const format = (row: string) => escape(row).trim()"',
    ]);
  });

  test("callees of the function around a local list the local, and no longer what the local calls", async () => {
    const at = await mapped("locals-callees", FILES);
    expect(llm(at, ["callees", "report"])).toEqual([
      "callees target=report path=src/report.ts shown=3 total=3",
      'ref name=format kind=function path=src/report.ts lines=3-3 site=src/report.ts:9 snippet="return format(ids[0]!)"',
      'ref name=join kind=function path=src/report.ts lines=6-6 site=src/report.ts:7 snippet="return join(fetchRows(ids))"',
      'ref name=fetchRows kind=function path=src/rows.ts lines=1-1 site=src/report.ts:7 snippet="return join(fetchRows(ids))"',
    ]);
    expect(llm(at, ["callees", "src/report.ts:3"])).toEqual([
      "callees target=format path=src/report.ts shown=1 total=1 unresolved=1",
      'ref name=escape kind=function path=src/report.ts lines=4-4 site=src/report.ts:3 snippet="const format = (row: string) => escape(row).trim()"',
    ]);
  });

  test("a local in a block is in scope there only: the module-level function of its name keeps its callers", async () => {
    const at = await mapped("locals-scope", FILES);
    // `join` called at line 7 is the block's local; at line 12, the exported function.
    expect(llm(at, ["callers", "src/report.ts:6"])).toEqual([
      "callers target=join path=src/report.ts shown=1 total=1 resolved=1 unresolved=2",
      'ref name=report kind=function path=src/report.ts lines=2-10 site=src/report.ts:7 snippet="return join(fetchRows(ids))"',
    ]);
    const moduleLevel = [
      "callers target=join path=src/report.ts shown=1 total=1 resolved=1 unresolved=2",
      'ref name=summary kind=function path=src/report.ts lines=12-12 site=src/report.ts:12 snippet="export function summary(ids: string[]) { return join(ids) }"',
    ];
    expect(llm(at, ["callers", "src/report.ts:11"])).toEqual(moduleLevel);
    // A bare name means the module-level entity, not an ambiguity; search lists the local after it.
    expect(llm(at, ["callers", "join"])).toEqual(moduleLevel);
    expect(llm(at, ["search", "join"])).toEqual([
      "search term=join count=2 candidates=2",
      "node name=join kind=function path=src/report.ts lines=11-11 score=1",
      "node name=join kind=function path=src/report.ts lines=6-6 score=1",
    ]);
  });

  test("explain never reads an uncalled local as an entry point, and smells never call it a dead export", async () => {
    const at = await mapped("locals-explain", {
      "src/main.ts": "export function main() {\n  const unused = () => work()\n  return 1\n}\nfunction work() { return 2 }\n",
      "src/other.ts": "export function other() { return 3 }\n",
    });
    const explain = ix(["explain", "src/main.ts:2", "--format", "llm"], { cwd: at.root, home: at.home }).lines;
    expect(explain[0]).toStartWith("entity id=");
    expect(explain[0]).toContain(" name=unused kind=function qname=main.unused ");
    expect(explain[1]).toBe("role role=unused confidence=medium reason=no_callers,no_dependents");
    // The smells ran (other.ts's export is dead) and named no local.
    expect(llm(at, ["smells"]).flatMap((l) => /^smell .* entity=(\S+)/.exec(l)?.[1] ?? [])).toEqual(["other"]);
  });
});

describe("a Go closure bound to a name inside a func", () => {
  const GO = [
    "package m", //                                                     1
    "", //                                                              2
    'import "strings"', //                                              3
    "", //                                                              4
    "func Outer(s string) string {", //                                 5
    "\thelper := func(t string) string {", //                           6
    "\t\treturn strings.ToUpper(t)", //                                 7
    "\t}", //                                                           8
    '\tif s == "" {', //                                                9
    '\t\tvar inner = func() string { return helper("x") }', //          10
    "\t\treturn inner()", //                                            11
    "\t}", //                                                           12
    "\treturn helper(s)", //                                            13
    "}", //                                                             14
    "", //                                                              15
    "func helper(x int) int { return x }", //                          16
    "", //                                                              17
    "func Other() int { return helper(1) }", //                        18
    "",
  ].join("\n");

  test("callers of `helper := func` answered for Outer, and a package func of its name got its calls: each now answers for itself", async () => {
    const at = await mapped("go-closure", { "go.mod": "module example.com/m\n", "m.go": GO });
    expect(llm(at, ["callers", "m.go:6"])).toEqual([
      "callers target=helper path=m.go shown=2 total=2 resolved=2",
      'ref name=Outer kind=function path=m.go lines=5-14 site=m.go:13 snippet="return helper(s)"',
      'ref name=inner kind=function path=m.go lines=10-10 site=m.go:10 snippet="var inner = func() string { return helper(\\"x\\") }"',
    ]);
    expect(llm(at, ["callers", "m.go:16"])).toEqual([
      "callers target=helper path=m.go shown=1 total=1 resolved=1",
      'ref name=Other kind=function path=m.go lines=18-18 site=m.go:18 snippet="func Other() int { return helper(1) }"',
    ]);
    // What the closure calls is its own, not Outer's.
    expect(llm(at, ["callees", "Outer"]).map((l) => l.replace(/ lines=\S+.*/, ""))).toEqual([
      "callees target=Outer path=m.go shown=2 total=2",
      "ref name=helper kind=function path=m.go",
      "ref name=inner kind=function path=m.go",
    ]);
  });
});
