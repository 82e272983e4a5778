// Answers an agent can trust about TypeScript (issue 16, items 7 and 8): each test is named for
// the answer that misled.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeLlm } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";

function mapLlm(root: string, home: string): { fields: Record<string, string>; lines: string[] } {
  const r = ix(["map", ".", "--format", "llm"], { cwd: root, home });
  expect(r.code).toBe(0);
  return { fields: decodeLlm(r.lines[0] as string).fields as Record<string, string>, lines: r.lines };
}

describe("variance annotations", () => {
  test("map without parse errors, and what follows them in the file is still an entity", async () => {
    const root = await writeTree(tempDir("ix-variance-"), {
      "src/box.ts": [
        "export interface Box<out A, in out B = never> { readonly value: A }",
        "export class Ref<const in T> implements Box<T> {",
        "  get(): T { return read(this); }",
        "}",
        "export type Sink<in T> = (t: T) => void",
        "export interface Pair<",
        "  /** what comes out */",
        "  out A,",
        "  // both ways",
        "  in out B",
        "> { a: A; b: B }",
        "export function read<T>(ref: Ref<T>): T { return ref as never; }",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-variance-home-");
    const map = mapLlm(root, home);
    expect(map.fields.parse_errors).toBeUndefined();
    expect(map.lines.some((l) => l.startsWith("parse_error "))).toBe(false);
    const inventory = ix(["inventory", "--path", "src/box.ts", "--format", "llm"], { cwd: root, home }).lines.filter((l) => l.startsWith("node "));
    expect(inventory.map((l) => / name=(\S+) kind=(\S+)/.exec(l)!.slice(1).join(" "))).toEqual(
      expect.arrayContaining(["Box interface", "Ref class", "get method", "Sink type", "Pair interface", "read function"]),
    );
    const callers = ix(["callers", "read", "--format", "llm"], { cwd: root, home });
    expect(callers.lines).toContainEqual(expect.stringMatching(/^ref name=get kind=method path=src\/box\.ts /));
  });
});

describe("files with parse errors", () => {
  test("are named by map (llm and json) and doctor, and a no-op or unrelated re-map keeps the count", async () => {
    const root = await writeTree(tempDir("ix-parse-errors-"), {
      "src/broken.ts": "export function before() {}\nexport function broken( { return 1 + ; }\nexport function after() {}\n",
      "src/ok.ts": "export function ok() {}\n",
    });
    const home = tempDir("ix-parse-errors-home-");
    const first = mapLlm(root, home);
    expect(first.fields).toMatchObject({ outcome: "full_local_completed", parse_errors: "1" });
    expect(first.lines).toContainEqual(expect.stringMatching(/^parse_error path=src\/broken\.ts errors=[1-9]\d*$/));

    // Nothing changed: the graph still holds the file with its errors, and says so.
    const again = mapLlm(root, home);
    expect(again.fields).toMatchObject({ outcome: "no_change", parse_errors: "1" });
    expect(again.lines).toContainEqual(expect.stringMatching(/^parse_error path=src\/broken\.ts /));
    const json = JSON.parse(ix(["map", ".", "--format", "json"], { cwd: root, home }).stdout);
    expect(json.map).toMatchObject({ outcome: "no_change", parse_errors: 1, parse_errors_paths: ["src/broken.ts"] });
    expect(json.parse_error).toEqual([{ path: "src/broken.ts", errors: expect.any(Number) }]);

    // Another file's edit parses only that file: the count is still the graph's.
    await Bun.sleep(5);
    writeFileSync(join(root, "src/ok.ts"), "export function ok() { return 1; }\n");
    expect(mapLlm(root, home).fields).toMatchObject({ outcome: "incremental_local_completed", parse_errors: "1" });

    const doctor = ix(["doctor", "--format", "llm"], { cwd: root, home });
    expect(doctor.lines).toContainEqual("check name=parse_errors status=warn count=1");
    expect(doctor.lines).toContainEqual(expect.stringMatching(/^parse_error path=src\/broken\.ts errors=/));

    // Fixed, the file is no longer named anywhere.
    await Bun.sleep(5);
    writeFileSync(join(root, "src/broken.ts"), "export function before() {}\nexport function after() {}\n");
    const fixed = mapLlm(root, home);
    expect(fixed.fields.parse_errors).toBeUndefined();
    expect(fixed.lines.some((l) => l.startsWith("parse_error "))).toBe(false);
    expect(JSON.parse(ix(["map", ".", "--format", "json"], { cwd: root, home }).stdout).map).toMatchObject({ parse_errors: 0, parse_errors_paths: [] });
    expect(ix(["doctor", "--format", "llm"], { cwd: root, home }).lines).toContainEqual("check name=parse_errors status=ok count=0");
  });
});

describe("local values", () => {
  test("a const holding what a call makes is no function entity, and its calls stay with the code around it; a local function is one", async () => {
    const root = await writeTree(tempDir("ix-locals-"), {
      "src/handler.ts": [
        "export function dispatch(e: string): void {}",
        "export function handler() {",
        "  const onEvent = (e: string) => dispatch(e);",
        "  return onEvent;",
        "}",
        "export const map = dual(2, (self: string, f: (s: string) => string) => dispatch(f(self)));",
        "export const program = Effect.gen(function* () { dispatch('boot'); });",
        "declare function dual<F>(arity: number, body: F): F;",
        "declare const Effect: { gen(f: () => Generator): unknown };",
        "",
      ].join("\n"),
      "test/schema.test.ts": [
        "import { z } from 'zod';",
        "import { dispatch } from '../src/handler';",
        "describe('schemas', () => {",
        ...Array.from({ length: 3 }, (_, i) => [
          `  it('case ${i}', async () => {`,
          "    const schema = z.string().refine(async () => true);",
          "    dispatch(schema.parse('x'));",
          "  });",
        ]).flat(),
        "});",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-locals-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const functions = ix(["inventory", "--kind", "function", "--format", "llm"], { cwd: root, home }).lines.filter((l) => l.startsWith("node "));
    expect(functions.map((l) => / name=(\S+)/.exec(l)![1]).sort()).toEqual(["dispatch", "dual", "handler", "map", "onEvent"]);
    expect(ix(["search", "schema", "--kind", "function", "--format", "llm"], { cwd: root, home }).lines[0]).toStartWith("search term=schema count=0 ");

    // Every call of dispatch is still a caller row: made by handler's local onEvent, by map, or by the files.
    const callers = ix(["callers", "dispatch", "--format", "json"], { cwd: root, home });
    const rows = (JSON.parse(callers.stdout).ref as { name?: string; kind: string; path: string }[]).map((r) => `${r.kind} ${r.name ?? r.path}`);
    expect(rows.sort()).toEqual(["file src/handler.ts", "file test/schema.test.ts", "function map", "function onEvent"]);
  });
});

describe("calls through a receiver typed by an interface or an object type alias", () => {
  test("callers of an interface method name that method and list the calls, as the compiler binds them", async () => {
    const root = await writeTree(tempDir("ix-iface-"), {
      "src/types.ts": [
        "export interface Closer {",
        "  close(): void;",
        "}",
        "export interface QueryExecutor extends Closer {",
        "  executeQuery(q: string): number;",
        "  run: (q: string) => void;",
        "}",
        "export type Schema = {",
        "  parse(x: unknown): string;",
        "};",
        "",
      ].join("\n"),
      "src/use.ts": [
        'import type { QueryExecutor, Schema } from "./types";',
        "export function use(executor: QueryExecutor, schema: Schema): void {",
        '  executor.executeQuery("q");',
        '  executor.run("q");',
        "  executor.close();",
        "  schema.parse(1);",
        "}",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-iface-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    for (const [target, name, site] of [["src/types.ts:5", "executeQuery", 3], ["src/types.ts:6", "run", 4], ["src/types.ts:2", "close", 5], ["src/types.ts:9", "parse", 6]] as const) {
      const r = ix(["callers", target, "--format", "llm"], { cwd: root, home });
      expect(r.code).toBe(0);
      expect(decodeLlm(r.lines[0] as string).fields).toMatchObject({ target: name });
      const rows = r.lines.filter((l) => l.startsWith("ref "));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain(`name=use `);
      expect(rows[0]).toContain(`site=src/use.ts:${site} `);
    }
  });
});

describe("callers of a class's method that implements an interface", () => {
  test("count the calls that reach it through the interface member (via_interface) and point at them", async () => {
    const root = await writeTree(tempDir("ix-via-iface-"), {
      "src/types.ts": [
        "export interface Closer {",
        "  close(): void;",
        "}",
        "export interface QueryExecutor extends Closer {",
        "  executeQuery(q: string): number;",
        "}",
        "",
      ].join("\n"),
      "src/impl.ts": [
        'import type { QueryExecutor } from "./types";',
        "export class Impl implements QueryExecutor {",
        "  executeQuery(q: string): number { return q.length; }",
        "  close(): void {}",
        "}",
        "",
      ].join("\n"),
      "src/use.ts": [
        'import type { QueryExecutor } from "./types";',
        "export function use(executor: QueryExecutor): void {",
        '  executor.executeQuery("a");',
        '  executor.executeQuery("b");',
        "  executor.close();",
        "}",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-via-iface-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    for (const [target, calls, member] of [["src/impl.ts:3", "1", "QueryExecutor.executeQuery"], ["src/impl.ts:4", "1", "Closer.close"]] as const) {
      const r = ix(["callers", target, "--format", "llm"], { cwd: root, home });
      expect(r.code).toBe(0);
      expect(decodeLlm(r.lines[0] as string).fields).toMatchObject({ total: "0", via_interface: calls });
      expect(r.lines.some((l) => l.startsWith("hint ") && l.includes("call it through the interface"))).toBe(true);
      const next = r.lines.find((l) => l.startsWith("next ") && l.includes(member))!;
      const id = /run="ix callers (\w+)"/.exec(next)![1]!;
      const through = ix(["callers", id, "--format", "llm"], { cwd: root, home });
      expect(through.lines.filter((l) => l.startsWith("ref ")).every((l) => l.includes("name=use "))).toBe(true);
    }
    // A method no interface declares says nothing of interfaces.
    const plain = ix(["callers", "src/use.ts:2", "--format", "llm"], { cwd: root, home });
    expect(plain.lines[0]).not.toContain("via_interface");
  });
});

describe("object namespaces", () => {
  test("callers of a member of a frozen or plain module-level object are the code calling Holder.member, and its own calls are its", async () => {
    const root = await writeTree(tempDir("ix-objects-"), {
      "src/helper.ts": "export function normalize(x: string): string { return x; }\n",
      "src/nodes.ts": [
        'import { normalize } from "./helper";', //                        1
        "declare function freeze<T>(x: T): T;", //                         2
        "export const AddColumnNode = freeze({", //                        3
        "  is(node: unknown): boolean { return node !== null; },", //      4
        "  create(name: string) {", //                                     5
        "    this.is(name);", //                                           6
        "    return normalize(name);", //                                  7
        "  },", //                                                         8
        "});", //                                                          9
        "export const util = {", //                                        10
        "  normalize: (x: string) => normalize(x),", //                    11
        "  api: { users: { list() { return 1; } } },", //                  12
        "} as const;", //                                                  13
        "",
      ].join("\n"),
      "src/use.ts": [
        'import { AddColumnNode, util } from "./nodes";', //               1
        "export function run() {", //                                      2
        '  AddColumnNode.create("a");', //                                 3
        '  util.normalize("x");', //                                       4
        "  util.api.users.list();", //                                     5
        "}", //                                                            6
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-objects-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const rows = (args: string[]) => ix([...args, "--format", "llm"], { cwd: root, home }).lines.filter((l) => l.startsWith("ref "));
    expect(rows(["callers", "src/nodes.ts:5"])).toEqual([expect.stringMatching(/^ref name=run kind=function path=src\/use\.ts .*site=src\/use\.ts:3 /)]);
    // `this` in a method of the object is the object; the member's bare call of `normalize` is the imported function, not util.normalize.
    const callees = rows(["callees", "src/nodes.ts:5"]);
    expect(callees).toContainEqual(expect.stringMatching(/^ref name=is kind=method path=src\/nodes\.ts .*site=src\/nodes\.ts:6 /));
    expect(callees).toContainEqual(expect.stringMatching(/^ref name=normalize kind=function path=src\/helper\.ts .*site=src\/nodes\.ts:7 /));
    expect(rows(["callers", "src/nodes.ts:11"])).toEqual([expect.stringMatching(/^ref name=run kind=function path=src\/use\.ts .*site=src\/use\.ts:4 /)]);
    expect(rows(["callers", "src/helper.ts:1"]).map((l) => /name=(\S+)/.exec(l)![1]).sort()).toEqual(["create", "normalize"]);
    const list = ix(["callers", "util.api.users.list", "--format", "llm"], { cwd: root, home }).lines.filter((l) => l.startsWith("ref "));
    expect(list).toEqual([expect.stringMatching(/^ref name=run kind=function path=src\/use\.ts .*site=src\/use\.ts:5 /)]);
  });

  test("an object whose type is written is called through that type, as the compiler reads it, here, from another file and as this", async () => {
    const root = await writeTree(tempDir("ix-typed-objects-"), {
      "src/prov.ts": [
        "export interface Provider { schedule(cb: () => void): void; flush(): void }", // 1
        "export const provider: Provider = {", //                          2
        "  schedule(cb) { cb(); this.flush(); },", //                      3
        "  flush() {},", //                                                4
        "};", //                                                           5
        "export const konst = {", //                                       6
        "  go(x: number) { return x; },", //                               7
        "} as const;", //                                                  8
        "export function local() { provider.schedule(() => {}); konst.go(1); }", // 9
        "",
      ].join("\n"),
      "src/use.ts": 'import { provider, konst } from "./prov";\nexport function remote() { provider.schedule(() => {}); konst.go(2); }\n',
    });
    const home = tempDir("ix-typed-objects-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const rows = (target: string) => ix(["callers", target, "--format", "llm"], { cwd: root, home }).lines.filter((l) => l.startsWith("ref "));
    expect(rows("src/prov.ts:3")).toEqual([]);
    // So is `this` in its methods.
    expect(rows("src/prov.ts:4")).toEqual([]);
    expect(rows("src/prov.ts:7").map((l) => /name=(\S+)/.exec(l)![1]).sort()).toEqual(["local", "remote"]);
  });
});
