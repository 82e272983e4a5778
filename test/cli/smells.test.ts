// ix smells on repositories the tests write: each rule's record checked field by field, the
// options, and a clean repository that has none.
import { describe, expect, test } from "bun:test";
import { ix, tempDir, writeTree } from "../helpers/cli";
import { damageGraph, withGraph } from "../helpers/graph";
import { ring } from "../helpers/trees";

async function mapped(prefix: string, tree: Record<string, string>) {
  const root = await writeTree(tempDir(`ix-smells-${prefix}-`), tree);
  const home = tempDir(`ix-smells-${prefix}-home-`);
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
  return { root, home, run: (...args: string[]) => ix(["smells", ...args], { cwd: root, home }) };
}

/** Thirty functions in one file, called from twelve others: far above its repository. */
function godTree(): Record<string, string> {
  const tree: Record<string, string> = {
    "src/god.ts": Array.from({ length: 30 }, (_, i) => `export function f${i}(): number {\n  return ${i};\n}\n`).join(""),
  };
  for (let u = 0; u < 12; u++) {
    const called = [u, u + 12, u + 24].filter((i) => i < 30);
    tree[`src/u${u}.ts`] = `import { ${called.map((i) => `f${i}`).join(", ")} } from "./god";\n\nfunction use${u}(): number {\n  return ${called.map((i) => `f${i}()`).join(" + ")};\n}\nuse${u}();\n`;
  }
  return tree;
}

describe("ix smells, one rule at a time", () => {
  test("an import cycle is one record with its files", async () => {
    const { run } = await mapped("cycle", {
      "src/a.ts": `import { b } from "./b";\nexport function a(): number {\n  return b() + 1;\n}\n`,
      "src/b.ts": `import { a } from "./a";\nexport function b(): number {\n  return 2;\n}\nexport function c(): number {\n  return a();\n}\n`,
      "src/main.ts": `import { c } from "./b";\nc();\n`,
    });
    const r = run("--format", "llm");
    expect(r.code).toBe(0);
    expect(r.lines).toEqual(["smells rev=1 count=1 version=smell_v1", "smell kind=has_smell.import_cycle file=src/a.ts confidence=0.9 size=2 files=src/a.ts,src/b.ts"]);
    const json = JSON.parse(run("--format", "json").stdout);
    expect(json.smells).toEqual({ rev: 1, count: 1, version: "smell_v1" });
    expect(json.smell).toEqual([{ kind: "has_smell.import_cycle", file: "src/a.ts", confidence: 0.9, size: 2, files: ["src/a.ts", "src/b.ts"] }]);
  });

  test("an orphan file: entities, and no import or call in or out", async () => {
    const { run } = await mapped("orphan", {
      "src/main.ts": `import { greet } from "./greet";\ngreet();\n`,
      "src/greet.ts": `export function greet(): string {\n  return "hi";\n}\n`,
      "src/tmp.ts": `function lonely(): number {\n  return 1;\n}\nlonely();\n`,
    });
    expect(run("--format", "llm").lines).toEqual(["smells rev=1 count=1 version=smell_v1", "smell kind=has_smell.orphan_file file=src/tmp.ts confidence=0.8 connections=0 entities=1"]);
  });

  test("a god module: entities and fan-in far above the repository's own", async () => {
    const { run } = await mapped("god", godTree());
    expect(run("--format", "llm").lines).toEqual(["smells rev=1 count=1 version=smell_v1", "smell kind=has_smell.god_module file=src/god.ts confidence=0.7 entities=30 fan_in=12 fan_out=0"]);
    const json = JSON.parse(run("--format", "json").stdout);
    expect(json.smell).toEqual([{ kind: "has_smell.god_module", file: "src/god.ts", confidence: 0.7, entities: 30, fan_in: 12, fan_out: 0 }]);
  });

  test("a dead export: exported, never imported, called or referenced", async () => {
    const { run } = await mapped("dead", {
      "src/main.ts": `import { used } from "./lib";\nused();\n`,
      "src/lib.ts": `export function used(): number {\n  return 1;\n}\n\nexport function unused(): number {\n  return 2;\n}\n`,
      "src/index.ts": `export function api(): number {\n  return 3;\n}\n`,
    });
    expect(run("--format", "llm").lines).toEqual([
      "smells rev=1 count=1 version=smell_v1",
      "smell kind=has_smell.dead_export file=src/lib.ts confidence=0.9 entity=unused entity_kind=function line=5 uses=0",
    ]);
  });

  test("a clean repository has none, and says so with count=0", async () => {
    const { run } = await mapped("clean", {
      "src/main.ts": `import { greet } from "./greet";\ngreet();\n`,
      "src/greet.ts": `export function greet(): string {\n  return "hi";\n}\n`,
    });
    expect(run("--format", "llm").lines).toEqual(["smells rev=1 count=0 version=smell_v1"]);
    expect(JSON.parse(run("--format", "json").stdout)).toEqual({ smells: { rev: 1, count: 0, version: "smell_v1" }, smell: [] });
  });
});

describe("ix smells options", () => {
  const tree = () => ({
    ...godTree(),
    "src/x/a.ts": `import { b } from "./b";\nexport function a(): number {\n  return b();\n}\n`,
    "src/x/b.ts": `import { a } from "./a";\nexport function b(): number {\n  return 1;\n}\nexport function c(): number {\n  return a();\n}\n`,
    "src/x/main.ts": `import { c } from "./b";\nc();\n`,
    "src/tmp.ts": `function lonely(): number {\n  return 1;\n}\nlonely();\n`,
  });

  test("--kind keeps one rule's smells, with or without has_smell.", async () => {
    const { run } = await mapped("kind", tree());
    expect(run("--format", "llm").lines[0]).toBe("smells rev=1 count=3 version=smell_v1");
    for (const kind of ["import_cycle", "has_smell.import_cycle"]) {
      const r = run("--kind", kind, "--format", "llm");
      expect(r.lines).toEqual(["smells rev=1 count=1 version=smell_v1", "smell kind=has_smell.import_cycle file=src/x/a.ts confidence=0.9 size=2 files=src/x/a.ts,src/x/b.ts"]);
    }
  });

  test("an unknown --kind is a usage error that lists the kinds", async () => {
    const { run } = await mapped("badkind", tree());
    const r = run("--kind", "spaghetti", "--format", "llm");
    expect(r.code).toBe(2);
    expect(r.lines[0]).toStartWith("error code=invalid_value ");
    expect(r.lines[0]).toContain("Expected one of: god_module, import_cycle, orphan_file, dead_export");
  });

  test("--path keeps the smells of files under it", async () => {
    const { run } = await mapped("path", tree());
    expect(run("--path", "src/x", "--format", "llm").lines.map((l) => l.split(" ").slice(0, 3).join(" "))).toEqual([
      "smells rev=1 count=1",
      "smell kind=has_smell.import_cycle file=src/x/a.ts",
    ]);
    expect(run("--path", "src/tmp.ts", "--format", "llm").lines[1]).toStartWith("smell kind=has_smell.orphan_file file=src/tmp.ts ");
  });

  test("--limit cuts the list, most confident first, and the cut says so", async () => {
    const { run } = await mapped("limit", tree());
    const r = run("--limit", "1", "--format", "llm");
    expect(r.lines[0]).toBe("smells rev=1 count=3 shown=1 version=smell_v1");
    expect(r.lines[1]).toStartWith("smell kind=has_smell.import_cycle ");
    expect(r.lines[2]).toStartWith("diagnostic code=results_truncated ");
    expect(run("--limit", "0", "--format", "llm").code).toBe(2);
  });

  test("text shows the same rows", async () => {
    const { run } = await mapped("text", tree());
    const text = run("--format", "text").stdout;
    for (const needle of ["has_smell.god_module", "has_smell.import_cycle", "has_smell.orphan_file", "src/god.ts", "src/tmp.ts"]) expect(text).toContain(needle);
  });

  test("--help states every rule and its thresholds", () => {
    const help = ix(["smells", "--help", "--format", "llm"]).stdout;
    for (const rule of ["god_module", "import_cycle", "orphan_file", "dead_export", "weak_component_member"]) expect(help).toContain(`note name=${rule} `);
    expect(help).toContain("p99, 5x median, 20");
    expect(help).toContain("linked with 3+ other files, more of which sit in one other region of the architecture map (at least 2, and a third of them)");
  });
});


/** alpha/a5.ts, imported by two alpha files, imports and calls three beta files instead of alpha ones. */
const drifted = (body = "n > 0 ? b0(n - 1) + b1(n - 2) + b2(n - 3) : 0") =>
  `import { b0 } from "../../beta/src/b0";\nimport { b1 } from "../../beta/src/b1";\nimport { b2 } from "../../beta/src/b2";\nexport function a5(n: number): number {\n  return ${body};\n}\n`;

const twoRings = () => ({ ...ring("packages/alpha/src", 12, "a"), ...ring("packages/beta/src", 12, "b") });

describe("weak_component_member", () => {
  const weak = (run: (...args: string[]) => { stdout: string }) => run("--kind", "weak_component_member", "--format", "llm");

  test("a file whose links lead mostly into one other region is flagged, with the regions; its neighbours are not", async () => {
    const { root, home, run } = await mapped("weak", { ...twoRings(), "packages/alpha/src/a5.ts": drifted() });
    const regionOf = (path: string) => withGraph(home, root, async (graph) => (await graph.regionOfFile(path))!.region);
    const own = await regionOf("packages/alpha/src/a5.ts");
    const best = await regionOf("packages/beta/src/b0.ts");
    expect(own).toBe(await regionOf("packages/alpha/src/a3.ts"));
    expect(best).not.toBe(own);
    const r = weak(run);
    expect(r.stdout.trim().split("\n")).toEqual([
      "smells rev=1 count=1 version=smell_v1",
      `smell kind=has_smell.weak_component_member file=packages/alpha/src/a5.ts confidence=0.6 region=${own} inside=2 outside=3 best_region=${best} best=3 edges_inside=4 edges_outside=6`,
    ]);
    const json = JSON.parse(run("--kind", "weak_component_member", "--format", "json").stdout);
    expect(json.smell).toEqual([{ kind: "has_smell.weak_component_member", file: "packages/alpha/src/a5.ts", confidence: 0.6, region: own, inside: 2, outside: 3, best_region: best, best: 3, edges_inside: 4, edges_outside: 6 }]);
    // Without a stored report the query computes one, the region rule included.
    damageGraph(home, root, "DELETE FROM meta WHERE key = 'smells'");
    expect(weak(run).stdout).toBe(r.stdout);
  });

  test("the control: two packages whose files link inside their own have none", async () => {
    const { run } = await mapped("weak-control", twoRings());
    expect(weak(run).stdout.trim().split("\n")).toEqual(["smells rev=1 count=0 version=smell_v1"]);
  });

  test("an edit that moves a file's links away is read against the map of its own revision; a body-only edit carries it", async () => {
    const { root, home, run } = await mapped("weak-edit", twoRings());
    expect(weak(run).stdout.trim()).toBe("smells rev=1 count=0 version=smell_v1");
    await Bun.write(`${root}/packages/alpha/src/a5.ts`, drifted());
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const flagged = weak(run).stdout.trim().split("\n");
    expect(flagged[0]).toBe("smells rev=2 count=1 version=smell_v1");
    const region = (await withGraph(home, root, (graph) => graph.regionOfFile("packages/alpha/src/a5.ts")))!.region;
    expect(flagged[1]).toStartWith(`smell kind=has_smell.weak_component_member file=packages/alpha/src/a5.ts confidence=0.6 region=${region} `);
    // A mark the rules never write, to tell a carried report from one computed again.
    damageGraph(home, root, `UPDATE meta SET value = json_set(value, '$.thresholds.carried', 1) WHERE key = 'smells'`);
    await Bun.write(`${root}/packages/alpha/src/a5.ts`, drifted("n > 1 ? b0(n - 1) + b1(n - 2) + b2(n - 3) : 1"));
    const map = ix(["map", ".", "--format", "json"], { cwd: root, home });
    expect(JSON.parse(map.stdout).map).toMatchObject({ rev: 3 });
    expect(weak(run).stdout.trim().split("\n")).toEqual([flagged[0]!.replace("rev=2", "rev=3"), flagged[1]!]);
    expect(JSON.parse((await withGraph(home, root, (graph) => graph.meta("smells")))!)).toMatchObject({ rev: 3, regionsRev: 2, thresholds: { carried: 1 } });
    // Back to its own package: the rules and the map run again, and it is no longer flagged.
    await Bun.write(`${root}/packages/alpha/src/a5.ts`, twoRings()["packages/alpha/src/a5.ts"]!);
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(weak(run).stdout.trim()).toBe("smells rev=4 count=0 version=smell_v1");
  });

  test("while the map does not match the revision its smells are left out, and said so; a later map brings them", async () => {
    const { root, home, run } = await mapped("weak-failed", { ...twoRings(), "packages/alpha/src/a5.ts": drifted() });
    expect(weak(run).stdout).toContain("has_smell.weak_component_member");
    damageGraph(home, root, "DROP TABLE region_links");
    await Bun.write(`${root}/packages/alpha/src/late.ts`, `import { a1 } from "./a1";\nexport const late = (): number => a1(1);\n`);
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const lines = weak(run).stdout.trim().split("\n");
    expect(lines[0]).toBe("smells rev=2 count=0 version=smell_v1");
    expect(lines[1]).toStartWith("diagnostic code=map_incomplete ");
    damageGraph(home, root, "CREATE TABLE region_links (src TEXT, dst TEXT, edges INT, PRIMARY KEY (src, dst)) WITHOUT ROWID");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const again = weak(run).stdout.trim().split("\n");
    expect(again[0]).toBe("smells rev=2 count=1 version=smell_v1");
    expect(again[1]).toStartWith("smell kind=has_smell.weak_component_member file=packages/alpha/src/a5.ts ");
  });
});

describe("smells are stored with each revision", () => {
  test("a map that breaks the cycle answers without it", async () => {
    const { root, home, run } = await mapped("rev", {
      "src/a.ts": `import { b } from "./b";\nexport function a(): number {\n  return b() + 1;\n}\n`,
      "src/b.ts": `import { a } from "./a";\nexport function b(): number {\n  return 2;\n}\nexport function c(): number {\n  return a();\n}\n`,
      "src/main.ts": `import { c } from "./b";\nc();\n`,
    });
    expect(run("--format", "llm").lines[0]).toBe("smells rev=1 count=1 version=smell_v1");
    await Bun.write(`${root}/src/b.ts`, `export function b(): number {\n  return 2;\n}\nexport function c(): number {\n  return 3;\n}\n`);
    await Bun.write(`${root}/src/a.ts`, `import { b } from "./b";\nexport function a(): number {\n  return b() + 1;\n}\n`);
    await Bun.write(`${root}/src/main.ts`, `import { a } from "./a";\nimport { c } from "./b";\na();\nc();\n`);
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(run("--format", "llm").lines).toEqual(["smells rev=2 count=0 version=smell_v1"]);
    // Read from the report the map stored with revision 2, not computed by the query.
    const stored = JSON.parse((await withGraph(home, root, (graph) => graph.meta("smells")))!);
    expect(stored).toMatchObject({ version: "smell_v1", rev: 2, smells: [] });
  });

  test("an edit inside bodies carries the report over with the lines it moved; a new use is read again", async () => {
    const lib = (body: string) => `export function used(): number {\n${body}}\n\nexport function unused(): number {\n  return 2;\n}\n`;
    const { root, home, run } = await mapped("carry", { "src/main.ts": `import { used } from "./lib";\nused();\n`, "src/lib.ts": lib("  return 1;\n") });
    const dead = (rev: number, line: number) => [
      `smells rev=${rev} count=1 version=smell_v1`,
      `smell kind=has_smell.dead_export file=src/lib.ts confidence=0.9 entity=unused entity_kind=function line=${line} uses=0`,
    ];
    expect(run("--format", "llm").lines).toEqual(dead(1, 5));
    // A mark the rules never write, to tell a carried report from one computed again.
    damageGraph(home, root, `UPDATE meta SET value = json_set(value, '$.thresholds.carried', 1) WHERE key = 'smells'`);
    // Two more lines in used's body: the same shape, so the stored report is carried, its line read again.
    await Bun.write(`${root}/src/lib.ts`, lib("  const one = 1;\n  const two = one;\n  return two;\n"));
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(run("--format", "llm").lines).toEqual(dead(2, 7));
    expect(JSON.parse((await withGraph(home, root, (graph) => graph.meta("smells")))!)).toMatchObject({ rev: 2, thresholds: { carried: 1 } });
    // A call of unused from used's body is a new edge: the rules run again and it is no longer dead.
    await Bun.write(`${root}/src/lib.ts`, lib("  return unused();\n"));
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(run("--format", "llm").lines).toEqual(["smells rev=3 count=0 version=smell_v1"]);
  });
});

describe("a graph mapped before smells were stored", () => {
  test("is answered by computing them, the same records", async () => {
    const { root, home, run } = await mapped("old", {
      "src/main.ts": `import { used } from "./lib";\nused();\n`,
      "src/lib.ts": `export function used(): number {\n  return 1;\n}\n\nexport function unused(): number {\n  return 2;\n}\n`,
    });
    const stored = run("--format", "llm").lines;
    damageGraph(home, root, "DELETE FROM meta WHERE key = 'smells'");
    expect(run("--format", "llm").lines).toEqual(stored);
    expect(stored[1]).toStartWith("smell kind=has_smell.dead_export file=src/lib.ts ");
  });
});
