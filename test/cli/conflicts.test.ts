// ix conflicts on a repository the test writes: one of each conflict in TypeScript, Python and
// Go, beside documented code that keeps its word (none of which may be flagged); the options,
// every format, explain's claims, and doctor's count.
import { beforeAll, describe, expect, test } from "bun:test";
import { ix, tempDir, writeTree } from "../helpers/cli";

const TREE: Record<string, string> = {
  "src/lib.ts": [
    "import { External } from 'some-package';",
    "/**",
    " * Parses a config.",
    " * @param path where it is",
    " * @param timeout a parameter the signature lost",
    " */",
    "export function parse(path: string): string { return path; }",
    "",
    "/**",
    " * Saves it.",
    " * @returns the saved id",
    " */",
    "export function save(x: string): void { console.log(x); }",
    "",
    "/**",
    " * Old loader.",
    " * @deprecated use {@link parse} instead",
    " */",
    "export function load(p: string) { return parse(p); }",
    "",
    "/** Links {@link Vanished}, {@link Promise}, {@link External}, {@link parse} and {@link https://example.com}. */",
    "export function linker() { return 1; }",
    "",
    "/**",
    " * Keeps its word.",
    " * @param opts the options, destructured",
    " * @param rest the rest",
    " * @returns a count",
    " */",
    "export function honest({ a }: { a: number }, ...rest: number[]) { return [a, ...rest].map((x) => { return x; }).length; }",
    "",
    "/** @returns nothing, it throws */",
    "export function stub(): number { throw new Error('abstract'); }",
    "",
    "/** @deprecated only tests still call it */",
    "export function retired() { return 2; }",
    "/** @returns a promise that settles once flushed */",
    "export async function flush(): Promise<void> { await Promise.resolve(); }",
    "",
  ].join("\n"),
  "src/app.ts": [
    "import { load } from './lib';",
    "export function main() { return load('x'); }",
    "/** Follows {@link lib.vanishedFn}; {@link main.prop} is a property, not an entity. */",
    "export function other() { return 1; }",
    "",
  ].join("\n"),
  "test/lib.test.ts": ["import { load, retired } from '../src/lib';", "load('y');", "retired();", ""].join("\n"),
  "pkg/tools.py": [
    "import os",
    "",
    "def fetch(url, retries=3, **kwargs):",
    '    """Fetch a URL with :func:`os.path.join` and :func:`gone_helper`.',
    "",
    "    Args:",
    "        url: where.",
    "        session: passed through kwargs.",
    "",
    "    Returns:",
    "        The body.",
    '    """',
    "    return os.getenv(url)",
    "",
    "def store(item, where):",
    '    """Store an item.',
    "",
    "    :param item: the item",
    "    :param place: renamed since",
    "    :returns: the key",
    '    """',
    "    print(item, where)",
    "",
  ].join("\n"),
  "cmd/main.go": [
    "package main",
    "",
    "// Old does it the old way; see [Missing] and [fmt.Println].",
    "//",
    "// Deprecated: use [New].",
    "func Old() int { return 1 }",
    "",
    "// New does it. It is used by [Old]'s callers.",
    "func New() int { return 2 }",
    "",
    "func main() { Old(); New() }",
    "",
  ].join("\n"),
};

let root = "";
let home = "";
const run = (...args: string[]) => ix(args, { cwd: root, home });

beforeAll(async () => {
  root = await writeTree(tempDir("ix-conflicts-"), TREE);
  home = tempDir("ix-conflicts-home-");
  expect(run("map", ".", "--silent").code).toBe(0);
});

describe("ix conflicts", () => {
  test("one record per conflict, both sides and the fix, in path order; code that keeps its word is left out", () => {
    const r = run("conflicts", "--format", "llm");
    expect(r.code).toBe(0);
    expect(r.lines).toEqual([
      "conflicts rev=1 total=10 shown=10 param_mismatch=2 returns_nothing=2 deprecated_in_use=2 stale_mention=4",
      'conflict rule=deprecated_in_use entity=Old entity_kind=function path=cmd/main.go line=3 claim="deprecated: use [New]." code="1 production use by 1 caller: main (cmd/main.go:11)" uses=1 recommendation="move its callers to what the deprecation names, then remove it"',
      'conflict rule=stale_mention entity=Old entity_kind=function path=cmd/main.go line=3 claim="mentions Missing" code="no entity or module is named Missing" recommendation="point the mention at the name that replaced Missing, or remove it"',
      'conflict rule=stale_mention entity=fetch entity_kind=function path=pkg/tools.py line=4 claim="mentions gone_helper" code="no entity or module is named gone_helper" recommendation="point the mention at the name that replaced gone_helper, or remove it"',
      'conflict rule=param_mismatch entity=store entity_kind=function path=pkg/tools.py line=16 claim="documents parameter place" code="takes (item, where)" recommendation="rename the documented parameter place to where"',
      'conflict rule=returns_nothing entity=store entity_kind=function path=pkg/tools.py line=16 claim="returns the key" code="no return statement gives back a value" recommendation="remove the returns doc, or return the value it describes"',
      'conflict rule=stale_mention entity=other entity_kind=function path=src/app.ts line=3 claim="mentions lib.vanishedFn" code="lib holds no vanishedFn" recommendation="point the mention at the name that replaced vanishedFn, or remove it"',
      'conflict rule=param_mismatch entity=parse entity_kind=function path=src/lib.ts line=2 claim="documents parameter timeout" code="takes (path)" recommendation="remove the doc for timeout, or add that parameter to the signature"',
      'conflict rule=returns_nothing entity=save entity_kind=function path=src/lib.ts line=9 claim="returns the saved id" code="no return statement gives back a value" recommendation="remove the returns doc, or return the value it describes"',
      'conflict rule=deprecated_in_use entity=load entity_kind=function path=src/lib.ts line=15 claim="deprecated: use parse instead" code="1 production use by 1 caller: main (src/app.ts:2)" uses=1 recommendation="move its callers to what the deprecation names, then remove it"',
      'conflict rule=stale_mention entity=linker entity_kind=function path=src/lib.ts line=21 claim="mentions Vanished" code="no entity or module is named Vanished" recommendation="point the mention at the name that replaced Vanished, or remove it"',
      'next run="ix read cmd/main.go:3-6" why="the comment and the code of Old"',
    ]);
  });

  test("--kind and --path narrow; --limit cuts with a diagnostic; a wrong rule is a usage error", () => {
    const kind = run("conflicts", "--kind", "stale_mention", "--format", "llm");
    expect(kind.lines[0]).toBe("conflicts rev=1 total=4 shown=4 param_mismatch=2 returns_nothing=2 deprecated_in_use=2 stale_mention=4");
    expect(kind.lines.filter((l) => l.startsWith("conflict ")).map((l) => /entity=(\S+)/.exec(l)![1])).toEqual(["Old", "fetch", "other", "linker"]);
    const path = run("conflicts", "--path", "src", "--format", "llm");
    expect(path.lines[0]).toBe("conflicts rev=1 total=5 shown=5 param_mismatch=1 returns_nothing=1 deprecated_in_use=1 stale_mention=2");
    const cut = run("conflicts", "--limit", "2", "--format", "llm");
    expect(cut.lines.filter((l) => l.startsWith("conflict "))).toHaveLength(2);
    expect(cut.lines.some((l) => l.startsWith("diagnostic code=results_truncated"))).toBe(true);
    const bad = run("conflicts", "--kind", "nonsense", "--format", "llm");
    expect(bad.code).toBe(2);
    expect(bad.lines[0]).toStartWith("error code=invalid_value");
  });

  test("json carries the same rows", () => {
    const json = JSON.parse(run("conflicts", "--kind", "param_mismatch", "--format", "json").stdout);
    expect(json.conflicts).toMatchObject({ rev: 1, total: 2, shown: 2 });
    expect(json.conflict.map((c: { entity: string; claim: string; code: string }) => [c.entity, c.claim, c.code])).toEqual([
      ["store", "documents parameter place", "takes (item, where)"],
      ["parse", "documents parameter timeout", "takes (path)"],
    ]);
  });
});

describe("claims elsewhere", () => {
  test("explain shows the entity's claims and its conflicts", () => {
    const r = run("explain", "parse", "--path", "src/lib.ts", "--format", "llm");
    expect(r.code).toBe(0);
    expect(r.lines.filter((l) => l.startsWith("claim ") || l.startsWith("conflict "))).toEqual([
      'claim kind=summary text="Parses a config." line=2',
      "claim kind=param text=path line=2",
      "claim kind=param text=timeout line=2",
      'conflict rule=param_mismatch claim="documents parameter timeout" code="takes (path)" recommendation="remove the doc for timeout, or add that parameter to the signature"',
    ]);
    const json = JSON.parse(run("explain", "honest", "--format", "json").stdout);
    expect(json.claim).toEqual([
      { kind: "summary", text: "Keeps its word.", line: 24 },
      { kind: "param", text: "opts", line: 24 },
      { kind: "param", text: "rest", line: 24 },
      { kind: "returns", text: "a count", line: 24 },
    ]);
    expect(json.conflict).toEqual([]);
  });

  test("doctor counts the conflicts as a note with the command that lists them", () => {
    const r = run("doctor", "--format", "llm");
    expect(r.lines).toContain('check name=conflicts status=ok count=10 fix="ix conflicts"');
  });
});
