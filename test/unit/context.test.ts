// The context bundle's assembly from what the graph said: the ranking rule, every budget and the
// truncation counts, freshness, and claims (read from doc comments, here given directly, since
// the assembly is a pure function of what was gathered).
import { describe, expect, test } from "bun:test";
import { assembleBundle, clampBudget, DEFAULT_BUDGETS, evidenceChars, keptEntities, type Gathered, type KeptFacts, type Relation } from "../../src/answers/context";
import type { Claim } from "../../src/answers/claims";
import type { GraphNode } from "../../src/store";

let seq = 0;
function node(name: string, kind = "function", path = "src/a.ts", line = 1): GraphNode {
  const id = `${(++seq).toString(16).padStart(8, "0")}-0000-0000-0000-000000000000`;
  return { id, kind, name, qname: name, path, startLine: line, endLine: line + 2, lang: "typescript", signature: "", exported: true, role: "source", parentId: null };
}

const widget = node("Widget", "class", "src/widget.ts", 3);
const file = node("src/widget.ts", "file", "src/widget.ts", 1);
const render = node("render", "method", "src/widget.ts", 5);
const mount = node("mount", "method", "src/widget.ts", 9);
const main = node("main", "function", "src/main.ts", 1);
const other = node("render", "function", "src/other.ts", 1);

function relation(name: Relation["name"], outgoing: boolean, links: [GraphNode, Relation["links"][number]["predicate"]][], total = links.length): Relation {
  return { name, outgoing, links: links.map(([n, predicate]) => ({ node: n, predicate, reason: name })), total };
}

function gathered(overrides: Partial<Gathered> = {}): Gathered {
  return {
    target: widget,
    rev: 7,
    health: { health: "ok" },
    relations: [
      relation("container", false, [[file, "contains"]]),
      relation("members", true, [[render, "contains"], [mount, "contains"]]),
      relation("callers", false, [[main, "calls"]]),
      relation("dependents", false, []),
      relation("callees", true, [[other, "calls"]]),
      relation("uses", true, []),
    ],
    provenance: { path: "src/widget.ts", hash: "0123456789abcdef", history: 2 },
    ...overrides,
  };
}

const claims = new Map<string, Claim[]>([
  [widget.id, [{ kind: "summary", text: "renders to DOM", line: 2 }]],
  [render.id, [{ kind: "deprecated", text: "use mount", line: 4 }]],
]);
const fresh = (paths: string[], stale = false): KeptFacts => ({ claims, conflicts: [], stale: new Map(paths.map((p) => [p, stale])) });
const PATHS = ["src/widget.ts", "src/main.ts", "src/other.ts"];

function build(g = gathered(), budgets = DEFAULT_BUDGETS, facts = fresh(PATHS)) {
  const kept = keptEntities(g, budgets.entities);
  return assembleBundle(g, kept, facts, budgets);
}

describe("assembleBundle", () => {
  test("ranks evidence by tier: target, structural, claims, relationships, provenance", () => {
    const bundle = build();
    expect(bundle.evidence.map((e) => [e.score, e.kind, e.title])).toEqual([
      [0, "target", "Widget (class)"],
      [10, "structural", "container src/widget.ts"],
      [11, "structural", "member render"],
      [12, "structural", "member mount"],
      [13, "structural", "caller main"],
      [20, "claim", "renders to DOM"],
      [20, "claim", "render: deprecated: use mount"],
      [30, "relationship", "src/widget.ts --contains--> Widget"],
      [31, "relationship", "Widget --contains--> src/widget.ts:render"],
      [32, "relationship", "Widget --contains--> mount"],
      [33, "relationship", "main --calls--> Widget"],
      [34, "relationship", "Widget --calls--> src/other.ts:render"],
      [40, "provenance", "src/widget.ts hash 01234567, changed in 2 revision(s)"],
    ]);
  });

  test("the target comes first among the entities, then each relation's rows once; relationships keep the edge's direction", () => {
    const bundle = build();
    expect(bundle.entities.map((e) => e.name)).toEqual(["Widget", "src/widget.ts", "render", "mount", "main", "render"]);
    expect(bundle.relationships[0]).toEqual({ src: file.id, dst: widget.id, predicate: "contains" });
    expect(bundle.relationships[3]).toEqual({ src: main.id, dst: widget.id, predicate: "calls" });
  });

  test("claims carry stable prefixed ids, their entity and statement", () => {
    const a = build().claims;
    expect(a.map((c) => [c.entity, c.kind, c.statement, c.status])).toEqual([
      [widget.id, "summary", "renders to DOM", "active"],
      [render.id, "deprecated", "use mount", "active"],
    ]);
    for (const c of a) expect(c.id).toMatch(/^c-[0-9a-f]{6}$/);
    expect(build().claims.map((c) => c.id)).toEqual(a.map((c) => c.id));
  });

  test("the entity budget keeps the target and the most relevant; what it and each relation's unread rows leave out is counted", () => {
    const g = gathered();
    g.relations[2] = relation("callers", false, [[main, "calls"]], 40);
    const bundle = build(g, { ...DEFAULT_BUDGETS, entities: 3 });
    expect(bundle.entities.map((e) => e.name)).toEqual(["Widget", "src/widget.ts", "render"]);
    // 6 gathered, 3 kept, 39 callers never read.
    expect(bundle.truncation.entities).toBe(3 + 39);
    // Relationships to an entity left out go too: 5 gathered, 2 kept, 39 unread.
    expect(bundle.relationships).toHaveLength(2);
    expect(bundle.truncation.relationships).toBe(3 + 39);
    expect(bundle.claims.map((c) => c.entity)).toEqual([widget.id, render.id]);
  });

  test("the relationship budget cuts relationships alone", () => {
    const bundle = build(gathered(), { ...DEFAULT_BUDGETS, relationships: 1 });
    expect(bundle.relationships).toHaveLength(1);
    expect(bundle.entities).toHaveLength(6);
    // Relationship evidence comes from the kept relationships only: nothing more was cut.
    expect(bundle.truncation).toEqual({ entities: 0, relationships: 4, evidence: 0, chars: 0 });
  });

  test("the evidence budget keeps the best-ranked items", () => {
    const bundle = build(gathered(), { ...DEFAULT_BUDGETS, evidence: 2 });
    expect(bundle.evidence.map((e) => e.kind)).toEqual(["target", "structural"]);
    expect(bundle.truncation.evidence).toBe(11);
    expect(bundle.truncation.chars).toBe(0);
  });

  test("the chars budget keeps a prefix whose JSON fits, and counts the characters it left out", () => {
    const all = build().evidence;
    const room = evidenceChars(all[0]!) + evidenceChars(all[1]!) + 5;
    const bundle = build(gathered(), { ...DEFAULT_BUDGETS, chars: room });
    expect(bundle.evidence).toEqual(all.slice(0, 2));
    expect(bundle.truncation.evidence).toBe(all.length - 2);
    expect(bundle.truncation.chars).toBe(all.slice(2).reduce((sum, e) => sum + evidenceChars(e), 0));
  });

  test("freshness: current, stale when a kept file changed, unverified when one could not be checked, degraded on a damaged graph", () => {
    expect(build().freshness).toEqual({ stale: false, classification: "current" });
    const oneStale: KeptFacts = { claims, conflicts: [], stale: new Map([["src/widget.ts", false], ["src/main.ts", true], ["src/other.ts", false]]) };
    expect(build(gathered(), DEFAULT_BUDGETS, oneStale).freshness).toEqual({ stale: true, classification: "stale" });
    expect(build(gathered(), DEFAULT_BUDGETS, oneStale).entities.find((e) => e.name === "main")?.stale).toBe(true);
    const unknown: KeptFacts = { claims, conflicts: [], stale: new Map([["src/widget.ts", false], ["src/main.ts", undefined], ["src/other.ts", false]]) };
    expect(build(gathered(), DEFAULT_BUDGETS, unknown).freshness.classification).toBe("unverified");
    const hollow = gathered({ health: { health: "degraded", reason: "hollow", message: "lost" } });
    expect(build(hollow).freshness.classification).toBe("degraded");
    expect(build(hollow).graph).toEqual({ status: "degraded", reason: "hollow", message: "lost" });
  });

  test("a structural tier never reaches the claims' score, nor relationships the provenance's", () => {
    const many = Array.from({ length: 20 }, (_, i) => node(`m${i}`, "method", "src/widget.ts", 20 + i));
    const g = gathered();
    g.relations[1] = relation("members", true, many.map((m) => [m, "contains"] as [GraphNode, "contains"]));
    const bundle = build(g, { ...DEFAULT_BUDGETS, evidence: 200, chars: 1_000_000 });
    const scores = (kind: string) => bundle.evidence.filter((e) => e.kind === kind).map((e) => e.score);
    expect(Math.max(...scores("structural"))).toBe(19);
    expect(scores("structural").length).toBe(1 + 10 + 1);
    expect(Math.max(...scores("relationship"))).toBe(39);
  });

  test("a conflict the code makes with a claim ranks after the claims and is counted", () => {
    const facts: KeptFacts = { ...fresh(PATHS), conflicts: [{ rule: "deprecated_in_use", entity: render.id, line: 4, claim: "deprecated: use mount", code: "1 production use by 1 caller: main (src/main.ts:1)" }] };
    const bundle = build(gathered(), DEFAULT_BUDGETS, facts);
    expect(bundle.conflicts).toBe(1);
    const at = bundle.evidence.findIndex((e) => e.kind === "conflict");
    expect(bundle.evidence[at]).toMatchObject({ score: 22, title: "render deprecated: use mount, but 1 production use by 1 caller: main (src/main.ts:1)", path: "src/widget.ts", lines: "4", reason: "deprecated_in_use" });
    expect(bundle.evidence[at - 1]!.kind).toBe("claim");
    expect(bundle.evidence[at + 1]!.kind).toBe("relationship");
  });

  test("budgets clamp to their documented ranges", () => {
    expect(clampBudget("entities", 0)).toBe(1);
    expect(clampBudget("entities", 9999)).toBe(500);
    expect(clampBudget("relationships", 5000)).toBe(1000);
    expect(clampBudget("evidence", 500)).toBe(200);
    expect(clampBudget("chars", 10)).toBe(1000);
    expect(clampBudget("chars", 5_000_000)).toBe(1_000_000);
    expect(clampBudget("evidence", 30)).toBe(30);
  });

  test("the same input gives the same bytes", () => {
    expect(JSON.stringify(build())).toBe(JSON.stringify(build()));
  });
});
