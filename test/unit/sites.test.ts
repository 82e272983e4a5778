import { describe, expect, test } from "bun:test";
import type { Lang } from "../../src/model/facts";
import { siteSyntaxOf } from "../../src/lang/registry";
import { codeView } from "../../src/sites/mask";
import { findSite, findSiteInLines, reanchor, recordedCallSite, type Site, type SiteQuery, splitLines } from "../../src/sites/index";

const TS = siteSyntaxOf("typescript");

/** Source text from lines, so line numbers in the tests can be read off the array (index + 1). */
const source = (...lines: string[]): string => lines.join("\n");

function call(text: string, name: string, scope: SiteQuery["scope"], hintLines: number[] = [], lang: Lang = "typescript"): Site | undefined {
  return findSite({ text, name, scope, hintLines, mode: "call", syntax: siteSyntaxOf(lang) });
}

function importOf(text: string, name: string, hintLines: number[] = [], lang: Lang = "typescript"): Site | undefined {
  return findSite({ text, name, scope: null, hintLines, mode: "import", syntax: siteSyntaxOf(lang) });
}

const RUN_TS = source(
  'import { parse } from "./parser";', // 1
  "", // 2
  "export function run(input: string): number {", // 3
  "  const tree = parse(input);", // 4
  "  return tree.size;", // 5
  "}", // 6
  "", // 7
  "function other() {", // 8
  "  return parse('x');", // 9
  "}", // 10
);
const RUN_SCOPE = { name: "run", kind: "function", startLine: 3, endLine: 6 };

describe("call sites in TypeScript", () => {
  test("finds the call inside the scope, not the one in another function", () => {
    expect(call(RUN_TS, "parse", RUN_SCOPE, [4])).toEqual({ line: 4, also: [], more: 0, snippet: "const tree = parse(input);" });
  });

  test("lines inserted above the scope after the map: the site moves with it", () => {
    const edited = source("// a new header", "// explaining things", "import { extra } from './extra';", RUN_TS);
    expect(call(edited, "parse", RUN_SCOPE, [4])).toEqual({ line: 7, also: [], more: 0, snippet: "const tree = parse(input);" });
  });

  test("lines inserted inside another function above: the stale hint is shifted with the span", () => {
    const text = source(
      "function first() {", // 1
      "  one();", // 2
      "  two();", // 3
      "}", // 4
      "function second() {", // 5
      "  parse(a);", // 6
      "  parse(b);", // 7
      "}", // 8
    );
    const recorded = { name: "second", kind: "function", startLine: 3, endLine: 6 };
    // At map time `second` began on line 3 and the edge was recorded on line 5 (its `parse(b)`).
    expect(call(text, "parse", recorded, [5])).toEqual({ line: 7, also: [], more: 0, snippet: "parse(b);" });
  });

  test("a commented-out call is skipped, in line, block and trailing comments", () => {
    const text = source(
      "function run() {", // 1
      "  // parse(old);", // 2
      "  /* parse(older);", // 3
      "     parse(oldest); */", // 4
      "  keep(); // parse(trailing)", // 5
      "  return parse(now);", // 6
      "}", // 7
    );
    expect(call(text, "parse", { name: "run", kind: "function", startLine: 1, endLine: 7 })).toEqual({
      line: 6,
      also: [], more: 0,
      snippet: "return parse(now);",
    });
  });

  test("a name mentioned in a string or a template's text is skipped, a call in ${…} is not", () => {
    const text = source(
      "function run() {", // 1
      '  log("parse(x) failed");', // 2
      "  log('see parse()');", // 3
      "  const t = `parse(${n})`;", // 4
      "  const u = `${parse(n)}`;", // 5
      "}", // 6
    );
    expect(call(text, "parse", { name: "run", kind: "function", startLine: 1, endLine: 6 })?.line).toBe(5);
  });

  test("a regex literal holding quotes does not swallow the rest of the span", () => {
    const text = source(
      "function run(s: string) {", // 1
      "  const re = /[\"']/g;", // 2
      "  return parse(s.replace(re, ''));", // 3
      "}", // 4
    );
    expect(call(text, "parse", { name: "run", kind: "function", startLine: 1, endLine: 4 })?.line).toBe(3);
  });

  test("a multi-line call gets up to two continuation lines in the snippet", () => {
    const text = source(
      "function run() {", // 1
      "  const root = resolveWorkspaceRoot(", // 2
      "    options.root,", // 3
      "    { strict: true },", // 4
      "    fallback,", // 5
      "  );", // 6
      "}", // 7
    );
    expect(call(text, "resolveWorkspaceRoot", { name: "run", kind: "function", startLine: 1, endLine: 7 })?.snippet).toBe(
      "const root = resolveWorkspaceRoot( options.root, { strict: true },",
    );
  });

  test("two calls in one scope: the hint picks the primary; a call off the recorded lines is another edge's", () => {
    const text = source(
      "function run() {", // 1
      "  parse(a);", // 2
      "  const x = 1;", // 3
      "  parse(b);", // 4
      "}", // 5
    );
    const scope = { name: "run", kind: "function", startLine: 1, endLine: 5 };
    expect(call(text, "parse", scope, [4])).toEqual({ line: 4, also: [], more: 0, snippet: "parse(b);" });
    expect(call(text, "parse", scope, [4, 2])).toEqual({ line: 2, also: [4], more: 0, snippet: "parse(a);" });
    // No recorded line to go by: every call is a further site.
    expect(call(text, "parse", scope, [])).toEqual({ line: 2, also: [4], more: 0, snippet: "parse(a);" });
    expect(call(text, "parse", scope, [9])).toEqual({ line: 4, also: [2], more: 0, snippet: "parse(b);" });
  });

  test("seven calls in one scope: four go to also, and the two left out are counted", () => {
    const text = source("function run() {", ...Array.from({ length: 7 }, (_, i) => `  parse(a${i});`), "}");
    const scope = { name: "run", kind: "function", startLine: 1, endLine: 9 };
    expect(call(text, "parse", scope, [])).toEqual({ line: 2, also: [3, 4, 5, 6], more: 2, snippet: "parse(a0);" });
  });

  test("also keeps at most four further recorded sites, sorted", () => {
    const body = Array.from({ length: 7 }, (_, i) => `  parse(${i});`);
    const text = source("function run() {", ...body, "}");
    const scope = { name: "run", kind: "function", startLine: 1, endLine: 9 };
    expect(call(text, "parse", scope, [8, 5])).toMatchObject({ line: 5, also: [8], more: 0 });
    expect(call(text, "parse", scope, [8, 7, 6, 5, 3, 2])).toMatchObject({ line: 2, also: [3, 5, 6, 7], more: 1 });
  });

  test("a bare use counts only when no call exists; calls win and bare uses stay out of also", () => {
    const bare = source(
      "function run(items: string[]) {", // 1
      "  return items.map(parse);", // 2
      "}", // 3
    );
    const scope = { name: "run", kind: "function", startLine: 1, endLine: 3 };
    expect(call(bare, "parse", scope)).toEqual({ line: 2, also: [], more: 0, snippet: "return items.map(parse);" });
    const both = source(
      "function run(items: string[]) {", // 1
      "  const all = items.map(parse);", // 2
      "  return parse(items[0]);", // 3
      "}", // 4
    );
    expect(call(both, "parse", { ...scope, endLine: 4 }, [2])).toEqual({ line: 3, also: [], more: 0, snippet: "return parse(items[0]);" });
  });

  test("object keys and assignment targets are not uses", () => {
    const text = source(
      "function run() {", // 1
      "  const o = { parse: 1 };", // 2
      "  parse = other;", // 3
      "}", // 4
    );
    expect(call(text, "parse", { name: "run", kind: "function", startLine: 1, endLine: 4 })).toBeUndefined();
  });

  test("the name's own declaration is skipped, with the whole file as scope", () => {
    const text = source(
      "export function parse(input: string) {", // 1
      "  return input;", // 2
      "}", // 3
      "class Parser {", // 4
      "  parse(", // 5
      "    input: string,", // 6
      "  ): Tree {", // 7
      "    return parse(input);", // 8
      "  }", // 9
      "}", // 10
    );
    expect(call(text, "parse", null)).toEqual({ line: 8, also: [], more: 0, snippet: "return parse(input);" });
  });

  test("an import line is not a use in call mode", () => {
    const text = source(
      "import {", // 1
      "  parse,", // 2
      "  other,", // 3
      '} from "./parser";', // 4
      "const handlers = [parse];", // 5
    );
    expect(call(text, "parse", null)).toEqual({ line: 5, also: [], more: 0, snippet: "const handlers = [parse];" });
  });

  test("call syntax: generics, optional calls, new with a namespace, member calls", () => {
    const text = source(
      "function run() {", // 1
      "  const a = make<string>(x);", // 2
      "  hooks.after?.(a);", // 3
      "  const w = new ui.Widget(a);", // 4
      "  this.client.send(w);", // 5
      "}", // 6
    );
    const scope = { name: "run", kind: "function", startLine: 1, endLine: 6 };
    expect(call(text, "make", scope)?.line).toBe(2);
    expect(call(text, "after", scope)?.line).toBe(3);
    expect(call(text, "Widget", scope)?.snippet).toBe("const w = new ui.Widget(a);");
    expect(call(text, "send", scope)?.line).toBe(5);
  });

  test("a site outside the scope is not reported", () => {
    expect(call(RUN_TS, "parse", { name: "other", kind: "function", startLine: 8, endLine: 10 }, [9])?.line).toBe(9);
    expect(call(RUN_TS, "missing", RUN_SCOPE)).toBeUndefined();
  });

  test("the snippet is capped at 200 characters with an ellipsis", () => {
    const long = `  parse(${"x".repeat(300)});`;
    const site = call(source("function run() {", long, "}"), "parse", { name: "run", kind: "function", startLine: 1, endLine: 3 });
    expect(site?.snippet.length).toBe(200);
    expect(site?.snippet.endsWith("…")).toBe(true);
  });

  test("no text or nothing findable gives no site", () => {
    expect(findSite({ text: undefined, name: "parse", scope: null, hintLines: [1], mode: "call", syntax: siteSyntaxOf("typescript") })).toBeUndefined();
    expect(call("", "parse", null)).toBeUndefined();
    expect(call(source("// parse(x)", 'const s = "parse()";'), "parse", null)).toBeUndefined();
  });

  test("CRLF line endings", () => {
    const text = ["function run() {", "  // parse(no)", "  return parse(x);", "}"].join("\r\n");
    expect(call(text, "parse", { name: "run", kind: "function", startLine: 1, endLine: 4 })).toEqual({
      line: 3,
      also: [], more: 0,
      snippet: "return parse(x);",
    });
  });

  test("a scope whose declaration is gone falls back to the recorded span, clamped to the file", () => {
    const text = source("const x = 1;", "parse(x);", "parse(y);");
    expect(call(text, "parse", { name: "vanished", kind: "function", startLine: 2, endLine: 40 }, [3])).toEqual({
      line: 3,
      also: [], more: 0,
      snippet: "parse(y);",
    });
  });
});

describe("call sites in TypeScript, harder shapes", () => {
  test("a call at the start of a ternary branch is a call, not a method header", () => {
    const text = source(
      "function pick(a: number) {", // 1
      "  return a > 1 ?", // 2
      "    check(a) :", // 3
      "    fallback(a);", // 4
      "}", // 5
    );
    const scope = { name: "pick", kind: "function", startLine: 1, endLine: 5 };
    expect(call(text, "check", scope)?.line).toBe(3);
    const multiLine = source("function pick(a: number) {", "  const b = a > 1 ?", "    check(a, 1)", "    : other(a);", "}");
    expect(call(multiLine, "check", scope)?.line).toBe(3);
  });

  test("type arguments over several lines, .call/.apply, and a decorator are calls", () => {
    const text = source(
      "class Service {", // 1
      "  @logged", // 2
      "  run() {", // 3
      "    const queue = make<", // 4
      "      { readonly id: string; readonly n: number },", // 5
      "      Error", // 6
      "    >(10);", // 7
      "    helper.call(this, queue);", // 8
      "    return queue;", // 9
      "  }", // 10
      "}", // 11
    );
    const scope = { name: "Service.run", kind: "method", startLine: 2, endLine: 10 };
    expect(call(text, "make", scope)?.line).toBe(4);
    expect(call(text, "helper", scope)?.line).toBe(8);
    expect(call(text, "logged", scope)?.line).toBe(2);
  });

  test("an arrow function whose body is a template with ${…} calls, spanning lines", () => {
    const text = source(
      "const select = (id: string) =>", // 1
      "  sql`", // 2
      "    SELECT * FROM ${table(id)}", // 3
      "    WHERE a = ${value}", // 4
      "  `.pipe(", // 5
      "    decode(rows)", // 6
      "  )", // 7
      "const after = 1;", // 8
    );
    const lines = splitLines(text);
    expect(reanchor(lines, { name: "select", kind: "function", startLine: 1, endLine: 1 }, TS)).toEqual({ startLine: 1, endLine: 7 });
    expect(call(text, "decode", { name: "select", kind: "function", startLine: 1, endLine: 7 })?.line).toBe(6);
    expect(call(text, "table", { name: "select", kind: "function", startLine: 1, endLine: 7 })?.line).toBe(3);
  });

  test("overload signatures and the implementation are one span; a namespace of the same name is not", () => {
    const text = source(
      "export function parse(a: string): Tree;", // 1
      "export function parse(a: Buffer): Tree;", // 2
      "export function parse(a: string | Buffer): Tree {", // 3
      "  return build(a);", // 4
      "}", // 5
      "export declare namespace parse {", // 6
      "  export type Options = { strict: boolean };", // 7
      "}", // 8
    );
    const lines = splitLines(text);
    expect(reanchor(lines, { name: "parse", kind: "function", startLine: 1, endLine: 5 }, TS)).toEqual({ startLine: 1, endLine: 5 });
    expect(call(source("// moved", text), "build", { name: "parse", kind: "function", startLine: 1, endLine: 5 }, [4])?.line).toBe(5);
  });

  test("of two methods with one name, the one in the named class, even when both moved", () => {
    const text = source(
      "// one line inserted above both classes", // 1
      "class Reader {", // 2
      "  close() {", // 3
      "    release();", // 4
      "  }", // 5
      "}", // 6
      "class Writer {", // 7
      "  close() {", // 8
      "    flush();", // 9
      "  }", // 10
      "}", // 11
    );
    // Recorded before the insertion: Writer.close at 7-9. Reader.close (now 3) is as near as Writer.close (now 8).
    const span = reanchor(splitLines(text), { name: "Writer.close", kind: "method", startLine: 7, endLine: 9 }, TS);
    expect(span).toEqual({ startLine: 8, endLine: 10 });
  });

  test("a line inserted inside the scope: the hint moved with the scope's end is tried too", () => {
    const text = source(
      "function run() {", // 1
      "  const added = 1;", // 2 (new)
      "  this.step(a);", // 3 (was 2; another method, another edge)
      "  other();", // 4
      "  step(b);", // 5 (was 4; the edge asked about)
      "}", // 6
    );
    // At map time: run 1-5 and this edge's call on line 4. Line 4 is now between two `step`
    // calls; the span's end moved by one, which points at the right one.
    expect(call(text, "step", { name: "run", kind: "function", startLine: 1, endLine: 5 }, [4])?.line).toBe(5);
  });
});

describe("the scopes nested in a scope own their calls", () => {
  const FILE = { name: "a.ts", kind: "file", startLine: 1, endLine: 14 };
  // As mapped: top-level parse() on 2 and 14, Box 4-12 (field 5, run 7-11, inner 9-10 inside run).
  const mapped = [
    "import { parse } from './p';", // 1
    "parse(1);", // 2
    "", // 3
    "class Box {", // 4
    "  field = parse(2);", // 5
    "", // 6
    "  run() {", // 7
    "    parse(3);", // 8
    "    function inner() {", // 9
    "      return parse(4); }", // 10
    "  }", // 11
    "}", // 12
    "", // 13
    "parse(5);", // 14
  ];
  const BOX = { name: "Box", kind: "class", startLine: 4, endLine: 12 };
  const RUN = { name: "Box.run", kind: "method", startLine: 7, endLine: 11 };
  const INNER = { name: "Box.run.inner", kind: "function", startLine: 9, endLine: 10 };
  const edited = source("// one", "// two", "// three", ...mapped);
  const find = (scope: SiteQuery["scope"], nested: SiteQuery["nested"], hintLines: number[]) =>
    findSite({ text: edited, name: "parse", scope, nested, hintLines, mode: "call", syntax: TS });

  test("a whole-file scope: only the top-level calls, after lines inserted at the top", () => {
    expect(find(FILE, [BOX], [2, 14])).toMatchObject({ line: 5, also: [17], more: 0 });
  });

  test("a class: its field, not its methods'; a method: its body, not the function nested in it", () => {
    expect(find(BOX, [RUN], [5])).toMatchObject({ line: 8, also: [], more: 0 });
    expect(find(RUN, [INNER], [8])).toMatchObject({ line: 11, also: [], more: 0 });
    expect(find(INNER, [], [10])).toMatchObject({ line: 13, also: [], more: 0 });
    // A nested scope that is nowhere to be found leaves nothing out.
    expect(find(RUN, [{ name: "gone", kind: "function", startLine: 9, endLine: 10 }], [8, 10])).toMatchObject({ line: 11, also: [13] });
  });

  test("a recorded line below a nested scope that grew moves with that scope's end", () => {
    const text = source(
      "parse(a);", // 1
      "function grown() {", // 2 (was 2-4)
      "  one();", // 3
      "  two();", // 4
      "  three();", // 5
      "  four();", // 6
      "  five();", // 7
      "  six();", // 8
      "  seven();", // 9
      "}", // 10
      "parse(b);", // 11 (was 5: the edge asked about)
    );
    const scope = { name: "a.ts", kind: "file", startLine: 1, endLine: 5 };
    const grown = { name: "grown", kind: "function", startLine: 2, endLine: 4 };
    // Unmoved, the recorded line 5 is nearer to line 1 than to line 11.
    const site = findSite({ text, name: "parse", scope, nested: [grown], hintLines: [5], mode: "call", syntax: TS });
    expect(site).toMatchObject({ line: 11, also: [] });
  });

  test("Python: a module's, a class body's and a method's own calls", () => {
    const py = [
      "parse(1)", // 1
      "class Box:", // 2
      "    size = parse(2)", // 3
      "    def run(self):", // 4
      "        return parse(3)", // 5
      "parse(4)", // 6
    ];
    const text = source("# one", "# two", ...py);
    const at = (scope: SiteQuery["scope"], nested: SiteQuery["nested"], hintLines: number[]) =>
      findSite({ text, name: "parse", scope, nested, hintLines, mode: "call", syntax: siteSyntaxOf("python") });
    const box = { name: "Box", kind: "class", startLine: 2, endLine: 5 };
    const run = { name: "Box.run", kind: "method", startLine: 4, endLine: 5 };
    expect(at({ name: "a.py", kind: "file", startLine: 1, endLine: 6 }, [box], [1, 6])).toMatchObject({ line: 3, also: [8] });
    expect(at(box, [run], [3])).toMatchObject({ line: 5, also: [] });
  });
});

describe("reanchor", () => {
  const text = source(
    "// header", // 1
    "@Component({ selector: 'x' })", // 2
    "export class Widget<T extends { id: string }> {", // 3
    "  private cache = new Map<string, T>();", // 4
    "", // 5
    "  async load(", // 6
    "    id: string,", // 7
    "  ): Promise<{ ok: boolean }> {", // 8
    "    if (id) {", // 9
    "      return { ok: true };", // 10
    "    }", // 11
    "    return { ok: false };", // 12
    "  }", // 13
    "", // 14
    "  handle = async ({ id }: Req) => {", // 15
    "    return id;", // 16
    "  };", // 17
    "}", // 18
    "", // 19
    "export const double = (n: number) =>", // 20
    "  n * 2;", // 21
    "type Id = string;", // 22
  );
  const lines = splitLines(text);

  test("the span ends where the braces close, whatever was recorded", () => {
    expect(reanchor(lines, { name: "load", kind: "method", startLine: 6, endLine: 7 }, TS)).toEqual({ startLine: 6, endLine: 13 });
    expect(reanchor(lines, { name: "handle", kind: "method", startLine: 15, endLine: 15 }, TS)).toEqual({ startLine: 15, endLine: 17 });
    expect(reanchor(lines, { name: "double", kind: "function", startLine: 20, endLine: 20 }, TS)).toEqual({ startLine: 20, endLine: 21 });
    expect(reanchor(lines, { name: "Id", kind: "type", startLine: 22, endLine: 22 }, TS)).toEqual({ startLine: 22, endLine: 22 });
  });

  test("decorators above a declaration belong to its span; a qualified name is accepted", () => {
    expect(reanchor(lines, { name: "Widget", kind: "class", startLine: 2, endLine: 18 }, TS)).toEqual({ startLine: 2, endLine: 18 });
    expect(reanchor(lines, { name: "Widget.load", kind: "method", startLine: 6, endLine: 13 }, TS)?.startLine).toBe(6);
  });

  test("the nearest declaration wins when the name is declared twice", () => {
    const twice = splitLines(source("class A {", "  run() {", "  }", "}", "class B {", "  run() {", "    go();", "  }", "}"));
    expect(reanchor(twice, { name: "run", kind: "method", startLine: 5, endLine: 7 }, TS)).toEqual({ startLine: 6, endLine: 8 });
    expect(reanchor(twice, { name: "run", kind: "method", startLine: 1, endLine: 3 }, TS)).toEqual({ startLine: 2, endLine: 3 });
  });

  test("a declaration that is nowhere to be found gives undefined", () => {
    expect(reanchor(lines, { name: "gone", kind: "function", startLine: 3, endLine: 9 }, TS)).toBeUndefined();
    expect(reanchor(lines, null, TS)).toBeUndefined();
  });
});

const PY = source(
  "from .util import helper, parse", // 1
  "import os.path", // 2
  "from .models import (", // 3
  "    Model,", // 4
  "    Field as F,", // 5
  ")", // 6
  "", // 7
  "class Loader:", // 8
  '    """Loads things.', // 9
  "", // 10
  "parse(this) is documentation", // 11
  '"""', // 12
  "", // 13
  "    @staticmethod", // 14
  "    def load(self, path):", // 15
  "        # parse(path) is commented out", // 16
  '        text = "parse(x)"', // 17
  "        data = parse(text)", // 18
  "        return helper(", // 19
  "            data,", // 20
  "            path)", // 21
  "", // 22
  "    def other(self):", // 23
  "        return parse(1)", // 24
  "", // 25
  "def parse(x):", // 26
  "    return x", // 27
);

describe("Python", () => {
  test("a call in a method, skipping comments, strings and a docstring at column 0", () => {
    const site = call(PY, "parse", { name: "Loader.load", kind: "function", startLine: 14, endLine: 21 }, [], "python");
    expect(site).toEqual({ line: 18, also: [], more: 0, snippet: "data = parse(text)" });
  });

  test("the class span runs to the end of its indented body, past the docstring", () => {
    expect(reanchor(splitLines(PY), { name: "Loader", kind: "class", startLine: 8, endLine: 9 }, siteSyntaxOf("python"))).toEqual({
      startLine: 8,
      endLine: 24,
    });
    expect(reanchor(splitLines(PY), { name: "load", kind: "function", startLine: 15, endLine: 15 }, siteSyntaxOf("python"))).toEqual({
      startLine: 14,
      endLine: 21,
    });
  });

  test("lines inserted above move the site; the declaration `def parse` is skipped", () => {
    const edited = source("import sys", "import re", PY);
    expect(call(edited, "helper", { name: "load", kind: "function", startLine: 14, endLine: 21 }, [19], "python")).toEqual({
      line: 21,
      also: [], more: 0,
      snippet: "return helper( data, path)",
    });
    expect(call(PY, "parse", null, [], "python")).toEqual({ line: 18, also: [24], more: 0, snippet: "data = parse(text)" });
  });

  test("a multi-line decorator belongs to the span; a call inside an f-string is found", () => {
    const text = source(
      "@app.route(", // 1
      '    "/items",', // 2
      '    methods=["GET"],', // 3
      ")", // 4
      "def items(request):", // 5
      "    return f\"{render(request)} items: {{count}}\"", // 6
    );
    expect(reanchor(splitLines(text), { name: "items", kind: "function", startLine: 1, endLine: 6 }, siteSyntaxOf("python"))).toEqual({
      startLine: 1,
      endLine: 6,
    });
    expect(call(text, "render", { name: "items", kind: "function", startLine: 1, endLine: 6 }, [], "python")?.line).toBe(6);
    expect(call(text, "count", { name: "items", kind: "function", startLine: 1, endLine: 6 }, [], "python")).toBeUndefined();
  });

  test("a decorator applies the function: @name counts as a call", () => {
    const text = source("class Admin:", "    @never_cache", "    def index(self):", "        return 1");
    expect(call(text, "never_cache", { name: "Admin", kind: "class", startLine: 1, endLine: 4 }, [], "python")?.line).toBe(2);
  });

  test("a property's getter and setter share a name: the recorded first line tells them apart", () => {
    const text = source(
      "# two lines inserted", // 1
      "# above the class", // 2
      "class Point:", // 3
      "    @property", // 4
      "    def x(self):", // 5
      "        return read(self)", // 6
      "", // 7
      "    @x.setter", // 8
      "    def x(self, value):", // 9
      "        write(self, value)", // 10
    );
    // Recorded before the insertion: the setter at 6-8, starting with its decorator.
    const setter = { name: "Point.x", kind: "function", startLine: 6, endLine: 8, signature: "@x.setter" };
    expect(reanchor(splitLines(text), setter, siteSyntaxOf("python"))).toEqual({ startLine: 8, endLine: 10 });
    expect(reanchor(splitLines(text), { ...setter, signature: undefined }, siteSyntaxOf("python"))).toEqual({ startLine: 4, endLine: 6 });
  });

  test("import mode: from … import name, a module path, a parenthesised list (at its first line, where the graph records it)", () => {
    expect(importOf(PY, "parse", [1], "python")).toEqual({ line: 1, also: [], more: 0, snippet: "from .util import helper, parse" });
    expect(importOf(PY, "os.path", [], "python")).toEqual({ line: 2, also: [], more: 0, snippet: "import os.path" });
    expect(importOf(PY, "Field", [3], "python")).toEqual({
      line: 3,
      also: [], more: 0,
      snippet: "from .models import ( Model, Field as F, )",
    });
    expect(importOf(PY, "json", [], "python")).toBeUndefined();
  });
});

const GO = source(
  "package main", // 1
  "", // 2
  "import (", // 3
  '\t"fmt"', // 4
  '\tstr "strings"', // 5
  '\t"github.com/acme/tool/parse"', // 6
  ")", // 7
  "", // 8
  "type Server struct {", // 9
  "\tname string", // 10
  "}", // 11
  "", // 12
  "// Run starts. Parse(x) in a comment.", // 13
  "func (s *Server) Run(args []string) error {", // 14
  "\tmsg := `Parse(raw)`", // 15
  "\tv, err := parse.Parse(args[0])", // 16
  "\tif err != nil {", // 17
  '\t\treturn fmt.Errorf("Parse(%s): %w", msg, err)', // 18
  "\t}", // 19
  "\treturn Parse(str.TrimSpace(v))", // 20
  "}", // 21
  "", // 22
  "func (c *Client) Run() error { return nil }", // 23
  "", // 24
  "func Parse(x string) string { return x }", // 25
);

describe("Go", () => {
  test("calls in a method, skipping raw strings, strings and comments", () => {
    const scope = { name: "Server.Run", kind: "method", startLine: 14, endLine: 21 };
    // `parse.Parse` on line 16 is another package's function: another edge.
    expect(call(GO, "Parse", scope, [20], "go")).toEqual({ line: 20, also: [], more: 0, snippet: "return Parse(str.TrimSpace(v))" });
  });

  test("a method is re-anchored by its receiver type; the declaration `func Parse` is skipped", () => {
    expect(reanchor(splitLines(GO), { name: "Client.Run", kind: "method", startLine: 14, endLine: 14 }, siteSyntaxOf("go"))).toEqual({
      startLine: 23,
      endLine: 23,
    });
    expect(reanchor(splitLines(GO), { name: "Server", kind: "class", startLine: 9, endLine: 9 }, siteSyntaxOf("go"))).toEqual({
      startLine: 9,
      endLine: 11,
    });
    expect(call(GO, "Parse", null, [], "go")?.also).toEqual([20]);
  });

  test("import mode: a path in an import block, by full path or by its last segment", () => {
    expect(importOf(GO, "github.com/acme/tool/parse", [6], "go")).toEqual({
      line: 6,
      also: [], more: 0,
      snippet: '"github.com/acme/tool/parse"',
    });
    expect(importOf(GO, "strings", [], "go")?.line).toBe(5);
    expect(importOf(GO, "os", [], "go")).toBeUndefined();
  });
});

describe("a signature recorded over several lines", () => {
  test("tells two declarations of one name apart, read back as the extractor joined it", () => {
    const text = source(
      "export class Http {", //          1
      "  request(", //                    2
      "    url: string,", //              3
      "  ): void {", //                   4
      "  }", //                           5
      "}", //                             6
      "export class Socket {", //         7
      "  request(", //                    8
      "    frame: Frame, // raw", //      9
      "  ): void {", //                   10
      "  }", //                           11
      "}", //                             12
      "export const send = async (", //   13
      "  body: string,", //               14
      ") => {", //                        15
      "};", //                            16
    );
    // Recorded where the first one is now: only the signature says it is the second.
    expect(reanchor(splitLines(text), { name: "request", kind: "method", startLine: 2, endLine: 4, signature: "request(frame: Frame): void {" }, TS)).toEqual({ startLine: 8, endLine: 11 });
    expect(reanchor(splitLines(text), { name: "request", kind: "method", startLine: 8, endLine: 11, signature: "request(url: string): void {" }, TS)).toEqual({ startLine: 2, endLine: 5 });
    // The text of an exported const starts after `export`.
    expect(reanchor(splitLines(text), { name: "send", kind: "function", startLine: 2, endLine: 2, signature: "const send = async (body: string) => {" }, TS)).toEqual({ startLine: 13, endLine: 16 });
  });
});

describe("import mode in TypeScript", () => {
  const text = source(
    'import { parse, type Tree } from "./parser";', // 1
    "import {", // 2
    "  helper,", // 3
    "  resolveWorkspaceRoot,", // 4
    '} from "../ws/index.ts";', // 5
    'import defaultThing from "lodash";', // 6
    'export { helper as assist } from "../ws/index.ts";', // 7
    'const fs = require("node:fs");', // 8
    "", // 9
    "parse(helper);", // 10
  );

  test("a named import, hint lines first", () => {
    expect(importOf(text, "parse", [1])).toEqual({ line: 1, also: [], more: 0, snippet: 'import { parse, type Tree } from "./parser";' });
    expect(importOf(text, "helper", [7, 2])).toEqual({
      line: 2,
      also: [7], more: 0,
      snippet: 'import { helper, resolveWorkspaceRoot, } from "../ws/index.ts";',
    });
    expect(importOf(text, "helper", [7])).toMatchObject({ line: 7, also: [], more: 0 });
  });

  test("a name inside a multi-line import list: the statement's first line, where the graph records it, with the statement as the snippet", () => {
    expect(importOf(text, "resolveWorkspaceRoot", [2])).toEqual({
      line: 2,
      also: [], more: 0,
      snippet: 'import { helper, resolveWorkspaceRoot, } from "../ws/index.ts";',
    });
  });

  test("by module specifier: exact, without extension, or a require", () => {
    expect(importOf(text, "./parser", [])?.line).toBe(1);
    expect(importOf(text, "../ws/index", [2, 7])).toEqual({
      line: 2,
      also: [7], more: 0,
      snippet: 'import { helper, resolveWorkspaceRoot, } from "../ws/index.ts";',
    });
    expect(importOf(text, "node:fs", [])).toEqual({ line: 8, also: [], more: 0, snippet: 'const fs = require("node:fs");' });
    expect(importOf(text, "lodash", [])?.line).toBe(6);
  });

  test("nothing imported under that name gives undefined", () => {
    expect(importOf(text, "missing", [1])).toBeUndefined();
  });

  test("a statement too long to show whole: its first line and the line naming the import", () => {
    const names = Array.from({ length: 30 }, (_, i) => `  name${i},`);
    const long = source("import {", ...names, '} from "./names";');
    expect(importOf(long, "name7", [1])).toEqual({ line: 1, also: [], more: 0, snippet: "import { … name7," });
    expect(importOf(long, "./names", [1])?.snippet).toBe('import { … } from "./names";');
  });
});

describe("large files", () => {
  /** A 3,000-line module: 300 functions with doc comments, strings, templates and a call each. */
  function bigModule(): string {
    const parts: string[] = ['import { helper } from "./helper";'];
    for (let i = 0; parts.length < 3000; i++) {
      parts.push(
        i % 10 === 0 ? `/** fn${i} calls helper(x) — not here. */` : `/** fn${i} does its part. */`,
        `export function fn${i}(x: number): number {`,
        `  const label = "value(" + x + ")";`,
        `  const y = helper(x, \`n=\${x}\`) / 2;`,
        "  // see above",
        "  if (y > 2) {",
        `    return other${i}(y);`,
        "  }",
        "  return y;",
        "}",
      );
    }
    return parts.slice(0, 3000).join("\n");
  }

  // How fast these run is measured by bench/query.ts on real code; here, that a large file gives
  // the right answers and that a second question reuses the first one's code view.
  test("on a 3,000-line file: a scoped, a whole-file and an import query each find their line", () => {
    const lines = splitLines(bigModule());
    const scoped = {
      name: "helper",
      scope: { name: "fn250", kind: "function", startLine: 2502, endLine: 2511 },
      hintLines: [2505],
      mode: "call" as const,
      syntax: siteSyntaxOf("typescript"),
    };
    expect(findSiteInLines(lines, scoped)?.line).toBe(2505);
    expect(findSiteInLines(lines, { ...scoped, scope: null })?.line).toBe(2505);
    expect(findSiteInLines(lines, { ...scoped, scope: null, mode: "import" })?.line).toBe(1);
  });

  test("a second query on the same lines reuses the code view", () => {
    const lines = splitLines(bigModule());
    const query = { name: "helper", scope: null, hintLines: [], mode: "call" as const, syntax: siteSyntaxOf("typescript") };
    findSiteInLines(lines, query);
    const view = codeView(lines, siteSyntaxOf("typescript"));
    findSiteInLines(lines, { ...query, name: "other7" });
    expect(codeView(lines, siteSyntaxOf("typescript"))).toBe(view);
    expect(codeView(splitLines(bigModule()), siteSyntaxOf("typescript"))).not.toBe(view);
  });
});

describe("recorded sites of a file unchanged since the map", () => {
  const lines = splitLines(
    source(
      "export function run(a: number) {", // 1
      "  // parse(a) was here", // 2
      "  const x = parse(a,", // 3
      "    a + 1,", // 4
      "    a + 2,", // 5
      "    a + 3);", // 6
      "  parse(x);", // 7
      "  return parse(x) + parse(a);", // 8
      "  const y = ns", // 9
      "    .parse(x);", // 10
      "}", // 11
    ),
  );

  test("the first recorded line is the site, with the open call's next two lines, and the others are also", () => {
    expect(recordedCallSite(lines, "parse", [8, 3, 7, 8, 3], siteSyntaxOf("typescript"))).toEqual({
      line: 3,
      also: [7, 8], more: 0,
      snippet: "const x = parse(a, a + 1, a + 2,",
    });
  });

  test("at most four further lines, and how many more there are", () => {
    const site = recordedCallSite(lines, "parse", [3, 4, 5, 6, 7, 8], siteSyntaxOf("typescript"));
    expect(site?.also).toEqual([4, 5, 6, 7]);
    expect(site?.more).toBe(1);
  });

  test("a recorded line that does not name the callee in code gives no site, so the caller searches", () => {
    expect(recordedCallSite(lines, "parse", [2], siteSyntaxOf("typescript"))).toBeUndefined();
    expect(recordedCallSite(lines, "parse", [9], siteSyntaxOf("typescript"))).toBeUndefined();
    expect(recordedCallSite(lines, "parse", [99], siteSyntaxOf("typescript"))).toBeUndefined();
    expect(recordedCallSite(lines, "parse", [], siteSyntaxOf("typescript"))).toBeUndefined();
  });

  test("a qualified name is looked for by its last part", () => {
    expect(recordedCallSite(lines, "Parser.parse", [10], siteSyntaxOf("typescript"))).toEqual({ line: 10, also: [], more: 0, snippet: ".parse(x);" });
  });
});
