// The walk's bounds and marks on a graph held in memory: the cap is exact (a walk that fits is
// never called cut), nodes seen before take no room, a back edge to a node on its own path is a
// cycle, and a shortest path says which bound ended a search that found none.
import { describe, expect, test } from "bun:test";
import { shortestPath, walk } from "../../src/answers/walk";
import type { GraphNode, GraphReader, HopEdge } from "../../src/store";

const node = (name: string): GraphNode => ({
  id: name,
  kind: "function",
  name,
  qname: name,
  path: `${name}.ts`,
  startLine: 1,
  endLine: 1,
  lang: null,
  signature: "",
  exported: true,
  role: "production",
  parentId: null,
});

/** `calls`: caller → callees. hop answers as the store does: distinct far nodes in path order, each with the first frontier node reaching it. */
function graphOf(calls: Record<string, string[]>): { graph: GraphReader; hops: number[] } {
  const hops: number[] = [];
  const graph = {
    async hop(ids: readonly string[], direction: "into" | "from", _links: unknown, limit: number): Promise<HopEdge[]> {
      hops.push(ids.length);
      const far = new Map<string, string>();
      for (const at of ids) {
        const next = direction === "from" ? (calls[at] ?? []) : Object.keys(calls).filter((caller) => calls[caller]!.includes(at));
        for (const id of next) if (!far.has(id)) far.set(id, at);
      }
      return [...far]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .slice(0, limit)
        .map(([id, at]) => ({ node: node(id), at, kinds: ["CALLS"], uses: true }));
    },
  } as unknown as GraphReader;
  return { graph, hops };
}

const up = (depth: number, cap: number) => ({ direction: "up" as const, follow: new Set(["uses" as const]), depth, cap });

describe("walk", () => {
  const hub = graphOf(Object.fromEntries(["c1", "c2", "c3", "c4", "c5"].map((c) => [c, ["hub"]])));

  test("a walk that fits the cap exactly is whole; one node less is cut", async () => {
    const whole = await walk(hub.graph, [node("hub")], up(2, 5));
    expect(whole.steps.map((s) => s.node.id)).toEqual(["c1", "c2", "c3", "c4", "c5"]);
    expect(whole.truncated).toBe(false);
    const cut = await walk(hub.graph, [node("hub")], up(2, 4));
    expect(cut.steps).toHaveLength(4);
    expect(cut).toMatchObject({ truncated: true, cutDepth: 1 });
  });

  test("one store hop per depth, whatever the frontier's size", async () => {
    const { graph, hops } = graphOf({ a: ["m1", "m2", "m3"], m1: ["leaf"], m2: ["leaf"], m3: ["leaf"] });
    await walk(graph, [node("leaf")], up(3, 100));
    expect(hops).toEqual([1, 3, 1]);
  });

  test("nodes seen before take no room under the cap", async () => {
    // d1 and d2 both call leaf and each other: at depth 2 the hop returns them again, seen.
    const { graph } = graphOf({ d1: ["leaf", "d2"], d2: ["leaf", "d1"], top: ["d1"] });
    const found = await walk(graph, [node("leaf")], up(2, 3));
    expect(found.steps.filter((s) => !s.cycle).map((s) => `${s.node.id}@${s.depth}`)).toEqual(["d1@1", "d2@1", "top@2"]);
    expect(found.truncated).toBe(false);
  });

  test("an edge back to a node on its own path is a cycle, not walked again", async () => {
    const { graph } = graphOf({ ping: ["pong"], pong: ["ping"] });
    const found = await walk(graph, [node("ping")], up(5, 100));
    expect(found.steps.map((s) => `${s.node.id}@${s.depth}${s.cycle ? ":cycle" : ""}`)).toEqual(["pong@1", "ping@2:cycle"]);
  });
});

describe("shortest path", () => {
  const { graph } = graphOf({ main: ["a", "x"], a: ["b"], x: ["y"], y: ["b"], b: ["leaf"] });
  const down = (depth: number, cap: number) => ({ direction: "down" as const, follow: new Set(["uses" as const]), depth, cap });

  test("the fewest hops, each step reached from the one before", async () => {
    const found = await shortestPath(graph, node("main"), node("leaf"), down(6, 100));
    expect(found.path!.steps.map((s) => s.node.id)).toEqual(["a", "b", "leaf"]);
  });

  test("none: cut=depth when hops remained, cut=cap when entities did, no cut when the graph ran out", async () => {
    const shallow = await shortestPath(graph, node("main"), node("leaf"), down(2, 100));
    expect([shallow.path, shallow.cut]).toEqual([undefined, "depth"]);
    const narrow = await shortestPath(graph, node("main"), node("leaf"), down(6, 2));
    expect([narrow.path, narrow.cut]).toEqual([undefined, "cap"]);
    const none = await shortestPath(graph, node("leaf"), node("main"), down(6, 100));
    expect(none.path).toBeUndefined();
    expect(none.cut).toBeUndefined();
  });
});
