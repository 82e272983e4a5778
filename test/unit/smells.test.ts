// The smell rules one by one, on file graphs written by hand (src/smells).
import { describe, expect, test } from "bun:test";
import { farAbove, median, quantile } from "../../src/smells/distribution";
import { godModules, godThresholds } from "../../src/smells/god-module";
import { orphanFiles } from "../../src/smells/orphan-file";
import { importCycles, stronglyConnected } from "../../src/smells/import-cycle";
import { deadExports } from "../../src/smells/dead-export";
import { fileStats, reexportedWhole } from "../../src/smells/input";
import { countByRegion, runRules, shownSmells, storedRegionCounts, withPreviousRegionSmells, withRegionSmells } from "../../src/smells/report";
import { REGION_RULES, RULES, SMELL_KINDS } from "../../src/smells/rules";
import { weakMembers } from "../../src/smells/weak-member";
import { regionPlacement } from "../../src/smells/input";
import { SMELL_VERSION, type FileStat, type RegionPlacement, type Smell, type SmellInput, type UnusedExport } from "../../src/smells/model";
import type { FileLink } from "../../src/store";

const file = (path: string, over: Partial<FileStat> = {}): FileStat => ({ path, role: "production", entities: 3, fanIn: 1, fanOut: 1, unresolved: 0, entry: false, ...over });
const link = (from: string, to: string, kind: FileLink["kind"] = "IMPORTS", names: string[] = []): FileLink => ({ from, to, kind, count: 1, names });

describe("distribution", () => {
  test("quantile is the nearest rank, median its half", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(values, 0.99)).toBe(99);
    expect(quantile(values, 1)).toBe(100);
    expect(median(values)).toBe(50);
    expect(quantile([], 0.5)).toBe(0);
  });

  test("farAbove is the largest of the quantile, the median factor and the floor", () => {
    expect(farAbove([1, 1, 1, 1, 50], { q: 0.99, times: 5, floor: 20 })).toBe(50);
    expect(farAbove([10, 10, 10, 11], { q: 0.99, times: 5, floor: 20 })).toBe(50);
    expect(farAbove([1, 2, 3], { q: 0.99, times: 5, floor: 20 })).toBe(20);
  });
});

describe("god_module", () => {
  const ordinary = Array.from({ length: 200 }, (_, i) => file(`src/f${i}.ts`, { entities: 4, fanIn: 2, fanOut: 3 }));

  test("flags a file far above the repository in entities and in fan-in", () => {
    const files = [...ordinary, file("src/god.ts", { entities: 120, fanIn: 60, fanOut: 2 })];
    const smells = godModules(files);
    expect(smells).toEqual([{ kind: "god_module", file: "src/god.ts", confidence: expect.any(Number), signals: { entities: 120, fan_in: 60, fan_out: 2 } }]);
    expect(smells[0]!.confidence).toBeGreaterThanOrEqual(0.7);
  });

  test("leaves a large leaf and a small hub alone", () => {
    const files = [...ordinary, file("src/table.ts", { entities: 300, fanIn: 1, fanOut: 0 }), file("src/hub.ts", { entities: 3, fanIn: 150, fanOut: 1 })];
    expect(godModules(files)).toEqual([]);
  });

  test("thresholds follow the repository: in a uniform one nothing is far above", () => {
    const uniform = Array.from({ length: 50 }, (_, i) => file(`src/u${i}.ts`, { entities: 40, fanIn: 12, fanOut: 12 }));
    expect(godThresholds(uniform).entities).toBe(200);
    expect(godModules(uniform)).toEqual([]);
  });

  test("confidence rises with the smaller excess and tests are not judged", () => {
    const at = godThresholds([...ordinary, file("src/god.ts", { entities: 20, fanIn: 10 })]);
    const twice = godModules([file("src/god.ts", { entities: at.entities * 2, fanIn: at.fanIn * 2 })], at);
    expect(twice[0]!.confidence).toBe(0.85);
    expect(godModules([file("test/god.test.ts", { role: "test", entities: 500, fanIn: 500 })], at)).toEqual([]);
  });
});

describe("orphan_file", () => {
  test("flags a file with entities and no link in or out", () => {
    expect(orphanFiles([file("src/tmp.ts", { fanIn: 0, fanOut: 0, entities: 2 })])).toEqual([
      { kind: "orphan_file", file: "src/tmp.ts", confidence: 0.8, signals: { connections: 0, entities: 2 } },
    ]);
  });

  test("unresolved sites lower the confidence and are a signal", () => {
    expect(orphanFiles([file("src/tmp.py", { fanIn: 0, fanOut: 0, unresolved: 3 })])[0]).toMatchObject({ confidence: 0.5, signals: { unresolved: 3 } });
  });

  test("leaves entry points, package indexes, declarations, tests, empty and linked files alone", () => {
    const alone = { fanIn: 0, fanOut: 0 };
    const files = [
      file("cmd/tool/main.go", alone),
      file("gen.go", { ...alone, entry: true }),
      file("src/index.ts", alone),
      file("pkg/__init__.py", alone),
      file("src/env.d.ts", alone),
      file("pkg/__main__.py", alone),
      file("test/a.test.ts", { ...alone, role: "test" }),
      file("scripts/x.ts", { ...alone, role: "tooling" }),
      file("pkg/doc.go", { ...alone, entities: 0 }),
      file("src/used.ts", { fanIn: 1, fanOut: 0 }),
    ];
    expect(orphanFiles(files)).toEqual([]);
  });
});

describe("import_cycle", () => {
  test("one smell per strongly connected component, its files sorted", () => {
    const imports: [string, string][] = [
      ["c.ts", "a.ts"],
      ["a.ts", "b.ts"],
      ["b.ts", "c.ts"],
      ["d.ts", "a.ts"],
      ["x.ts", "y.ts"],
      ["y.ts", "x.ts"],
      ["e.ts", "e.ts"],
    ];
    expect(importCycles(imports)).toEqual([
      { kind: "import_cycle", file: "a.ts", confidence: 0.9, signals: { size: 3 }, files: ["a.ts", "b.ts", "c.ts"] },
      { kind: "import_cycle", file: "x.ts", confidence: 0.9, signals: { size: 2 }, files: ["x.ts", "y.ts"] },
    ]);
  });

  test("a chain with no way back is no cycle", () => {
    expect(stronglyConnected([["a", "b"], ["b", "c"], ["a", "c"]])).toEqual([]);
  });

  test("a loop through 50k files walks without overflowing the stack", () => {
    const n = 50_000;
    const edges: [string, string][] = Array.from({ length: n }, (_, i) => [`f${i}`, `f${(i + 1) % n}`]);
    const [cycle] = stronglyConnected(edges);
    expect(cycle!.length).toBe(n);
  });
});

describe("dead_export", () => {
  const entity = (name: string, path: string, kind = "function", line = 1): UnusedExport => ({ name, kind, path, line });
  const base = (unused: UnusedExport[], over: Partial<SmellInput> = {}) => ({
    unusedExports: unused,
    importedNames: new Map<string, Set<string>>(),
    reexportedWhole: new Set<string>(),
    packageEntries: new Set<string>() as ReadonlySet<string>,
    unresolvedNames: new Set<string>(),
    ...over,
  });
  const roles = (...paths: string[]) => new Map(paths.map((p) => [p, p.includes("test") ? "test" : "production"]));

  test("flags an export nothing uses or imports", () => {
    expect(deadExports(base([entity("unused", "src/lib.ts", "function", 7)]), roles("src/lib.ts"))).toEqual([
      { kind: "dead_export", file: "src/lib.ts", confidence: 0.9, signals: { entity: "unused", entity_kind: "function", line: 7, uses: 0 } },
    ]);
  });

  test("an import that names it, or an unresolved site that does, keeps it alive", () => {
    const unused = [entity("named", "src/lib.ts"), entity("dynamic", "src/lib.ts")];
    const input = base(unused, { importedNames: new Map([["src/lib.ts", new Set(["named"])]]), unresolvedNames: new Set(["dynamic"]) });
    expect(deadExports(input, roles("src/lib.ts"))).toEqual([]);
  });

  test("a module imported whole lowers the confidence", () => {
    const input = base([entity("maybe", "src/lib.ts")], { importedNames: new Map([["src/lib.ts", new Set(["*"])]]) });
    expect(deadExports(input, roles("src/lib.ts"))[0]).toMatchObject({ confidence: 0.6, signals: { module_imported: 1 } });
  });

  test("public API, entry points, tests and methods are not judged", () => {
    const unused = [
      entity("api", "src/index.ts"),
      entity("wholesale", "src/parts.ts"),
      entity("Exported", "pkg/public/x.go"),
      entity("run", "src/cli.ts"),
      entity("helper", "test/helper.test.ts"),
      entity("method", "src/lib.ts", "method"),
      entity("public", "django/utils/text.py"),
    ];
    const input = base(unused, { reexportedWhole: new Set(["src/parts.ts"]) });
    expect(deadExports(input, roles(...unused.map((u) => u.path)))).toEqual([]);
  });

  test("a file a package manifest names as an entry point is public API, whatever its name", () => {
    const unused = [entity("connect", "packages/sdk/src/client.ts"), entity("stray", "packages/sdk/src/stray.ts")];
    const input = base(unused, { packageEntries: new Set(["packages/sdk/src/client.ts"]) });
    expect(deadExports(input, roles(...unused.map((u) => u.path))).map((s) => s.signals.entity)).toEqual(["stray"]);
  });

  test("an internal Go package's or a private Python module's exports are judged", () => {
    const unused = [entity("Helper", "x/internal/y/z.go"), entity("helper", "pkg/_private.py")];
    expect(deadExports(base(unused), roles(...unused.map((u) => u.path))).map((s) => s.signals.entity)).toEqual(["Helper", "helper"]);
  });
});

describe("the rules' input", () => {
  test("fan-in and fan-out count distinct files", () => {
    const stats = fileStats(
      [{ path: "a.ts", role: "production" }, { path: "b.ts", role: "production" }, { path: "c.ts", role: "production" }],
      new Map([["a.ts", 2]]),
      [link("a.ts", "b.ts"), link("a.ts", "b.ts", "CALLS"), link("c.ts", "b.ts", "CALLS")],
    );
    expect(stats.map((s) => [s.path, s.entities, s.fanIn, s.fanOut])).toEqual([["a.ts", 2, 0, 1], ["b.ts", 0, 2, 0], ["c.ts", 0, 0, 1]]);
  });

  test("what a public file imports whole is followed transitively", () => {
    const links = [link("src/index.ts", "src/a.ts", "IMPORTS", ["*"]), link("src/a.ts", "src/b.ts", "IMPORTS", ["*"]), link("src/c.ts", "src/d.ts", "IMPORTS", ["*"])];
    expect([...reexportedWhole(links, (p) => p === "src/index.ts")].sort()).toEqual(["src/a.ts", "src/b.ts"]);
  });
});

describe("the report", () => {
  test("every rule runs once, smells sorted by confidence, thresholds reported", () => {
    const files = [file("src/a.ts"), file("src/b.ts"), file("src/tmp.ts", { fanIn: 0, fanOut: 0 })];
    const report = runRules(
      { files, imports: [["src/a.ts", "src/b.ts"], ["src/b.ts", "src/a.ts"]], unusedExports: [], importedNames: new Map(), reexportedWhole: new Set(), packageEntries: new Set(), unresolvedNames: new Set() },
      7,
    );
    expect(report.rev).toBe(7);
    expect(report.version).toBe("smell_v1");
    expect(report.smells.map((s) => [s.kind, s.file])).toEqual([["import_cycle", "src/a.ts"], ["orphan_file", "src/tmp.ts"]]);
    expect(Object.keys(report.thresholds)).toEqual(["god_module"]);
    expect(RULES.map((r) => r.name)).toEqual(["god_module", "import_cycle", "orphan_file", "dead_export"]);
  });
});

describe("weak_component_member", () => {
  /** Files by region ("m1:src/a.ts"), linked as listed; edge weights as the map would store them. */
  function placement(files: string[], links: [string, string][], roles: Record<string, string> = {}): RegionPlacement {
    const rows = files.map((spec) => {
      const [region, path] = spec.split(":") as [string, string];
      return { path, region, edgesInside: 1, edgesOutside: 2, neighborsInside: 0, neighborsOutside: 0 };
    });
    return regionPlacement(rows, rows.map((r) => ({ path: r.path, role: roles[r.path] ?? "production" })), links.map(([from, to]) => ({ from, to })));
  }
  const files = ["m1:a/x.ts", "m1:a/p.ts", "m1:a/q.ts", "m2:b/1.ts", "m2:b/2.ts", "m2:b/3.ts", "m3:c/1.ts", "m4:d/1.ts", "m5:e/1.ts", "m6:f/1.ts"];

  test("flags a file with more neighbours in one other region than in its own, with the regions and counts", () => {
    const links: [string, string][] = [["a/p.ts", "a/x.ts"], ["a/q.ts", "a/x.ts"], ["a/x.ts", "b/1.ts"], ["a/x.ts", "b/2.ts"], ["b/3.ts", "a/x.ts"], ["a/x.ts", "b/1.ts"]];
    const { smells, thresholds } = weakMembers(placement(files, links));
    expect(smells).toEqual([
      { kind: "weak_component_member", file: "a/x.ts", confidence: 0.6, signals: { region: "m1", inside: 2, outside: 3, best_region: "m2", best: 3, edges_inside: 1, edges_outside: 2 } },
    ]);
    expect(thresholds).toEqual({ min_neighbors: 3, min_best: 2, min_share: 0.33 });
  });

  test("confidence rises with each further neighbour in the other region", () => {
    const links: [string, string][] = [["a/x.ts", "b/1.ts"], ["a/x.ts", "b/2.ts"], ["a/x.ts", "b/3.ts"]];
    expect(weakMembers(placement(files, links)).smells.map((s) => [s.file, s.confidence, s.signals.inside, s.signals.best])).toEqual([["a/x.ts", 0.8, 0, 3]]);
  });

  test("a hub linked a little with many regions, a tie, a file with few links and a test are not flagged", () => {
    // x: one neighbour at home, two in m2, four more spread (m2 outweighs home with 2 of 7, under
    // a third); p: two at home, two in m2; q: two links only; b/1.ts would be flagged but is a test.
    const hub: [string, string][] = [["a/x.ts", "a/q.ts"], ["a/x.ts", "b/1.ts"], ["b/2.ts", "a/x.ts"], ["a/x.ts", "c/1.ts"], ["a/x.ts", "d/1.ts"], ["a/x.ts", "e/1.ts"], ["f/1.ts", "a/x.ts"]];
    const tie: [string, string][] = [["a/p.ts", "a/x.ts"], ["a/p.ts", "a/q.ts"], ["a/p.ts", "b/2.ts"], ["a/p.ts", "b/3.ts"]];
    const test: [string, string][] = [["b/1.ts", "a/q.ts"], ["b/1.ts", "a/p.ts"], ["b/1.ts", "c/1.ts"]];
    for (const links of [hub, tie]) expect(weakMembers(placement(files, links)).smells).toEqual([]);
    expect(weakMembers(placement(files, [["a/q.ts", "b/1.ts"], ["a/q.ts", "b/2.ts"]])).smells).toEqual([]);
    expect(weakMembers(placement(files, test)).smells.map((s) => s.file)).toEqual(["b/1.ts"]);
    expect(weakMembers(placement(files, test, { "b/1.ts": "test" })).smells).toEqual([]);
  });

  test("graph rules run in the revision; the region rules join from the map, marked with its revision", () => {
    const input: SmellInput = { files: [file("src/a.ts"), file("src/b.ts")], imports: [], unusedExports: [], importedNames: new Map(), reexportedWhole: new Set(), packageEntries: new Set(), unresolvedNames: new Set() };
    const report = runRules(input, 5);
    expect(report.regionsRev).toBeUndefined();
    const p = placement(files, [["a/x.ts", "b/1.ts"], ["a/x.ts", "b/2.ts"], ["a/x.ts", "b/3.ts"]]);
    const joined = withRegionSmells(report, p, 4);
    expect(joined.smells.map((s) => s.kind)).toEqual(["weak_component_member"]);
    expect(joined).toMatchObject({ rev: 5, regionsRev: 4, thresholds: { weak_component_member: { min_neighbors: 3, min_best: 2, min_share: 0.33 } } });
    // Shown only while the stored map is the one it was read from.
    expect(shownSmells(joined, 4)).toMatchObject({ regionsCurrent: true, report: { smells: [{ kind: "weak_component_member" }] } });
    expect(shownSmells(joined, 5)).toMatchObject({ regionsCurrent: false, report: { smells: [] } });
    expect(shownSmells(joined, undefined).regionsCurrent).toBe(false);
    // A report made again in the next revision keeps the region smells, still marked as read from map 4.
    const next = withPreviousRegionSmells(runRules(input, 6), joined);
    expect(next).toMatchObject({ rev: 6, regionsRev: 4, smells: [{ kind: "weak_component_member", file: "a/x.ts" }] });
    expect(REGION_RULES.map((r) => r.name)).toEqual(["weak_component_member"]);
    expect(SMELL_KINDS).toContain("weak_component_member");
  });
});

describe("smells counted per region", () => {
  const smell = (file: string, files?: string[]): Smell => ({ kind: files ? "import_cycle" : "orphan_file", file, confidence: 1, signals: {}, ...(files ? { files } : {}) });
  // sys ⊃ left ⊃ {l1, l2}, sys ⊃ r1.
  const parents = new Map<string, string | null>([["sys", null], ["left", "sys"], ["l1", "left"], ["l2", "left"], ["r1", "sys"]]);
  const placed = new Map([["a.ts", "l1"], ["b.ts", "l2"], ["c.ts", "r1"], ["d.ts", "l1"]]);

  test("a smell counts in its file's region and every region above; one of several files once per region", () => {
    const counts = countByRegion([smell("a.ts"), smell("a.ts", ["a.ts", "b.ts", "d.ts"]), smell("c.ts"), smell("gone.ts")], placed, parents);
    expect(counts).toEqual({ l1: 2, left: 2, sys: 3, l2: 1, r1: 1 });
    expect(countByRegion([], placed, parents)).toEqual({});
  });

  test("the map counts them with the region smells it reads, and a report made again before its map has none", () => {
    const input: SmellInput = { files: [file("a/x.ts"), file("b/1.ts")], imports: [], unusedExports: [], importedNames: new Map(), reexportedWhole: new Set(), packageEntries: new Set(), unresolvedNames: new Set() };
    const rows = ["a/x.ts:m1", "b/1.ts:m2", "b/2.ts:m2", "b/3.ts:m2"].map((spec) => {
      const [path, region] = spec.split(":") as [string, string];
      return { path, region, edgesInside: 0, edgesOutside: 3, neighborsInside: 0, neighborsOutside: 3 };
    });
    const p = regionPlacement(rows, rows.map((r) => ({ path: r.path, role: "production" })), [["a/x.ts", "b/1.ts"], ["a/x.ts", "b/2.ts"], ["a/x.ts", "b/3.ts"]].map(([from, to]) => ({ from: from!, to: to! })));
    const mapParents = new Map<string, string | null>([["root", null], ["m1", "root"], ["m2", "root"]]);
    const joined = withRegionSmells(runRules(input, 5), p, 5, mapParents);
    expect(joined.smells.map((s) => [s.kind, s.file])).toEqual([["weak_component_member", "a/x.ts"]]);
    expect(joined.regionCounts).toEqual({ m1: 1, root: 1 });
    expect(withRegionSmells(runRules(input, 5), p, 5).regionCounts).toBeUndefined();
    expect(withPreviousRegionSmells(runRules(input, 6), joined).regionCounts).toBeUndefined();
  });

  test("stored counts are used only for this revision's report, these rules and the current map", () => {
    const fields = (over: Partial<Record<"version" | "rev" | "regionsRev" | "counts", string | number | undefined>> = {}) => {
      const all = { version: SMELL_VERSION, rev: 7, regionsRev: 6, counts: '{"m1":2}', ...over };
      return [all.version, all.rev, all.regionsRev, all.counts];
    };
    expect(storedRegionCounts(fields(), 7, 6)).toEqual(new Map([["m1", 2]]));
    expect(storedRegionCounts(fields({ rev: 6 }), 7, 6)).toBeUndefined();
    expect(storedRegionCounts(fields({ version: "smell_v0" }), 7, 6)).toBeUndefined();
    expect(storedRegionCounts(fields(), 7, 7)).toBeUndefined();
    expect(storedRegionCounts(fields(), 7, undefined)).toBeUndefined();
    expect(storedRegionCounts(fields({ counts: undefined }), 7, 6)).toBeUndefined();
    expect(storedRegionCounts(fields({ counts: "{not json" }), 7, 6)).toBeUndefined();
  });
});
