// What is a callable entity in TypeScript, and which entity `path:line` names (issue 17, items
// 4 and 6): each test is named for the answer that misled.
import { describe, expect, test } from "bun:test";
import { ix, tempDir, writeTree } from "../helpers/cli";

async function mapped(prefix: string, files: Record<string, string>): Promise<{ root: string; home: string }> {
  const root = await writeTree(tempDir(`ix-${prefix}-`), files);
  const home = tempDir(`ix-${prefix}-home-`);
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
  return { root, home };
}

/** The header's target and the caller names of `ix callers <target>`. */
function callers(at: { root: string; home: string }, target: string): { target: string | undefined; rows: string[] } {
  const r = ix(["callers", target, "--format", "llm", "--full"], { cwd: at.root, home: at.home });
  const target_ = /^callers target=(\S+)/.exec(r.lines[0] ?? "")?.[1];
  const rows = r.lines.filter((l) => l.startsWith("ref ")).map((l) => /name=(\S+)/.exec(l)?.[1] ?? "<file>");
  return { target: target_, rows };
}

const STORE = [
  "export type Getter<T> = () => T", //                                          1
  "type Both = ((a: number) => void) & ((a: string) => void)", //              2
  "type Constrain<T, C> = T | C", //                                             3
  "interface Options { depth: number }", //                                      4
  "export interface Store<T> {", //                                              5
  "  get: Getter<T>", //                                                         6
  "  set: Both", //                                                              7
  "  load?: Wrap<T, (ctx: number) => void>", //                                  8
  "  options: Options", //                                                       9
  "  name: string", //                                                           10
  "}", //                                                                        11
  "export class Box {", //                                                       12
  "  read!: Getter<number>", //                                                  13
  "  size = 0", //                                                               14
  "}", //                                                                        15
  "export function use(s: Store<number>, b: Box) {", //                          16
  "  s.get()", //                                                                17
  "  s.set(1)", //                                                               18
  "  s.load?.(1)", //                                                            19
  "  b.read()", //                                                               20
  "}", //                                                                        21
  "",
].join("\n");

describe("a member whose declared type is callable but no function type literal", () => {
  test("through an alias, an intersection or a generic wrapper of a function type it is an entity its callers reach", async () => {
    const at = await mapped("callable-member", { "src/store.ts": STORE, "src/wrap.ts": "export type Wrap<T, F> = T | F\n" });
    expect(callers(at, "src/store.ts:6")).toEqual({ target: "get", rows: ["use"] });
    expect(callers(at, "src/store.ts:7")).toEqual({ target: "set", rows: ["use"] });
    expect(callers(at, "src/store.ts:8")).toEqual({ target: "load", rows: ["use"] });
    expect(callers(at, "src/store.ts:13")).toEqual({ target: "read", rows: ["use"] });
  });

  test("a data property stays no entity: typed by an interface, a primitive or a field's value", async () => {
    const at = await mapped("callable-data", { "src/store.ts": STORE, "src/wrap.ts": "export type Wrap<T, F> = T | F\n" });
    expect(callers(at, "src/store.ts:9").target).toBe("Store");
    expect(callers(at, "src/store.ts:10").target).toBe("Store");
    expect(callers(at, "src/store.ts:14").target).toBe("Box");
  });
});

describe("a nested type literal's callable members", () => {
  test("are entities reached through the property that holds them", async () => {
    const at = await mapped("callable-nested", {
      "src/ssr.ts": [
        "export interface ServerSsr {", //                             1
        "  hydration: {", //                                           2
        "    signal?: AbortSignal", //                                  3
        "    reserve: (n?: number) => boolean", //                      4
        "  }", //                                                      5
        "  options?: { parse?: (s: string) => number; depth: number }", // 6
        "}", //                                                        7
        "export function run(ssr: ServerSsr) {", //                    8
        "  ssr.hydration.reserve()", //                                9
        "  ssr.options?.parse?.('x')", //                              10
        "}", //                                                        11
        "",
      ].join("\n"),
    });
    expect(callers(at, "src/ssr.ts:4")).toEqual({ target: "reserve", rows: ["run"] });
    // `options` and `parse` start on one line: the line names the one declared inside the other.
    expect(callers(at, "src/ssr.ts:6")).toEqual({ target: "parse", rows: ["run"] });
  });
});

describe("a parameter declared with an object type holding functions", () => {
  test("its members are entities the function's own calls reach", async () => {
    const at = await mapped("callable-param", {
      "src/timeout.ts": [
        "export async function withTimeout<T>(opts: {", //    1
        "  promise: Promise<T>", //                            2
        "  onTimeout: () => Promise<T>", //                    3
        "}): Promise<T> {", //                                 4
        "  await opts.promise", //                             5
        "  return opts.onTimeout()", //                        6
        "}", //                                                7
        "",
      ].join("\n"),
    });
    expect(callers(at, "src/timeout.ts:3")).toEqual({ target: "onTimeout", rows: ["withTimeout"] });
    expect(callers(at, "src/timeout.ts:2").target).toBe("opts");
  });

  test("the function's line names the function, not its parameter's type declared beside it", async () => {
    const at = await mapped("callable-param-line", {
      "src/run.ts": [
        "export function run(opts: {", //                         1
        "  onDone: () => void", //                                 2
        "}) { opts.onDone() }", //                                 3
        "export function once(o: { cb(): void }) { o.cb() }", //  4
        "export function main() { run({ onDone() {} }); once({ cb() {} }) }", // 5
        "",
      ].join("\n"),
    });
    expect(callers(at, "src/run.ts:1")).toEqual({ target: "run", rows: ["main"] });
    expect(callers(at, "src/run.ts:4")).toEqual({ target: "once", rows: ["main"] });
  });
});

describe("a variable whose declared type has call signatures", () => {
  test("sql(…), sql`…` and sql.lit(…) bind to sql and to the members of its type, in its file and from others", async () => {
    const at = await mapped("callable-variable", {
      "src/sql.ts": [
        "export interface RawBuilder { run(): void }", //                               1
        "export interface Sql {", //                                                    2
        "  (strings: TemplateStringsArray, ...values: unknown[]): RawBuilder", //       3
        "  lit(value: unknown): RawBuilder", //                                         4
        "  join(parts: unknown[]): RawBuilder", //                                      5
        "}", //                                                                         6
        "declare function createSql(): Sql", //                                         7
        "export const sql: Sql = createSql()", //                                       8
        "export function inFile() {", //                                                9
        "  sql.lit(1)", //                                                              10
        "}", //                                                                         11
        "",
      ].join("\n"),
      "src/query.ts": [
        'import { sql } from "./sql"', //        1
        "export function tagged() {", //         2
        "  return sql`select ${1}`", //          3
        "}", //                                  4
        "export function called() {", //         5
        "  return sql(null as never)", //        6
        "}", //                                  7
        "export function joined() {", //         8
        "  return sql.join([])", //              9
        "}", //                                  10
        "",
      ].join("\n"),
    });
    expect(callers(at, "src/sql.ts:8")).toEqual({ target: "sql", rows: ["tagged", "called"] });
    expect(callers(at, "src/sql.ts:4")).toEqual({ target: "lit", rows: ["inFile"] });
    expect(callers(at, "src/sql.ts:5")).toEqual({ target: "join", rows: ["joined"] });
  });
});

describe("path:line where several entities start", () => {
  test("two declared side by side are an ambiguity with numbered candidates, and --pick chooses", async () => {
    const at = await mapped("callable-line", {
      "src/two.ts": "export const a = () => 1, b = () => 2\nexport function c() {\n  return a() + b()\n}\n",
    });
    const r = ix(["callers", "src/two.ts:1", "--format", "llm"], { cwd: at.root, home: at.home });
    expect(r.code).not.toBe(0);
    expect(r.lines[0]).toStartWith("error code=ambiguous_target ");
    expect(r.lines.filter((l) => l.startsWith("candidate ")).map((l) => /name=(\S+)/.exec(l)?.[1])).toEqual(["a", "b"]);
    const picked = ix(["callers", "src/two.ts:1", "--pick", "2", "--format", "llm"], { cwd: at.root, home: at.home });
    expect(picked.lines[0]).toStartWith("callers target=b ");
    // A line inside a body still names the innermost entity around it.
    expect(callers(at, "src/two.ts:3").target).toBe("c");
  });
});

describe("calls that must not reach two entities or a local variable (item 6)", () => {
  test("two same-named function properties of one object: the call reaches the one that holds, only", async () => {
    const at = await mapped("callable-dup", {
      "src/api.js": [
        "export const api = {", //                 1
        "  run: () => first(),", //                2
        "  run: () => second(),", //               3
        "}", //                                    4
        "export function first() {}", //           5
        "export function second() {}", //          6
        "export function caller() {", //           7
        "  api.run()", //                          8
        "}", //                                    9
        "",
      ].join("\n"),
    });
    expect(callers(at, "src/api.js:2")).toEqual({ target: "run", rows: [] });
    expect(callers(at, "src/api.js:3")).toEqual({ target: "run", rows: ["caller"] });
  });

  test("same-named members in two branches of one expression receive no call", async () => {
    const at = await mapped("callable-branches", {
      "src/pick.ts": [
        "export const pick = Math.random() > 0.5 ? { go: () => first() } : { go: () => second() }", // 1
        "export function first() {}", //                                                                2
        "export function second() {}", //                                                               3
        "export function caller() {", //                                                                4
        "  pick.go()", //                                                                               5
        "}", //                                                                                         6
        "",
      ].join("\n"),
    });
    const r = ix(["callees", "src/pick.ts:4", "--format", "llm"], { cwd: at.root, home: at.home });
    expect(r.lines.filter((l) => l.startsWith("ref "))).toEqual([]);
  });

  test("a local variable in a test callback is no entity: its calls belong to the file", async () => {
    const at = await mapped("callable-local", {
      "src/mw.test.ts": [
        "import { create, step } from './mw'", //           1
        "describe('mw', () => {", //                         2
        "  const mw = create(() => step())", //              3
        "  mw()", //                                          4
        "})", //                                              5
        "declare function describe(n: string, f: () => void): void", // 6
        "",
      ].join("\n"),
      "src/mw.ts": "export function create(f: () => void) { return f }\nexport function step() {}\n",
    });
    const r = ix(["callers", "create", "--format", "llm", "--include-tests"], { cwd: at.root, home: at.home });
    const rows = r.lines.filter((l) => l.startsWith("ref "));
    expect(rows.length).toBe(1);
    expect(rows[0]).toStartWith("ref kind=file path=src/mw.test.ts ");
    expect(ix(["inventory", "--path", "src/mw.test.ts", "--format", "llm"], { cwd: at.root, home: at.home }).stdout).not.toContain("name=mw ");
  });
});
