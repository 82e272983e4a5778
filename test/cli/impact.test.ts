// impact, depends and trace on a repository whose dependents are known (test/helpers/trees.ts
// impactTree): the depths of a chain, a cycle, an interface's implementations, a hub cut by
// --cap, tests reached through callers, a class's members; a degraded graph; every format;
// paths and no_path; and every next step they print, run.
import { beforeAll, describe, expect, test } from "bun:test";
import { decodeLlmStream } from "../../src/wire/llm";
import { ix, tempDir, writeTree, type RunResult } from "../helpers/cli";
import { damageGraph } from "../helpers/graph";
import { impactTree } from "../helpers/trees";

const HUB_CALLERS = 30;
let root = "";
let home = "";

beforeAll(async () => {
  root = await writeTree(tempDir("ix-impact-"), impactTree(HUB_CALLERS));
  home = tempDir();
  expect(ix(["map", ".", "--format", "llm"], { cwd: root, home }).code).toBe(0);
});

const run = (args: string[]): RunResult => ix([...args, "--format", "llm"], { cwd: root, home });
const records = (r: RunResult) => decodeLlmStream(r.stdout);
const rowsOf = (r: RunResult, kind: string) => records(r).filter((rec) => rec.kind === kind).map((rec) => rec.fields);
const head = (r: RunResult, kind: string) => records(r).find((rec) => rec.kind === kind)?.fields ?? {};
const names = (rows: Record<string, string>[]) => rows.map((row) => row.name ?? row.path).sort();

describe("impact", () => {
  test("walks callers to the depth asked: one function per hop of the chain", () => {
    const at = (depth: number) => rowsOf(run(["impact", "leaf", "--depth", String(depth)]), "caller");
    expect(names(at(1))).toEqual(["mid1"]);
    expect(names(at(2))).toEqual(["mid1", "mid2"]);
    // Depth 3: top3 and the test function that calls mid2.
    expect(at(3).map((row) => `${row.name ?? row.path}@${row.depth}`).sort()).toEqual(["checkMid@3", "mid1@1", "mid2@2", "top3@3"]);
    const counts = head(run(["impact", "leaf", "--depth", "3"]), "counts");
    expect(counts).toMatchObject({ callers: "1", depth_2: "1", depth_3: "2", affected: "4" });
  });

  test("its depth-1 callers are the callers ix callers lists", () => {
    const callers = rowsOf(run(["callers", "hub", "--full"]), "ref").map((row) => `${row.name}@${row.path}`).sort();
    const impact = run(["impact", "hub", "--depth", "1", "--full"]);
    expect(rowsOf(impact, "caller").map((row) => `${row.name}@${row.path}`).sort()).toEqual(callers);
    expect(head(impact, "counts").callers).toBe(String(HUB_CALLERS));
  });

  test("names the test files that reach the target through its callers", () => {
    const r = run(["impact", "leaf", "--depth", "3"]);
    expect(rowsOf(r, "test")).toEqual([{ path: "test/chain.test.ts", depth: "3", via: "mid1" }]);
    expect(head(r, "impact").summary).toContain("1 test file reaches it");
    expect(rowsOf(r, "next").map((n) => n.run)).toContain("ix read test/chain.test.ts");
    // At depth 2 the test file is out of reach.
    expect(rowsOf(run(["impact", "leaf", "--depth", "2"]), "test")).toEqual([]);
  });

  test("a method's callers include those calling it through its interface", () => {
    const r = run(["impact", "Square.area"]);
    expect(head(r, "counts")).toMatchObject({ callers: "0", via_interface: "1" });
    expect(names(rowsOf(r, "caller"))).toEqual(["total"]);
    // The row names the interface member it calls, which no row of the answer shows.
    expect(rowsOf(r, "caller")[0]).toMatchObject({ through: "Shape.area" });
    expect(rowsOf(r, "caller")[0]!.parent).toBeUndefined();
  });

  test("an interface with two implementations is a foundation; its heirs are dependents", () => {
    const r = run(["impact", "Shape"]);
    expect(head(r, "impact")).toMatchObject({ kind: "interface", category: "foundation" });
    expect(head(r, "counts")).toMatchObject({ heirs: "2" });
    expect(rowsOf(r, "caller").filter((row) => row.relation === "implemented_by").map((row) => row.name).sort()).toEqual(["Circle", "Square"]);
  });

  test("a class: its members with their callers, its importers, and the callers of those", () => {
    const r = run(["impact", "Store", "--depth", "2"]);
    expect(head(r, "impact")).toMatchObject({ kind: "class" });
    expect(rowsOf(r, "member").map((m) => `${m.name}:${m.callers}`)).toEqual(["get:2", "put:1"]);
    expect(head(r, "counts")).toMatchObject({ members: "2", importers: "1" });
    const callers = rowsOf(r, "caller").map((row) => `${row.name}@${row.depth}`);
    expect(callers).toContain("useStore@1");
    expect(callers).toContain("main@2");
    // A member calling another member is inside the change, not a dependent of it.
    expect(callers).not.toContain("put@1");
    // A dependent hangs under the target (no parent=) or under a member row, never an unseen row.
    const memberIds = new Set(rowsOf(r, "member").map((m) => m.id));
    const useStore = rowsOf(r, "caller").find((row) => row.name === "useStore")!;
    expect(memberIds.has(useStore.parent!) || useStore.parent === undefined).toBe(true);
  });

  test("a hub: --cap stops the walk and the answer says so", () => {
    const cut = run(["impact", "hub", "--cap", "10", "--full"]);
    expect(head(cut, "impact")).toMatchObject({ truncated: "true", shown: "10", total: "10" });
    expect(rowsOf(cut, "diagnostic").map((d) => d.code)).toContain("walk_truncated");
    // The cap cut depth 1: depth 2 was never walked, so its count is unknown, not zero.
    expect(head(cut, "counts").depth_2).toBe("unknown");
    const whole = run(["impact", "hub", "--full"]);
    expect(head(whole, "impact").truncated).toBeUndefined();
    expect(head(whole, "impact").total).toBe(String(HUB_CALLERS + 0));
    // --limit cuts the rows, not the walk: shown < total.
    const limited = run(["impact", "hub", "--limit", "5"]);
    expect(head(limited, "impact")).toMatchObject({ shown: "5", total: String(HUB_CALLERS) });
    expect(rowsOf(limited, "diagnostic").map((d) => d.code)).toContain("results_truncated");
    expect(head(whole, "impact")).toMatchObject({ category: "shared", risk: "high" });
  });

  test("on a degraded graph: the graph record first, risk=unknown, zeros unknown", async () => {
    const broken = await writeTree(tempDir("ix-impact-hollow-"), impactTree(3));
    const brokenHome = tempDir();
    ix(["map", "."], { cwd: broken, home: brokenHome });
    damageGraph(brokenHome, broken, "DELETE FROM edges WHERE kind = 'CONTAINS'");
    const r = ix(["impact", "leaf", "--format", "llm"], { cwd: broken, home: brokenHome });
    expect(r.code).toBe(0);
    expect(r.lines[0]).toMatch(/^graph status=degraded reason=hollow /);
    expect(head(r, "impact").risk).toBe("unknown");
    expect(head(r, "impact").category).toBeUndefined();
    expect(head(r, "counts")).toMatchObject({ callers: "1", callees: "unknown" });
    const depends = ix(["depends", "leaf", "--format", "llm"], { cwd: broken, home: brokenHome });
    expect(depends.lines[0]).toMatch(/^graph status=degraded /);
  });

  test("an orphaned target: its file lost its CONTAINS edges while the graph is whole; risk=unknown, other targets answer in full", async () => {
    const broken = await writeTree(tempDir("ix-impact-orphan-"), impactTree(3));
    const brokenHome = tempDir();
    ix(["map", "."], { cwd: broken, home: brokenHome });
    damageGraph(brokenHome, broken, "DELETE FROM edges WHERE kind = 'CONTAINS' AND dst IN (SELECT rowid FROM nodes WHERE path = 'src/chain.ts')");
    const r = ix(["impact", "leaf", "--format", "llm"], { cwd: broken, home: brokenHome });
    expect(r.code).toBe(0);
    expect(r.lines[0]).toMatch(/^graph status=degraded reason=orphaned_target /);
    expect(head(r, "impact").risk).toBe("unknown");
    const whole = ix(["impact", "hub", "--format", "llm"], { cwd: broken, home: brokenHome });
    expect(whole.lines.some((line) => line.startsWith("graph "))).toBe(false);
    expect(head(whole, "impact").risk).not.toBe("unknown");
  });

  test("usage errors: a depth out of range, an unknown relation", () => {
    expect(run(["impact", "leaf", "--depth", "4"]).code).toBe(2);
    expect(run(["impact", "leaf", "--depth", "0"]).code).toBe(2);
    const kind = run(["trace", "leaf", "--kind", "bogus"]);
    expect(kind.code).toBe(2);
    expect(kind.lines[0]).toContain("code=invalid_value");
    expect(run(["impact", "nosuchthing"]).lines[0]).toContain("code=unresolved_target");
  });
});

describe("depends", () => {
  test("the tree of dependents: relation, depth and parent on each row", () => {
    const r = run(["depends", "leaf", "--depth", "3"]);
    const rows = rowsOf(r, "dependent");
    const byName = new Map(rows.map((row) => [row.name ?? row.path, row]));
    expect(byName.get("mid1")).toMatchObject({ depth: "1", relation: "called_by" });
    expect(byName.get("mid2")!.parent).toBe(byName.get("mid1")!.id);
    expect(byName.get("top3")!.parent).toBe(byName.get("mid2")!.id);
    expect(head(r, "depends")).toMatchObject({ depth: "3", shown: "4" });
  });

  test("heirs and type users: implemented_by, referenced_by", () => {
    const rows = rowsOf(run(["depends", "Shape", "--depth", "1"]), "dependent");
    expect(rows.map((row) => `${row.name}:${row.relation}`).sort()).toEqual(["Circle:implemented_by", "Square:implemented_by", "total:referenced_by"]);
  });

  test("a cycle is marked and not walked again", () => {
    const r = run(["depends", "ping", "--depth", "4"]);
    const rows = rowsOf(r, "dependent");
    expect(rows.map((row) => `${row.name}@${row.depth}${row.cycle ? ":cycle" : ""}`)).toEqual(["pong@1", "ping@2:cycle"]);
    expect(head(r, "depends").cycles).toBe("1");
  });

  test("a hub: --cap cuts it and truncated says so; uncapped it is whole", () => {
    const cut = run(["depends", "hub", "--cap", "7"]);
    expect(head(cut, "depends")).toMatchObject({ shown: "7", truncated: "true" });
    expect(rowsOf(cut, "dependent")).toHaveLength(7);
    expect(rowsOf(cut, "diagnostic")[0]!.code).toBe("results_truncated");
    const whole = run(["depends", "hub"]);
    expect(head(whole, "depends")).toMatchObject({ shown: String(HUB_CALLERS) });
    expect(head(whole, "depends").truncated).toBeUndefined();
    // Exactly at the cap is whole, not cut.
    expect(head(run(["depends", "hub", "--cap", String(HUB_CALLERS)]), "depends").truncated).toBeUndefined();
  });
});

describe("trace", () => {
  test("both directions by default; --upstream and --downstream alone", () => {
    const both = rowsOf(run(["trace", "mid1"]), "step").map((s) => `${s.name}:${s.direction}`);
    expect(both.sort()).toEqual(["checkMid:up", "leaf:down", "mid2:up", "top3:up"]);
    expect(rowsOf(run(["trace", "mid1", "--upstream", "--depth", "1"]), "step").map((s) => s.name)).toEqual(["mid2"]);
    expect(rowsOf(run(["trace", "mid1", "--downstream"]), "step").map((s) => s.name)).toEqual(["leaf"]);
  });

  test("--kind imports and contains follow those relations", () => {
    const imports = rowsOf(run(["trace", "src/app/main.ts", "--kind", "imports", "--downstream"]), "step").map((s) => s.path);
    expect(imports.sort()).toEqual(["src/app/use-store.ts", "src/chain.ts", "src/store.ts"]);
    // A file's default relation is imports: nothing calls a file.
    const fileDefault = rowsOf(run(["trace", "src/app/main.ts", "--downstream"]), "step").map((s) => s.path);
    expect(fileDefault.sort()).toEqual(imports.sort());
    const members = rowsOf(run(["trace", "Store", "--kind", "contains", "--downstream"]), "step").map((s) => s.name);
    expect(members.sort()).toEqual(["get", "put"]);
  });

  test("--to: the shortest path, and no_path", () => {
    const path = run(["trace", "main", "--to", "leaf"]);
    expect(head(path, "path")).toMatchObject({ from: "main", to: "leaf", direction: "downstream", length: "4" });
    expect(rowsOf(path, "step").map((s) => s.name)).toEqual(["top3", "mid2", "mid1", "leaf"]);
    const up = run(["trace", "leaf", "--to", "main"]);
    expect(head(up, "path")).toMatchObject({ direction: "upstream", length: "4" });
    const none = run(["trace", "leaf", "--to", "hub"]);
    expect(none.code).toBe(0);
    expect(head(none, "no_path")).toMatchObject({ from: "leaf", to: "hub" });
    const short = run(["trace", "main", "--to", "leaf", "--depth", "2", "--downstream"]);
    expect(head(short, "no_path")).toMatchObject({ cut: "depth" });
  });
});

test("every format answers: text, json, llm, toon", () => {
  for (const args of [["impact", "leaf"], ["depends", "leaf"], ["trace", "mid1"], ["trace", "main", "--to", "leaf"]]) {
    const text = ix([...args, "--format", "text"], { cwd: root, home });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("mid");
    const json = JSON.parse(ix([...args, "--format", "json"], { cwd: root, home }).stdout);
    expect(json[args[0] === "trace" && args.includes("--to") ? "path" : args[0]!]).toBeDefined();
    const toon = ix([...args, "--format", "toon"], { cwd: root, home });
    expect(toon.code).toBe(0);
    expect(toon.stdout).toContain("mid");
  }
  const json = JSON.parse(ix(["impact", "leaf", "--format", "json"], { cwd: root, home }).stdout);
  expect(json.impact).toMatchObject({ target: "leaf", risk: expect.any(String), category: expect.any(String) });
  expect(json.caller[0]).toMatchObject({ name: "mid1", depth: 1 });
});

test("every next step impact, depends and trace print runs and exits 0", () => {
  const asked = [
    ["impact", "leaf", "--depth", "3"],
    ["impact", "Store"],
    ["impact", "src/chain.ts"],
    ["impact", "hub", "--cap", "5"],
    ["depends", "leaf"],
    ["depends", "hub", "--cap", "3"],
    ["trace", "mid1"],
    ["trace", "main", "--to", "leaf"],
    ["trace", "main", "--to", "leaf", "--depth", "2", "--downstream"],
  ];
  const steps = new Set<string>();
  for (const args of asked) for (const next of rowsOf(run(args), "next")) steps.add(next.run!);
  expect(steps.size).toBeGreaterThan(5);
  for (const line of steps) {
    const words = line.split(" ");
    expect(words[0]).toBe("ix");
    const r = run(words.slice(1));
    expect({ line, code: r.code }).toEqual({ line, code: 0 });
  }
});
