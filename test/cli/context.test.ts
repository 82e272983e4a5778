// ix context on a fixture repository, run as an agent runs it: the bundle's records in every
// format and byte-identical across runs, the ranking (a file's members used from other files
// first), budgets, clamps and truncation counts, the target rules and AXI errors, a damaged
// graph, and save/list/resume/diff round trips with hand-corrupted files and ids that are no
// file names.
import { beforeAll, describe, expect, test } from "bun:test";
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeLlmStream } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";
import { damageGraph } from "../helpers/graph";

const FILES: Record<string, string> = {
  // Three members: `internal` is used only inside the file, `shared` from two other files,
  // `once` from one; the file's ranking must put shared, then once, first.
  "src/util.ts":
    `function internal(x: number): number {\n  return x + 1;\n}\n` +
    `export function once(x: number): number {\n  return internal(x);\n}\n` +
    `export function shared(x: number): number {\n  return internal(x) * 2;\n}\n`,
  "src/widget.ts":
    `import { shared } from "./util";\nexport class Widget {\n  render(): number {\n    return shared(this.size());\n  }\n  size(): number {\n    return 1;\n  }\n}\n`,
  "src/main.ts": `import { Widget } from "./widget";\nimport { shared, once } from "./util";\nimport { render } from "./other";\nexport function main(): number {\n  return new Widget().render() + shared(2) + once(3) + render().length;\n}\n`,
  "src/other.ts": `export function render(): string {\n  return "";\n}\n`,
};

let root = "";
let home = "";

type Rec = { kind: string; fields: Record<string, string> };

function run(args: string[], at = home, cwd = root) {
  return ix(args, { cwd, home: at });
}

function llm(args: string[], at = home, cwd = root): { code: number; records: Rec[]; stdout: string } {
  const r = run([...args, "--format", "llm"], at, cwd);
  return { code: r.code, records: decodeLlmStream(r.stdout) as Rec[], stdout: r.stdout };
}

const first = (records: Rec[], kind: string) => records.find((r) => r.kind === kind)?.fields ?? {};
const all = (records: Rec[], kind: string) => records.filter((r) => r.kind === kind).map((r) => r.fields);

beforeAll(async () => {
  root = await writeTree(tempDir("ix-context-"), FILES);
  home = tempDir("ix-context-home-");
  expect(run(["map", "."]).code).toBe(0);
}, 120_000);

describe("ix context <target>", () => {
  test("llm: one header with every count (zeros kept), then the ranked evidence", () => {
    const { code, records } = llm(["context", "Widget"]);
    expect(code).toBe(0);
    expect(records[0]!.kind).toBe("context");
    expect(records[0]!.fields).toEqual({
      target: "Widget",
      target_kind: "class",
      target_path: "src/widget.ts",
      stale: "false",
      classification: "current",
      entities: "5",
      relationships: "4",
      claims: "0",
      decisions: "0",
      conflicts: "0",
      intents: "0",
      evidence: "10",
      truncated_entities: "0",
      truncated_relationships: "0",
      truncated_evidence: "0",
      truncated_chars: "0",
    });
    expect(records.slice(1).map((r) => r.kind)).toEqual(Array(10).fill("evidence"));
    const evidence = all(records, "evidence");
    expect(evidence[0]).toEqual({ score: "0", kind: "target", title: "Widget (class)", path: "src/widget.ts", lines: "2-9" });
    expect(evidence.map((e) => Number(e.score))).toEqual([...evidence.map((e) => Number(e.score))].sort((a, b) => a - b));
    expect(evidence.map((e) => e.title)).toContain("main --calls--> Widget");
    expect(evidence.map((e) => e.title)).toContain("member render");
    expect(evidence.at(-1)).toMatchObject({ kind: "provenance", score: "40", path: "src/widget.ts" });
  });

  test("a file target: its members used from other files rank first", () => {
    const evidence = all(llm(["context", "src/util.ts"]).records, "evidence");
    expect(evidence[0]).toEqual({ score: "0", kind: "target", title: "src/util.ts (file)", path: "src/util.ts" });
    expect(evidence.filter((e) => e.kind === "structural").map((e) => e.title)).toEqual([
      "member shared",
      "member once",
      "member internal",
      "importer src/main.ts",
      "importer src/widget.ts",
    ]);
  });

  test("a relationship title qualifies a name two entities of the bundle share", () => {
    const titles = all(llm(["context", "main"]).records, "evidence").map((e) => e.title);
    expect(titles).toContain("main --calls--> src/widget.ts:render");
    expect(titles).toContain("main --calls--> src/other.ts:render");
    expect(titles).toContain("main --calls--> Widget");
  });

  test("byte-identical across two runs, in every format", () => {
    for (const format of ["llm", "json", "text", "toon"]) {
      const a = run(["context", "src/util.ts", "--format", format]);
      const b = run(["context", "src/util.ts", "--format", format]);
      expect(a.code).toBe(0);
      expect(a.stdout.length).toBeGreaterThan(100);
      expect(b.stdout).toBe(a.stdout);
    }
  });

  test("json carries entities (target first), relationships, claims, evidence and budgets in full", () => {
    const doc = JSON.parse(run(["context", "Widget", "--format", "json"]).stdout);
    expect(doc.context).toMatchObject({ target: "Widget", target_kind: "class", entities: 5, truncated_chars: 0 });
    expect(doc.context.target_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(doc.entity[0]).toMatchObject({ id: doc.context.target_id, name: "Widget", kind: "class", path: "src/widget.ts", lines: "2-9", stale: false });
    expect(doc.entity.map((e: { name: string }) => e.name).sort()).toEqual(["Widget", "main", "render", "size", "src/widget.ts"]);
    const ids = new Set(doc.entity.map((e: { id: string }) => e.id));
    for (const rel of doc.relationship) {
      expect(ids.has(rel.src) && ids.has(rel.dst)).toBe(true);
      expect(["contains", "calls"]).toContain(rel.pred);
    }
    expect(doc.claim).toEqual([]);
    expect(doc.budgets).toEqual({ entities: 50, relationships: 100, evidence: 25, chars: 12000 });
    expect(doc.evidence[0]).toMatchObject({ id: "target", kind: "target", score: 0, reason: "the target", refs: [doc.context.target_id] });
  });

  test("budgets cut the bundle and truncated_* count what they left out", () => {
    const { records } = llm(["context", "Widget", "--max-entities", "2", "--max-evidence", "3"]);
    const head = first(records, "context");
    expect(head).toMatchObject({ entities: "2", relationships: "1", evidence: "3", truncated_entities: "3", truncated_relationships: "3" });
    expect(Number(head.truncated_evidence)).toBeGreaterThan(0);
    // Widget and its file are kept: the members, and the evidence about them, are not.
    expect(all(records, "evidence").map((e) => e.title)).toEqual(["Widget (class)", "container src/widget.ts", "src/widget.ts --contains--> Widget"]);
    const chars = first(llm(["context", "Widget", "--max-chars", "1000"]).records, "context");
    expect(Number(chars.truncated_chars)).toBeGreaterThan(0);
  });

  test("a budget outside its range is clamped and says so; a budget that is no number is a usage error", () => {
    const { code, records } = llm(["context", "Widget", "--max-evidence", "0", "--max-entities", "100000"]);
    expect(code).toBe(0);
    expect(first(records, "context").evidence).toBe("1");
    expect(all(records, "diagnostic")).toEqual([
      { code: "budget_clamped", message: "--max-entities 100000 is outside its range; 500 was applied.", option: "--max-entities", value: "500" },
      { code: "budget_clamped", message: "--max-evidence 0 is outside its range; 1 was applied.", option: "--max-evidence", value: "1" },
    ]);
    const bad = llm(["context", "Widget", "--max-chars", "lots"]);
    expect(bad.code).toBe(2);
    expect(first(bad.records, "error")).toMatchObject({ code: "invalid_value", option: "--max-chars" });
  });

  test("the resolver's target rules: an ambiguous name, --pick, a miss", () => {
    const ambiguous = llm(["context", "render"]);
    expect(ambiguous.code).toBe(1);
    expect(first(ambiguous.records, "error").code).toBe("ambiguous_target");
    expect(all(ambiguous.records, "candidate").length).toBe(2);
    const picked = llm(["context", "render", "--kind", "method"]);
    expect(picked.code).toBe(0);
    expect(first(picked.records, "context")).toMatchObject({ target: "render", target_kind: "method" });
    const miss = llm(["context", "Widgit"]);
    expect(miss.code).toBe(1);
    expect(first(miss.records, "error").code).toBe("unresolved_target");
    expect(all(miss.records, "suggestion").map((s) => s.name)).toContain("Widget");
  });

  test("no target and no mode is missing_target; modes that cannot go together are mode_conflict (exit 2)", () => {
    const missing = llm(["context"]);
    expect(missing.code).toBe(2);
    expect(first(missing.records, "error").code).toBe("missing_target");
    for (const line of [
      ["--list", "Widget"],
      ["--list", "--resume", "x"],
      ["--resume", "x", "--diff", "x"],
      ["--resume", "x", "--max-evidence", "3"],
      ["--diff", "x", "Widget"],
      ["--diff", "x", "--save", "y"],
      ["--list", "--kind", "class"],
    ]) {
      const r = llm(["context", ...line]);
      expect(r.code).toBe(2);
      expect(first(r.records, "error").code).toBe("mode_conflict");
    }
  });

  test("an id no file can be named after is a usage error, before anything is built", () => {
    const h = tempDir("ix-context-badid-home-");
    cpSync(home, h, { recursive: true });
    for (const id of ["", " ", "中".repeat(100)]) {
      const r = llm(["context", "Widget", "--save", id], h);
      expect(r.code).toBe(2);
      expect(first(r.records, "error")).toMatchObject({ code: "invalid_value", option: "--save" });
      expect(all(r.records, "context")).toEqual([]);
    }
    expect(llm(["context", "--list"], h).records[0]!.fields.total).toBe("0");
  });

    test("errors come in the caller's format", () => {
    const doc = JSON.parse(run(["context", "--list", "Widget", "--format", "json"]).stdout);
    expect(doc).toMatchObject({ code: "mode_conflict" });
    expect(doc.error).toContain("--list");
  });

  test("a stale file makes the bundle stale", async () => {
    const dir = await writeTree(tempDir("ix-context-stale-"), FILES);
    const h = tempDir("ix-context-stale-home-");
    expect(run(["map", "."], h, dir).code).toBe(0);
    writeFileSync(join(dir, "src/main.ts"), FILES["src/main.ts"] + "\n// edited\n");
    expect(first(llm(["context", "Widget"], h, dir).records, "context")).toMatchObject({ stale: "true", classification: "stale" });
    const doc = JSON.parse(run(["context", "Widget", "--format", "json"], h, dir).stdout);
    expect(doc.entity.find((e: { name: string }) => e.name === "main").stale).toBe(true);
    expect(doc.entity.find((e: { name: string }) => e.name === "Widget").stale).toBe(false);
  });

  test("a hollow graph: graph=degraded classification=degraded in the header, the graph record right after it", async () => {
    const dir = await writeTree(tempDir("ix-context-dmg-"), FILES);
    const h = tempDir("ix-context-dmg-home-");
    expect(run(["map", "."], h, dir).code).toBe(0);
    damageGraph(h, dir, "DELETE FROM edges WHERE kind = 'CONTAINS'");
    const { code, records } = llm(["context", "Widget"], h, dir);
    expect(code).toBe(0);
    expect(records[0]!.fields).toMatchObject({ graph: "degraded", classification: "degraded" });
    expect(records[0]!.fields.stale).toBeUndefined();
    expect(records[1]).toMatchObject({ kind: "graph", fields: { status: "degraded", reason: "hollow", fix: "ix reset --workspace --yes --ingest" } });
  });
});

describe("ix context --save, --list, --resume, --diff", () => {
  test("save, list newest first, resume without a graph; ids with characters outside [A-Za-z0-9._-]", async () => {
    const h = tempDir("ix-context-save-home-");
    cpSync(home, h, { recursive: true });
    const saved = llm(["context", "Widget", "--save", "widget", "--max-evidence", "4"], h);
    expect(saved.code).toBe(0);
    expect(first(saved.records, "saved")).toMatchObject({ id: "widget", file: "widget.json" });
    await Bun.sleep(5);
    const odd = "auth/path ü:1";
    expect(llm(["context", "src/util.ts", "--save", odd], h).code).toBe(0);
    expect(readdirSync(join(h, "investigations")).sort()).toEqual(["auth~2Fpath~20~C3~BC~3A1.json", "widget.json"]);

    const list = llm(["context", "--list"], h, tempDir());
    expect(list.code).toBe(0);
    expect(list.records[0]).toEqual({ kind: "investigations", fields: { total: "2" } });
    const rows = all(list.records, "investigation");
    expect(rows.map((r) => r.id)).toEqual([odd, "widget"]);
    expect(rows[1]).toMatchObject({ target: "Widget", target_kind: "class", classification: "current", stale: "false", evidence: "4", truncated_chars: "0", truncated_entities: "0" });
    expect(rows[0]!.file).toBe("auth~2Fpath~20~C3~BC~3A1.json");

    // From a directory no workspace covers: a resume needs no graph.
    const bundle = llm(["context", "Widget", "--max-evidence", "4"], h);
    for (const name of [odd, "auth~2Fpath~20~C3~BC~3A1", "widget"]) {
      const resumed = llm(["context", "--resume", name], h, tempDir());
      expect(resumed.code).toBe(0);
      expect(resumed.records[0]!.kind).toBe("resumed");
    }
    const resumed = llm(["context", "--resume", "widget"], h, tempDir());
    expect(resumed.records[0]!.fields).toEqual({ id: "widget", saved_at: first(saved.records, "saved").saved_at! });
    expect(resumed.records.slice(1)).toEqual(bundle.records);
  });

  test("a hand-corrupted saved file is skipped and counted by --list, and refused by --resume", () => {
    const h = tempDir("ix-context-corrupt-home-");
    cpSync(home, h, { recursive: true });
    expect(llm(["context", "Widget", "--save", "good"], h).code).toBe(0);
    expect(llm(["context", "Widget", "--save", "bad"], h).code).toBe(0);
    const path = join(h, "investigations", "bad.json");
    writeFileSync(path, readFileSync(path, "utf8").replace('"entities":[', '"entities":7,"x":['));
    writeFileSync(join(h, "investigations", "junk.json"), "{");
    const list = llm(["context", "--list"], h);
    expect(list.records[0]).toEqual({ kind: "investigations", fields: { total: "1", skipped: "2" } });
    expect(all(list.records, "investigation").map((r) => r.id)).toEqual(["good"]);
    const bad = llm(["context", "--resume", "bad"], h);
    expect(bad.code).toBe(1);
    expect(first(bad.records, "error")).toMatchObject({ code: "invalid_saved_investigation", hint: "ix context --list" });
    const none = llm(["context", "--resume", "nothing-here"], h);
    expect(none.code).toBe(1);
    expect(first(none.records, "error")).toMatchObject({ code: "no_saved_investigation", hint: "ix context --list" });
    expect(llm(["context", "--diff", "nothing-here"], h).code).toBe(1);
  });

  test("ids at the bound, 240 characters once encoded: --save, --list, --resume and --diff, by the id and by the file name", () => {
    const h = tempDir("ix-context-long-home-");
    cpSync(home, h, { recursive: true });
    // The file name is 245 bytes; its temporary name once was 1 + 245 + 1 + pid + 4 bytes, over
    // 255 with any pid of five digits or more. It no longer grows with the id.
    const ids = ["w".repeat(240), "é".repeat(40)];
    for (const id of ids) {
      const saved = llm(["context", "Widget", "--save", id], h);
      expect(saved.code).toBe(0);
      expect(first(saved.records, "saved").id).toBe(id);
      const file = first(saved.records, "saved").file!;
      expect(Buffer.byteLength(file)).toBe(245);
      for (const name of [id, file]) {
        expect(llm(["context", "--resume", name], h, tempDir()).records[0]).toMatchObject({ kind: "resumed", fields: { id } });
        const diff = llm(["context", "--diff", name], h);
        expect(diff.code).toBe(0);
        expect(diff.records[0]!.fields).toMatchObject({ investigation: id, target: "Widget" });
      }
    }
    const list = llm(["context", "--list"], h, tempDir());
    expect(all(list.records, "investigation").map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(readdirSync(join(h, "investigations")).filter((name) => !name.endsWith(".json"))).toEqual([]);
    // One past the bound is a usage error, before anything is built.
    for (const id of ["w".repeat(241), "é".repeat(41)]) {
      const r = llm(["context", "Widget", "--save", id], h);
      expect([r.code, first(r.records, "error").code]).toEqual([2, "invalid_value"]);
    }
  });

  test("an empty listing says its zero and how to save one", () => {
    const { code, records } = llm(["context", "--list"], tempDir("ix-context-empty-home-"), tempDir());
    expect(code).toBe(0);
    expect(records[0]).toEqual({ kind: "investigations", fields: { total: "0" } });
    expect(records[1]!.kind).toBe("hint");
  });

  test("--diff: a fresh bundle with the saved budgets, the three budgets records, zeros kept, added and removed rows", async () => {
    const dir = await writeTree(tempDir("ix-context-diff-"), FILES);
    const h = tempDir("ix-context-diff-home-");
    expect(run(["map", "."], h, dir).code).toBe(0);
    expect(llm(["context", "Widget", "--save", "w", "--max-evidence", "30"], h, dir).code).toBe(0);

    const same = llm(["context", "--diff", "w"], h, dir);
    expect(same.code).toBe(0);
    expect(same.records.map((r) => r.kind)).toEqual(["diff", "budgets", "budgets", "count"]);
    expect(same.records[0]!.fields).toMatchObject({ investigation: "w", target: "Widget", freshness_previous: "current", freshness_current: "current" });
    expect(same.records[3]!.fields).toEqual({
      added_entities: "0", removed_entities: "0", added_relationships: "0", removed_relationships: "0",
      added_evidence: "0", removed_evidence: "0", added_claims: "0", removed_claims: "0",
    });

    // A new caller of Widget, and size() gone.
    writeFileSync(join(dir, "src/widget.ts"), `import { shared } from "./util";\nexport class Widget {\n  render(): number {\n    return shared(1);\n  }\n}\n`);
    writeFileSync(join(dir, "src/make.ts"), `import { Widget } from "./widget";\nexport function make(): Widget {\n  return new Widget();\n}\n`);
    expect(run(["map", "."], h, dir).code).toBe(0);
    const diff = llm(["context", "--diff", "w", "--max-entities", "3"], h, dir);
    expect(diff.code).toBe(0);
    const budgets = all(diff.records, "budgets");
    expect(budgets).toEqual([
      { scope: "saved", entities: "50", relationships: "100", evidence: "30", chars: "12000" },
      { scope: "requested", entities: "3", applied: "false" },
      { scope: "effective", entities: "50", relationships: "100", evidence: "30", chars: "12000" },
    ]);
    const count = first(diff.records, "count");
    expect(count).toMatchObject({ added_entities: "1", removed_entities: "1", added_claims: "0", removed_claims: "0" });
    const entities = all(diff.records, "entity");
    expect(entities).toEqual([
      { change: "added", id: expect.any(String), kind: "function", name: "make", path: "src/make.ts" },
      { change: "removed", id: expect.any(String), kind: "method", name: "size", path: "src/widget.ts" },
    ]);
    const rels = all(diff.records, "relationship");
    expect(rels.map((r) => `${r.change} ${r.pred}`).sort()).toEqual(["added calls", "added references", "removed contains"]);
    expect(all(diff.records, "evidence").map((e) => `${e.change} ${e.title}`)).toContain("added make --calls--> Widget");
    expect(Number(count.added_evidence)).toBe(all(diff.records, "evidence").filter((e) => e.change === "added").length);
  });
});
