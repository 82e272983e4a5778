// Lookup and edge commands on a fixture repository, black-box, every format.
import { beforeAll, describe, expect, test } from "bun:test";
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeLlm } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";

let root = "";
let home = "";

const FILES: Record<string, string> = {
  "src/auth.ts": [
    "import { hash } from './crypto';", // 1
    "", // 2
    "export function verifyToken(token: string): boolean {", // 3
    "  return hash(token) === 'ok';", // 4
    "}", // 5
    "", // 6
    "export class Session {", // 7
    "  open() {", // 8
    "    // verifyToken('commented out');", // 9
    "    const first = verifyToken('a');", // 10
    "    return first && verifyToken(", // 11
    "      'b',", // 12
    "    );", // 13
    "  }", // 14
    "}", // 15
  ].join("\n"),
  "src/crypto.ts": "export function hash(text: string): string {\n  return text;\n}\nexport declare namespace hash { type Digest = string }\n",
  "src/login.ts": [
    "import { verifyToken } from './auth';",
    "export function login(t: string) {",
    "  return verifyToken(t);",
    "}",
    "export function parse() { return 1; }",
  ].join("\n"),
  "src/other/parse.ts": "export function parse() { return 2; }\nexport function parseAll() { return parse(); }\n",
  "test/auth.test.ts": "import { login } from '../src/login';\nexport function loginWorks() { return login('x'); }\n",
};

function run(args: string[]) {
  return ix([...args, "--format", "llm"], { cwd: root, home });
}

function records(args: string[]) {
  return run(args).lines.map((line) => decodeLlm(line));
}

beforeAll(async () => {
  root = await writeTree(tempDir("ix-nav-"), FILES);
  home = tempDir();
  expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
});

describe("target resolution", () => {
  test("a unique name resolves; a path:line resolves to the innermost definition", () => {
    expect(records(["locate", "verifyToken"])[0]?.fields).toMatchObject({ name: "verifyToken", kind: "function", path: "src/auth.ts", lines: "3-5" });
    expect(records(["locate", "src/auth.ts:10"])[0]?.fields).toMatchObject({ name: "open", kind: "method" });
    expect(records(["locate", "Session::open"])[0]?.fields).toMatchObject({ name: "open", path: "src/auth.ts" });
    expect(records(["locate", "Session.open"])[0]?.fields).toMatchObject({ name: "open" });
    // A module's top-level entity, as a caller writes it: the file's stem, or a directory for an index file.
    expect(records(["locate", "login.parse"])[0]?.fields).toMatchObject({ name: "parse", path: "src/login.ts" });
    expect(records(["locate", "other.parse.parseAll"])[0]?.fields).toMatchObject({ name: "parseAll", path: "src/other/parse.ts" });
    expect(records(["locate", "auth.parse"])[0]).toMatchObject({ kind: "error", fields: { code: "unresolved_target" } });
    // A function and a namespace of one name: a lower-case name means the function.
    expect(records(["locate", "crypto.hash"])[0]?.fields).toMatchObject({ name: "hash", kind: "function" });
  });

  test("an id prefix of 8 hex characters resolves back", () => {
    const id = records(["entity", "verifyToken"])[0]?.fields.id as string;
    expect(id).toHaveLength(8);
    expect(records(["locate", id])[0]?.fields.name).toBe("verifyToken");
  });

  test("an ambiguous name lists numbered candidates with the flag that picks each, exit 1", () => {
    const r = run(["locate", "parse"]);
    expect(r.code).toBe(1);
    expect(r.lines[0]).toStartWith("error code=ambiguous_target");
    const candidates = r.lines.map(decodeLlm).filter((rec) => rec.kind === "candidate");
    expect(candidates.map((c) => c.fields.path)).toEqual(["src/login.ts", "src/other/parse.ts"]);
    expect(candidates[1]?.fields.pick).toBe("--pick 2");
    expect(records(["locate", "parse", "--pick", "2"])[0]?.fields.path).toBe("src/other/parse.ts");
    expect(records(["locate", "parse", "--path", "src/other"])[0]?.fields.path).toBe("src/other/parse.ts");
  });

  for (const bad of ["0", "-5", "1e3", "10abc"]) {
    test(`--pick ${bad} is a usage error`, () => {
      const r = run(["locate", "parse", "--pick", bad]);
      expect(r.code).toBe(2);
      expect(r.lines[0]).toContain("code=invalid_value");
    });
  }

  test("a miss suggests the nearest names, exit 1", () => {
    const r = run(["locate", "verifyTokn"]);
    expect(r.code).toBe(1);
    expect(r.lines[0]).toStartWith("error code=unresolved_target");
    expect(r.stdout).toContain("suggestion name=verifyToken");
  });

  test("file misses say whether the file is on disk", () => {
    writeFileSync(join(root, "src/unmapped.ts"), "export const x = 1;\n");
    expect(run(["locate", "src/unmapped.ts"]).lines[0]).toContain("reason=file_not_in_graph");
    expect(run(["locate", "src/nothing.ts"]).lines[0]).toContain("reason=file_not_found");
  });

  test("test entities hide unless asked for", () => {
    expect(run(["locate", "loginWorks"]).code).toBe(0); // nothing else matches: shown
    expect(records(["search", "login"]).filter((r) => r.kind === "node")[0]?.fields.name).toBe("login");
  });
});

describe("edges with call sites", () => {
  test("callers: header with totals, rows with path, lines, site, also and a multi-line snippet", () => {
    const recs = records(["callers", "verifyToken"]);
    expect(recs[0]?.kind).toBe("callers");
    expect(recs[0]?.fields).toMatchObject({ target: "verifyToken", shown: "2", total: "2", resolved: "2" });
    const open = recs.find((r) => r.kind === "ref" && r.fields.name === "open");
    expect(open?.fields).toMatchObject({ kind: "method", path: "src/auth.ts", lines: "8-14", site: "src/auth.ts:10", also: "11" });
    expect(open?.fields.snippet).toBe("const first = verifyToken('a');");
    const login = recs.find((r) => r.kind === "ref" && r.fields.name === "login");
    expect(login?.fields).toMatchObject({ path: "src/login.ts", site: "src/login.ts:3", snippet: "return verifyToken(t);" });
    expect(login?.fields.id).toBeUndefined();
  });

  test("a site moves with the code when the file is edited after the map", () => {
    const moved = FILES["src/login.ts"]!.replace("export function login", "// a new line\n// and another\nexport function login");
    writeFileSync(join(root, "src/login.ts"), moved);
    const login = records(["callers", "verifyToken"]).find((r) => r.fields.name === "login");
    expect(login?.fields.site).toBe("src/login.ts:5");
    expect(login?.fields.stale).toBe("true");
    writeFileSync(join(root, "src/login.ts"), FILES["src/login.ts"]!);
  });

  test("callees name the site inside the target", () => {
    const recs = records(["callees", "verifyToken"]);
    expect(recs[0]?.fields).toMatchObject({ target: "verifyToken", total: "1" });
    expect(recs[1]?.fields).toMatchObject({ name: "hash", path: "src/crypto.ts", site: "src/auth.ts:4" });
  });

  test("imports and imported-by", () => {
    expect(records(["imports", "src/auth.ts"])[1]?.fields).toMatchObject({ kind: "file", path: "src/crypto.ts", site: "src/auth.ts:1" });
    const importers = records(["imported-by", "src/auth.ts"]);
    expect(importers[0]?.fields).toMatchObject({ total: "1" });
    expect(importers[1]?.fields).toMatchObject({ path: "src/login.ts", site: "src/login.ts:1" });
  });

  test("zero callers says how many unresolved sites use the name", async () => {
    const r = records(["callers", "parseAll"]);
    expect(r[0]?.fields).toMatchObject({ total: "0", shown: "0" });
  });

  test("bounded lists: --limit cuts with shown/total and a diagnostic; --fields id adds ids", () => {
    const recs = records(["callers", "verifyToken", "--limit", "1"]);
    expect(recs[0]?.fields).toMatchObject({ shown: "1", total: "2" });
    expect(recs.some((r) => r.kind === "diagnostic" && r.fields.code === "results_truncated")).toBe(true);
    const withIds = records(["callers", "verifyToken", "--fields", "id"]).filter((r) => r.kind === "ref");
    expect(withIds.every((r) => (r.fields.id as string).length === 8)).toBe(true);
    const only = records(["callers", "verifyToken", "--fields", "name,path"]).filter((r) => r.kind === "ref");
    expect(Object.keys(only[0]!.fields)).toEqual(["name", "path"]);
  });

  test("json carries full ids and the site object", () => {
    const doc = JSON.parse(ix(["callers", "verifyToken", "--fields", "id", "--format", "json"], { cwd: root, home }).stdout);
    expect(doc.callers.total).toBe(2);
    expect(doc.ref[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
  });
});

describe("lookup commands", () => {
  test("search ranks the exact name first and explains an empty multi-word search", () => {
    const recs = records(["search", "parse"]);
    // Two functions named parse, the prefix match parseAll, then the file named parse.ts.
    expect(recs[0]?.fields).toMatchObject({ count: "4", candidates: "4" });
    expect(recs.slice(1, 5).map((r) => r.fields.name)).toEqual(["parse", "parse", "parseAll", "parse.ts"]);
    const empty = records(["search", "verify token"]);
    expect(empty[0]?.fields).toMatchObject({ count: "0", candidates: "0" });
    expect(empty[1]?.kind).toBe("hint");
  });

  test("search --kind narrows to one kind, and a kind that does not exist is a usage error as for inventory", () => {
    expect(records(["search", "parse", "--kind", "file"]).filter((r) => r.kind === "node").map((r) => r.fields.name)).toEqual(["parse.ts"]);
    for (const command of [["search", "parse"], ["inventory"]]) {
      const r = run([...command, "--kind", "clas"]);
      expect(r.code).toBe(2);
      expect(decodeLlm(r.lines[0]!)).toMatchObject({ kind: "error", fields: { code: "invalid_value", option: "--kind", value: "clas" } });
    }
  });

  test("search finds a word inside a camelCase name", () => {
    expect(records(["search", "token"]).find((r) => r.kind === "node")?.fields.name).toBe("verifyToken");
  });

  test("entity, contains, overview, inventory", () => {
    expect(records(["entity", "Session"])[0]?.fields).toMatchObject({ kind: "class", exported: "true" });
    const members = records(["contains", "Session"]);
    expect(members[0]?.fields).toMatchObject({ total: "1" });
    expect(members[1]?.fields).toMatchObject({ name: "open", kind: "method" });
    expect(records(["overview", "Session"])[1]).toMatchObject({ kind: "contains", fields: { method: "1" } });
    const inv = records(["inventory", "--kind", "function", "--limit", "2"]);
    expect(inv[0]?.fields).toMatchObject({ shown: "2", truncated: "true" });
  });

  test("read: a range, a symbol, and the content block", () => {
    const r = run(["read", "src/auth.ts:3-5"]);
    expect(r.lines[0]).toBe("file path=src/auth.ts target=range line_start=3 line_end=5");
    expect(r.lines[1]).toBe("content lines=3 numbered=true");
    expect(r.lines[2]).toBe("3\texport function verifyToken(token: string): boolean {");
    const sym = run(["read", "hash"]);
    expect(sym.lines[0]).toContain("target=symbol symbol=hash kind=function");
    expect(sym.lines.length).toBe(2 + 3);
  });

  test("read never serves a file outside the workspace", () => {
    const outside = tempDir("ix-outside-");
    writeFileSync(join(outside, "secret.ts"), "export const secret = 1;\n");
    symlinkSync(join(outside, "secret.ts"), join(root, "src/link.ts"));
    for (const target of ["../secret.ts", join(outside, "secret.ts"), "src/link.ts", "src/../../x.ts"]) {
      const r = run(["read", target]);
      expect(r.code).toBe(1);
      expect(r.lines[0]).toContain("code=path_outside_workspace");
      expect(r.stdout).not.toContain("secret = 1");
    }
  });

  test("text finds a regex with the enclosing symbol, with and without ripgrep", () => {
    for (const env of [{}, { PATH: "/nonexistent" }]) {
      const r = ix(["text", "verifyToken\\(", "--format", "llm"], { cwd: root, home, env });
      const recs = r.lines.map(decodeLlm);
      expect(recs[0]?.fields.shown).toBe(recs.filter((x) => x.kind === "match").length.toString());
      expect(recs.find((x) => x.fields.path === "src/login.ts")?.fields).toMatchObject({ line: "3", symbol: "login" });
    }
  });

  test("around: the symbol's totals, then caller, user and test rows within the budget", () => {
    const recs = records(["around", "src/login.ts:2"]);
    expect(recs[0]?.fields).toMatchObject({ path: "src/login.ts", lines: "2", symbols: "1" });
    expect(recs[1]).toMatchObject({ kind: "symbol", fields: { name: "login", tests: "1" } });
    expect(recs.some((r) => r.kind === "test" && (r.fields.site as string).startsWith("test/auth.test.ts"))).toBe(true);
    const small = records(["around", "src/auth.ts", "--budget", "40"]);
    expect(small.filter((r) => ["caller", "user", "test", "importer"].includes(r.kind)).length).toBeLessThanOrEqual(1);
  });
});

describe("not mapped", () => {
  test("a graph read outside any workspace is workspace_not_mapped with a hint, exit 1", () => {
    const r = ix(["callers", "x", "--format", "llm"], { cwd: tempDir(), home });
    expect(r.code).toBe(1);
    expect(r.lines[0]).toMatch(/^error code=workspace_not_mapped message=".*" dir=\S+ hint="ix map \."$/);
  });
});

describe("every command in every format", () => {
  const commands: string[][] = [
    ["search", "verify"],
    ["locate", "verifyToken"],
    ["entity", "verifyToken"],
    ["read", "src/crypto.ts"],
    ["text", "hash"],
    ["inventory"],
    ["contains", "src/auth.ts"],
    ["overview", "Session"],
    ["callers", "verifyToken"],
    ["callees", "verifyToken"],
    ["imports", "src/auth.ts"],
    ["imported-by", "src/auth.ts"],
    ["around", "src/auth.ts:3"],
    ["status"],
    ["stats"],
    ["doctor"],
  ];
  for (const args of commands) {
    test(`ix ${args.join(" ")}`, () => {
      const llm = ix([...args, "--format", "llm"], { cwd: root, home });
      expect(llm.code).toBe(0);
      expect(llm.lines.length).toBeGreaterThan(0);
      const kind = llm.lines[0]?.split(" ")[0] as string;
      const json = ix([...args, "--format", "json"], { cwd: root, home });
      expect(json.code).toBe(0);
      expect(Object.keys(JSON.parse(json.stdout))).toContain(kind);
      const toon = ix([...args, "--format", "toon"], { cwd: root, home });
      expect(toon.code).toBe(0);
      expect(toon.stdout).toContain(`${kind}:`);
      const text = ix([...args, "--format", "text"], { cwd: root, home });
      expect(text.code).toBe(0);
      expect(text.stdout).toContain(kind);
    });
  }
});
