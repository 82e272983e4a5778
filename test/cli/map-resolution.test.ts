// Fixture repositories, one per resolution feature, with the edges ix must (and must not) find.
import { describe, expect, test } from "bun:test";
import { collect, edgeLines, edges, unresolved, withGraph } from "../helpers/graph";
import { ix, tempDir, writeTree } from "../helpers/cli";

async function mapped(files: Record<string, string>): Promise<{ home: string; root: string }> {
  const root = await writeTree(tempDir("ix-fx-"), files);
  const home = tempDir();
  const r = ix(["map", ".", "--format", "llm"], { cwd: root, home });
  expect(r.code).toBe(0);
  return { home, root };
}

const calls = (g: { home: string; root: string }) => edges(g.home, g.root, "CALLS");

/** The lines of the resolved CALLS edges from `from` (path:qname) to entities named `name`. */
const callLines = (g: { home: string; root: string }, from: string, name: string) => edgeLines(g.home, g.root, "CALLS", from, name);

describe("TypeScript", () => {
  test("two same-named functions in unrelated modules: a bare call binds to neither", async () => {
    const g = await mapped({
      "a/util.ts": "export function format() { return 1; }\n",
      "b/util.ts": "export function format() { return 2; }\n",
      "c/main.ts": "declare const x: any;\nexport function run() { return format(); }\n",
    });
    expect(await calls(g)).toEqual([]);
    expect(await unresolved(g.home, g.root)).toContain("c/main.ts:run ? format");
  });

  test("an import picks the right one of two same-named functions", async () => {
    const g = await mapped({
      "a/util.ts": "export function format() { return 1; }\n",
      "b/util.ts": "export function format() { return 2; }\n",
      "main.ts": "import { format } from './b/util';\nexport function run() { return format(); }\n",
    });
    expect(await calls(g)).toEqual(["main.ts:run CALLS b/util.ts:format"]);
  });

  test("a call's result is a receiver of the type its callee declares; new A() is an A", async () => {
    const g = await mapped({
      "src/store.ts": [
        "export class Store {",
        "  save(v: string) { return v; }",
        "  child(): Store | null { return new Store(); }",
        "}",
        "export class Other {",
        "  save(v: string) { return v; }",
        "}",
        "export function open(): Store { return new Store(); }",
        "export function first<T>(items: T[]): T { return items[0]!; }",
        "export function load(): Promise<Store> { return Promise.resolve(new Store()); }",
        "export function pick(k: 'a'): Store;",
        "export function pick(k: 'b'): Other;",
        "export function pick(k: string): Store | Other { return k === 'a' ? new Store() : new Other(); }",
        "",
      ].join("\n"),
      "src/main.ts": [
        "import { Store, open, first, load, pick } from './store';",
        "export function direct() { open().save('a'); }",
        "export function chained() { open().child()!.save('b'); }",
        "export function constructed() { (new Store()).save('c'); }",
        "export function generic(xs: Store[]) { first(xs).save('d'); }",
        "export function later() { load().then((s) => s); }",
        "export function overloaded() { pick('a').save('e'); }",
        "export function held() { const s = open(); s.save('f'); }",
        "",
      ].join("\n"),
      "src/shared.ts": "import { open } from './store';\nexport const store = open();\n",
      "src/user.ts": "import { store } from './shared';\nexport function use() { store.save('g'); }\n",
    });
    const fromMain = (await calls(g)).filter((e) => e.startsWith("src/main.ts"));
    expect(fromMain).toContain("src/main.ts:direct CALLS src/store.ts:Store.save");
    expect(fromMain).toContain("src/main.ts:chained CALLS src/store.ts:Store.child");
    expect(fromMain).toContain("src/main.ts:chained CALLS src/store.ts:Store.save");
    expect(fromMain).toContain("src/main.ts:constructed CALLS src/store.ts:Store.save");
    // A variable set by such a call has that type, in its function or exported from its file.
    expect(fromMain).toContain("src/main.ts:held CALLS src/store.ts:Store.save");
    expect(await calls(g)).toContain("src/user.ts:use CALLS src/store.ts:Store.save");
    // A result typed by a type variable, or by overloads that disagree, proves nothing.
    expect(fromMain.filter((e) => e.startsWith("src/main.ts:generic") || e.startsWith("src/main.ts:overloaded")).filter((e) => e.includes(".save"))).toEqual([]);
    const open = (await unresolved(g.home, g.root)).filter((u) => u.startsWith("src/main.ts"));
    expect(open).toContain("src/main.ts:generic ? save");
    expect(open).toContain("src/main.ts:overloaded ? save");
    // A Promise is the platform's: `then` is neither an edge nor an unresolved site.
    expect(open.filter((u) => u.includes("then"))).toEqual([]);
  });

  test("a `this:` parameter types `this` inside its function, and only there", async () => {
    const g = await mapped({
      "src/action.ts": "export class Action {\n  unsubscribe() {}\n}\n",
      "src/main.ts": [
        "import { Action } from './action';",
        "declare function schedule(work: (this: Action) => void): void;",
        "export class Job {",
        "  unsubscribe() {}",
        "  run() {",
        "    schedule(function (this: Action) {",
        "      this.unsubscribe();",
        "    });",
        "    this.unsubscribe();",
        "  }",
        "}",
        "export function bound(this: Action) { this.unsubscribe(); }",
        "",
      ].join("\n"),
    });
    const fromMain = (await calls(g)).filter((e) => e.startsWith("src/main.ts"));
    expect(fromMain).toContain("src/main.ts:Job.run CALLS src/action.ts:Action.unsubscribe");
    expect(fromMain).toContain("src/main.ts:Job.run CALLS src/main.ts:Job.unsubscribe");
    expect(fromMain).toContain("src/main.ts:bound CALLS src/action.ts:Action.unsubscribe");
  });

  test("`x instanceof C` types x as a C over the consequence of its if, and nowhere else", async () => {
    const g = await mapped({
      "src/shapes.ts": "export class Circle {\n  area() { return 1; }\n}\nexport class Square {\n  area() { return 2; }\n}\n",
      "src/main.ts": [
        "import { Circle, Square } from './shapes';",
        "import * as shapes from './shapes';",
        "export function measure(shape: unknown, ready: boolean) {",
        "  if (ready && shape instanceof Circle) {",
        "    shape.area();",
        "  } else if (shape instanceof shapes.Square) {",
        "    shape.area();",
        "  }",
        "  if (shape instanceof Circle || shape instanceof Square) {",
        "    shape.area();",
        "  }",
        "  return (shape as { area(): number }).area();",
        "}",
        "",
      ].join("\n"),
    });
    expect((await calls(g)).filter((e) => e.startsWith("src/main.ts"))).toEqual([
      "src/main.ts:measure CALLS src/shapes.ts:Circle.area",
      "src/main.ts:measure CALLS src/shapes.ts:Square.area",
    ]);
    expect(await callLines(g, "src/main.ts:measure", "area")).toEqual([5, 7]);
  });

  test("a receiver asserted with `as` or `<T>` is of that type", async () => {
    const g = await mapped({
      "src/conn.ts": "export class Connectable {\n  connect() { return 1; }\n}\n",
      "src/main.ts": [
        "import { Connectable } from './conn';",
        "export function start(source: unknown) {",
        "  (source as Connectable).connect();",
        "  (<Connectable>source).connect();",
        "  ((source as unknown) as Connectable)!.connect();",
        "  (source as any).connect();",
        "}",
        "",
      ].join("\n"),
    });
    expect((await calls(g)).filter((e) => e.startsWith("src/main.ts"))).toEqual(["src/main.ts:start CALLS src/conn.ts:Connectable.connect"]);
    expect(await callLines(g, "src/main.ts:start", "connect")).toEqual([3, 4, 5]);
  });

  test("names destructured from a path hold what its fields hold", async () => {
    const g = await mapped({
      "src/conn.ts": "export class Conn {\n  close() {}\n}\nexport class Pool {\n  drain() {}\n}\n",
      "src/main.ts": [
        "import { Conn, Pool } from './conn';",
        "export class Client {",
        "  conn: Conn = new Conn();",
        "  pools = { main: new Pool() };",
        "  stop(other: Client) {",
        "    const { conn } = this;",
        "    conn.close();",
        "    const { conn: theirs, missing = 1 } = other;",
        "    theirs.close();",
        "  }",
        "}",
        "",
      ].join("\n"),
    });
    expect((await calls(g)).filter((e) => e.startsWith("src/main.ts") && e.includes("close"))).toEqual(["src/main.ts:Client.stop CALLS src/conn.ts:Conn.close"]);
    expect(await callLines(g, "src/main.ts:Client.stop", "close")).toEqual([7, 9]);
  });

  test("an element of a typed array or set, by for-of, index, shift() or a slice(), has the element type", async () => {
    const g = await mapped({
      "src/item.ts": "export class Item {\n  ship() {}\n}\n",
      "src/main.ts": [
        "import { Item } from './item';",
        "export function ship() {}",
        "export class Store {",
        "  queue: Item[] = [];",
        "  run(extra: ReadonlyArray<Item>, seen: Set<Item> | undefined, names: string[]) {",
        "    for (const q of this.queue) {",
        "      q.ship();",
        "    }",
        "    const first = extra[0];",
        "    first.ship();",
        "    for (const s of seen!) s.ship();",
        "    for (const n of names) n.ship();",
        "    for (const ship of [1]) ship();",
        "    this.queue.map((q) => q);",
        "    const copy = this.queue.slice();",
        "    for (const c of copy) c.ship();",
        "    this.queue.shift()!.ship();",
        "    const made = [new Item()];",
        "    const one = made[0];",
        "    one.ship();",
        "  }",
        "}",
        "",
      ].join("\n"),
    });
    // A loop variable hides the module's ship; an array's own methods are the runtime's.
    expect((await calls(g)).filter((e) => e.startsWith("src/main.ts"))).toEqual([
      "src/main.ts:Store.run CALLS src/item.ts:Item",
      "src/main.ts:Store.run CALLS src/item.ts:Item.ship",
    ]);
    expect(await callLines(g, "src/main.ts:Store.run", "ship")).toEqual([7, 10, 11, 16, 17, 20]);
    expect((await unresolved(g.home, g.root)).filter((u) => u.includes("map"))).toEqual([]);
  });

  test("one name for an interface, a function and a namespace: a call means the function", async () => {
    const g = await mapped({
      "src/context.ts": [
        "export interface Service<S> { readonly key: string; readonly shape?: S }",
        "export const Service: { <S>(key: string): Service<S> } = function (key: string) { return { key } } as any;",
        "export declare namespace Service { export type Any = Service<unknown> }",
        "",
      ].join("\n"),
      "src/user.ts": [
        "import * as Context from './context';",
        "import { Service } from './context';",
        "export class Clock extends Context.Service<number>('clock') {}",
        "export function named(): Service<string> { return Service<string>('named'); }",
        "",
      ].join("\n"),
    });
    // The three declarations share the qname "Service": the kind of each edge's target tells them apart.
    const targets = await withGraph(g.home, g.root, async (graph) =>
      (await collect(graph.allEdges()))
        .filter((e) => e.src.path === "src/user.ts" && (e.kind === "CALLS" || e.kind === "REFERENCES"))
        .map((e) => ({ src: e.src.qname, edge: e.kind, dst: e.dst.kind }))
        .sort((x, y) => (x.src + x.edge + x.dst < y.src + y.edge + y.dst ? -1 : 1)),
    );
    expect(targets).toEqual([
      { src: "named", edge: "CALLS", dst: "function" },
      { src: "named", edge: "REFERENCES", dst: "interface" },
      { src: "src/user.ts", edge: "CALLS", dst: "function" },
    ]);
  });

  test("effect-style API: variables holding functions by declared type or by wrapper have callers", async () => {
    const g = await mapped({
      "src/internal/core.ts": [
        "export const gen = function <A>(f: () => A): A { return f(); };",
        "export function mapImpl<A, B>(self: A, f: (a: A) => B): B { return f(self); }",
        "export const dual = <F>(arity: number, body: F): F => body;",
        "",
      ].join("\n"),
      "src/Effect.ts": [
        "import * as core from './internal/core';",
        "export const gen: {",
        "  <A>(f: () => A): A",
        "} = core.gen",
        "export declare namespace gen { type Variance = number }",
        "export const map = core.dual(2, <A, B>(self: A, f: (a: A) => B): B => core.mapImpl(self, f))",
        "export const empty: number = 0",
        "",
      ].join("\n"),
      "src/program.ts": [
        "import * as Effect from './Effect';",
        "export function main() { return Effect.map(Effect.gen(() => Effect.empty), (n: number) => n + 1); }",
        "",
      ].join("\n"),
    });
    expect(await calls(g)).toEqual([
      "src/Effect.ts:map CALLS src/internal/core.ts:dual",
      "src/Effect.ts:map CALLS src/internal/core.ts:mapImpl",
      "src/program.ts:main CALLS src/Effect.ts:gen",
      "src/program.ts:main CALLS src/Effect.ts:map",
    ]);
    const callers = ix(["callers", "gen", "--kind", "function", "--path", "src/Effect.ts", "--format", "llm"], { cwd: g.root, home: g.home });
    expect(callers.code).toBe(0);
    expect(callers.lines[0]).toContain("shown=1 total=1");
    expect(callers.stdout).toContain("name=main");
  });

  test("a parameter or local variable hides the module's function of the same name", async () => {
    const g = await mapped({
      "src/a.ts": [
        "export function update(x: number) { return x + 1; }",
        "export function viaParam(update: (n: number) => number) { return update(1); }",
        "export function viaPattern({ update }: { update: (n: number) => number }) { return update(2); }",
        "export const viaCallback = [1].map((update) => update(3));",
        "export function viaLocal(get: () => (n: number) => number) {",
        "  const update = get();",
        "  return update(4);",
        "}",
        "export function direct() { return update(5); }",
        "",
      ].join("\n"),
      "src/b.js": [
        "import { update } from './a';",
        "export function plain(update) { return update(6); }",
        "export function imported() { return update(7); }",
        "",
      ].join("\n"),
    });
    expect(await calls(g)).toEqual(["src/a.ts:direct CALLS src/a.ts:update", "src/b.js:imported CALLS src/a.ts:update"]);
    expect(await unresolved(g.home, g.root)).toContain("src/b.js:plain ? update");
  });

  test("a namespace in a type stays the namespace where a variable of its name is in scope", async () => {
    const g = await mapped({
      "mw.ts": "export namespace middleware {\n  export interface Fn { run(): void }\n}\n",
      "main.ts": [
        "import { middleware } from './mw';",
        "export function collect(): number {",
        "  const middleware = new Set<middleware.Fn>();",
        "  return middleware.size;",
        "}",
        "",
      ].join("\n"),
    });
    expect((await edges(g.home, g.root, "REFERENCES")).filter((e) => e.startsWith("main.ts"))).toEqual(["main.ts:collect REFERENCES mw.ts:middleware.Fn"]);
  });

  test("a barrel re-export resolves to the definition", async () => {
    const g = await mapped({
      "lib/impl.ts": "export function deep() { return 1; }\nexport function other() {}\n",
      "lib/named.ts": "export function named() {}\n",
      "lib/index.ts": "export * from './impl';\nexport { named as renamed } from './named';\n",
      "app.ts": "import { deep, renamed } from './lib';\nexport function main() { deep(); renamed(); }\n",
    });
    expect(await calls(g)).toEqual(["app.ts:main CALLS lib/impl.ts:deep", "app.ts:main CALLS lib/named.ts:named"]);
  });

  test("a tsconfig path alias inherited through extends (with ${configDir}) resolves", async () => {
    const g = await mapped({
      "tsconfig.base.json": '{ "compilerOptions": { "paths": { "@app/*": ["${configDir}/src/*"] } } }\n',
      "pkg/tsconfig.json": '{ "extends": "../tsconfig.base.json", // jsonc\n }\n',
      "pkg/src/core/math.ts": "export function add(a: number, b: number) { return a + b; }\n",
      "pkg/src/main.ts": "import { add } from '@app/core/math';\nexport function total() { return add(1, 2); }\n",
    });
    expect(await calls(g)).toEqual(["pkg/src/main.ts:total CALLS pkg/src/core/math.ts:add"]);
  });

  test(".js specifiers map to .ts sources; default and namespace imports; this and receivers", async () => {
    const g = await mapped({
      "src/store.ts":
        "export default class Store {\n  get(k: string) { return this.read(k); }\n  read(k: string) { return k; }\n}\nexport function helper() {}\n",
      "src/main.ts": [
        "import Store from './store.js';",
        "import * as s from './store.js';",
        "export function main(db: Store) {",
        "  const fresh = new Store();",
        "  fresh.get('a');",
        "  db.read('b');",
        "  s.helper();",
        "}",
      ].join("\n"),
    });
    expect(await calls(g)).toEqual([
      "src/main.ts:main CALLS src/store.ts:Store",
      "src/main.ts:main CALLS src/store.ts:Store.get",
      "src/main.ts:main CALLS src/store.ts:Store.read",
      "src/main.ts:main CALLS src/store.ts:helper",
      "src/store.ts:Store.get CALLS src/store.ts:Store.read",
    ]);
  });

  test("an inherited method called through this resolves to the base class in another file", async () => {
    const g = await mapped({
      "base.ts": "export class Base { save() {} }\n",
      "child.ts": "import { Base } from './base';\nexport class Child extends Base { run() { this.save(); } }\n",
    });
    expect(await calls(g)).toEqual(["child.ts:Child.run CALLS base.ts:Base.save"]);
    expect(await edges(g.home, g.root, "EXTENDS")).toEqual(["child.ts:Child EXTENDS base.ts:Base"]);
  });

  test("calls into external packages are neither edges nor unresolved", async () => {
    const g = await mapped({
      "main.ts": "import { readFileSync } from 'node:fs';\nimport lodash from 'lodash';\nexport function f() { readFileSync('x'); lodash.map([], String); console.log(1); }\n",
    });
    expect(await calls(g)).toEqual([]);
    expect(await unresolved(g.home, g.root)).toEqual([]);
  });
});

describe("Python", () => {
  test("a parameter, an assigned name or a lambda's parameter hides the module's function", async () => {
    const g = await mapped({
      "app.py": [
        "def update(x):",
        "    return x + 1",
        "",
        "def via_param(update):",
        "    return update(1)",
        "",
        "def via_local(get):",
        "    update = get()",
        "    return update(2)",
        "",
        "def via_closure(update):",
        "    def inner():",
        "        return update(3)",
        "    return inner",
        "",
        "via_lambda = lambda update: update(4)",
        "",
        "def direct():",
        "    return update(5)",
        "",
      ].join("\n"),
    });
    expect(await calls(g)).toEqual(["app.py:direct CALLS app.py:update"]);
    expect(await unresolved(g.home, g.root)).toContain("app.py:via_param ? update");
  });

  test("relative imports, aliases, __init__ re-exports, self and constructors", async () => {
    const g = await mapped({
      "pkg/__init__.py": "from .models import User\n",
      "pkg/models.py": "class User:\n    def save(self):\n        return self.validate()\n    def validate(self):\n        return True\n",
      "pkg/util.py": "def slug(x):\n    return x\n",
      "pkg/views.py": [
        "from . import util",
        "from .util import slug as make_slug",
        "from pkg import User",
        "",
        "def create(name):",
        "    user = User()",
        "    user.save()",
        "    make_slug(name)",
        "    util.slug(name)",
      ].join("\n"),
    });
    expect(await calls(g)).toEqual([
      "pkg/models.py:User.save CALLS pkg/models.py:User.validate",
      "pkg/views.py:create CALLS pkg/models.py:User",
      "pkg/views.py:create CALLS pkg/models.py:User.save",
      "pkg/views.py:create CALLS pkg/util.py:slug",
    ]);
  });

  test("isinstance(x, C) types x as a C over its if's block, and nowhere else", async () => {
    const g = await mapped({
      "pkg/__init__.py": "",
      "pkg/shapes.py": "class Circle:\n    def area(self):\n        return 1\n\nclass Square:\n    def area(self):\n        return 2\n",
      "pkg/main.py": [
        "from pkg import shapes",
        "from pkg.shapes import Circle",
        "",
        "def measure(shape, ready):",
        "    if ready and isinstance(shape, Circle):",
        "        shape.area()",
        "    elif isinstance(shape, shapes.Square):",
        "        shape.area()",
        "    if isinstance(shape, (Circle, shapes.Square)):",
        "        shape.area()",
        "    return shape.area()",
        "",
      ].join("\n"),
    });
    expect((await calls(g)).filter((e) => e.startsWith("pkg/main.py"))).toEqual([
      "pkg/main.py:measure CALLS pkg/shapes.py:Circle.area",
      "pkg/main.py:measure CALLS pkg/shapes.py:Square.area",
    ]);
    expect(await callLines(g, "pkg/main.py:measure", "area")).toEqual([6, 8]);
  });

  test("an element of an annotated list, by for or index, has the element type", async () => {
    const g = await mapped({
      "pkg/__init__.py": "",
      "pkg/items.py": "class Item:\n    def ship(self):\n        return 1\n",
      "pkg/store.py": [
        "from typing import List, Optional, Sequence",
        "from pkg.items import Item",
        "",
        "class Store:",
        "    queue: List[Item]",
        "",
        "    def run(self, extra: Optional[Sequence[Item]], names: list[str], pairs: tuple[Item, ...]):",
        "        for q in self.queue:",
        "            q.ship()",
        "        first = extra[0]",
        "        first.ship()",
        "        for p in pairs:",
        "            p.ship()",
        "        for n in names:",
        "            n.ship()",
        "        self.queue.append(first)",
        "",
      ].join("\n"),
    });
    expect((await calls(g)).filter((e) => e.startsWith("pkg/store.py"))).toEqual(["pkg/store.py:Store.run CALLS pkg/items.py:Item.ship"]);
    expect(await callLines(g, "pkg/store.py:Store.run", "ship")).toEqual([9, 11, 13]);
    expect((await unresolved(g.home, g.root)).filter((u) => u.includes("append"))).toEqual([]);
  });

  test("same-named functions in two modules: a bare call without import binds to neither", async () => {
    const g = await mapped({
      "a.py": "def run():\n    pass\n",
      "b.py": "def run():\n    pass\n",
      "c.py": "def main():\n    run()\n",
    });
    expect(await calls(g)).toEqual([]);
  });
  test("a call's result, and a variable set by a call, are typed by the callee's return annotation", async () => {
    const g = await mapped({
      "repo.py": [
        "from typing import Optional",
        "",
        "class Repo:",
        "    def save(self):",
        "        return 1",
        "",
        "class Other:",
        "    def save(self):",
        "        return 2",
        "",
        "def open_repo() -> Repo:",
        "    return Repo()",
        "",
        "def maybe() -> Optional[Repo]:",
        "    return None",
        "",
        "def unknown():",
        "    return Other()",
        "",
      ].join("\n"),
      "app.py": [
        "from repo import Repo, open_repo, maybe, unknown",
        "",
        "def direct():",
        "    open_repo().save()",
        "",
        "def held():",
        "    r = maybe()",
        "    r.save()",
        "",
        "def built():",
        "    Repo().save()",
        "",
        "def guess():",
        "    unknown().save()",
        "",
      ].join("\n"),
    });
    const fromApp = (await calls(g)).filter((e) => e.startsWith("app.py") && e.endsWith(".save"));
    expect(fromApp).toEqual(["app.py:built CALLS repo.py:Repo.save", "app.py:direct CALLS repo.py:Repo.save", "app.py:held CALLS repo.py:Repo.save"]);
    expect(await unresolved(g.home, g.root)).toContain("app.py:guess ? save");
  });
});

describe("Go", () => {
  test("a variable read from a field path holds the field's declared type; n := n.next reads the outer n", async () => {
    const g = await mapped({
      "go.mod": "module example.com/app\n\ngo 1.22\n",
      "main.go": [
        "package main",
        "",
        "type state struct{}",
        "",
        "func (s *state) flush() {}",
        "",
        "type node struct{ next *node; st *state }",
        "",
        "func (n *node) visit() {}",
        "",
        "type writer struct{ rws *state; head *node }",
        "",
        "func (w *writer) Write() {",
        "\trws := w.rws",
        "\trws.flush()",
        "\tn := w.head",
        "\tn = n.next",
        "\tn.visit()",
        "}",
        "",
        "func (n *node) walk() {",
        "\tif n != nil {",
        "\t\tn := n.next",
        "\t\tn.st.flush()",
        "\t}",
        "}",
        "",
      ].join("\n"),
    });
    expect(await calls(g)).toEqual([
      "main.go:node.walk CALLS main.go:state.flush",
      "main.go:writer.Write CALLS main.go:node.visit",
      "main.go:writer.Write CALLS main.go:state.flush",
    ]);
  });

  test("a func literal's typed parameter types the calls on it, over the literal's lines only", async () => {
    const g = await mapped({
      "go.mod": "module example.com/app\n\ngo 1.22\n",
      "main.go": [
        "package main",
        "",
        "type Store struct{}",
        "",
        "func (s *Store) Save() {}",
        "",
        "type Cache struct{}",
        "",
        "func (c *Cache) Save() {}",
        "",
        "func each(f func(*Store)) {}",
        "",
        "func run(s *Cache) {",
        "\teach(func(s *Store) {",
        "\t\ts.Save()",
        "\t})",
        "\ts.Save()",
        "}",
        "",
      ].join("\n"),
    });
    expect(await calls(g)).toEqual(["main.go:run CALLS main.go:Cache.Save", "main.go:run CALLS main.go:Store.Save", "main.go:run CALLS main.go:each"]);
  });

  test("a type switch's variable has the type of a case that names one type, over that case only", async () => {
    const g = await mapped({
      "go.mod": "module example.com/app\n\ngo 1.22\n",
      "main.go": [
        "package main",
        "",
        "type Node interface{}",
        "",
        "type Call struct{}",
        "",
        "func (c *Call) Fun() {}",
        "",
        "type Ident struct{}",
        "",
        "func (i Ident) Fun() {}",
        "",
        "func n(x int) {}",
        "",
        "func walk(node Node) {",
        "\tswitch n := node.(type) {",
        "\tcase *Call:",
        "\t\tn.Fun()",
        "\tcase Ident:",
        "\t\tn.Fun()",
        "\tcase *Call, Ident:",
        "\t\tn.Fun()",
        "\tdefault:",
        "\t\t_ = n",
        "\t}",
        "\tn(1)",
        "}",
        "",
      ].join("\n"),
    });
    // The case naming two types tells nothing; after the switch, n is the package's func again.
    expect(await calls(g)).toEqual(["main.go:walk CALLS main.go:Call.Fun", "main.go:walk CALLS main.go:Ident.Fun", "main.go:walk CALLS main.go:n"]);
    expect(await unresolved(g.home, g.root)).toContain("main.go:walk ? Fun");
  });

  test("an element of a typed slice, map or array, by index or range, has the element type", async () => {
    const g = await mapped({
      "go.mod": "module example.com/app\n\ngo 1.22\n",
      "main.go": [
        "package main",
        "",
        "type Item struct{}",
        "",
        "func (i *Item) Ship() {}",
        "",
        "type Store struct {",
        "\titems map[string]*Item",
        "\tqueue []*Item",
        "}",
        "",
        "func (s *Store) Run(k string, extra [2]Item, names []string) {",
        "\tit, ok := s.items[k]",
        "\tif ok {",
        "\t\tit.Ship()",
        "\t}",
        "\tfor _, q := range s.queue {",
        "\t\tq.Ship()",
        "\t}",
        "\tfirst := extra[0]",
        "\tfirst.Ship()",
        "\tfor i := range s.queue {",
        "\t\ti.Ship()",
        "\t}",
        "\tfor _, n := range names {",
        "\t\tn.Ship()",
        "\t}",
        "\ts.queue.Ship()",
        "}",
        "",
      ].join("\n"),
    });
    expect(await calls(g)).toEqual(["main.go:Store.Run CALLS main.go:Item.Ship"]);
    expect(await callLines(g, "main.go:Store.Run", "Ship")).toEqual([15, 18, 21]);
  });

  test("a parameter, a := variable or a func literal's parameter hides the package's func", async () => {
    const g = await mapped({
      "go.mod": "module example.com/app\n\ngo 1.22\n",
      "main.go": [
        "package main",
        "",
        "func update(x int) int { return x + 1 }",
        "",
        "func viaParam(update func(int) int) int { return update(1) }",
        "",
        "func viaLocal(get func() func(int) int) int {",
        "\tupdate := get()",
        "\treturn update(2)",
        "}",
        "",
        "func viaLiteral() func(func(int) int) int {",
        "\treturn func(update func(int) int) int {",
        "\t\treturn update(3)",
        "\t}",
        "}",
        "",
        "func afterBlock(get func() func(int) int) int {",
        "\tif true {",
        "\t\tupdate := get()",
        "\t\t_ = update",
        "\t}",
        "\treturn update(4)",
        "}",
        "",
        "func sameStatement() int {",
        "\tupdate := update(5)",
        "\treturn update",
        "}",
        "",
      ].join("\n"),
    });
    // Out of the block that declared it, or in its own declaration, the local does not hide the package's update.
    expect(await calls(g)).toEqual(["main.go:afterBlock CALLS main.go:update", "main.go:sameStatement CALLS main.go:update"]);
    expect(await unresolved(g.home, g.root)).toContain("main.go:viaParam ? update");
  });

  test("package-qualified calls via go.mod, same-package calls across files, methods on receivers", async () => {
    const g = await mapped({
      "go.mod": "module example.com/app\n\ngo 1.22\n",
      "store/store.go": "package store\n\ntype DB struct{}\n\nfunc (d *DB) Get(k string) string { return d.key(k) }\n\nfunc (d *DB) key(k string) string { return k }\n\nfunc Open() *DB { return &DB{} }\n",
      "main.go": "package main\n\nimport \"example.com/app/store\"\n\nfunc main() {\n\tdb := store.Open()\n\tuse(db)\n}\n",
      "use.go": "package main\n\nimport \"example.com/app/store\"\n\nfunc use(db *store.DB) { db.Get(\"a\") }\n",
    });
    expect(await calls(g)).toEqual([
      "main.go:main CALLS store/store.go:Open",
      "main.go:main CALLS use.go:use",
      "store/store.go:DB.Get CALLS store/store.go:DB.key",
      "use.go:use CALLS store/store.go:DB.Get",
    ]);
  });

  test("a type named through its package is the package's, though a parameter or a later variable has the package's name", async () => {
    const g = await mapped({
      "go.mod": "module example.com/app\n\ngo 1.22\n",
      "cldr/cldr.go": [
        "package cldr",
        "",
        "type Decoder struct{}",
        "type CLDR struct{}",
        "",
        "func (d *Decoder) Decode() (*CLDR, error) { return &CLDR{}, nil }",
        "func (c *CLDR) Locales() []string { return nil }",
        "",
      ].join("\n"),
      "main.go": [
        "package main",
        "",
        'import "example.com/app/cldr"',
        "",
        "func main() {",
        "\tvar d cldr.Decoder",
        "\tcldr, _ := d.Decode()",
        "\tcldr.Locales()",
        "}",
        "",
        "func use(cldr *cldr.CLDR) {",
        "\tcldr.Locales()",
        "}",
        "",
      ].join("\n"),
    });
    expect((await calls(g)).filter((e) => e.startsWith("main.go"))).toEqual([
      "main.go:main CALLS cldr/cldr.go:CLDR.Locales",
      "main.go:main CALLS cldr/cldr.go:Decoder.Decode",
      "main.go:use CALLS cldr/cldr.go:CLDR.Locales",
    ]);
    expect((await edges(g.home, g.root, "REFERENCES")).filter((e) => e.startsWith("main.go"))).toEqual([
      "main.go:main REFERENCES cldr/cldr.go:Decoder",
      "main.go:use REFERENCES cldr/cldr.go:CLDR",
    ]);
  });

  test("a variable is in force past its declaration; a header's own in its condition; a closure's parameter over its namesake", async () => {
    const g = await mapped({
      "go.mod": "module example.com/app\n\ngo 1.22\n",
      "facts/facts.go": [
        "package facts",
        "",
        "type Decoder struct{}",
        "type Set struct{}",
        "",
        "func NewDecoder(r string) *Decoder { return &Decoder{} }",
        "func (d *Decoder) Decode() (*Set, error) { return &Set{}, nil }",
        "func (s *Set) Len() int { return 0 }",
        "",
      ].join("\n"),
      "main.go": [
        "package main",
        "",
        'import "example.com/app/facts"',
        "",
        "func main() {",
        '\tfacts, err := facts.NewDecoder("r").Decode()',
        "\t_ = err",
        "\tfacts.Len()",
        "}",
        "",
        "func later() {",
        '\tfacts.NewDecoder("a").Decode()',
        '\tfacts := facts.NewDecoder("b")',
        "\tfacts.Decode()",
        "}",
        "",
        "func header(x interface{}) bool {",
        "\tif s, ok := x.(*facts.Set); ok && s.Len() > 0 {",
        "\t\treturn true",
        "\t}",
        "\treturn false",
        "}",
        "",
        "func closure() {",
        '\td := facts.NewDecoder("c")',
        "\trun(func(d *facts.Set) {",
        "\t\td.Len()",
        "\t})",
        "\td.Decode()",
        "}",
        "",
        "func run(f func(*facts.Set)) {}",
        "",
      ].join("\n"),
    });
    expect((await calls(g)).filter((e) => e.startsWith("main.go"))).toEqual([
      // From the line after d's declaration, the closure's own d is the narrower.
      "main.go:closure CALLS facts/facts.go:Decoder.Decode",
      "main.go:closure CALLS facts/facts.go:NewDecoder",
      "main.go:closure CALLS facts/facts.go:Set.Len",
      "main.go:closure CALLS main.go:run",
      "main.go:header CALLS facts/facts.go:Set.Len",
      "main.go:later CALLS facts/facts.go:Decoder.Decode",
      "main.go:later CALLS facts/facts.go:NewDecoder",
      "main.go:main CALLS facts/facts.go:Decoder.Decode",
      "main.go:main CALLS facts/facts.go:NewDecoder",
      "main.go:main CALLS facts/facts.go:Set.Len",
    ]);
    // The variable is not in force on its declaration's line, nor on the lines before it.
    expect(await callLines(g, "main.go:later", "NewDecoder")).toEqual([12, 13]);
    expect(await callLines(g, "main.go:later", "Decode")).toEqual([12, 14]);
    expect((await unresolved(g.home, g.root)).filter((u) => u.startsWith("main.go"))).toEqual([]);
  });

  test("a method called on a call's result binds through the declared result type", async () => {
    const g = await mapped({
      "go.mod": "module example.com/app\n\ngo 1.22\n",
      "store/store.go": [
        "package store",
        "",
        "type DB struct{}",
        "type Tx struct{}",
        "",
        "func Open() *DB { return &DB{} }",
        "func (d *DB) Begin() (*Tx, error) { return &Tx{}, nil }",
        "func (d *DB) Close() {}",
        "func (t *Tx) Commit() error { return nil }",
        "func Any() interface{} { return nil }",
        "",
      ].join("\n"),
      "main.go": [
        "package main",
        "",
        'import "example.com/app/store"',
        "",
        "func main() {",
        "\tstore.Open().Close()",
        "\t(store.Open()).Close()",
        "}",
        "",
        "func other() {",
        "\tstore.Any().Close()",
        "}",
        "",
      ].join("\n"),
    });
    expect((await calls(g)).filter((e) => e.startsWith("main.go"))).toEqual([
      "main.go:main CALLS store/store.go:DB.Close",
      "main.go:main CALLS store/store.go:Open",
      "main.go:other CALLS store/store.go:Any",
    ]);
    expect(await unresolved(g.home, g.root)).toContain("main.go:other ? Close");
  });
});
