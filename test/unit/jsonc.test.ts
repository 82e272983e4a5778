// The JSONC reader behind tsconfig, jsconfig and package.json, beside Bun.JSONC.parse: the same
// answers on what configs are written in, and where they part, ours (see src/resolve/jsonc.ts).
import { describe, expect, test } from "bun:test";
import { parseJsonc } from "../../src/resolve/jsonc.ts";

function bunJsonc(text: string): unknown {
  try {
    return Bun.JSONC.parse(text);
  } catch {
    return undefined;
  }
}

describe("what configs are written in: both readers agree", () => {
  const cases: [string, string, unknown][] = [
    ["line and block comments", `{\n  // c\n  "a": 1, /* b */ "b": 2\n}`, { a: 1, b: 2 }],
    ["a block comment over lines, as rxjs writes one", `{\n  "extends": "./x.json",\n  /**\n   * why\n   */\n  "compilerOptions": { "outDir": "../dist" }\n}`, { extends: "./x.json", compilerOptions: { outDir: "../dist" } }],
    ["trailing commas in objects and arrays", `{ "a": [1, 2,], "b": { "c": 3, }, }`, { a: [1, 2], b: { c: 3 } }],
    ["a trailing comma before a comment", `{ "a": 1, // last\n}`, { a: 1 }],
    ["comment markers inside strings", `{ "url": "http://x/*y*/", "p": "a//b" }`, { url: "http://x/*y*/", p: "a//b" }],
    ["escaped quotes", `{ "q": "a \\" , ]" , }`, { q: 'a " , ]' }],
    ["unicode escapes", `{ "a": "\\u0041" }`, { a: "A" }],
    ["a comment after the value", `{ "a": 1 }\n// end`, { a: 1 }],
    ["paths with wildcards", `{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }`, { compilerOptions: { baseUrl: ".", paths: { "@/*": ["src/*"] } } }],
    ["a plain JSON package.json", `{ "name": "@scope/pkg", "exports": { ".": { "types": "./a.d.ts" } } }`, { name: "@scope/pkg", exports: { ".": { types: "./a.d.ts" } } }],
    ["an unterminated block comment", `{ "a": 1 /* open`, undefined],
    ["a doubled comma", `{ "a": 1,, }`, undefined],
    ["an unquoted key", `{ a: 1 }`, undefined],
    ["a raw line break in a string", `{ "a": "x\ny" }`, undefined],
    ["nothing", ``, undefined],
  ];
  for (const [what, text, expected] of cases) {
    test(what, () => {
      expect(parseJsonc(text)).toEqual(expected);
      expect(bunJsonc(text)).toEqual(expected);
    });
  }
});

describe("broken configs: ours counts them absent, Bun.JSONC reads them", () => {
  const cases: [string, string, unknown][] = [
    ["text after the value", `{ "a": 1 } garbage`, { a: 1 }],
    ["single-quoted strings", `{ 'a': 'b' }`, { a: "b" }],
    ["a hex number", `{ "a": 0x10 }`, { a: 16 }],
    ["a number without its leading zero", `{ "a": .5 }`, { a: 0.5 }],
    ["a leading byte order mark", `\uFEFF{ "a": 1 }`, { a: 1 }],
  ];
  for (const [what, text, lenient] of cases) {
    test(what, () => {
      expect(parseJsonc(text)).toBeUndefined();
      expect(bunJsonc(text)).toEqual(lenient);
    });
  }

  test("an elided array element: ours drops it, Bun.JSONC rejects the file", () => {
    expect(parseJsonc(`{ "a": [,] }`)).toEqual({ a: [] });
    expect(bunJsonc(`{ "a": [,] }`)).toBeUndefined();
  });
});
