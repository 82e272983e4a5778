// The architecture map (issue 18): ix map's regions, status's map_complete, ix subsystems,
// system_path= and overview of a region, each on fixture repositories of known structure.
import { describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { decodeLlm, decodeLlmStream } from "../../src/wire/llm";
import { git } from "../helpers/git";
import { damageGraph, withGraph } from "../helpers/graph";
import { ix, tempDir, writeTree } from "../helpers/cli";
import { ring } from "../helpers/trees";


async function twoPackages(): Promise<{ root: string; home: string }> {
  const root = await writeTree(join(tempDir("ix-regions-"), "shop-app"), { ...ring("packages/alpha/src", 8, "a"), ...ring("packages/beta/src", 8, "b") });
  git(root, "init", "-q");
  git(root, "add", "-A");
  git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init");
  return { root, home: tempDir("ix-regions-home-") };
}

const llm = (args: string[], root: string, home: string) => {
  const r = ix([...args, "--format", "llm"], { cwd: root, home });
  return { ...r, records: decodeLlmStream(r.stdout) };
};

const regionRows = (records: { kind: string; fields: Record<string, string> }[]) => records.filter((r) => r.kind === "region").map((r) => r.fields);

describe("ix map's regions", () => {
  test("two separate packages are two modules under one system, each record field by field", async () => {
    const { root, home } = await twoPackages();
    const map = llm(["map", "."], root, home);
    expect(map.code).toBe(0);
    const header = map.records[0]!;
    expect(header.kind).toBe("map");
    expect(Object.keys(header.fields).slice(0, 5)).toEqual(["files", "regions", "levels", "rev", "outcome"]);
    expect(header.fields).toMatchObject({ files: "16", regions: "3", levels: "2", rev: "1", outcome: "full_local_completed" });
    const rows = regionRows(map.records);
    expect(rows.length).toBe(3);
    const [system, ...modules] = rows;
    expect(Object.keys(system!)).toEqual(["id", "kind", "label", "level", "files", "children", "cohesion", "coupling", "confidence", "signals"]);
    expect(system).toMatchObject({ kind: "system", level: "2", files: "16", children: "2", cohesion: "1", coupling: "0" });
    expect(system!.id).toMatch(/^[0-9a-f]{8}$/);
    // The system is named for the repository's directory.
    expect(system!.label).toBe("Shop App");
    for (const row of modules) {
      expect(Object.keys(row)).toEqual(["id", "kind", "label", "level", "files", "parent", "cohesion", "coupling", "confidence", "signals"]);
      expect(row).toMatchObject({ kind: "module", level: "1", files: "8", parent: system!.id, cohesion: "1", coupling: "0" });
      expect(row.signals!.split(",")).toEqual(expect.arrayContaining(["imports", "calls", "directory"]));
      expect(Number(row.confidence)).toBeGreaterThanOrEqual(0.9);
    }
    expect(modules.map((m) => m.label).sort()).toEqual(["Alpha", "Beta"]);
    // json carries the whole hierarchy: children by id, crosscut, the dominant directory.
    const json = JSON.parse(ix(["map", "--list", "--format", "json"], { cwd: root, home }).stdout);
    expect(json.map).toMatchObject({ files: 16, regions: 3, levels: 2, rev: 1, map_complete: true });
    const jsonSystem = json.region.find((r: { kind: string }) => r.kind === "system");
    expect(jsonSystem.children.sort()).toEqual(modules.map((m) => m.id).sort());
    expect(json.region.find((r: { label: string }) => r.label === "Alpha")).toMatchObject({ crosscut: 0, dir: "packages/alpha/src", files: 8, entities: 8 });
    // text draws the tree: each module indented under the system.
    const text = ix(["map", "--list", "--format", "text"], { cwd: root, home }).stdout;
    expect(text).toMatch(new RegExp(`\\n${system!.label}  system · 16 files[^\\n]*\\n  └ (Alpha|Beta)  module · 8 files[^\\n]*\\n  └ (Alpha|Beta)  module`));
  });

  test("two maps of the same repository give identical regions", async () => {
    const { root, home } = await twoPackages();
    const first = llm(["map", "."], root, home);
    const other = tempDir("ix-regions-home2-");
    const second = llm(["map", "."], root, other);
    expect(regionRows(second.records)).toEqual(regionRows(first.records));
    expect(regionRows(first.records).length).toBe(3);
  });

  test("a body-only edit does no region work: every id stays and map_complete stays true", async () => {
    const { root, home } = await twoPackages();
    const before = regionRows(llm(["map", "."], root, home).records);
    const path = join(root, "packages/alpha/src/a3.ts");
    await Bun.write(path, (await Bun.file(path).text()).replace("n > 0 ?", "n >= 1 ?"));
    const silent = ix(["map", ".", "--silent", "--format", "llm"], { cwd: root, home });
    expect(decodeLlm(silent.lines[0]!).fields).toMatchObject({ rev: "2", outcome: "incremental_local_completed", regions: "3" });
    expect(silent.stdout).not.toContain("map_complete");
    expect(regionRows(llm(["map", "--list"], root, home).records)).toEqual(before);
    const status = decodeLlm(ix(["status", "--format", "llm"], { cwd: root, home }).lines[0]!);
    expect(status.fields).toMatchObject({ rev: "2", graph_complete: "true", map_complete: "true" });
  });

  test("one added file keeps every other file's region id, and joins its package's region", async () => {
    const { root, home } = await twoPackages();
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const regionOf = (file: string) => llm(["subsystems", file], root, home).records.find((r) => r.fields.rel === "self")!.fields.id;
    const files = [...Array(8).keys()].flatMap((i) => [`packages/alpha/src/a${i}.ts`, `packages/beta/src/b${i}.ts`]);
    const before = new Map(files.map((f) => [f, regionOf(f)]));
    await writeTree(root, { "packages/beta/src/extra.ts": `import { b1 } from "./b1";\nexport const extra = (): number => b1(3);\n` });
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const kept = files.filter((f) => regionOf(f) === before.get(f)).length;
    expect(kept / files.length).toBeGreaterThanOrEqual(0.95);
    expect(regionOf("packages/beta/src/extra.ts")).toBe(before.get("packages/beta/src/b1.ts")!);
  });

  test("a failure of region work keeps the new revision, says map_complete=false, and a later map recovers", async () => {
    const { root, home } = await twoPackages();
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    damageGraph(home, root, "DROP TABLE region_links");
    await writeTree(root, { "packages/alpha/src/late.ts": `import { a1 } from "./a1";\nexport const late = (): number => a1(1);\n` });
    const map = llm(["map", "."], root, home);
    expect(map.code).toBe(0);
    expect(map.records[0]!.fields).toMatchObject({ rev: "2", map_complete: "false" });
    expect(map.records.find((r) => r.kind === "diagnostic")!.fields).toMatchObject({ code: "regions_failed" });
    // The graph took the new file in all the same.
    expect(llm(["locate", "late"], root, home).records[0]!.fields).toMatchObject({ name: "late", path: "packages/alpha/src/late.ts" });
    const status = llm(["status"], root, home).records;
    expect(status[0]!.fields).toMatchObject({ rev: "2", graph_complete: "true", map_complete: "false" });
    expect(status.find((r) => r.kind === "diagnostic")!.fields.code).toBe("regions_failed");
    damageGraph(home, root, "CREATE TABLE region_links (src TEXT, dst TEXT, edges INT, PRIMARY KEY (src, dst)) WITHOUT ROWID");
    // A map with nothing to parse still brings the architecture map up to the revision.
    const again = llm(["map", "."], root, home);
    expect(again.records[0]!.fields).toMatchObject({ rev: "2", outcome: "no_change" });
    expect(again.records[0]!.fields.map_complete).toBeUndefined();
    expect(llm(["status"], root, home).records[0]!.fields.map_complete).toBe("true");
  });

  test("--level, --min-confidence, --sort and --max-items choose the rows; the system always leads", async () => {
    const { root, home } = await twoPackages();
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const level1 = regionRows(llm(["map", "--list", "--level", "1"], root, home).records);
    expect(level1.map((r) => r.kind)).toEqual(["system", "module", "module"]);
    const cut = llm(["map", "--list", "--max-items", "2", "--sort", "alpha"], root, home);
    expect(regionRows(cut.records).map((r) => r.label)).toEqual([regionRows(cut.records)[0]!.label, "Alpha"]);
    expect(cut.records.find((r) => r.kind === "diagnostic")!.fields.code).toBe("results_truncated");
    expect(regionRows(llm(["map", "--list", "--min-confidence", "1.0"], root, home).records).every((r) => Number(r.confidence) >= 1)).toBe(true);
    expect(regionRows(llm(["map", "--list", "--all-items", "--max-items", "1"], root, home).records).length).toBe(3);
    const bad = ix(["map", "--list", "--sort", "random", "--format", "llm"], { cwd: root, home });
    expect(bad.code).toBe(2);
    expect(decodeLlm(bad.lines[0]!).fields).toMatchObject({ code: "invalid_value", option: "--sort" });
    expect(ix(["map", "--list", "--min-confidence", "2", "--format", "llm"], { cwd: root, home }).code).toBe(2);
  });
});

describe("ix subsystems", () => {
  test("--list: the count, then one row per region with its scores, field by field", async () => {
    const { root, home } = await twoPackages();
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const { records, code } = llm(["subsystems", "--list"], root, home);
    expect(code).toBe(0);
    expect(records[0]).toEqual({ kind: "subsystems", fields: { count: "2" } });
    const rows = regionRows(records);
    expect(rows.length).toBe(2);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(["id", "label", "kind", "level", "files", "health", "chunks_per_file", "smells", "confidence"]);
      expect(row).toMatchObject({ kind: "module", level: "1", files: "8", health: "1", chunks_per_file: "1", smells: "1" });
    }
  });

  test("smells= counts the smells of a region's files, its children's included, in every format", async () => {
    const { root, home } = await twoPackages();
    // Each ring is one import cycle; a dead export joins alpha's.
    await writeTree(root, { "packages/alpha/src/a0.ts": `import { a1 } from "./a1";\nimport { a2 } from "./a2";\nexport function a0(n: number): number {\n  return n > 0 ? a1(n - 1) + a2(n - 2) : 0;\n}\nexport function spare(): number {\n  return 0;\n}\n` });
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const smells = decodeLlmStream(ix(["smells", "--format", "llm"], { cwd: root, home }).stdout).filter((r) => r.kind === "smell");
    expect(smells.map((r) => r.fields.kind).sort()).toEqual(["has_smell.dead_export", "has_smell.import_cycle", "has_smell.import_cycle"]);
    const byLabel = (rows: Record<string, string>[]) => Object.fromEntries(rows.map((r) => [r.label, r.smells]));
    expect(byLabel(regionRows(llm(["subsystems", "--list"], root, home).records))).toEqual({ Alpha: "2", Beta: "1" });
    // The tree carries the system's children; a target's view its parent, the system, with all three.
    expect(byLabel(regionRows(llm(["subsystems"], root, home).records))).toEqual({ Alpha: "2", Beta: "1" });
    expect(regionRows(llm(["subsystems", "Alpha"], root, home).records).map((r) => [r.rel, r.label, r.smells])).toEqual([["self", "Alpha", "2"], ["parent", "Shop App", "3"]]);
    const json = JSON.parse(ix(["subsystems", "--list", "--format", "json"], { cwd: root, home }).stdout);
    expect(Object.fromEntries(json.region.map((r: { label: string; smells: number }) => [r.label, r.smells]))).toEqual({ Alpha: 2, Beta: 1 });
    const text = ix(["subsystems", "--list"], { cwd: root, home }).stdout;
    expect(text).toContain("SMELLS");
    expect(ix(["subsystems"], { cwd: root, home }).stdout).toContain("Alpha  module · 8 files · health 1 · 1.1 entities/file · 2 smells · ");
  });

  test("the counts the map keeps with its smells are the counts made from every file's place, after each kind of map", async () => {
    const { root, home } = await twoPackages();
    const a0 = (extra: string) =>
      writeTree(root, { "packages/alpha/src/a0.ts": `import { a1 } from "./a1";\nimport { a2 } from "./a2";\nexport function a0(n: number): number {\n  return n > 0 ? a1(n - 1) + a2(n - 2) : 0;\n}\nexport function spare(): number {\n  return 0;\n}\n${extra}` });
    const report = async () => JSON.parse((await withGraph(home, root, (graph) => graph.meta("smells")))!) as { rev: number; regionCounts?: Record<string, number> };
    const answers = () => ["--list", "", "Alpha"].map((arg) => ix(["subsystems", ...(arg ? [arg] : []), "--format", "json"], { cwd: root, home }).stdout);
    const counted = (answer: string) => Object.fromEntries(JSON.parse(answer).region.map((r: { label: string; smells: number }) => [r.label, r.smells]));
    const withoutKept = () => {
      damageGraph(home, root, "UPDATE meta SET value = json_remove(value, '$.regionCounts') WHERE key = 'smells'");
      return answers();
    };
    await a0("");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(Object.values((await report()).regionCounts!).sort()).toEqual([1, 2, 3]);
    const cold = answers();
    expect(counted(cold[0]!)).toEqual({ Alpha: 2, Beta: 1 });
    expect(withoutKept()).toEqual(cold);
    // A new unused export: the smells change while the map is kept, and are counted again.
    await a0("export function another(): number {\n  return 1;\n}\n");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(await report()).toMatchObject({ rev: 2, regionCounts: expect.any(Object) });
    const added = answers();
    expect(counted(added[0]!)).toEqual({ Alpha: 3, Beta: 1 });
    expect(withoutKept()).toEqual(added);
    // An edit inside a body carries the report and its counts over.
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    await a0("export function another(): number {\n  return 2;\n}\n");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(await report()).toMatchObject({ rev: 3, regionCounts: expect.any(Object) });
    expect(answers()).toEqual(added);
  });

  test("a target by label, id or file answers its region, its parent and neighbours; ambiguous and unknown ones are errors", async () => {
    const { root, home } = await twoPackages();
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const byLabel = llm(["subsystems", "alpha"], root, home);
    expect(byLabel.code).toBe(0);
    expect(byLabel.records[0]!.fields).toMatchObject({ target: "Alpha", count: "2", system_path: "Alpha" });
    const self = byLabel.records.find((r) => r.fields.rel === "self")!.fields;
    expect(byLabel.records.find((r) => r.fields.rel === "parent")!.fields.kind).toBe("system");
    expect(llm(["subsystems", self.id!], root, home).records[0]!.fields.id).toBe(self.id!);
    expect(llm(["subsystems", self.id!.slice(0, 5)], root, home).records[0]!.fields.id).toBe(self.id!);
    expect(llm(["subsystems", "packages/alpha/src/a4.ts"], root, home).records[0]!.fields.id).toBe(self.id!);
    const unknown = llm(["subsystems", "Alpah"], root, home);
    expect(unknown.code).toBe(1);
    expect(unknown.records[0]!.fields).toMatchObject({ code: "unresolved_target", target: "Alpah", suggestions: "Alpha" });
    expect(unknown.records.find((r) => r.kind === "suggestion")!.fields).toMatchObject({ label: "Alpha", kind: "module", id: self.id! });
    const missing = llm(["subsystems", "packages/alpha/src/gone.ts"], root, home);
    expect(missing.records[0]!.fields).toMatchObject({ code: "unresolved_target", reason: "file_not_found" });
  });

  test("a label two regions share is ambiguous: numbered candidates, and --pick chooses", async () => {
    const root = await writeTree(tempDir("ix-regions-amb-"), { ...ring("one/core", 8, "a"), ...ring("two/core", 8, "b") });
    const home = tempDir("ix-regions-amb-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const amb = llm(["subsystems", "core"], root, home);
    expect(amb.code).toBe(1);
    expect(amb.records[0]!.fields).toMatchObject({ code: "ambiguous_target", target: "core", candidates: "2" });
    const candidates = amb.records.filter((r) => r.kind === "candidate").map((r) => r.fields);
    expect(candidates.map((c) => Object.keys(c))).toEqual([0, 1].map(() => ["n", "label", "kind", "level", "files", "pick", "id"]));
    expect(candidates.map((c) => c.pick)).toEqual(["--pick 1", "--pick 2"]);
    const picked = llm(["subsystems", "core", "--pick", "2"], root, home);
    expect(picked.records[0]!.fields.id).toBe(candidates[1]!.id!);
  });
});

describe("system_path and overview of a region", () => {
  test("locate and overview carry system_path=; overview of a region lists its children, of a module its files", async () => {
    const { root, home } = await twoPackages();
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(llm(["locate", "a2"], root, home).records[0]!.fields).toMatchObject({ name: "a2", system_path: "Alpha" });
    expect(llm(["overview", "packages/beta/src/b1.ts"], root, home).records[0]!.fields.system_path).toBe("Beta");
    const system = regionRows(llm(["map", "--list"], root, home).records)[0]!;
    const top = llm(["overview", system.id!], root, home).records;
    expect(top[0]!.fields).toMatchObject({ target: system.label, kind: "system", id: system.id, files: "16" });
    expect(top[1]).toEqual({ kind: "contains", fields: { module: "2" } });
    expect(top.filter((r) => r.kind === "item").map((r) => r.fields.name).sort()).toEqual(["Alpha", "Beta"]);
    const module = llm(["overview", "Beta"], root, home).records;
    expect(module[0]!.fields).toMatchObject({ target: "Beta", kind: "module", system_path: "Beta" });
    expect(module.filter((r) => r.kind === "item").map((r) => r.fields.name)).toEqual([...Array(8).keys()].map((i) => `packages/beta/src/b${i}.ts`));
  });

  test("before any architecture map exists, status says map_complete=false", async () => {
    const { root, home } = await twoPackages();
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    damageGraph(home, root, "UPDATE meta SET value = '0' WHERE key = 'regions_rev'");
    expect(llm(["status"], root, home).records[0]!.fields.map_complete).toBe("false");
    rmSync(join(root, "packages/alpha/src/a7.ts"));
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(llm(["status"], root, home).records[0]!.fields.map_complete).toBe("true");
  });
});
