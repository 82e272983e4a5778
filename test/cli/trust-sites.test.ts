// Answers an agent can trust (issue 16), call sites: each row's site lines are its own, in the
// file as it is now, and every format carries the same site.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { decode } from "@toon-format/toon";
import { decodeLlm } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";

/**
 * Each call of `target` carries its own number, so a test finds its line in any edit of the
 * file. A row's calls: the file's own (top level), a class's field initializer, a method's
 * body without the function nested in it.
 */
const CALLERS_TS = [
  "// header line one", // 1
  "// header line two", // 2
  'import { target } from "./target";', // 3
  "", // 4
  "export function first(): number {", // 5
  "  const a = target(1);", // 6
  "  return a + target(2);", // 7
  "}", // 8
  "", // 9
  "export function second(): number {", // 10
  "  let sum = 0;", // 11
  "  sum += target(3);", // 12
  "  return sum;", // 13
  "}", // 14
  "", // 15
  "target(10);", // 16
  "", // 17
  "export class Box {", // 18
  "  field = target(8);", // 19
  "", // 20
  "  run(): number {", // 21
  "    return target(4);", // 22
  "  }", // 23
  "", // 24
  "  walk(): number {", // 25
  "    const b = target(5);", // 26
  "    function inner(): number {", // 27
  "      return target(9);", // 28
  "    }", // 29
  "    return b + target(6) + inner();", // 30
  "  }", // 31
  "}", // 32
  "", // 33
  "export const third = (): number => target(7);", // 34
  "target(11);", // 35
  "",
];

/** The calls each caller row owns, by the numbers they pass; the file row is "". */
const OWN_TS: Record<string, number[]> = { "": [10, 11], first: [1, 2], second: [3], Box: [8], run: [4], walk: [5, 6], inner: [9], third: [7] };

/** Edits made after the map: above, inside and below the scopes, inserting and deleting. */
const EDITS: Record<string, (lines: string[]) => string[]> = {
  "three lines inserted at the top": (lines) => ["// new one", "// new two", "// new three", ...lines],
  "the header above every scope deleted": (lines) => lines.slice(2),
  "lines inserted inside a caller's body, between its two calls": (lines) => insertAfter(lines, "target(1)", ["  // added", "  // added"]),
  "lines inserted inside a method, above the function nested in it": (lines) => insertAfter(lines, "target(5)", ["    // added", "    // added"]),
  "a line deleted inside a caller's body": (lines) => lines.filter((line) => line !== "  let sum = 0;"),
  "lines inserted between two scopes": (lines) => insertAfter(lines, "target(10)", ["", "// between", "// between"]),
  "lines inserted below every scope": (lines) => [...lines, "// after one", "// after two"],
};

function insertAfter(lines: string[], marker: string, added: string[]): string[] {
  const at = lines.findIndex((line) => line.includes(marker));
  return [...lines.slice(0, at + 1), ...added, ...lines.slice(at + 1)];
}

/** 1-based line of the call `target(n)` in the text. */
function lineOf(lines: string[], n: number): number {
  return lines.findIndex((line) => line.includes(`target(${n})`)) + 1;
}

/** What a row must show: its first own call as site=, the others as also=. */
function ownSites(lines: string[], path: string, own: number[]): { site: string; also?: string } {
  const [first, ...rest] = own.map((n) => lineOf(lines, n)).sort((a, b) => a - b);
  return rest.length ? { site: `${path}:${first}`, also: rest.join(",") } : { site: `${path}:${first}` };
}

async function mapThenEdit(files: Record<string, string>, path: string, edit: (lines: string[]) => string[]) {
  const root = await writeTree(tempDir("ix-sites-"), files);
  const home = tempDir("ix-sites-home-");
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
  const edited = edit(files[path]!.split("\n"));
  writeFileSync(join(root, path), edited.join("\n"));
  const records = (args: string[]) => {
    const r = ix([...args, "--format", "llm"], { cwd: root, home });
    expect(r.code).toBe(0);
    return r.lines.map(decodeLlm);
  };
  return { root, home, edited, records };
}

const sitesOf = (fields: Record<string, string>) => (fields.also ? { site: fields.site, also: fields.also } : { site: fields.site });

describe("a file edited since the map: each row keeps its own call sites", () => {
  const files = { "src/target.ts": "export function target(x: number): number {\n  return x;\n}\n", "src/callers.ts": CALLERS_TS.join("\n") };
  for (const [edit, apply] of Object.entries(EDITS)) {
    test(`${edit}: callers, callees and around`, async () => {
      const { edited, records } = await mapThenEdit(files, "src/callers.ts", apply);
      const path = "src/callers.ts";

      const refs = records(["callers", "target"]).filter((r) => r.kind === "ref");
      expect(refs.length).toBe(Object.keys(OWN_TS).length);
      for (const ref of refs) expect({ row: ref.fields.name ?? "", ...sitesOf(ref.fields) }).toEqual({ row: ref.fields.name ?? "", ...ownSites(edited, path, OWN_TS[ref.fields.name ?? ""]!) });

      // callees: the site is in the target's span, without the scopes nested in it.
      for (const [holder, own] of [["walk", OWN_TS.walk!], ["Box", OWN_TS.Box!], [path, OWN_TS[""]!]] as const) {
        const row = records(["callees", holder]).find((r) => r.kind === "ref" && r.fields.name === "target");
        expect({ holder, ...sitesOf(row!.fields) }).toEqual({ holder, ...ownSites(edited, path, own) });
      }

      const callers = records(["around", "src/target.ts:1", "--budget", "5000"]).filter((r) => r.kind === "caller");
      expect(callers.length).toBe(Object.keys(OWN_TS).length);
      for (const row of callers) {
        const name = row.fields.kind === "file" ? "" : row.fields.name!;
        const own = ownSites(edited, path, OWN_TS[name]!);
        expect({ row: name, ...sitesOf(row.fields), snippet: row.fields.snippet }).toEqual({
          row: name,
          ...own,
          snippet: edited[Number(own.site.split(":")[1]) - 1]!.trim(),
        });
      }
    });
  }

  test("a method of the same name called on another receiver is another row's site, not a further one", async () => {
    const source = [
      "export class Reader {", // 1
      "  next(): number { return 1; }", // 2
      "}", // 3
      "export class Writer {", // 4
      "  next(): number { return 2; }", // 5
      "}", // 6
      "export function run(r: Reader, w: Writer): number {", // 7
      "  let n = r.next();", // 8
      "  n += w.next();", // 9
      "  n += w.next();", // 10
      "  return n + r.next();", // 11
      "}", // 12
      "",
    ];
    const { records } = await mapThenEdit({ "src/io.ts": source.join("\n") }, "src/io.ts", EDITS["three lines inserted at the top"]!);
    const row = (target: string) => records(["callers", target]).find((r) => r.kind === "ref" && r.fields.name === "run")?.fields;
    expect(sitesOf(row("Reader.next")!)).toEqual({ site: "src/io.ts:11", also: "14" });
    expect(sitesOf(row("Writer.next")!)).toEqual({ site: "src/io.ts:12", also: "13" });
  });

  test("Python: the module's, a class body's, a method's and a nested def's calls stay apart", async () => {
    const source = [
      "from target import target", // 1
      "", // 2
      "target(10)", // 3
      "", // 4
      "class Box:", // 5
      "    size = target(8)", // 6
      "", // 7
      "    def walk(self):", // 8
      "        b = target(5)", // 9
      "", // 10
      "        def inner():", // 11
      "            return target(9)", // 12
      "", // 13
      "        return b + target(6) + inner()", // 14
      "", // 15
      "", // 16
      "def first():", // 17
      "    return target(1) + target(2)", // 18
      "", // 19
      "", // 20
      "target(11)", // 21
      "",
    ];
    const own: Record<string, number[]> = { "": [10, 11], Box: [8], walk: [5, 6], inner: [9], first: [1] };
    const pyFiles = { "target.py": "def target(x):\n    return x\n", "callers.py": source.join("\n") };
    for (const apply of [EDITS["three lines inserted at the top"]!, (lines: string[]) => insertAfter(lines, "target(5)", ["        # added", "        # added"])]) {
      const { edited, records } = await mapThenEdit(pyFiles, "callers.py", apply);
      const refs = records(["callers", "target"]).filter((r) => r.kind === "ref");
      expect(refs.length).toBe(Object.keys(own).length);
      for (const ref of refs) expect({ row: ref.fields.name ?? "", ...sitesOf(ref.fields) }).toEqual({ row: ref.fields.name ?? "", ...ownSites(edited, "callers.py", own[ref.fields.name ?? ""]!) });
    }
  });
});

describe("--format json carries a call site as the object site: {path, line, snippet, also}", () => {
  test("callers, callees, imports, imported-by and around's rows; llm and text stay flat", async () => {
    const root = await writeTree(tempDir("ix-site-json-"), {
      "src/a.ts": "export function parse(x: number): number {\n  return x;\n}\n",
      "src/b.ts": 'import { parse } from "./a";\nexport function run(): number {\n  const one = parse(1);\n  return one + parse(2);\n}\n',
      "src/c.ts": 'import { parse } from "./a";\nexport const table = [parse];\n',
      // A use no edge records (a hand-over is a caller's): around's user row.
      "src/d.ts": 'import { parse } from "./a";\nexport type Parse = typeof parse;\n',
      "test/a.test.ts": 'import { parse } from "../src/a";\nexport function parsesOne(): number {\n  return parse(1);\n}\n',
    });
    const home = tempDir("ix-site-json-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const commands: [string[], string[]][] = [
      [["callers", "parse"], ["ref"]],
      [["callees", "run"], ["ref"]],
      [["imports", "src/b.ts"], ["ref"]],
      [["imported-by", "src/a.ts"], ["ref"]],
      [["around", "src/a.ts:1", "--budget", "5000"], ["caller", "user", "test"]],
    ];
    for (const [args, kinds] of commands) {
      const json = JSON.parse(ix([...args, "--format", "json"], { cwd: root, home }).stdout);
      const llm = ix([...args, "--format", "llm"], { cwd: root, home }).lines.map(decodeLlm);
      for (const kind of kinds) {
        const rows: Record<string, unknown>[] = json[kind];
        const flat = llm.filter((r) => r.kind === kind);
        expect({ args, kind, rows: rows.length }).toEqual({ args, kind, rows: flat.length });
        expect(rows.length).toBeGreaterThan(0);
        rows.forEach((row, i) => {
          const site = row.site as { path: string; line: number; snippet: string; also: number[]; more_sites: number };
          expect({ args, keys: Object.keys(site) }).toEqual({ args, keys: ["path", "line", "snippet", "also", "more_sites"] });
          expect(typeof site.line).toBe("number");
          for (const key of ["also", "snippet", "more_sites"]) expect(row[key]).toBeUndefined();
          const fields = flat[i]!.fields;
          expect({ site: fields.site, snippet: fields.snippet, also: fields.also }).toEqual({
            site: `${site.path}:${site.line}`,
            snippet: site.snippet,
            also: site.also.length ? site.also.join(",") : undefined,
          });
        });
      }
      expect(decode(ix([...args, "--format", "toon"], { cwd: root, home }).stdout)).toEqual(json);
    }
    const callers = JSON.parse(ix(["callers", "parse", "--format", "json"], { cwd: root, home }).stdout);
    expect(callers.ref.find((r: { name?: string }) => r.name === "run").site).toEqual({ path: "src/b.ts", line: 3, snippet: "const one = parse(1);", also: [4], more_sites: 0 });
    const text = ix(["callers", "parse", "--format", "text"], { cwd: root, home }).stdout;
    expect(text).toMatch(/SITE\s+ALSO\s+SNIPPET/);
    expect(text).toMatch(/src\/b\.ts:3\s+4\s+const one = parse\(1\);/);
    // --fields naming a part of the site as llm shows it keeps the site.
    const only = ix(["callers", "parse", "--fields", "name,snippet", "--format", "llm"], { cwd: root, home }).lines.map(decodeLlm);
    expect(only.find((r) => r.fields.name === "run")?.fields).toEqual({ name: "run", site: "src/b.ts:3", also: "4", snippet: "const one = parse(1);" });
  });
});
