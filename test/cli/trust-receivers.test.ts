// Calls through receivers whose type only declarations tell (issue 17, item 2 and the receiver
// chains): each test is named for the call an agent missed in `ix callers`.
import { describe, expect, test } from "bun:test";
import { ix, tempDir, writeTree } from "../helpers/cli";

function callersOf(root: string, home: string, target: string): string[] {
  const r = ix(["callers", target, "--format", "llm"], { cwd: root, home });
  expect(r.code).toBe(0);
  return r.lines.filter((l) => l.startsWith("ref "));
}

describe("receiver chains through declared types", () => {
  test("a call through a type alias of a generic class, a class field, an interface property and an interface's base reaches the member", async () => {
    const root = await writeTree(tempDir("ix-chain-"), {
      "src/stores.ts": [
        "export interface ReadableStore<TValue> {",
        "  get: () => TValue",
        "}",
        "export interface WritableStore<TValue> extends ReadableStore<TValue> {",
        "  set: (value: TValue) => void",
        "}",
        "export interface Stores {",
        "  matches: WritableStore<number>",
        "}",
        "",
      ].join("\n"),
      "src/router.ts": [
        "import type { Stores } from './stores'",
        "export class RouterCore<A, B> {",
        "  stores!: Stores",
        "  navigate(to: string): void {}",
        "}",
        "export type AnyRouter = RouterCore<any, any>",
        "export type WithExtra = AnyRouter & { extra: number }",
        "",
      ].join("\n"),
      "src/client.ts": [
        "import type { AnyRouter, WithExtra } from './router'",
        "export function load(router: AnyRouter) {",
        "  return router.stores.matches.get()",
        "}",
        "export function go(router: WithExtra) {",
        "  router.navigate('x')",
        "}",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-chain-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    expect(callersOf(root, home, "src/stores.ts:2")).toEqual([expect.stringMatching(/^ref name=load kind=function path=src\/client\.ts .* via=receiver-type/)]);
    expect(callersOf(root, home, "src/router.ts:4")).toEqual([expect.stringMatching(/^ref name=go kind=function path=src\/client\.ts /)]);
  });

  test("a method handed over through a typed parameter, and a call on a map's value, are the caller's", async () => {
    const root = await writeTree(tempDir("ix-chain-value-"), {
      "src/router.ts": [
        "export interface MatchStore {",
        "  get(): number",
        "}",
        "export class Router {",
        "  byRoute!: Map<string, MatchStore>",
        "  buildLocation = (to: string) => to",
        "}",
        "",
      ].join("\n"),
      "src/client.ts": [
        "import type { Router } from './router'",
        "export function contextualize(router: Router) {",
        "  return { buildLocation: router.buildLocation }",
        "}",
        "export function setFetching(router: Router, id: string) {",
        "  const store = router.byRoute.get(id)",
        "  return store?.get()",
        "}",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-chain-value-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    expect(callersOf(root, home, "src/router.ts:6")).toEqual([expect.stringMatching(/^ref name=contextualize kind=function path=src\/client\.ts .* use=reference/)]);
    expect(callersOf(root, home, "src/router.ts:2")).toEqual([expect.stringMatching(/^ref name=setFetching kind=function path=src\/client\.ts /)]);
  });
});

describe("generic instantiations", () => {
  test("a field typed by Partial<T> or by an alias that passes its argument through (Omit<T, K> & …) has T's members", async () => {
    const root = await writeTree(tempDir("ix-generic-"), {
      "src/opts.ts": [
        "export type PickAsRequired<TValue, TKey extends keyof TValue> = Omit<TValue, TKey> & Required<Pick<TValue, TKey>>",
        "export interface RouterOptions<A> {",
        "  getKey?: (l: string) => string",
        "}",
        "export class Router<A> {",
        "  options!: PickAsRequired<RouterOptions<A>, 'getKey'>",
        "  partial!: Partial<RouterOptions<A>>",
        "}",
        "",
      ].join("\n"),
      "src/use.ts": [
        "import type { Router } from './opts'",
        "export function viaAlias(r: Router<number>) {",
        "  return r.options.getKey('a')",
        "}",
        "export function viaPartial(r: Router<number>) {",
        "  return r.partial.getKey?.('b')",
        "}",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-generic-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    expect(callersOf(root, home, "src/opts.ts:3").map((l) => /^ref name=(\S+) /.exec(l)![1]).sort()).toEqual(["viaAlias", "viaPartial"]);
  });
});

describe("generic function type aliases", () => {
  test("a function returned as an alias of a generic function type takes the argument the alias passes to its parameter", async () => {
    const root = await writeTree(tempDir("ix-generic-fn-"), {
      "src/types.ts": [
        "export interface Subscribable<T> {",
        "  subscribe(observer: (value: T) => void): void",
        "}",
        "export type UnaryFunction<TSource, TReturn> = (source: TSource) => TReturn",
        "export type OperatorFunction<A, B> = UnaryFunction<Subscribable<A>, Subscribable<B>>",
        "",
      ].join("\n"),
      "src/operators.ts": [
        "import type { OperatorFunction } from './types'",
        "export function map<A, B>(project: (a: A) => B): OperatorFunction<A, B> {",
        "  return (source) => {",
        "    source.subscribe((v) => project(v))",
        "    return source as never",
        "  }",
        "}",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-generic-fn-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    expect(callersOf(root, home, "src/types.ts:2")).toEqual([expect.stringMatching(/^ref name=map kind=function path=src\/operators\.ts /)]);
  });
});

describe("indexed access types", () => {
  test("a parameter typed `NonNullable<Router['serverSsr']>` has the members of that property's type, and is no call of the property", async () => {
    const root = await writeTree(tempDir("ix-indexed-"), {
      "src/router.ts": [
        "export interface ServerSsr {",
        "  cleanup: () => void",
        "}",
        "export class Router {",
        "  serverSsr?: ServerSsr",
        "  onAbort?: (reason?: unknown) => void",
        "}",
        "",
      ].join("\n"),
      "src/stream.ts": [
        "import type { Router } from './router'",
        "export function finalize(serverSsr: NonNullable<Router['serverSsr']>, onAbort: Router['onAbort']) {",
        "  serverSsr.cleanup()",
        "  onAbort?.('done')",
        "}",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-indexed-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    expect(callersOf(root, home, "src/router.ts:2")).toEqual([expect.stringMatching(/^ref name=finalize kind=function path=src\/stream\.ts /)]);
    // onAbort only has the property's type: what it holds is the caller's argument, not a Router's onAbort.
    expect(callersOf(root, home, "src/router.ts:6")).toEqual([]);
  });
});

describe("variables copied from typed values", () => {
  test("`const sub = subscription` and `const e = opts.encoder ?? fallback` hold what their source holds", async () => {
    const root = await writeTree(tempDir("ix-copy-"), {
      "src/types.ts": [
        "export interface Unsubscribable {",
        "  unsubscribe(): void",
        "}",
        "export interface Encoder {",
        "  encode(data: unknown): string",
        "}",
        "export interface Options {",
        "  encoder?: Encoder",
        "}",
        "",
      ].join("\n"),
      "src/use.ts": [
        "import type { Encoder, Options, Unsubscribable } from './types'",
        "declare const fallback: Encoder",
        "export function share(subscription: Unsubscribable | null) {",
        "  function reset() {",
        "    const sub = subscription",
        "    sub?.unsubscribe()",
        "  }",
        "  return reset",
        "}",
        "export function send(opts: Options) {",
        "  const encoder = opts.encoder ?? fallback",
        "  return encoder.encode(1)",
        "}",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-copy-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    expect(callersOf(root, home, "src/types.ts:2")).toEqual([expect.stringMatching(/^ref name=reset kind=function path=src\/use\.ts /)]);
    expect(callersOf(root, home, "src/types.ts:5")).toEqual([expect.stringMatching(/^ref name=send kind=function path=src\/use\.ts /)]);
  });
});

describe("generic parameters", () => {
  test("a parameter typed by a type parameter calls through that parameter's constraint", async () => {
    const root = await writeTree(tempDir("ix-bound-"), {
      "src/router.ts": ["export class Router {", "  navigate(to: string): void {}", "}", ""].join("\n"),
      "src/use.ts": [
        "import type { Router } from './router'",
        "export function go<TRouter extends Router>(router: TRouter) {",
        "  router.navigate('z')",
        "}",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-bound-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    expect(callersOf(root, home, "src/router.ts:2")).toEqual([expect.stringMatching(/^ref name=go kind=function path=src\/use\.ts /)]);
  });
});

describe("callback parameters typed by context", () => {
  test("a callback passed to a method, through a function type alias, a generic's constraint and an object literal's property, calls the types its parameters have", async () => {
    const root = await writeTree(tempDir("ix-context-"), {
      "src/app.ts": [
        "export class Context {",
        "  json(): void {}",
        "}",
        "export class Err {",
        "  x(): void {}",
        "}",
        "export type Handler = (c: Context) => void",
        "export interface Options {",
        "  onError: (e: Err) => void",
        "}",
        "export class App {",
        "  get(path: string, handler: Handler): void {}",
        "  use<H extends Handler>(h: H): void {}",
        "}",
        "export function create(opts: Options): void {}",
        "",
      ].join("\n"),
      "src/main.ts": [
        "import { App, create } from './app'",
        "export function routes(app: App) {",
        "  app.get('/', (c) => c.json())",
        "}",
        "export function middleware(app: App) {",
        "  app.use((c) => { c.json() })",
        "}",
        "export function setup() {",
        "  create({ onError: (e) => e.x() })",
        "}",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-context-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    const json = callersOf(root, home, "src/app.ts:2");
    expect(json).toHaveLength(2);
    expect(json).toEqual(expect.arrayContaining([expect.stringMatching(/^ref name=routes kind=function /), expect.stringMatching(/^ref name=middleware kind=function /)]));
    expect(callersOf(root, home, "src/app.ts:5")).toEqual([expect.stringMatching(/^ref name=setup kind=function path=src\/main\.ts /)]);
  });

  test("a function declared by a function type alias, and properties destructured from a typed parameter, call the members their types have", async () => {
    const root = await writeTree(tempDir("ix-context-alias-"), {
      "src/types.ts": [
        "export interface ApiContext {",
        "  batch(cb: () => void): void",
        "}",
        "export interface Input {",
        "  refetchQuery(x: string): void",
        "  context: ApiContext",
        "}",
        "export type HandlerBuilder<R = void> = (input: Input) => R",
        "",
      ].join("\n"),
      "src/polling.ts": [
        "import type { HandlerBuilder, Input } from './types'",
        "export const buildPolling: HandlerBuilder = ({ refetchQuery, context }) => {",
        "  context.batch(() => {})",
        "  refetchQuery('poll')",
        "}",
        "export const buildOther: HandlerBuilder = (input) => {",
        "  input.refetchQuery('x')",
        "}",
        "export function annotated({ refetchQuery: refetch }: Input) {",
        "  refetch('y')",
        "}",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-context-alias-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    const refetch = callersOf(root, home, "src/types.ts:5").map((l) => /^ref name=(\S+) /.exec(l)![1]).sort();
    expect(refetch).toEqual(["annotated", "buildOther", "buildPolling"]);
    expect(callersOf(root, home, "src/types.ts:2")).toEqual([expect.stringMatching(/^ref name=buildPolling kind=function /)]);
  });

  test("a function returned where the declared result is a function type alias takes that alias's parameter types", async () => {
    const root = await writeTree(tempDir("ix-context-return-"), {
      "src/a.ts": [
        "export class Context {",
        "  json(): void {}",
        "}",
        "export type Handler = (c: Context) => void",
        "",
      ].join("\n"),
      "src/b.ts": [
        "import type { Handler } from './a'",
        "export function factory(): Handler {",
        "  return (c) => { c.json() }",
        "}",
        "export const short = (): Handler => (c) => c.json()",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-context-return-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    expect(callersOf(root, home, "src/a.ts:2").map((l) => /^ref name=(\S+) /.exec(l)![1]).sort()).toEqual(["factory", "short"]);
  });

  test("names destructured a level deep, or from a parameter whose type is an object literal, are typed by those properties", async () => {
    const root = await writeTree(tempDir("ix-destructured-"), {
      "src/types.ts": [
        "export interface Api {",
        "  refetch(x: string): void",
        "}",
        "export interface Holder {",
        "  api: Api",
        "}",
        "",
      ].join("\n"),
      "src/use.ts": [
        "import type { Api, Holder } from './types'",
        "export function nested({ api: { refetch } }: Holder) {",
        "  refetch('n')",
        "}",
        "export function literal({ api }: { api: Api; name: string }) {",
        "  api.refetch('l')",
        "}",
        "",
      ].join("\n"),
    });
    const home = tempDir("ix-destructured-home-");
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    expect(callersOf(root, home, "src/types.ts:2").map((l) => /^ref name=(\S+) /.exec(l)![1]).sort()).toEqual(["literal", "nested"]);
  });
});

