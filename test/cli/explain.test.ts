// ix explain and ix rank on a fixture repository whose answers are written beside it: an entry
// point, an orchestrator, a hub, a localized helper, a data model, an interface with two
// implementations, a package export, a test helper and a call cycle; then the same graph
// damaged (hollow, one file orphaned) for the withholding rules, every format, and every next
// step each answer prints, run.
import { beforeAll, describe, expect, test } from "bun:test";
import { decodeLlmStream } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";
import { damageGraph } from "../helpers/graph";

const HUB_FILES = 6;

function fixture(): Record<string, string> {
  const files: Record<string, string> = {
    "src/cli.ts": `import { run } from "./app";\nexport function main(argv: string[]): string {\n  return run(argv);\n}\n`,
    "src/app.ts":
      `import { slug } from "./util";\nimport { load } from "./loader";\nimport { render } from "./render";\nimport { MemoryStore } from "./store/memory";\nimport { save } from "./store/save";\n` +
      `export function run(argv: string[]): string {\n  const store = new MemoryStore();\n  const items = load(argv);\n  save(store, items);\n  render(items);\n  return slug(argv[0] ?? "");\n}\n`,
    "src/util.ts":
      `export function slug(text: string): string {\n  return text.toLowerCase();\n}\nfunction trimAll(text: string): string {\n  return text.trim();\n}\nexport function clean(text: string): string {\n  return trimAll(text);\n}\n`,
    "src/loader.ts": `import { slug } from "./util";\nimport type { Item } from "./shapes/item";\nexport function load(argv: string[]): Item[] {\n  return argv.map((a) => ({ id: slug(a), name: a }));\n}\n`,
    "src/render.ts": `import { slug } from "./util";\nimport type { Item } from "./shapes/item";\nexport function render(items: Item[]): string {\n  return items.map((i) => slug(i.name)).join(",");\n}\n`,
    "src/shapes/item.ts": `export interface Item {\n  id: string;\n  name: string;\n}\n`,
    "src/store/store.ts": `import type { Item } from "../shapes/item";\nexport interface Store {\n  put(item: Item): void;\n  all(): Item[];\n}\n`,
    "src/store/memory.ts":
      `import type { Store } from "./store";\nimport type { Item } from "../shapes/item";\nexport class MemoryStore implements Store {\n  private items: Item[] = [];\n  put(item: Item): void {\n    this.items.push(item);\n  }\n  all(): Item[] {\n    return this.items;\n  }\n}\n`,
    "src/store/disk.ts":
      `import type { Store } from "./store";\nimport type { Item } from "../shapes/item";\nexport class DiskStore implements Store {\n  put(item: Item): void {\n    console.log(item);\n  }\n  all(): Item[] {\n    return [];\n  }\n}\n`,
    "src/store/save.ts": `import type { Store } from "./store";\nimport type { Item } from "../shapes/item";\nexport function save(store: Store, items: Item[]): void {\n  for (const i of items) store.put(i);\n}\n`,
    "src/cycle/ping.ts": `import { pong } from "./pong";\nexport function ping(n: number): number {\n  return n > 0 ? pong(n - 1) : 0;\n}\n`,
    "src/cycle/pong.ts": `import { ping } from "./ping";\nexport function pong(n: number): number {\n  return n > 0 ? ping(n - 1) : 1;\n}\n`,
    "src/lib/index.ts": `export { slugify } from "./slugify";\n`,
    "src/lib/slugify.ts": `export function slugify(text: string): string {\n  return text.replace(/ /g, "-");\n}\n`,
    "src/dyn.ts": `export function dyn(o: any): string {\n  return o.slug("x");\n}\n`,
    "test/helpers.ts": `export function makeArgs(n: number): string[] {\n  return Array.from({ length: n }, (_, i) => "a" + i);\n}\n`,
    "test/app.test.ts": `import { run } from "../src/app";\nimport { makeArgs } from "./helpers";\ntest("runs", () => {\n  run(makeArgs(2));\n});\n`,
  };
  // The hub: two callers of slug in each of HUB_FILES files.
  for (let i = 0; i < HUB_FILES; i++) {
    files[`src/hub/h${i}.ts`] = `import { slug } from "../util";\nexport function first${i}(t: string): string {\n  return slug(t);\n}\nexport function second${i}(t: string): string {\n  return slug(t + "!");\n}\n`;
  }
  return files;
}

/** Roles and importance the rules give each fixture entity, by the facts beside it. */
const EXPECTED: [target: string, role: string, importance: string][] = [
  ["main", "entry_point", "medium"], // cli.ts is an entry file; nothing calls main, it calls run (6 entities downstream)
  ["run", "orchestrator", "medium"], // 5 callees in 5 files, called by main and a test
  ["slug", "shared_utility", "high"], // 15 callers from 9 files, no callees
  ["trimAll", "localized_helper", "low"], // its one caller is in its own file
  ["Item", "data_model", "high"], // an interface nothing implements, named as a type in 6 files
  ["Store", "contract", "medium"], // implemented by MemoryStore and DiskStore
  ["DiskStore", "adapter", "low"], // implements Store
  ["slugify", "public_api", "medium"], // exported through src/lib/index.ts
  ["makeArgs", "test_helper", "medium"], // in test/, called from a test
  ["src/util.ts", "container", "high"], // imported by 9 files
];

let root = "";
let home = "";

type Rec = { kind: string; fields: Record<string, string | number | boolean> };

/** llm records with their numbers and booleans read back as such (the decoder keeps text). */
function decode(stdout: string): Rec[] {
  const typed = (v: string) => (/^-?\d+(\.\d+)?(e-?\d+)?$/.test(v) ? Number(v) : v === "true" ? true : v === "false" ? false : v);
  return decodeLlmStream(stdout).map((r) => ({ kind: r.kind, fields: Object.fromEntries(Object.entries(r.fields).map(([k, v]) => [k, typed(String(v))])) }));
}

function llm(args: string[], at = home, cwd = root): { code: number; records: Rec[]; stdout: string } {
  const r = ix([...args, "--format", "llm"], { cwd, home: at });
  return { code: r.code, records: decode(r.stdout), stdout: r.stdout };
}

const recordOf = (records: Rec[], kind: string) => records.find((r) => r.kind === kind)?.fields ?? {};

/** A copy of the mapped fixture in its own home, for a test that damages its graph. */
async function freshGraph(): Promise<{ root: string; home: string }> {
  const r = await writeTree(tempDir("ix-explain-dmg-"), fixture());
  const h = tempDir("ix-explain-dmg-home-");
  expect(ix(["map", ".", "--silent"], { cwd: r, home: h }).code).toBe(0);
  return { root: r, home: h };
}

beforeAll(async () => {
  root = await writeTree(tempDir("ix-explain-"), fixture());
  home = tempDir("ix-explain-home-");
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
});

describe("explain", () => {
  test("each fixture entity gets the role and importance its graph facts decide", () => {
    const got = EXPECTED.map(([target]) => {
      const { code, records } = llm(["explain", target]);
      expect(code).toBe(0);
      return [target, recordOf(records, "role").role, recordOf(records, "importance").level];
    });
    expect(got).toEqual(EXPECTED);
  });

  test("the role names the facts that decided it", () => {
    const role = recordOf(llm(["explain", "slug"]).records, "role");
    expect(role).toMatchObject({ role: "shared_utility", confidence: "high", reason: "callers=15,caller_files=9,callees=0" });
    expect(recordOf(llm(["explain", "main"]).records, "role").reason).toBe("entry_file,no_callers,callees=1");
  });

  test("records in order: entity (as ix entity shows it, with rev), role, importance, edges; zeros kept", () => {
    const { records } = llm(["explain", "main"]);
    expect(records.slice(0, 4).map((r) => r.kind)).toEqual(["entity", "role", "importance", "edges"]);
    const entity = llm(["entity", "main"]).records.find((r) => r.kind === "entity")!.fields;
    const { signature: _, ...same } = entity;
    expect(records[0]!.fields).toEqual({ ...same, rev: 1 });
    expect(recordOf(records, "signature").text).toBe(entity.signature);
    expect(records[3]!.fields).toMatchObject({ callers: 0, callees: 1, dependents: 0, importers: 0, members: 0, downstream: 6, depth: 2, history: 1, complete: true, unresolved: 0 });
  });

  test("callers agree with ix callers and ix entity; dependents with ix rank", () => {
    const edges = recordOf(llm(["explain", "slug"]).records, "edges");
    const callers = recordOf(llm(["callers", "slug"]).records, "callers");
    expect(edges.callers).toBe(callers.total);
    expect(edges.callers).toBe(recordOf(llm(["entity", "slug"]).records, "edges").callers);
    const ranked = llm(["rank", "--by", "dependents", "--kind", "interface"]).records.filter((r) => r.kind === "ranked");
    expect(ranked[0]!.fields).toMatchObject({ name: "Item", dependents: recordOf(llm(["explain", "Item"]).records, "edges").dependents });
  });

  test("unresolved call sites naming the target are counted, and a note says the callers are a floor", () => {
    const { records } = llm(["explain", "slug"]);
    expect(recordOf(records, "edges").unresolved).toBe(1);
    expect(recordOf(records, "note").text).toContain("1 call site(s) name 'slug'");
  });

  test("top caller, dependent and member rows carry path and lines", () => {
    const slug = llm(["explain", "slug"]).records;
    expect(slug.filter((r) => r.kind === "caller")).toHaveLength(3);
    expect(slug.find((r) => r.kind === "caller")!.fields).toMatchObject({ kind: "function", path: expect.any(String), lines: expect.stringMatching(/^\d+-\d+$/) });
    const store = llm(["explain", "Store"]).records;
    expect(store.filter((r) => r.kind === "dependent").map((r) => [r.fields.name, r.fields.use])).toEqual([
      ["DiskStore", "implements"],
      ["MemoryStore", "implements"],
      ["save", "type_ref"],
    ]);
    const util = llm(["explain", "src/util.ts"]).records;
    expect(util.filter((r) => r.kind === "member").map((r) => [r.fields.name, r.fields.uses])).toEqual([
      ["slug", 15],
      ["trimAll", 1],
      ["clean", 0],
    ]);
    // A file is used by the files importing it (9 hub files), a test among them counted apart.
    expect(recordOf(util, "used_by")).toEqual({ files: 9, tests: 0 });
    expect(recordOf(llm(["explain", "src/app.ts"]).records, "used_by")).toEqual({ files: 2, tests: 1 });
    expect(recordOf(llm(["explain", "run"]).records, "used_by")).toEqual({ files: 2, tests: 1 });
  });

  test("a call cycle ends the downstream count: each side reaches the other and itself once", () => {
    const edges = recordOf(llm(["explain", "ping"]).records, "edges");
    expect(edges).toMatchObject({ callers: 1, callees: 1, importers: 1, downstream: 1 });
  });

  test("location names the module and the system path from the architecture map", () => {
    const location = recordOf(llm(["explain", "slug"]).records, "location");
    expect(typeof location.module).toBe("string");
    expect(Array.isArray(location.system_path) || typeof location.system_path === "string").toBe(true);
  });

  test("every format carries the same answer", () => {
    const json = JSON.parse(ix(["explain", "slug", "--format", "json"], { cwd: root, home }).stdout);
    expect(json.role).toMatchObject({ role: "shared_utility", confidence: "high" });
    expect(json.edges).toMatchObject({ callers: 15, complete: true, unresolved: 1 });
    expect(json.caller).toHaveLength(3);
    const toon = ix(["explain", "slug", "--format", "toon"], { cwd: root, home });
    expect(toon.code).toBe(0);
    expect(toon.stdout).toMatch(/role:\n\s+role: shared_utility/);
    const text = ix(["explain", "slug", "--format", "text"], { cwd: root, home });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("shared_utility");
    expect(text.stdout).toMatch(/callers:\s+15\n/);
  });

  test("an unknown target is the resolver's unresolved_target, with suggestions", () => {
    const { code, records } = llm(["explain", "slugg"]);
    expect(code).toBe(1);
    expect(records[0]).toMatchObject({ kind: "error", fields: { code: "unresolved_target" } });
  });

  test("--help states the role rules and the importance thresholds", () => {
    const help = ix(["explain", "--help"]).stdout;
    for (const role of ["test_helper", "entry_point", "contract", "data_model", "public_api", "adapter", "orchestrator", "shared_utility", "localized_helper"]) expect(help).toContain(role);
    expect(help).toContain("callers >= 8");
  });
});

describe("explain on a damaged graph", () => {
  test("a hollow graph: the graph record first, role and importance withheld, zeros unknown, non-zero counts kept", async () => {
    const g = await freshGraph();
    damageGraph(g.home, g.root, "DELETE FROM edges WHERE kind = 'CONTAINS'");
    const r = ix(["explain", "slug", "--format", "llm"], { cwd: g.root, home: g.home });
    expect(r.code).toBe(0);
    const records = decode(r.stdout);
    expect(records[0]).toMatchObject({ kind: "graph", fields: { status: "degraded", reason: "hollow" } });
    expect(records[1]!.kind).toBe("entity");
    expect(recordOf(records, "role")).toEqual({ role: "unknown", confidence: "none", reason: "graph_degraded" });
    expect(recordOf(records, "importance")).toEqual({ level: "unknown", reason: "graph_degraded" });
    expect(recordOf(records, "edges")).toMatchObject({ callers: 15, callees: "unknown", members: "unknown", complete: false });
    const json = JSON.parse(ix(["explain", "slug", "--format", "json"], { cwd: g.root, home: g.home }).stdout);
    expect(json.graph).toMatchObject({ status: "degraded", reason: "hollow", fix: "ix reset --workspace --yes --ingest" });
  });

  test("an orphaned target: its file lost its CONTAINS edges while the graph is whole; other entities answer in full", async () => {
    const g = await freshGraph();
    damageGraph(g.home, g.root, "DELETE FROM edges WHERE kind = 'CONTAINS' AND dst IN (SELECT rowid FROM nodes WHERE path = 'src/util.ts')");
    const slug = decode(ix(["explain", "slug", "--format", "llm"], { cwd: g.root, home: g.home }).stdout);
    expect(slug[0]).toMatchObject({ kind: "graph", fields: { status: "degraded", reason: "orphaned_target" } });
    expect(recordOf(slug, "role")).toEqual({ role: "unknown", confidence: "none", reason: "orphaned_target" });
    expect(recordOf(slug, "edges")).toMatchObject({ callers: 15, callees: "unknown", complete: false });
    const file = decode(ix(["explain", "src/util.ts", "--format", "llm"], { cwd: g.root, home: g.home }).stdout);
    expect(recordOf(file, "graph").reason).toBe("orphaned_target");
    expect(recordOf(file, "edges")).toMatchObject({ members: "unknown", importers: 9 });
    const item = decode(ix(["explain", "Item", "--format", "llm"], { cwd: g.root, home: g.home }).stdout);
    expect(item.some((r) => r.kind === "graph")).toBe(false);
    expect(recordOf(item, "role").role).toBe("data_model");
  });
});

describe("rank", () => {
  test("--by callers: the hub first, with the figure explain gives", () => {
    const { records } = llm(["rank", "--by", "callers", "--limit", "3"]);
    expect(recordOf(records, "rank")).toMatchObject({ by: "callers", shown: 3 });
    const rows = records.filter((r) => r.kind === "ranked");
    expect(rows[0]!.fields).toMatchObject({ name: "slug", kind: "function", path: "src/util.ts", callers: 15 });
    expect(records.some((r) => r.kind === "diagnostic" && r.fields.code === "results_truncated")).toBe(true);
  });

  test("each figure ranks highest first, and --kind, --path and --limit narrow it; shown and total are both said", () => {
    for (const by of ["dependents", "callers", "importers", "members", "pagerank"]) {
      const { code, records } = llm(["rank", "--by", by, "--full"]);
      expect(code).toBe(0);
      const values = records.filter((r) => r.kind === "ranked").map((r) => r.fields[by] as number);
      expect(values.length).toBeGreaterThan(0);
      expect(values).toEqual([...values].sort((a, b) => b - a));
      expect(recordOf(records, "rank").total).toBe(values.length);
    }
    expect(llm(["rank", "--by", "members", "--kind", "class"]).records.filter((r) => r.kind === "ranked").map((r) => r.fields.name)).toEqual(["DiskStore", "MemoryStore"]);
    const store = llm(["rank", "--by", "importers", "--path", "src/store"]).records.filter((r) => r.kind === "ranked");
    expect(store.every((r) => String(r.fields.path).startsWith("src/store/"))).toBe(true);
    expect(store[0]!.fields).toMatchObject({ path: "src/store/store.ts", importers: 3 });
  });

  test("--by importers counts files: the most imported file first", () => {
    const rows = llm(["rank", "--by", "importers", "--limit", "2"]).records.filter((r) => r.kind === "ranked");
    expect(rows.map((r) => [r.fields.path, r.fields.importers])).toEqual([
      ["src/util.ts", 9],
      ["src/shapes/item.ts", 6],
    ]);
  });

  test("--by pagerank ranks files only, from the map, test files left out unless asked", () => {
    const rows = llm(["rank", "--by", "pagerank", "--full"]).records.filter((r) => r.kind === "ranked");
    expect(rows.every((r) => r.fields.kind === "file" && !String(r.fields.path).startsWith("test/"))).toBe(true);
    const sum = rows.reduce((s, r) => s + (r.fields.pagerank as number), 0);
    expect(sum).toBeGreaterThan(0.5);
    expect(sum).toBeLessThanOrEqual(1.001);
    const withTests = llm(["rank", "--by", "pagerank", "--full", "--include-tests"]).records.filter((r) => r.kind === "ranked");
    expect(withTests.length).toBeGreaterThan(rows.length);
  });

  test("every format carries the ranked rows with their figure", () => {
    const json = JSON.parse(ix(["rank", "--by", "callers", "--limit", "2", "--format", "json"], { cwd: root, home }).stdout);
    expect(json.rank).toMatchObject({ by: "callers", shown: 2 });
    expect(json.ranked[0]).toMatchObject({ name: "slug", callers: 15 });
    const toon = ix(["rank", "--by", "callers", "--limit", "2", "--format", "toon"], { cwd: root, home }).stdout;
    expect(toon).toMatch(/ranked\[2\]\{name,kind,path,lines,callers\}:\n\s+slug,function,src\/util.ts,1-3,15/);
    const text = ix(["rank", "--by", "callers", "--limit", "2", "--format", "text"], { cwd: root, home }).stdout;
    expect(text).toMatch(/slug\s+function\s+src\/util.ts\s+1-3\s+15/);
  });

  test("a figure not offered, or pagerank of a kind that is no file, is a usage error", () => {
    expect(ix(["rank", "--by", "fame"], { cwd: root, home }).code).toBe(2);
    expect(ix(["rank", "--by", "pagerank", "--kind", "function"], { cwd: root, home }).code).toBe(2);
  });
});

test("a package index's import makes an export public API; a module-level helper beside it is not", async () => {
  const py = await writeTree(tempDir("ix-explain-py-"), {
    "app/__init__.py": "from .core import greet\n",
    "app/core.py": "def greet(name):\n    return helper(name)\n\ndef helper(name):\n    return 'hi ' + name\n",
    "app/__main__.py": "from app.core import greet\n\ndef run():\n    print(greet('x'))\n",
  });
  const h = tempDir("ix-explain-py-home-");
  expect(ix(["map", ".", "--silent"], { cwd: py, home: h }).code).toBe(0);
  const roles = ["greet", "helper", "run"].map((t) => recordOf(llm(["explain", t], h, py).records, "role").role);
  expect(roles).toEqual(["public_api", "localized_helper", "entry_point"]);
});

/** Splits a suggested command line the way a shell would (double quotes only). */
function words(run: string): string[] {
  return [...run.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : (m[2] as string)));
}

test("every next step explain and rank print runs and exits 0", () => {
  const runs = new Set<string>();
  const asked = [...EXPECTED.map(([target]) => ["explain", target]), ["explain", "ping"], ...["dependents", "callers", "importers", "members", "pagerank"].map((by) => ["rank", "--by", by])];
  for (const args of asked) for (const rec of llm(args).records) if (rec.kind === "next") runs.add(rec.fields.run as string);
  expect(runs.size).toBeGreaterThan(10);
  const failed = [...runs].filter((run) => {
    const [ixWord, ...args] = words(run);
    expect(ixWord).toBe("ix");
    return ix(args, { cwd: root, home }).code !== 0;
  });
  expect(failed).toEqual([]);
});
