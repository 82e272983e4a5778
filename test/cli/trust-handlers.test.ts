// A web framework's handlers, getters and properties (issue 31, items 2 and 3): each test is named for the
// answer that misled an agent, and asserts the llm records `ix callers` now gives.
import { describe, expect, test } from "bun:test";
import { ix, tempDir, writeTree } from "../helpers/cli";

function answer(root: string, home: string, ...args: string[]): string[] {
  const r = ix([...args, "--format", "llm"], { cwd: root, home });
  expect(r.code).toBe(0);
  return r.lines.filter((l) => !l.startsWith("next "));
}

/** A framework in miniature: handlers typed through generic aliases, a union, overloaded call signatures. */
const FRAMEWORK = {
  "src/request.ts": [
    "export class HonoRequest {",
    "  header(name: string): string {",
    "    return name",
    "  }",
    "}",
    "",
  ].join("\n"),
  "src/context.ts": [
    "import { HonoRequest } from './request'",
    "export class Context<E = any> {",
    "  #req: HonoRequest | undefined",
    "  get req(): HonoRequest {",
    "    return (this.#req ??= new HonoRequest())",
    "  }",
    "  text(body: string): string {",
    "    return body",
    "  }",
    "}",
    "",
  ].join("\n"),
  "src/types.ts": [
    "import type { Context } from './context'",
    "import type { Hono } from './hono'",
    "export type Next = () => Promise<void>",
    "export type Handler<E = any, R = any> = (c: Context<E>, next: Next) => R",
    "export type MiddlewareHandler<E = any> = (c: Context<E>, next: Next) => Promise<void>",
    "export type H<E = any, R = any> = Handler<E, R> | MiddlewareHandler<E>",
    "export interface HandlerInterface<E = any> {",
    "  <R>(handler: H<E, R>): Hono<E>",
    "  <P extends string, M1 extends H<E> = H<E>>(path: P, ...handlers: [H<E> & M1, ...H<E>[]]): Hono<E>",
    "  <P extends string>(path: P): Hono<E>",
    "}",
    "",
  ].join("\n"),
  "src/hono.ts": [
    "import type { HandlerInterface } from './types'",
    "export class Hono<E = any> {",
    "  get!: HandlerInterface<E>",
    "  post!: HandlerInterface<E>",
    "}",
    "",
  ].join("\n"),
};

describe("handlers typed through a framework's generic handler types", () => {
  test("callers of a context method counts the calls inside handlers passed to a property typed by overloaded call signatures, through a union alias, rest and tuple parameters, chained routes, and a field given a function under a named callable type", async () => {
    const root = await writeTree(tempDir("ix-handlers-"), {
      ...FRAMEWORK,
      "src/factory.ts": [
        "import type { H } from './types'",
        "export interface CreateHandlers {",
        "  (...handlers: H[]): H[]",
        "}",
        "export class Factory {",
        "  createHandlers: CreateHandlers = (...handlers: any) => handlers",
        "}",
        "",
      ].join("\n"),
      "src/app.test.ts": [
        "import { Factory } from './factory'",
        "import { Hono } from './hono'",
        "const app = new Hono()",
        "app.get('/', (c) => c.text('ok'))",
        "app.get((c) => {",
        "  return c.text('bare')",
        "})",
        "app.get('/a', async (c, next) => {",
        "  await next()",
        "}, (c) => c.text('after'))",
        "app",
        "  .get('/chain', (c) => c.text('one'))",
        "  .post('/chain', (c) => c.text('two'))",
        "new Factory().createHandlers((c) => c.text('factory'))",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-handlers-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    expect(answer(root, home, "callers", "Context.text")).toEqual([
      "callers target=text path=src/context.ts shown=1 total=1 resolved=1",
      "ref kind=file path=src/app.test.ts site=src/app.test.ts:4 also=6,10,12,13 more_sites=1 snippet=\"app.get('/', (c) => c.text('ok'))\" via=receiver-type confidence=0.8",
    ]);
  });
});

describe("getters as typed members and as uses", () => {
  test("callers of a getter lists its reads and its setter's writes; the getter's declared or returned type carries the chain to the method called on it", async () => {
    const root = await writeTree(tempDir("ix-getters-"), {
      ...FRAMEWORK,
      "src/auth.ts": [
        "import type { Context } from './context'",
        "export function auth(c: Context) {",
        "  const req = c.req",
        "  if (c.req.header('x')) return req.header('y')",
        "  return c.req",
        "}",
        "",
      ].join("\n"),
      "src/counter.ts": [
        "import { HonoRequest } from './request'",
        "export class Counter {",
        "  #n = 0",
        "  #last: HonoRequest | undefined",
        "  get size(): number {",
        "    return this.#n",
        "  }",
        "  set size(v: number) {",
        "    this.#n = v",
        "  }",
        "  get last() {",
        "    return this.#last",
        "  }",
        "  grow(): string {",
        "    if (this.size > 10) this.size = 0",
        "    return this.last?.header('z') ?? ''",
        "  }",
        "}",
        "export function peek(x: { size: number }, y: any) {",
        "  return x.size + y.size",
        "}",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-getters-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    // A read is a call of the getter (the compiler's own count): `const req = c.req`, a call's receiver, a returned value.
    expect(answer(root, home, "callers", "Context.req")).toEqual([
      "callers target=req path=src/context.ts shown=1 total=1 resolved=1",
      "ref name=auth kind=function path=src/auth.ts lines=2-6 site=src/auth.ts:3 also=4,5 snippet=\"const req = c.req\" via=receiver-type confidence=0.9",
    ]);
    // Through `get req(): HonoRequest`, a variable holding its read, and an undeclared getter's `return this.#last`.
    expect(answer(root, home, "callers", "HonoRequest.header")).toEqual([
      "callers target=header path=src/request.ts shown=2 total=2 resolved=2",
      "ref name=auth kind=function path=src/auth.ts lines=2-6 site=src/auth.ts:4 snippet=\"if (c.req.header('x')) return req.header('y')\" via=receiver-type confidence=0.9",
      "ref name=grow kind=method path=src/counter.ts lines=14-17 site=src/counter.ts:16 snippet=\"return this.last?.header('z') ?? ''\" via=receiver-type confidence=0.9",
    ]);
    // `this.size > 10` reads it, `this.size = 0` writes it; `x.size` of a literal type and `y.size` of any are not it.
    expect(answer(root, home, "callers", "Counter.size")).toEqual([
      "callers target=size path=src/counter.ts shown=1 total=1 resolved=1",
      "ref name=grow kind=method path=src/counter.ts lines=14-17 site=src/counter.ts:15 snippet=\"if (this.size > 10) this.size = 0\"",
    ]);
    expect(answer(root, home, "impact", "Counter.size").filter((l) => !l.startsWith("bucket "))).toEqual([
      "impact target=size kind=method path=src/counter.ts lines=5-10 risk=low category=localized summary=\"Localized; 1 dependent within 2 hops in 1 file at risk; no test file reaches it\" depth=2 shown=1 total=1",
      "counts callers=1 callees=0 depth_2=0 affected=1 files=1 regions=1 tests=0",
      expect.stringMatching(/^caller name=grow kind=method path=src\/counter\.ts lines=14-17 depth=1 id=/),
    ]);
  });
});

describe("a Python property, read as a value or on a call's receiver", () => {
  test("callers of a @property lists its reads, and its annotated result types the call made on it", async () => {
    const root = await writeTree(tempDir("ix-property-"), {
      "pkg/__init__.py": "",
      "pkg/urls.py": [
        "class QueryParams:",
        "    def set(self, key):",
        "        return key",
        "",
        "",
        "class URL:",
        "    @property",
        "    def params(self) -> QueryParams:",
        "        return QueryParams()",
        "",
        "    @property",
        "    def host(self) -> str:",
        "        return 'h'",
        "",
        "",
        "def use(url: URL):",
        "    url.params.set('a')",
        "    return url.host",
        "",
        "",
        "def other(thing):",
        "    return thing.host",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-property-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    expect(answer(root, home, "callers", "URL.params")).toEqual([
      "callers target=params path=pkg/urls.py shown=1 total=1 resolved=1",
      "ref name=use kind=function path=pkg/urls.py lines=16-18 site=pkg/urls.py:17 snippet=url.params.set('a') via=receiver-type confidence=0.9",
    ]);
    expect(answer(root, home, "callers", "URL.host")).toEqual([
      "callers target=host path=pkg/urls.py shown=1 total=1 resolved=1",
      "ref name=use kind=function path=pkg/urls.py lines=16-18 site=pkg/urls.py:18 snippet=\"return url.host\" via=receiver-type confidence=0.9",
    ]);
    expect(answer(root, home, "callers", "QueryParams.set")).toEqual([
      "callers target=set path=pkg/urls.py shown=1 total=1 resolved=1",
      "ref name=use kind=function path=pkg/urls.py lines=16-18 site=pkg/urls.py:17 snippet=url.params.set('a') via=receiver-type confidence=0.9",
    ]);
  });
});

describe("no evidence, no row", () => {
  test("callers of a handler's method counts overloads that agree, and none where handler types disagree: a union of aliases or of function types, overloaded call signatures; nor an `any` annotation or an untyped callee", async () => {
    const root = await writeTree(tempDir("ix-handlers-none-"), {
      ...FRAMEWORK,
      "src/other.ts": [
        "export class Other {",
        "  text(body: string): string {",
        "    return body",
        "  }",
        "}",
        "",
      ].join("\n"),
      "src/either.ts": [
        "import type { Context } from './context'",
        "import type { Other } from './other'",
        "export type Either = ((c: Context) => void) | ((o: Other) => void)",
        "export type OnContext = (c: Context) => void",
        "export type OnOther = (o: Other) => void",
        "export type Named = OnContext | OnOther",
        "export interface Register {",
        "  (handler: OnContext): void",
        "  (handler: OnOther): void",
        "}",
        "export interface Route {",
        "  (handler: OnContext): void",
        "  (path: string, handler: OnContext): void",
        "}",
        "export declare const route: Route",
        "export declare function either(handler: Named): void",
        "export declare const register: Register",
        "export declare function loose(handler: any): void",
        "export declare function typed(handler: OnContext): void",
        "export declare function literal(handler: Either): void",
        "",
      ].join("\n"),
      "src/use.ts": [
        "import { either, literal, loose, register, route, typed } from './either'",
        "route('/', (c) => c.text('agreed'))",
        "either((c) => c.text('union'))",
        "literal((c) => c.text('literal union'))",
        "register((c) => c.text('overloads'))",
        "typed((c: any) => c.text('annotated'))",
        "loose((c) => c.text('loose'))",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-handlers-none-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    // Only the overloads that agree (a path, then the same handler type) type their handler.
    expect(answer(root, home, "callers", "Context.text")).toEqual([
      "callers target=text path=src/context.ts shown=1 total=1 resolved=1 unresolved=1",
      "ref kind=file path=src/use.ts site=src/use.ts:2 snippet=\"route('/', (c) => c.text('agreed'))\" via=receiver-type confidence=0.8",
    ]);
    expect(answer(root, home, "callers", "Other.text")[0]).toBe("callers target=text path=src/other.ts shown=0 total=0 resolved=0 unresolved=1");
  });

  test("callers of a method lists a callback's annotated parameter only inside that callback, not a same-named parameter of the next one", async () => {
    const root = await writeTree(tempDir("ix-handlers-scope-"), {
      ...FRAMEWORK,
      "src/setup.ts": [
        "import type { Context } from './context'",
        "export function setup(run: (f: any) => void) {",
        "  run((c: Context) => c.text('typed'))",
        "  run((c) => c.text('untyped'))",
        "}",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-handlers-scope-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    expect(answer(root, home, "callers", "Context.text")).toEqual([
      "callers target=text path=src/context.ts shown=1 total=1 resolved=1 unresolved=1",
      "ref name=setup kind=function path=src/setup.ts lines=2-5 site=src/setup.ts:3 snippet=\"run((c: Context) => c.text('typed'))\" via=receiver-type confidence=0.9",
    ]);
  });
});
