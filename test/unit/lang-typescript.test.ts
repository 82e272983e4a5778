import { describe, expect, test } from "bun:test";
import { Parser } from "web-tree-sitter";
import { type CallFact, type EntityFact, type FileFacts, parameterAt } from "../../src/model/facts";
import { mergeParams, settleParams } from "../../src/lang/typescript/callbacks";
import { loadGrammar } from "../../src/lang/grammars";
import { prepareTypeScriptSource } from "../../src/lang/typescript/prepare";
import { extract } from "../../src/lang/typescript/extract";

type ScriptLang = "typescript" | "tsx" | "javascript";
const parsers = new Map<ScriptLang, Parser>();

// Top-level await: the describe blocks below extract while tests are being collected.
for (const lang of ["typescript", "tsx", "javascript"] as const) {
  const grammar = await loadGrammar(lang);
  const parser = new Parser();
  parser.setLanguage(grammar);
  parsers.set(lang, parser);
}

function parse(source: string, lang: ScriptLang = "typescript") {
  const tree = parsers.get(lang)!.parse(source);
  if (!tree) throw new Error("no tree");
  return tree;
}

function factsOf(source: string, lang: ScriptLang = "typescript"): FileFacts {
  const tree = parse(source, lang);
  try {
    return extract(tree.rootNode, source, `src/file.${lang === "javascript" ? "js" : lang === "tsx" ? "tsx" : "ts"}`, lang);
  } finally {
    tree.delete();
  }
}

function lines(...text: string[]): string {
  return text.join("\n");
}

function entity(facts: FileFacts, qname: string): EntityFact {
  const found = facts.entities.filter((e) => e.qname === qname);
  if (found.length !== 1) throw new Error(`${found.length} entities named ${qname}: ${facts.entities.map((e) => e.qname).join(", ")}`);
  return found[0]!;
}

function indexOf(facts: FileFacts, qname: string): number {
  return facts.entities.indexOf(entity(facts, qname));
}

function only<T>(items: T[]): T {
  expect(items).toHaveLength(1);
  return items[0]!;
}

function callsTo(facts: FileFacts, callee: string): CallFact[] {
  return facts.calls.filter((c) => c.callee === callee);
}

describe("entities", () => {
  const source = lines(
    "export abstract class Repo<T> {", //  1
    "  abstract find(id: string): T;", //   2
    "  constructor(private db: Db) {}", //  3
    "  get size(): number { return 1 }", // 4
    "  set size(v: number) {}", //          5
    "  handle = (e: Ev) => this.find(e.id);", // 6
    "  async *rows() { yield 1 }", //       7
    "}", //                                 8
    "interface Shape { area(): number }", // 9
    "type Id = string | number;", //        10
    "enum Color { Red, Green }", //         11
    "function outer() {", //                12
    "  function inner() {}", //             13
    "  const arrow = async () => inner();", // 14
    "  return arrow;", //                   15
    "}", //                                 16
    "export function* gen() {}", //         17
    "export const fn = function named() {};", // 18
    "const Klass = class Hidden { run() {} };", // 19
    "export namespace Outer.Inner { export function deep() {} }", // 20
    "const value = 42;", //                 21
    "const obj = { method() {} };", //      22
  );
  const facts = factsOf(source);

  test("every declaration kind, with kinds and qualified names", () => {
    expect(facts.entities.map((e) => `${e.kind} ${e.qname}`)).toEqual([
      "class Repo",
      "method Repo.find",
      "method Repo.constructor",
      "method Repo.size",
      "method Repo.handle",
      "method Repo.rows",
      "interface Shape",
      "method Shape.area",
      "type Id",
      "type Color",
      "function outer",
      "function outer.inner",
      "function outer.arrow",
      "function gen",
      "function fn",
      "class Klass",
      "method Klass.run",
      "module Outer.Inner",
      "function Outer.Inner.deep",
      "module obj",
      "method obj.method",
    ]);
  });

  test("parents point at the containing entity", () => {
    const repo = indexOf(facts, "Repo");
    expect(entity(facts, "Repo").parent).toBe(-1);
    expect(entity(facts, "Repo.handle").parent).toBe(repo);
    expect(entity(facts, "outer.inner").parent).toBe(indexOf(facts, "outer"));
    expect(entity(facts, "Outer.Inner.deep").parent).toBe(indexOf(facts, "Outer.Inner"));
  });

  test("lines and signatures", () => {
    expect(entity(facts, "Repo")).toMatchObject({ startLine: 1, endLine: 8, signature: "abstract class Repo<T> {" });
    // A getter and its setter are one entity spanning both.
    expect(entity(facts, "Repo.size")).toMatchObject({ startLine: 4, endLine: 5 });
    expect(entity(facts, "outer")).toMatchObject({ startLine: 12, endLine: 16, signature: "function outer() {" });
    // A local const holding a function is an entity of its own: the call in its arrow is its own.
    expect(entity(facts, "outer.arrow")).toMatchObject({ startLine: 14, endLine: 14, signature: "const arrow = async () => inner();", parent: indexOf(facts, "outer") });
    expect(entity(facts, "outer.arrow").scopeLines).toBeUndefined();
    expect(callsTo(facts, "inner")).toEqual([{ from: indexOf(facts, "outer.arrow"), line: 14, callee: "inner" }]);
    expect(entity(facts, "fn").signature).toBe("const fn = function named() {};");
  });

  test("exported flags", () => {
    expect(entity(facts, "Repo").exported).toBe(true);
    expect(entity(facts, "gen").exported).toBe(true);
    expect(entity(facts, "fn").exported).toBe(true);
    expect(entity(facts, "Outer.Inner").exported).toBe(true);
    expect(entity(facts, "outer").exported).toBe(false);
    expect(entity(facts, "Klass").exported).toBe(false);
  });

  test("export lists and export default mark local entities", () => {
    const facts = factsOf(lines("function a() {}", "class B {}", "function c() {}", "export { a as alias, B };", "export default c;"));
    expect(entity(facts, "a").exported).toBe(true);
    expect(entity(facts, "B").exported).toBe(true);
    expect(entity(facts, "c")).toMatchObject({ exported: true, defaultExport: true });
    expect(entity(facts, "a").defaultExport).toBeUndefined();
  });

  test("export default declarations, named and anonymous", () => {
    expect(entity(factsOf("export default function main() {}"), "main")).toMatchObject({ exported: true, defaultExport: true });
    expect(entity(factsOf("export default class {}"), "default")).toMatchObject({ kind: "class", defaultExport: true });
    expect(entity(factsOf("export default () => 1;"), "default")).toMatchObject({ kind: "function", defaultExport: true });
  });

  test("functions and classes behind type assertions and parentheses", () => {
    const facts = factsOf(
      lines(
        "export const effect: { (a: A): B } = function () { return impl(); } as any;",
        "const wrapped = (() => 1) satisfies Thunk;",
        "const K = (class { run() {} }) as unknown as Ctor;",
      ),
    );
    expect(facts.entities.map((e) => `${e.kind} ${e.qname}`)).toEqual(["function effect", "function wrapped", "class K", "method K.run"]);
    expect(entity(facts, "effect").exported).toBe(true);
    expect(callsTo(facts, "impl")[0]!.from).toBe(indexOf(facts, "effect"));
  });

  test("module-level variables holding a function by declared type or by wrapper are functions", () => {
    const facts = factsOf(
      lines(
        "export const gen: {", //                                          1
        "  <A>(f: () => A): A", //                                         2
        "  <S, A>(self: S, f: () => A): A", //                             3
        "} = internal.gen", //                                             4
        "export declare namespace gen { type Variance = number }", //      5
        "export const map = dual(2, (self: S, f: F) => core.map(self, f))", // 6
        "const id: ((x: number) => number) = internal.id", //              7
        "export const empty: Effect<never> = internal.empty", //           8
        "export const alias = internal.other", //                          9
        "const made = build(config)", //                                   10
        "function outer() { const local = memo(() => 1) }", //             11
      ),
    );
    expect(facts.entities.map((e) => `${e.kind} ${e.qname}`)).toEqual([
      "function gen", "module gen", "type gen.Variance", "function map", "function id", "function outer",
    ]);
    expect(facts.entities.find((e) => e.kind === "function" && e.name === "gen")).toMatchObject({ startLine: 1, endLine: 4, exported: true });
    expect(entity(facts, "id").exported).toBe(false);
    // The wrapped callback is the variable's body: its calls are the variable's.
    expect(callsTo(facts, "map")[0]!.from).toBe(indexOf(facts, "map"));
    expect(callsTo(facts, "dual")[0]!.from).toBe(indexOf(facts, "map"));
    expect(callsTo(facts, "build")[0]!.from).toBe(-1);
    expect(callsTo(facts, "memo")[0]!.from).toBe(indexOf(facts, "outer"));
  });

  test("a function held by a local const is an entity of the function (or file) around it, in scope over its block only; a value made by a call is none", () => {
    const facts = factsOf(
      lines(
        "import { z } from 'zod';", //                                                        1
        "describe('schemas', () => {", //                                                     2
        "  it('refines', async () => {", //                                                   3
        "    const schema = z.string().refine(async () => true);", //                         4
        "    const check = (v: string) => validate(v);", //                                   5
        "    check(schema.parse('x'));", //                                                   6
        "  });", //                                                                           7
        "});", //                                                                             8
        "export function handler() {", //                                                     9
        "  const onEvent = async (e: Ev) => dispatch(e);", //                                 10
        "  const wrapped = memoize((e: Ev) => dispatch(e));", //                              11
        "  return onEvent;", //                                                               12
        "}", //                                                                               13
        "if (ready) { const later = () => start(); }", //                                     14
        "export namespace Api { export const get = (id: string) => fetchOne(id); }", //       15
        "declare module 'm' { const typed: (x: number) => void }", //                         16
      ),
    );
    // No `schema` or `wrapped`: a value a call makes is no function literal (81 functions named
    // `schema` in one repository were such consts inside test callbacks).
    expect(facts.entities.map((e) => `${e.kind} ${e.qname}`)).toEqual([
      "function check",
      "function handler",
      "function handler.onEvent",
      "function later",
      "module Api",
      "function Api.get",
      "module m",
    ]);
    // A local in a callback or a block is in scope over that block only; one in its function's own body, over all of it.
    expect(entity(facts, "check")).toMatchObject({ parent: -1, startLine: 5, scopeLines: [3, 7] });
    expect(entity(facts, "handler.onEvent").scopeLines).toBeUndefined();
    expect(entity(facts, "later")).toMatchObject({ parent: -1, scopeLines: [14, 14] });
    // The calls in their functions are their own; a callback's stay with the entity around it, or the file.
    expect(callsTo(facts, "refine")[0]!.from).toBe(-1);
    expect(callsTo(facts, "validate")[0]!.from).toBe(indexOf(facts, "check"));
    expect(callsTo(facts, "dispatch").map((c) => c.from)).toEqual([indexOf(facts, "handler.onEvent"), indexOf(facts, "handler")]);
    expect(callsTo(facts, "start")[0]!.from).toBe(indexOf(facts, "later"));
    expect(callsTo(facts, "fetchOne")[0]!.from).toBe(indexOf(facts, "Api.get"));
    // Each still hides outer names over its block, in a function or a callback the file runs:
    // a call of it binds to nothing outside.
    expect(facts.locals).toContainEqual([indexOf(facts, "handler"), "onEvent", 10, 13]);
    expect(facts.locals).toContainEqual([-1, "check", 5, 7]);
  });

  test("a module-level call is a function only when it makes one: a named helper given a function that takes parameters", () => {
    const facts = factsOf(
      lines(
        "export const map = dual(2, (self: S, f: F) => core.map(self, f))", //               1
        "export const run = Effect.fnUntraced(function* (id: string) { yield* load(id) })", // 2
        "export const program = Effect.gen(function* () { yield* boot() })", //             3
        "export const lazy = Stream.suspend(() => make())", //                               4
        "export const schema = z.string().refine(async (v) => check(v))", //                 5
        "export const sorted = items.sort((a, b) => a - b)", //                              6
      ),
    );
    expect(facts.entities.map((e) => `${e.kind} ${e.qname}`)).toEqual(["function map", "function run"]);
    expect(callsTo(facts, "load")[0]!.from).toBe(indexOf(facts, "run"));
    // A value built from a thunk or by a method of a built value is no entity: its calls are the file's.
    for (const callee of ["gen", "boot", "suspend", "make", "refine", "check", "sort"]) expect(callsTo(facts, callee)[0]!.from).toBe(-1);
  });

  test("methods and function-valued properties of a module-level object are entities named Holder.member", () => {
    const facts = factsOf(
      lines(
        "export const AddColumnNode = freeze({", //                       1
        "  create(name: string) { return make(name); },", //              2
        "  get size() { return count(); },", //                           3
        "});", //                                                         4
        "export const util = {", //                                       5
        "  normalize: (x: string) => trim(x),", //                        6
        "  other: function (y: string) { return load(y); },", //          7
        "  api: { users: { list() { return fetchAll(); } } },", //        8
        "  port: hash(3),", //                                            9
        "  [key]: () => computed(),", //                                  10
        "} as const satisfies Api;", //                                   11
        "export const frozen = Object.freeze({ run: () => go() });", //   12
        "export const config = { port: 3, name: 'x' };", //               13
        "export function outer() { const local = { f() { inner(); } }; }", // 14
      ),
    );
    expect(facts.entities.map((e) => `${e.kind} ${e.qname}`)).toEqual([
      "module AddColumnNode", "method AddColumnNode.create", "method AddColumnNode.size", "module util", "function util.normalize", "method util.other",
      "module util.api", "module util.api.users", "method util.api.users.list", "function util.[key]", "module frozen", "function frozen.run", "function outer",
    ]);
    expect(entity(facts, "util").object).toBe(true);
    expect(entity(facts, "AddColumnNode").exported).toBe(true);
    // Calls inside a member are the member's (a computed key is named as written, a getter is an
    // accessor, as a class's); the rest of the object is the file's.
    expect(callsTo(facts, "make")[0]!.from).toBe(indexOf(facts, "AddColumnNode.create"));
    expect(callsTo(facts, "trim")[0]!.from).toBe(indexOf(facts, "util.normalize"));
    expect(callsTo(facts, "fetchAll")[0]!.from).toBe(indexOf(facts, "util.api.users.list"));
    expect(callsTo(facts, "go")[0]!.from).toBe(indexOf(facts, "frozen.run"));
    expect(callsTo(facts, "count")[0]!.from).toBe(indexOf(facts, "AddColumnNode.size"));
    expect(entity(facts, "AddColumnNode.size").accessor).toBe(true);
    expect(callsTo(facts, "computed")[0]!.from).toBe(indexOf(facts, "util.[key]"));
    expect(callsTo(facts, "hash")[0]!.from).toBe(-1);
    // An object made inside a function is that function's: its members are no entities.
    expect(callsTo(facts, "inner")[0]!.from).toBe(indexOf(facts, "outer"));
    const byDefault = factsOf("export default { run(x: number) { return go(x); } };");
    expect(byDefault.entities.map((e) => `${e.kind} ${e.qname} ${e.defaultExport === true}`)).toEqual(["module default true", "method default.run false"]);
  });

  test("parameters and local variables are locals of their function; a callback's over its own lines", () => {
    const facts = factsOf(
      lines(
        "export function run(a: number, { b, c: d }: Opts, [e, ...f]: number[], g = 1) {", // 1
        "  const h = make();", //                                                             2
        "  {", //                                                                            3
        "    let i = 2;", //                                                                  4
        "  }", //                                                                            5
        "  var j = 3;", //                                                                    6
        "  return items.map((k) =>", //                                                      7
        "    k + 1);", //                                                                     8
        "}", //                                                                              9
        "const top = 1;", //                                                                  10
      ),
    );
    const run = indexOf(facts, "run");
    expect(facts.locals).toEqual([
      [run, "a", 1],
      [run, "b", 1],
      [run, "d", 1],
      [run, "e", 1],
      [run, "f", 1],
      [run, "g", 1],
      [run, "h", 2, 9],
      [run, "i", 4, 5],
      [run, "j", 6],
      [run, "k", 7, 8],
    ]);
    // JavaScript lists parameters without wrappers; a lone arrow parameter needs no parentheses.
    const js = factsOf(lines("function go(x, { y }) {", "  return list.map(z => z);", "}"), "javascript");
    expect(js.locals?.map(([, name]) => name)).toEqual(["x", "y", "z"]);
  });

  test("overloads are one function entity", () => {
    const facts = factsOf(lines("export function pick(a: string): string;", "export function pick(a: number): number;", "export function pick(a: any) {", "  return a;", "}"));
    expect(facts.entities).toHaveLength(1);
    expect(entity(facts, "pick")).toMatchObject({ startLine: 1, endLine: 5, exported: true });
  });
});

describe("calls", () => {
  const source = lines(
    "class Service extends Base {", //               1
    "  cache = new Map();", //                       2
    "  ready = init();", //                          3
    "  constructor(private db: Db) { super(db); }", // 4
    "  run(items: Item[]) {", //                     5
    "    this.db.query();", //                       6
    "    this.flush();", //                          7
    "    helper.call(this, 1);", //                  8
    "    this.db.save.apply(this, []);", //          9
    "    items[0].go();", //                         10
    "    make().then();", //                         11
    "    (factory)();", //                           12
    "    (() => 1)();", //                           13
    "    tag`text`;", //                             14
    "    maybe?.run();", //                          15
    "    parse<Item>(items);", //                    16
    "    new ns.Widget();", //                       17
    "    items.map((i) => transform(i));", //        18
    "  }", //                                        19
    "}", //                                          20
    "setup();", //                                   21
  );
  const facts = factsOf(source);
  const run = indexOf(facts, "Service.run");
  const service = indexOf(facts, "Service");

  test("bare calls, method calls and receivers", () => {
    expect(callsTo(facts, "query")).toEqual([{ from: run, line: 6, callee: "query", receiver: "this.db" }]);
    expect(callsTo(facts, "flush")).toEqual([{ from: run, line: 7, callee: "flush", receiver: "this" }]);
    expect(callsTo(facts, "transform")).toEqual([{ from: run, line: 18, callee: "transform" }]);
    expect(callsTo(facts, "map")[0]!.receiver).toBe("items");
  });

  test("receivers that are not plain paths are '?'", () => {
    expect(callsTo(facts, "go")[0]!.receiver).toBe("?");
    expect(callsTo(facts, "then")[0]!.receiver).toBe("?");
    expect(callsTo(facts, "make")[0]!.receiver).toBeUndefined();
  });

  test("constructors, super, generics, optional chaining", () => {
    expect(callsTo(facts, "Widget")).toEqual([{ from: run, line: 17, callee: "Widget", receiver: "ns", isNew: true }]);
    expect(callsTo(facts, "super")).toEqual([{ from: indexOf(facts, "Service.constructor"), line: 4, callee: "super" }]);
    expect(callsTo(facts, "parse")).toEqual([{ from: run, line: 16, callee: "parse" }]);
    expect(callsTo(facts, "run")).toEqual([{ from: run, line: 15, callee: "run", receiver: "maybe" }]);
  });

  test("call/apply count as calls of the function they are read from", () => {
    expect(callsTo(facts, "helper")).toEqual([{ from: run, line: 8, callee: "helper" }]);
    expect(callsTo(facts, "save")).toEqual([{ from: run, line: 9, callee: "save", receiver: "this.db" }]);
    expect(callsTo(facts, "call")).toEqual([]);
    expect(callsTo(facts, "apply")).toEqual([]);
  });

  test("bind does not call the function it is read from: it is a method call named bind", () => {
    const bound = factsOf("export class A {\n  run() { return this.go.bind(this); }\n  go() {}\n}\n");
    expect(bound.calls).toEqual([{ from: 1, line: 2, callee: "bind", receiver: "this.go" }]);
  });

  test("field initialisers are called from the class; top level from -1", () => {
    expect(callsTo(facts, "Map")).toEqual([{ from: service, line: 2, callee: "Map", isNew: true }]);
    expect(callsTo(facts, "init")[0]!.from).toBe(service);
    expect(callsTo(facts, "setup")).toEqual([{ from: -1, line: 21, callee: "setup" }]);
  });

  test("IIFEs and parenthesised callees are not calls; a tagged template calls its tag", () => {
    expect(callsTo(facts, "factory")).toEqual([]);
    expect(facts.calls.filter((c) => c.line >= 12 && c.line <= 13)).toEqual([]);
    // The compiler resolves `` tag`text` `` to tag's signature, as it does tag(…).
    expect(callsTo(facts, "tag")).toEqual([{ from: run, line: 14, callee: "tag" }]);
  });

  test("calls inside JSX expressions (tsx)", () => {
    const facts = factsOf(
      lines("export function App({ items }: Props) {", "  return <List onPick={() => choose(items)}>{items.map(render)}{format(title)}</List>;", "}"),
      "tsx",
    );
    const app = indexOf(facts, "App");
    expect(callsTo(facts, "choose")).toEqual([{ from: app, line: 2, callee: "choose" }]);
    expect(callsTo(facts, "format")).toEqual([{ from: app, line: 2, callee: "format" }]);
    expect(callsTo(facts, "map")[0]!.receiver).toBe("items");
    expect(facts.parseErrors).toBe(0);
  });

  test("calls inside JSX expressions (javascript)", () => {
    const facts = factsOf(lines("function View() {", "  return <div title={label()}>{rows.map((r) => <Row key={r.id} value={fmt(r)} />)}</div>;", "}"), "javascript");
    const view = indexOf(facts, "View");
    expect(callsTo(facts, "label")).toEqual([{ from: view, line: 2, callee: "label" }]);
    expect(callsTo(facts, "fmt")).toEqual([{ from: view, line: 2, callee: "fmt" }]);
    expect(facts.parseErrors).toBe(0);
  });
});

describe("call results", () => {
  const facts = factsOf(
    lines(
      "export function open(): Store | undefined { return undefined; }",
      "export const make = (): ns.Thing => ns.make();",
      "export function id<T>(x: T): T { return x; }",
      "export function pick(k: 'a'): A;",
      "export function pick(k: 'b'): B;",
      "export function pick(k: string): A | B { return k as any; }",
      "class C {",
      "  get(): Promise<Row> { return q(); }",
      "  run() { open()!.save(1); (new C()).get().then(f); this.get(); }",
      "}",
      "export const shared = open();",
      "function use() { const a = open(), b: Other = open(), c = new C(), d = (make()); let e = open; }",
    ),
  );

  test("a function's or method's declared result type is recorded; a type variable or disagreeing overloads leave none", () => {
    expect(entity(facts, "open").returns).toBe("Store");
    expect(entity(facts, "make").returns).toBe("ns.Thing");
    expect(entity(facts, "C.get").returns).toBe("Promise");
    expect(entity(facts, "id").returns).toBeUndefined();
    expect(entity(facts, "pick").returns).toBeUndefined();
    expect(entity(facts, "C.run").returns).toBeUndefined();
  });

  test("a call on another call's result points at that call", () => {
    const save = only(callsTo(facts, "save"));
    expect(save.receiver).toBe("?");
    expect(facts.calls[save.receiverCall!]).toMatchObject({ callee: "open", line: 9 });
    const then = only(callsTo(facts, "then"));
    const get = facts.calls[then.receiverCall!]!;
    expect(get).toMatchObject({ callee: "get", receiver: "?" });
    expect(facts.calls[get.receiverCall!]).toMatchObject({ callee: "C", isNew: true });
    expect(callsTo(facts, "get").find((c) => c.receiver === "this")?.receiverCall).toBeUndefined();
  });

  test("a variable set by a call is typed by that call, unless annotated or set otherwise", () => {
    const byCall = (facts.resultVars ?? []).map((v) => [v.scope, v.name, facts.calls[v.fromCall!]?.callee, v.line]);
    expect(byCall).toEqual([
      [-1, "shared", "open", 11],
      [entity(facts, "use") && facts.entities.indexOf(entity(facts, "use")), "a", "open", 12],
      [facts.entities.indexOf(entity(facts, "use")), "d", "make", 12],
    ]);
    // `let e = open` holds the function itself: what the name open holds, not its result.
    expect(facts.vars.filter((v) => ["b", "c", "e"].includes(v.name)).map((v) => [v.name, v.type, v.fromPath])).toEqual([
      ["b", "Other", undefined],
      ["c", "C", undefined],
      ["e", "", "open"],
    ]);
  });
});

describe("signatures over several lines", () => {
  const facts = factsOf(
    lines(
      "export class QueryClient {", //                                  1
      "  fetchQuery<", //                                               2
      "    TQueryFnData,", //                                           3
      "    TError = DefaultError, // the default", //                   4
      "  >(", //                                                        5
      "    options: FetchQueryOptions<TQueryFnData, TError>,", //       6
      "  ): Promise<TQueryFnData> {", //                                7
      "    return this.run(options);", //                               8
      "  }", //                                                         9
      "}", //                                                           10
      "export const select = async (", //                               11
      "  state: State,", //                                             12
      ") => {", //                                                      13
      "  return state;", //                                             14
      "};", //                                                          15
      "export interface Cache {", //                                    16
      "  build(", //                                                    17
      "    client: QueryClient,", //                                    18
      "  ): void;", //                                                  19
      "}", //                                                           20
      "export function one(a: number) { return a; }", //                21
    ),
  );

  test("the header up to its body's brace, joined onto one line; a one-line declaration as before", () => {
    expect(entity(facts, "QueryClient.fetchQuery").signature).toBe(
      "fetchQuery<TQueryFnData, TError = DefaultError>(options: FetchQueryOptions<TQueryFnData, TError>): Promise<TQueryFnData> {",
    );
    expect(entity(facts, "select").signature).toBe("const select = async (state: State) => {");
    expect(entity(facts, "Cache.build").signature).toBe("build(client: QueryClient): void");
    expect(entity(facts, "QueryClient").signature).toBe("class QueryClient {");
    expect(entity(facts, "one").signature).toBe("function one(a: number) { return a; }");
  });
});

describe("JSX elements render components", () => {
  const calls = (source: string, lang: ScriptLang) => factsOf(source, lang).calls.map((c) => [c.callee, c.receiver ?? "", c.line, c.from]);

  test("a component, a member component and a generic one are calls; intrinsic elements, closing tags and fragments are not", () => {
    const source = lines(
      "export function App() {", //                                   1
      "  return (", //                                                 2
      "    <Provider client={c}>", //                                  3
      "      <Layout.Header title=\"x\" />", //                         4
      "      <List<Item> items={[]} />", //                             5
      "      <div className=\"x\"><my-element /><></></div>", //       6
      "      <_Private />", //                                          7
      "    </Provider>", //                                             8
      "  );", //                                                        9
      "}", //                                                           10
    );
    expect(calls(source, "tsx")).toEqual([
      ["Provider", "", 3, 0],
      ["Header", "Layout", 4, 0],
      ["List", "", 5, 0],
      ["_Private", "", 7, 0],
    ]);
  });

  test("in JavaScript too", () => {
    expect(calls("const page = <Page.Body><Item /></Page.Body>;\n", "javascript")).toEqual([
      ["Body", "Page", 1, -1],
      ["Item", "", 1, -1],
    ]);
  });
});

describe("export type * (TypeScript 5.0)", () => {
  test("a type-only star re-export, plain or as a namespace, parses and is a type-only re-export", () => {
    const facts = factsOf(lines('export type * from "./types";', 'export type * as shapes from "./shapes";', "export function after() {}"));
    expect(facts.parseErrors).toBe(0);
    expect(facts.imports).toEqual([
      { line: 1, source: "./types", names: [{ imported: "*", local: "" }], kind: "reexport", typeOnly: true },
      { line: 2, source: "./shapes", names: [{ imported: "*", local: "shapes" }], kind: "reexport", typeOnly: true },
    ]);
    expect(facts.entities.map((e) => e.name)).toEqual(["after"]);
  });

  test("the repair moves no character and leaves `export type X` alone", () => {
    const source = 'export type * from "./t";\nexport type X = 1;\nexport type{ Y } from "./y";\n';
    const prepared = prepareTypeScriptSource(source, "typescript");
    expect(prepared).toBe('export      * from "./t";\nexport type X = 1;\nexport type{ Y } from "./y";\n');
  });
});

describe("imports", () => {
  const facts = factsOf(
    lines(
      'import def from "./default";', //                 1
      'import { a, b as c } from "./named";', //          2
      'import * as ns from "./ns";', //                   3
      'import "./side-effect";', //                       4
      'import type { T } from "./types";', //             5
      'import x = require("./legacy");', //               6
      'export * from "./all";', //                        7
      'export * as grouped from "./grouped";', //         8
      'export { p as q, default as D } from "./re";', //  9
      'export type { U } from "./types";', //             10
      'const cjs = require("./cjs");', //                 11
      'const { one, two: three } = require("./parts");', // 12
      'async function load() { return import("./lazy"); }', // 13
      'import Both, { type Only } from "./mixed";', //     14
    ),
  );
  const bySource = (source: string) => facts.imports.filter((i) => i.source === source);

  test("ES imports", () => {
    expect(bySource("./default")).toEqual([{ line: 1, source: "./default", names: [{ imported: "default", local: "def" }], kind: "import" }]);
    expect(bySource("./named")[0]!.names).toEqual([
      { imported: "a", local: "a" },
      { imported: "b", local: "c" },
    ]);
    expect(bySource("./ns")[0]!.names).toEqual([{ imported: "*", local: "ns" }]);
    expect(bySource("./side-effect")[0]!.names).toEqual([]);
  });

  test("type-only imports", () => {
    expect(bySource("./types")[0]).toMatchObject({ kind: "import", typeOnly: true, names: [{ imported: "T", local: "T" }] });
    expect(bySource("./mixed")[0]!.typeOnly).toBeUndefined();
  });

  test("re-exports", () => {
    expect(bySource("./all")).toEqual([{ line: 7, source: "./all", names: [{ imported: "*", local: "" }], kind: "reexport" }]);
    expect(bySource("./grouped")[0]!.names).toEqual([{ imported: "*", local: "grouped" }]);
    expect(bySource("./re")[0]!.names).toEqual([
      { imported: "p", local: "q" },
      { imported: "default", local: "D" },
    ]);
    expect(bySource("./types")[1]).toMatchObject({ kind: "reexport", typeOnly: true });
  });

  test("require, import = require, dynamic import", () => {
    expect(bySource("./legacy")).toEqual([{ line: 6, source: "./legacy", names: [{ imported: "*", local: "x" }], kind: "require" }]);
    expect(bySource("./cjs")).toEqual([{ line: 11, source: "./cjs", names: [{ imported: "*", local: "cjs" }], kind: "require" }]);
    expect(bySource("./parts")[0]!.names).toEqual([
      { imported: "one", local: "one" },
      { imported: "two", local: "three" },
    ]);
    expect(bySource("./lazy")).toEqual([{ line: 13, source: "./lazy", names: [], kind: "dynamic" }]);
    expect(callsTo(facts, "require")).toEqual([]);
  });
});

describe("exports", () => {
  test("export lists and default identifiers", () => {
    const facts = factsOf(lines("const a = 1;", "export { a as b, a };", "export default a;"));
    expect(facts.exports).toEqual([
      { local: "a", exported: "b", line: 2 },
      { local: "a", exported: "a", line: 2 },
      { local: "a", exported: "default", line: 3 },
    ]);
  });

  test("CommonJS module", () => {
    const facts = factsOf(
      lines(
        'const { join } = require("path");', //               1
        'const util = require("./util").helpers;', //        2
        "function build(dir) { return join(dir, util.name()); }", // 3
        "module.exports = build;", //                        4
        "module.exports.extra = build;", //                  5
        "exports.run = function (argv) { build(argv[0]); };", // 6
        'require("./register");', //                          7
      ),
      "javascript",
    );
    expect(facts.imports).toEqual([
      { line: 1, source: "path", names: [{ imported: "join", local: "join" }], kind: "require" },
      { line: 2, source: "./util", names: [{ imported: "helpers", local: "util" }], kind: "require" },
      { line: 7, source: "./register", names: [], kind: "require" },
    ]);
    expect(facts.exports).toEqual([
      { local: "build", exported: "default", line: 4 },
      { local: "build", exported: "extra", line: 5 },
    ]);
    expect(entity(facts, "build")).toMatchObject({ exported: true, defaultExport: true });
    expect(entity(facts, "run")).toMatchObject({ kind: "function", exported: true, startLine: 6 });
    expect(callsTo(facts, "build")).toEqual([{ from: indexOf(facts, "run"), line: 6, callee: "build" }]);
    expect(callsTo(facts, "name")).toEqual([{ from: indexOf(facts, "build"), line: 3, callee: "name", receiver: "util" }]);
  });

  test("members assigned at module level: of an object a variable holds, of a constructor's prototype, of a class; another module's object is left alone", () => {
    const facts = factsOf(
      lines(
        "var http = require('node:http');", //                                   1
        "var proto = require('./proto');", //                                    2
        "var res = exports = module.exports = Object.create(http.ServerResponse.prototype);", // 3
        "res.send = function send(body) { this.set('a', body); };", //            4
        "res.set =", //                                                           5
        "res.header = function header(field) { return field; };", //              6
        "res['get'] = (field) => field;", //                                      7
        "function View(name) { this.lookup(name); }", //                         8
        "View.create = function create(name) { return new View(name); };", //    9
        "View.prototype.lookup = function lookup(name) { return name; };", //    10
        "View.prototype = { render() {}, resolve: function () {} };", //         11
        "class Cache {}", //                                                      12
        "Cache.prototype.clear = function clear() {};", //                       13
        "function plain() {}", //                                                 14
        "plain.helper = function helper() {};", //                                15
        "proto.patch = function patch() {};", //                                  16
        "if (ok) { res.late = function late() {}; }", //                          17
        "exports.a = exports.b = function () {};", //                             18
      ),
      "javascript",
    );
    expect(facts.entities.map((e) => `${e.kind} ${e.qname}${e.aliases ? ` (${e.aliases.join(",")})` : ""}`)).toEqual([
      "module res",
      "method res.send",
      "method res.header (set)",
      "function res.get",
      "class View",
      "method View.create",
      "method View.lookup",
      "method View.render",
      "method View.resolve",
      "class Cache",
      "method Cache.clear",
      "function plain",
      "function b (a)",
    ]);
    // The object spans its declaration, each member its own statement.
    expect(entity(facts, "res")).toMatchObject({ startLine: 3, endLine: 3, object: true, exported: true, defaultExport: true });
    expect(entity(facts, "res.header")).toMatchObject({ startLine: 5, endLine: 6, signature: "res.header = function header(field) { return field; };", parent: indexOf(facts, "res") });
    expect(facts.heritage).toEqual([{ entity: indexOf(facts, "res"), kind: "extends", name: "http.ServerResponse", line: 3 }]);
    // Calls in a member are its own; in a constructor's body, the class's.
    expect(callsTo(facts, "set")).toEqual([{ from: indexOf(facts, "res.send"), line: 4, callee: "set", receiver: "this" }]);
    expect(callsTo(facts, "lookup")).toEqual([{ from: indexOf(facts, "View"), line: 8, callee: "lookup", receiver: "this" }]);
    expect(facts.exports).toContainEqual({ local: "res", exported: "default", line: 3 });
  });

  test("module.exports = require(…) re-exports the module, its whole value included", () => {
    const facts = factsOf(lines("module.exports = require('./lib/main');", "exports.util = require('./util');"), "javascript");
    expect(facts.imports).toEqual([
      { line: 1, source: "./lib/main", names: [{ imported: "*", local: "" }, { imported: "default", local: "default" }], kind: "reexport" },
      { line: 2, source: "./util", names: [{ imported: "*", local: "util" }], kind: "reexport" },
    ]);
  });

  test("require(…) used in place binds its module under a name of its own, which the call names", () => {
    const facts = factsOf(lines("require('./boot')(app);", "require('./utils').pad(1);", "require('./register');"), "javascript");
    expect(facts.imports).toEqual([
      { line: 1, source: "./boot", names: [{ imported: "*", local: "require#1" }], kind: "require" },
      { line: 2, source: "./utils", names: [{ imported: "*", local: "require#2" }], kind: "require" },
      { line: 3, source: "./register", names: [], kind: "require" },
    ]);
    expect(facts.calls).toEqual([
      { from: -1, line: 1, callee: "require#1" },
      { from: -1, line: 2, callee: "pad", receiver: "require#2" },
    ]);
  });

  test("module.exports = { f() {} }: an object holding the module's functions", () => {
    const facts = factsOf("module.exports = {\n  parse(text) { return scan(text); },\n  stop: halt,\n};", "javascript");
    expect(facts.entities.map((e) => `${e.kind} ${e.qname}`)).toEqual(["module default", "method default.parse"]);
    expect(entity(facts, "default")).toMatchObject({ exported: true, defaultExport: true, startLine: 1, endLine: 4 });
    expect(facts.exports).toEqual([{ local: "halt", exported: "stop", line: 1 }]);
  });

  test("module.exports object literal and TS export =", () => {
    expect(factsOf("module.exports = { start, stop: halt };", "javascript").exports).toEqual([
      { local: "start", exported: "start", line: 1 },
      { local: "halt", exported: "stop", line: 1 },
    ]);
    expect(factsOf("function f() {}\nexport = f;").exports).toEqual([{ local: "f", exported: "default", line: 2 }]);
  });
});

describe("heritage", () => {
  const facts = factsOf(
    lines(
      "class A extends B implements C, D<E> {}", // 1
      "class F extends ns.Base<G> {}", //           2
      "class H extends mixin(I) {}", //             3
      "interface J extends K, L.M<N> {}", //        4
    ),
  );
  test("extends and implements as written, generic arguments stripped", () => {
    const a = indexOf(facts, "A");
    const j = indexOf(facts, "J");
    expect(facts.heritage).toEqual([
      { entity: a, kind: "extends", name: "B", line: 1 },
      { entity: a, kind: "implements", name: "C", line: 1 },
      { entity: a, kind: "implements", name: "D", line: 1 },
      { entity: indexOf(facts, "F"), kind: "extends", name: "ns.Base", line: 2 },
      { entity: j, kind: "extends", name: "K", line: 4 },
      { entity: j, kind: "extends", name: "L.M", line: 4 },
    ]);
  });
  test("a computed base is a call, made where the class is declared", () => {
    expect(callsTo(facts, "mixin")).toEqual([{ from: -1, line: 3, callee: "mixin" }]);
    const nested = factsOf(lines("function define() {", "  class E extends Tagged('E')<{ a: A }> { m() { go(); } }", "}"));
    expect(callsTo(nested, "Tagged")).toEqual([{ from: indexOf(nested, "define"), line: 2, callee: "Tagged" }]);
    expect(callsTo(nested, "go")[0]!.from).toBe(indexOf(nested, "define.E.m"));
    expect(nested.refs).toEqual([{ from: indexOf(nested, "define.E"), name: "A", line: 2 }]);
  });
  test("javascript classes", () => {
    const facts = factsOf("class A extends lib.Base {}", "javascript");
    expect(facts.heritage).toEqual([{ entity: 0, kind: "extends", name: "lib.Base", line: 1 }]);
  });
});

describe("type references", () => {
  const facts = factsOf(
    lines(
      "import type { Config } from './config';", //                                  1
      "export function load<T>(path: Path, fallback: T): Result<Config, Error> {", // 2
      "  const parsed = read(path) as Raw;", //                                      3
      "  const checked = { path } satisfies Options;", //                            4
      "  const many: Array<Item | Item> = [];", //                                   5
      "  const ns: io.Reader = open();", //                                          6
      "  return parsed;", //                                                         7
      "}", //                                                                        8
      "type Alias = Record<string, Config>;", //                                     9
    ),
  );
  const load = indexOf(facts, "load");
  test("annotations, generic arguments, as, satisfies, qualified names", () => {
    const names = (line: number) => facts.refs.filter((r) => r.line === line).map((r) => r.name);
    expect(names(2)).toEqual(["Path", "Result", "Config"]);
    expect(names(3)).toEqual(["Raw"]);
    expect(names(4)).toEqual(["Options"]);
    expect(names(5)).toEqual(["Item"]);
    expect(names(6)).toEqual(["io.Reader"]);
    expect(facts.refs.filter((r) => r.line <= 8).every((r) => r.from === load)).toBe(true);
    expect(facts.refs.filter((r) => r.line === 9)).toEqual([{ from: indexOf(facts, "Alias"), name: "Config", line: 9 }]);
  });
  test("type parameters and library types are not references", () => {
    const names = facts.refs.map((r) => r.name);
    expect(names).not.toContain("T");
    expect(names).not.toContain("Array");
    expect(names).not.toContain("Record");
    expect(names).not.toContain("Error");
  });
  test("a library name the file declares itself is kept", () => {
    const facts = factsOf("class Map {}\nfunction f(m: Map) {}");
    expect(facts.refs).toEqual([{ from: 1, name: "Map", line: 2 }]);
  });
});

describe("typed variables", () => {
  const facts = factsOf(
    lines(
      "class Store {", //                                           1
      "  private db: Db;", //                                       2
      "  cache = new Cache<string>();", //                          3
      "  constructor(private readonly log: Logger, plain: Opts) {}", // 4
      "}", //                                                       5
      "function use(a: Foo<T> | null, b: ns.Bar, c?: Baz | undefined) {", // 6
      "  const d = new Widget();", //                               7
      "  let e: Gadget = make();", //                               8
      "  const f: string = '';", //                                 9
      "  const g: Foo[] = [];", //                                  10
      "  const h: () => void = () => {};", //                       11
      "  const i = raw as Thing;", //                               12
      "}", //                                                       13
      "const top = new ns.Client();", //                            14
    ),
  );
  const store = indexOf(facts, "Store");
  const use = indexOf(facts, "use");
  test("fields and constructor parameter properties belong to the class as this.x", () => {
    expect(facts.vars.filter((v) => v.scope === store)).toEqual([
      { scope: store, name: "this.db", type: "Db", line: 2 },
      { scope: store, name: "this.cache", type: "Cache", line: 3 },
      { scope: store, name: "this.log", type: "Logger", line: 4 },
    ]);
  });
  test("parameters and locals, with generics, nulls and namespaces stripped; an array of a type is a collection", () => {
    expect(facts.vars.filter((v) => v.scope === use)).toEqual([
      // The generic argument's name is kept apart, for an alias that passes it through.
      { scope: use, name: "a", type: "Foo", line: 6, typeArgs: ["T"] },
      { scope: use, name: "b", type: "ns.Bar", line: 6 },
      { scope: use, name: "c", type: "Baz", line: 6 },
      { scope: use, name: "d", type: "Widget", line: 7 },
      { scope: use, name: "e", type: "Gadget", line: 8 },
      { scope: use, name: "g", type: "Foo", line: 10, collection: true },
      { scope: use, name: "i", type: "Thing", line: 12 },
    ]);
    expect(facts.vars.find((v) => v.name === "top")).toEqual({ scope: -1, name: "top", type: "ns.Client", line: 14 });
  });
  test("constructor parameters without a modifier are plain parameters", () => {
    const ctor = indexOf(facts, "Store.constructor");
    expect(facts.vars.filter((v) => v.name.endsWith("plain"))).toEqual([{ scope: ctor, name: "plain", type: "Opts", line: 4 }]);
  });

  test("a local set from a member path records the path, for the resolver to type", () => {
    const fromField = factsOf(
      lines(
        "class Conn {", //                                   1
        "  protected _sub: Subscription | null = null;", //  2
        "  open() {", //                                     3
        "    let sub = this._sub;", //                       4
        "    const later = () => { const inner = this._sub; };", // 5
        "    const unknown = this.missing;", //              6
        "  }", //                                            7
        "}", //                                              8
      ),
    );
    expect(fromField.vars.filter((v) => !v.name.startsWith("this.")).map((v) => [v.name, v.type, v.fromPath])).toEqual([
      ["sub", "", "this._sub"],
      ["inner", "", "this._sub"],
      ["unknown", "", "this.missing"],
    ]);
  });
});

describe("callback parameter types", () => {
  describe("declared: what function-typed parameters pass on", () => {
    const facts = factsOf(
      lines(
        "import { Observable } from './Observable';", //                                               1
        "export function operate<T, R>(init: (source: Observable<T>, sub: Subscriber<R>) => void) {}", // 2
        "function hooks(this: Ctx, a: number, on?: ((e: ns.Event, raw: string) => void) | null) {}", //   3
        "function generic<T>(each: (value: T, at: Cursor) => void, rest: any, ...more: Fn[]) {}", //     4
        "function loose(cb: ((v: Item) => void) | any, other: Item | ((v: Item) => void)) {}", //        5
        "function typeless(cb: (value: T, index: number) => void) {}", //                               6
        "class Host {", //                                                                               7
        "  run(task: (this: Ctx, job: Job, { id }: Meta) => void): void {}", //                          8
        "  handler = (listen: (event: Evt) => void) => {};", //                                          9
        "}", //                                                                                          10
        "const wrap = (fn: (conn: Conn) => void) => fn;", //                                             11
        "function plain(a: string, b: Item) {}", //                                                      12
      ),
    );
    test("param index -> the callback's parameter types, generic arguments stripped, names as written", () => {
      expect(entity(facts, "operate").callbackParams).toEqual({ 0: ["Observable", "Subscriber"] });
      // `this` parameters take no position, neither in the function nor in its function type.
      expect(entity(facts, "hooks").callbackParams).toEqual({ 1: ["ns.Event", ""] });
    });
    test("type variables and untyped parameters are unknown; lists with nothing known are dropped", () => {
      expect(entity(facts, "generic").callbackParams).toEqual({ 0: ["", "Cursor"] });
      expect(entity(facts, "typeless").callbackParams).toBeUndefined();
      expect(entity(facts, "plain").callbackParams).toBeUndefined();
    });
    test("a union names the function only with one function member and no any", () => {
      expect(entity(facts, "loose").callbackParams).toEqual({ 1: ["Item"] });
    });
    test("methods, function-valued fields and const arrow functions", () => {
      expect(entity(facts, "Host.run").callbackParams).toEqual({ 0: ["Job", ""] });
      expect(entity(facts, "Host.handler").callbackParams).toEqual({ 0: ["Evt"] });
      expect(entity(facts, "wrap").callbackParams).toEqual({ 0: ["Conn"] });
    });
  });

  test("overloads: positions agree or become unknown; the implementation is not what callers see", () => {
    const facts = factsOf(
      lines(
        "export function on(f: (a: Alpha, b: Beta) => void): void;",
        "export function on(name: string, f: (a: Alpha) => void): void;",
        "export function on(f: (a: Alpha, b: Gamma) => void, g?: (x: Xray) => void): void;",
        "export function on(f: (a: Other) => void, g?: any): void {}",
        "class Bus {",
        "  emit(f: (a: Alpha) => void): void;",
        "  emit(f: (a: Other) => void): void;",
        "  emit(f: any): void {}",
        "  take(f: (a: Alpha) => void): void;",
        "  take(f: (a: Other) => void) {}",
        "  get size(): number { return 0 }",
        "  set size(v: number) {}",
        "}",
      ),
    );
    // Position 0: Beta against Gamma; position 1: Alpha against Xray, so nothing is known there.
    expect(entity(facts, "on").callbackParams).toEqual({ 0: ["Alpha", ""] });
    expect(entity(facts, "Bus.emit").callbackParams).toBeUndefined();
    expect(entity(facts, "Bus.take").callbackParams).toEqual({ 0: ["Alpha"] });
    expect(entity(facts, "Bus.size").callbackParams).toBeUndefined();
  });

  describe("passed: unannotated parameters of functions written as arguments", () => {
    const facts = factsOf(
      lines(
        "export function map(project) {", //                                          1
        "  return operate((source, subscriber) => {", //                              2
        "    source.subscribe(wrap(subscriber, (value: Item) => {", //                3
        "      subscriber.next(value);", //                                           4
        "    }));", //                                                                5
        "  });", //                                                                   6
        "}", //                                                                       7
        "bus.on(e => e.stop(), function (this: Ctx, a, { b }, c = 1, ...d) {});", // 8
        "all(...fns, (late) => late);", //                                            9
        "fire.call(self, (shifted) => shifted);", //                                  10
        "new Observable((observer) => observer.next());", //                          11
      ),
    );
    const map = indexOf(facts, "map");
    const callbackVars = (name: string) => facts.vars.filter((v) => v.name === name && v.fromCallback);
    test("they point at their call, argument and position, scoped like the calls inside them", () => {
      const operate = facts.calls.findIndex((c) => c.callee === "operate");
      expect(callbackVars("source")).toEqual([
        { scope: map, name: "source", type: "", line: 2, fromCallback: { call: operate, arg: 0, param: 0, until: 6 } },
      ]);
      expect(callbackVars("subscriber")).toEqual([
        { scope: map, name: "subscriber", type: "", line: 2, fromCallback: { call: operate, arg: 0, param: 1, until: 6 } },
      ]);
      expect(callsTo(facts, "next")[0]!.from).toBe(map);
    });
    test("annotated parameters stay ordinary typed variables, holding over their function's lines only", () => {
      expect(facts.vars.filter((v) => v.name === "value")).toEqual([{ scope: map, name: "value", type: "Item", line: 3, until: 5 }]);
    });
    test("a bare parameter, function expressions; `this`, destructured and rest parameters", () => {
      const on = facts.calls.findIndex((c) => c.callee === "on");
      expect(callbackVars("e").map((v) => v.fromCallback)).toEqual([{ call: on, arg: 0, param: 0, until: 8 }]);
      expect(callbackVars("a").map((v) => v.fromCallback)).toEqual([{ call: on, arg: 1, param: 0, until: 8 }]);
      expect(callbackVars("c").map((v) => v.fromCallback)).toEqual([{ call: on, arg: 1, param: 2, until: 8 }]);
      expect(callbackVars("b")).toEqual([]);
      expect(callbackVars("d")).toEqual([]);
    });
    test("no positions after a spread argument, none through call/apply; constructors count", () => {
      expect(callbackVars("late")).toEqual([]);
      expect(callbackVars("shifted")).toEqual([]);
      const construct = facts.calls.findIndex((c) => c.callee === "Observable" && c.isNew);
      expect(callbackVars("observer").map((v) => [v.scope, v.fromCallback])).toEqual([[-1, { call: construct, arg: 0, param: 0, until: 11 }]]);
    });
  });

  test("javascript: plain, defaulted and bare parameters", () => {
    const facts = factsOf(lines("run((a, b = 2) => a.go(b));", "run(x => x);"), "javascript");
    expect(facts.vars.map((v) => [v.name, v.fromCallback?.call, v.fromCallback?.param])).toEqual([["a", 0, 0], ["b", 0, 1], ["x", 2, 0]]);
  });
});

describe("declared parameter types: what a function or object literal passed there receives", () => {
  const facts = factsOf(
    lines(
      "export type Handler<E> = (c: Context<E>, next: Next) => Res", //                                     1
      "export type Middleware<E> = (c: Context<E>, next: Next) => Promise<void>", //                      2
      "export type H<E> = Handler<E> | Middleware<E> | undefined", //                                     3
      "export type Status = 'ok' | 'failed'", //                                                          4
      "export interface HandlerInterface<E> {", //                                                       5
      "  (handler: H<E>): App", //                                                                       6
      "  <P extends string, M1 extends H<E> = H<E>>(path: P, ...handlers: [H<E> & M1, ...H<E>[]]): App", // 7
      "  <P extends string>(path: P, strict?: boolean): App", //                                        8
      "}", //                                                                                           9
      "export interface Use { (...handlers: Middleware<any>[]): App; (path: string, ...handlers: Array<Middleware<any>>): App }", // 10
      "export interface Mixed { (a: Alpha): void; (b: Beta): Other }", //                                11
      "export function on(method: 'get' | 'post', paths: string[], handler: H<any>): void {}", //        12
      "export function any<T>(value: T, ...rest: T[]): void {}", //                                      13
    ),
  );
  test("call signatures of an interface, merged: a position keeps a type where every overload that can take a function there agrees", () => {
    // Position 0: H, or a string path (no function goes there); then the tuple's elements and its rest.
    expect(entity(facts, "HandlerInterface").params).toEqual(["H", "H", "...H"]);
    expect(entity(facts, "HandlerInterface").returns).toBe("App");
    expect(entity(facts, "Use").params).toEqual(["Middleware", "...Middleware"]);
    expect(entity(facts, "Mixed").params).toBeUndefined();
    expect(entity(facts, "Mixed").returns).toBeUndefined();
  });
  test("primitives, literals and arrays take no callback; type variables and unknown rests say nothing", () => {
    expect(entity(facts, "on").params).toEqual(["", "", "H"]);
    expect(entity(facts, "any").params).toBeUndefined();
  });
  test("a union of named function types keeps its members, with the arguments it passes them", () => {
    expect(entity(facts, "H").unionOf).toEqual(["Handler", "Middleware"]);
    expect(entity(facts, "H").aliasArgs).toEqual({ Handler: ["<0>"], Middleware: ["<0>"] });
    expect(entity(facts, "Status").unionOf).toBeUndefined();
    expect(entity(facts, "Handler").params).toEqual(["Context", "Next"]);
  });
});

describe("merging overloads' parameter types", () => {
  test("an overload without the position, or one taking no callback there, passes over it; a rest holds every later position", () => {
    expect(mergeParams(["H"], ["-", "H"])).toEqual(["H", "H"]);
    expect(mergeParams(["-", "...H"], ["H", "H", "H"])).toEqual(["H", "H", "H", "...H"]);
    expect(mergeParams(["A"], ["B"])).toBeUndefined();
    expect(mergeParams(["A", "C"], ["B", "C"])).toEqual(["", "C"]);
    expect(mergeParams(["...A"], ["...B"])).toBeUndefined();
  });
  test("settled: no-callback positions and type variables are unknown, a rest of unknown type is dropped", () => {
    expect(settleParams(["-", "T", "H", "...T"], new Set(["T"]))).toEqual(["", "", "H"]);
    expect(settleParams(["-", "...-"], new Set())).toBeUndefined();
  });
  test("a rest parameter's type answers for every position from its own", () => {
    expect([0, 1, 2, 5].map((i) => parameterAt(["P", "...H"], i))).toEqual(["P", "H", "H", "H"]);
    expect([0, 1].map((i) => parameterAt(["P"], i))).toEqual(["P", undefined]);
  });
});

describe("getters", () => {
  const facts = factsOf(
    lines(
      "class Ctx {", //                                                          1
      "  #req: Req | undefined", //                                             2
      "  set res(v: Res) {}", //                                                3
      "  get res(): Res { return this.make() }", //                             4
      "  get req() { return (this.#req ??= new Req()) }", //                     5
      "  get fresh() { return new Req() }", //                                  6
      "  get either() { if (this.x) return new Req(); return new Res() }", //   7
      "  get mapped() { return this.items.map((i) => { return new Req() }) }", // 8
      "  make: Maker = (...args: any) => new Res()", //                          9
      "}", //                                                                   10
      "interface Options { onError?: OnError; retries: number }", //           11
      "type OnError = (error: Error, c: Ctx) => void", //                         12
    ),
  );
  test("a getter's declared result is what reading it gives, whichever of get and set comes first", () => {
    expect(entity(facts, "Ctx.res")).toMatchObject({ accessor: true, returns: "Res" });
  });
  test("an undeclared getter's only return is held as its <return> variable; several returns say nothing", () => {
    const returned = (qname: string) => facts.vars.filter((v) => v.name === "<return>" && v.scope === indexOf(facts, qname)).map(({ scope: _, ...v }) => v);
    expect(returned("Ctx.req")).toEqual([{ name: "<return>", type: "", line: 5, fromPath: "this.#req" }]);
    expect(returned("Ctx.fresh")).toEqual([{ name: "<return>", type: "Req", line: 6 }]);
    expect(returned("Ctx.either")).toEqual([]);
    expect(facts.resultVars?.filter((v) => v.name === "<return>").map((v) => v.scope)).toEqual([indexOf(facts, "Ctx.mapped")]);
  });
  test("a member holding a function by a named type keeps that type: a property, a field given a function", () => {
    expect(entity(facts, "Options.onError")).toMatchObject({ kind: "method", typedAs: "OnError" });
    expect(entity(facts, "Ctx.make")).toMatchObject({ kind: "method", typedAs: "Maker" });
    expect(entity(facts, "Ctx.res").typedAs).toBeUndefined();
  });
});

describe("broken input", () => {
  test("a syntax error still yields the functions after it", () => {
    const source = lines("function before() { a(); }", "function broken( { return 1 + ; }", "function after() { b(); }", "class Later { m() { c(); } }");
    const facts = factsOf(source);
    expect(facts.parseErrors).toBeGreaterThan(0);
    expect(facts.entities.map((e) => e.qname)).toEqual(expect.arrayContaining(["before", "after", "Later", "Later.m"]));
    expect(callsTo(facts, "b")[0]!.from).toBe(indexOf(facts, "after"));
    expect(callsTo(facts, "c")[0]!.from).toBe(indexOf(facts, "Later.m"));
  });

  test("variance annotations: the raw parse fails, extraction repairs it", () => {
    const source = lines(
      "export interface Box<out A, in out B = never> { readonly value: A }",
      "export class Cell<in T> implements Box<T> {",
      "  get(): T { return read(this); }",
      "}",
      "export const make = <A>(a: A): Box<A> => wrap(a);",
    );
    const tree = parse(source);
    expect(tree.rootNode.hasError).toBe(true);
    tree.delete();
    const facts = factsOf(source);
    expect(facts.parseErrors).toBe(0);
    expect(facts.entities.map((e) => `${e.kind} ${e.qname}`)).toEqual(["interface Box", "class Cell", "method Cell.get", "function make"]);
    expect(entity(facts, "Box").signature).toBe("interface Box<out A, in out B = never> { readonly value: A }");
    expect(facts.heritage).toEqual([{ entity: 1, kind: "implements", name: "Box", line: 2 }]);
    expect(callsTo(facts, "read")[0]!.from).toBe(indexOf(facts, "Cell.get"));
  });

  test("variance after a const modifier or a comment is masked too; in and out elsewhere are left alone", () => {
    const source = lines(
      "export class Ref<const in T> { set(t: T): void { write(t); } }", //  1
      "export interface Pair<", //                                            2
      "  /** what comes out */", //                                           3
      "  out A,", //                                                          4
      "  // both ways", //                                                    5
      "  in out B = never", //                                                6
      "> { a: A; b: B }", //                                                  7
      "type Keys<T> = { [K in keyof T]: K };", //                             8
      "export function loop(o: object, out: number) { for (const k in o) if (k in o) use(out); }", // 9
    );
    const tree = parse(source);
    expect(tree.rootNode.hasError).toBe(true);
    tree.delete();
    const prepared = prepareTypeScriptSource(source, "typescript");
    expect(prepared.length).toBe(source.length);
    expect(prepared.split("\n").slice(0, 6)).toEqual([
      "export class Ref<const    T> { set(t: T): void { write(t); } }",
      "export interface Pair<",
      "  /** what comes out */",
      "      A,",
      "  // both ways",
      "         B = never",
    ]);
    expect(prepared.split("\n").slice(7)).toEqual(source.split("\n").slice(7));
    const facts = factsOf(source);
    expect(facts.parseErrors).toBe(0);
    expect(facts.entities.map((e) => `${e.kind} ${e.qname}`)).toEqual(["class Ref", "method Ref.set", "interface Pair", "type Keys", "function loop"]);
    expect(callsTo(facts, "write")[0]!.from).toBe(indexOf(facts, "Ref.set"));
  });

  test("a generic call signature after a function-typed member", () => {
    const source = lines(
      "export const map: {",
      "  <A, B>(f: (a: A) => B): (self: Array<A>) => Array<B>",
      "  /** data first */",
      "  <A, B>(self: Array<A>, f: (a: A) => B): Array<B>",
      "} = dual(2, (self, f) => self.map(f));",
      "export function after() { return map; }",
    );
    expect(parse(source).rootNode.hasError).toBe(true);
    const facts = factsOf(source);
    expect(facts.parseErrors).toBe(0);
    expect(entity(facts, "after")).toMatchObject({ startLine: 6, exported: true });
    // map holds a function by its declared call signatures: the wrapper's call is its own.
    expect(callsTo(facts, "dual")).toEqual([{ from: indexOf(facts, "map"), line: 5, callee: "dual" }]);
  });

  test("an escaped backquote in a template literal type", () => {
    const source = lines("type Msg = `Missing \\`Self\\``;", "export function after() {}");
    const facts = factsOf(source);
    expect(facts.parseErrors).toBe(0);
    expect(entity(facts, "after").startLine).toBe(2);
  });

  test("prepared text keeps every offset, so the original source stays the text of record", () => {
    const source = lines("interface Box<out A> {", "  <A>(a: A): (b: A) => A", "  <B>(b: B): B", "}", "type T = `a\\`b\\\\`;");
    const prepared = prepareTypeScriptSource(source, "typescript");
    expect(prepared).not.toBe(source);
    expect(prepared.length).toBe(source.length);
    expect(prepared.split("\n").length).toBe(source.split("\n").length);
    expect(prepared).toContain("\\\\`;"); // an escaped backslash before the closing quote is left alone
    expect(prepareTypeScriptSource("const f = (a, b) => a < b;", "typescript")).toBe("const f = (a, b) => a < b;");
  });

  test("a tree parsed from prepared text is used as is", () => {
    const source = "interface Box<out A> { a: A }\nfunction f() {}";
    const tree = parse(prepareTypeScriptSource(source, "typescript"));
    const facts = extract(tree.rootNode, source, "box.ts", "typescript");
    tree.delete();
    expect(facts.parseErrors).toBe(0);
    expect(entity(facts, "Box").signature).toBe("interface Box<out A> { a: A }");
  });

  test("deeply nested expressions do not overflow", () => {
    const depth = 5000;
    const source = `const x = ${"[".repeat(depth)}f()${"]".repeat(depth)};\nfunction g() {}`;
    const facts = factsOf(source);
    expect(callsTo(facts, "f")).toHaveLength(1);
    expect(entity(facts, "g").startLine).toBe(2);
  });

  test("empty and comment-only files", () => {
    expect(factsOf("").entities).toEqual([]);
    expect(factsOf("// nothing here\n").parseErrors).toBe(0);
  });
});

describe("the three grammars", () => {
  test("fact shape is the same for typescript, tsx and javascript", () => {
    const source = lines("import { a } from './a';", "export class K { m() { a(); } }", "export const f = () => new K();");
    for (const lang of ["typescript", "tsx", "javascript"] as const) {
      const facts = factsOf(source, lang);
      expect(facts.lang).toBe(lang);
      expect(facts.entities.map((e) => e.qname)).toEqual(["K", "K.m", "f"]);
      expect(facts.calls.map((c) => c.callee)).toEqual(["a", "K"]);
      expect(facts.imports[0]!.names).toEqual([{ imported: "a", local: "a" }]);
      expect(facts.parseErrors).toBe(0);
    }
  });
});

describe("hand-overs: functions named as values", () => {
  const values = (facts: FileFacts) => facts.refs.filter((r) => r.value).map((r) => [facts.entities[r.from]?.qname ?? "<file>", r.name, r.line]);

  test("arguments, initialisers, assignments, properties, elements, returns, arrow bodies, JSX, bind and export default", () => {
    const facts = factsOf(
      lines(
        `import { helper, type Shape } from "./lib";`,
        `import * as ns from "./ns";`,
        `function local() {}`,
        `class Page {`,
        `  handler = local;`,
        `  onClose() {}`,
        `  run() { emitter.on("x", this.onClose.bind(this)); return ok ? helper : undefined; }`,
        `}`,
        `export function setup(inst: object, cb: () => void): void {`,
        `  install(inst, "email", helper, cb, ns.fn, other || local);`,
        `  const g = helper;`,
        `  table = { str: helper, local, [key]: ns.fn };`,
        `  list = [local];`,
        `  later(() => local);`,
        `}`,
        `export const view = <Button onClick={helper} />;`,
        `export default local;`,
      ),
      "tsx",
    );
    expect(values(facts)).toEqual([
      ["Page", "local", 5],
      ["Page.run", "this.onClose", 7],
      ["Page.run", "helper", 7],
      ["setup", "helper", 10],
      ["setup", "ns.fn", 10],
      ["setup", "local", 10],
      ["setup", "helper", 11],
      ["setup", "helper", 12],
      ["setup", "local", 12],
      ["setup", "ns.fn", 12],
      ["setup", "local", 13],
      ["setup", "local", 14],
      ["<file>", "helper", 16],
      ["<file>", "local", 17],
    ]);
  });

  test("values that name no function the file declares or imports are left out: parameters, variables, fields, types", () => {
    const facts = factsOf(
      lines(
        `import type { Shape } from "./lib";`,
        `class Box { get size() { return 1; } total = 0; grow() { use(this.total, this.size, this.missing, Shape); } }`,
        `function f(x: number) { const y = x; g(x, y, Math.max, JSON); }`,
      ),
    );
    expect(values(facts)).toEqual([["Box.grow", "this.size", 2]]);
    expect(entity(facts, "Box.size").accessor).toBe(true);
    expect(entity(facts, "Box.grow").accessor).toBeUndefined();
  });

  test("a module-level variable holding a function by its type hands over the function it is set to", () => {
    const facts = factsOf(lines(`import * as internal from "./internal";`, `export const map: { (f: F): G } = internal.map;`));
    expect(values(facts)).toEqual([["map", "internal.map", 2]]);
  });
});

describe("members of interfaces, object type aliases and abstract classes", () => {
  test("are method entities of their type: methods, function-typed properties and fields, abstract methods, not data properties", () => {
    const facts = factsOf(lines(
      "export interface Executor extends Base {",
      "  executeQuery(q: string): Result;",
      "  executeQuery(q: string, n: number): Result;",
      "  run?: (q: string) => void;",
      "  name: string;",
      "}",
      "export type Schema = { parse(x: unknown): Parsed; safe: (x: unknown) => boolean; size: number };",
      "export type Fn = (x: number) => void;",
      "export type Result = Promise<number> & ({ abort(): void } & { done: boolean });",
      "export abstract class Shape { abstract area(): number; }",
      "export class Router { batch!: (fn: () => void) => void; count: number = 0; }",
      "function f(o: { inline(): void }) {}",
    ));
    const methods = facts.entities.filter((e) => e.kind === "method").map((e) => `${e.qname}@${facts.entities[e.parent]?.qname}`);
    expect(methods).toEqual(["Executor.executeQuery@Executor", "Executor.run@Executor", "Schema.parse@Schema", "Schema.safe@Schema", "Result.abort@Result", "Shape.area@Shape", "Router.batch@Router", "f.o.inline@f.o"]);
    expect(entity(facts, "Executor.executeQuery")).toMatchObject({ startLine: 2, endLine: 3, returns: "Result" });
    expect(entity(facts, "Schema.parse").returns).toBe("Parsed");
  });
});

describe("members whose declared type is callable through what the file declares", () => {
  test("aliases, callable interfaces, unions and intersections of them, wrappers given a function type; not data, library containers or imported names", () => {
    const facts = factsOf(lines(
      "import type { Imported } from './elsewhere';",
      "type Getter<T> = () => T;",
      "interface Callable { (x: number): void; extra: number }",
      "interface Data { size: number }",
      "type Alias = Getter<string>;",
      "export interface Options {",
      "  get: Getter<number>;",
      "  call: Callable;",
      "  both: ((a: number) => void) & ((a: string) => void);",
      "  maybe: Alias | undefined;",
      "  wrapped?: Constrain<T, (ctx: number) => void>;",
      "  same: NonNullable<Getter<number>>;",
      "  data: Data;",
      "  mixed: Getter<number> | string;",
      "  list: Array<() => void>;",
      "  table: Record<string, () => void>;",
      "  imported: Imported;",
      "}",
      "export class Box { read!: Alias; size: Data; }",
      "export const call: Callable = make();",
      "export const data: Data = make();",
    ));
    const functions = facts.entities.filter((e) => e.kind === "method" || e.kind === "function").map((e) => e.qname);
    expect(functions).toEqual(["Options.get", "Options.call", "Options.both", "Options.maybe", "Options.wrapped", "Options.same", "Box.read", "call"]);
    // `call.extra` reads the declared type: the variable is typed as well as callable.
    expect(facts.vars.find((v) => v.name === "call")).toMatchObject({ scope: -1, type: "Callable" });
  });

  test("a nested type literal with callable members is a type entity named by its property, holding them", () => {
    const facts = factsOf(lines(
      "export interface Ssr {",
      "  scripts: { signal?: AbortSignal; reserve: () => boolean; deep: { fire(): void } };",
      "  plain: { a: number };",
      "}",
    ));
    const nested = facts.entities.filter((e) => e.parent >= 0).map((e) => `${e.kind} ${e.qname}`);
    expect(nested).toEqual(["type Ssr.scripts", "method Ssr.scripts.reserve", "type Ssr.scripts.deep", "method Ssr.scripts.deep.fire"]);
  });
});

describe("a parameter declared with an object type holding callable members", () => {
  test("of a function with a body: a type entity of the function named by the parameter, which is of that type", () => {
    const facts = factsOf(lines(
      "export function withTimeout(opts: { timeoutMs: number; onTimeout: () => void }) {",
      "  opts.onTimeout();",
      "}",
      "export type Fn = (opts: { filter(): boolean }) => void;",
      "export function data(opts: { a: number }) {}",
    ));
    const nested = facts.entities.map((e) => `${e.kind} ${e.qname}`);
    expect(nested).toEqual(["function withTimeout", "type withTimeout.opts", "method withTimeout.opts.onTimeout", "type Fn", "function data"]);
    expect(facts.vars).toContainEqual({ scope: 0, name: "opts", type: "opts", line: 1 });
  });
});

describe("an interface merged with a class of the same name", () => {
  test("keeps the class's method apart from the interface's signature, and the method's calls with the method", () => {
    const facts = factsOf(lines(
      "interface Merged { m(): void }",
      "class Merged { m() { helper(); } }",
    ));
    const methods = facts.entities.filter((e) => e.qname === "Merged.m");
    expect(methods.map((e) => `${facts.entities[e.parent]!.kind} ${e.startLine}`)).toEqual(["interface 1", "class 2"]);
    const call = facts.calls.find((c) => c.callee === "helper")!;
    expect(facts.entities[call.from]).toBe(methods[1]!);
  });
});
