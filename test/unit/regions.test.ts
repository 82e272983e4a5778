// Region work on synthetic graphs with planted communities: the planted structure comes back,
// the same graph gives the same regions, and a small change keeps every region id.
import { describe, expect, test } from "bun:test";
import type { FileEdges, Hierarchy, Region, RegionInputFile } from "../../src/model/regions";
import { computeRegions, type RegionInput } from "../../src/regions";
import { labelAll } from "../../src/regions/labels";
import { pathLabels } from "../../src/answers/regions";
import { louvainOf, UndirectedView } from "../../src/regions/louvain";
import Graph, { DirectedGraph } from "graphology";
import { DirectedView, pagerankWith } from "../../src/regions/pagerank";

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `groups` planted communities of `size` files each, dense inside, one stray edge per file outside; paths shuffled in one flat directory unless `dirs`. */
function planted(groups: number, size: number, opts: { seed?: number; dirs?: boolean; inside?: number } = {}): { input: RegionInput; truth: Map<string, number> } {
  const random = rng(opts.seed ?? 7);
  const files: RegionInputFile[] = [];
  const truth = new Map<string, number>();
  const members: string[][] = [];
  for (let g = 0; g < groups; g++) {
    members.push([]);
    for (let i = 0; i < size; i++) {
      const name = `f${Math.floor(random() * 1e9).toString(36)}${g}x${i}.ts`;
      const path = opts.dirs ? `g${g}/${name}` : `flat/${name}`;
      files.push({ path, role: "production", entities: 3 });
      truth.set(path, g);
      members[g]!.push(path);
    }
  }
  const links: FileEdges[] = [];
  const inside = opts.inside ?? 0.4;
  for (const group of members) {
    for (const a of group) for (const b of group) if (a !== b && random() < inside) links.push({ from: a, to: b, kind: random() < 0.5 ? "IMPORTS" : "CALLS", count: 1 + Math.floor(random() * 3) });
  }
  for (const [g, group] of members.entries()) {
    for (const a of group) {
      const other = members[(g + 1 + Math.floor(random() * (groups - 1))) % groups]!;
      links.push({ from: a, to: other[Math.floor(random() * other.length)]!, kind: "CALLS", count: 1 });
    }
  }
  return { input: { files, links, rootName: "planted" }, truth };
}

const leavesOf = (h: Hierarchy) => {
  const byRegion = new Map<string, string[]>();
  for (const f of h.files) (byRegion.get(f.region) ?? byRegion.set(f.region, []).get(f.region)!).push(f.path);
  return [...byRegion.values()];
};

/** Files in the region's majority group / files, over all regions. */
function purity(parts: string[][], truth: Map<string, number>): number {
  let right = 0;
  let all = 0;
  for (const part of parts) {
    const counts = new Map<number, number>();
    for (const p of part) counts.set(truth.get(p)!, (counts.get(truth.get(p)!) ?? 0) + 1);
    right += Math.max(...counts.values());
    all += part.length;
  }
  return right / all;
}

describe("regions on planted communities", () => {
  test("planted communities of module size come back as modules, paths telling nothing", () => {
    const { input, truth } = planted(8, 12);
    const { hierarchy } = computeRegions(input);
    const modules = leavesOf(hierarchy);
    expect(purity(modules, truth)).toBeGreaterThanOrEqual(0.95);
    // And each planted group sits in one module: the inverse purity.
    const inverse = new Map<string, number>(hierarchy.files.map((f) => [f.path, 0]));
    const regionIndex = new Map(modules.map((m, i) => [m[0]!, i]));
    for (const m of modules) for (const p of m) inverse.set(p, regionIndex.get(m[0]!)!);
    const groups = [...new Set(truth.values())].map((g) => [...truth].filter(([, v]) => v === g).map(([p]) => p));
    expect(purity(groups, inverse)).toBeGreaterThanOrEqual(0.95);
    expect(hierarchy.modularity).toBeGreaterThan(0.5);
  });

  test("separate components never share a top-level region", () => {
    const a = planted(4, 15, { seed: 1, dirs: true });
    const b = planted(4, 15, { seed: 2, dirs: true });
    const files = [...a.input.files, ...b.input.files.map((f) => ({ ...f, path: `other/${f.path}` }))];
    const links = [...a.input.links, ...b.input.links.map((l) => ({ ...l, from: `other/${l.from}`, to: `other/${l.to}` }))];
    const { hierarchy } = computeRegions({ files, links, rootName: "two" });
    const root = hierarchy.regions.find((r) => r.parent === null)!;
    expect(root.kind).toBe("system");
    expect(root.files).toBe(120);
    const topOf = new Map<string, string>();
    const byId = new Map(hierarchy.regions.map((r) => [r.id, r]));
    for (const f of hierarchy.files) {
      let at = byId.get(f.region)!;
      while (at.parent !== root.id && at.parent !== null) at = byId.get(at.parent)!;
      topOf.set(f.path, at.id);
    }
    const project = (path: string) => (path.startsWith("other/") ? "b" : "a");
    const mixed = root.children.filter((id) => new Set([...topOf].filter(([, top]) => top === id).map(([p]) => project(p))).size > 1);
    expect(mixed).toEqual([]);
  });

  test("a community larger than a module is split into modules of at most about 20 files", () => {
    const { input } = planted(1, 150, { inside: 0.05, dirs: true });
    const { hierarchy } = computeRegions(input);
    const sizes = hierarchy.regions.filter((r) => r.kind === "module").map((r) => r.files);
    expect(sizes.length).toBeGreaterThan(4);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(30);
  });

  test("the same graph gives the same regions", () => {
    const { input } = planted(10, 14, { seed: 3 });
    const first = computeRegions(input).hierarchy;
    const shuffled = { ...input, files: [...input.files].reverse(), links: [...input.links].reverse() };
    expect(computeRegions(shuffled).hierarchy).toEqual(first);
  });

  test("one added file leaves every other file's region id as it was", () => {
    const { input } = planted(10, 14, { seed: 4, dirs: true });
    const before = computeRegions(input);
    const added = "g3/new-file.ts";
    const next: RegionInput = {
      ...input,
      files: [...input.files, { path: added, role: "production", entities: 1 }],
      links: [...input.links, { from: added, to: input.files.find((f) => f.path.startsWith("g3/"))!.path, kind: "IMPORTS", count: 1 }],
    };
    const after = computeRegions(next, { regions: before.hierarchy.regions, files: before.hierarchy.files, drift: before.drift, innerShare: before.innerShare });
    const regionOf = new Map(after.hierarchy.files.map((f) => [f.path, f.region]));
    const kept = before.hierarchy.files.filter((f) => regionOf.get(f.path) === f.region).length;
    expect(kept / before.hierarchy.files.length).toBeGreaterThanOrEqual(0.95);
    const sibling = before.hierarchy.files.find((f) => f.path === next.links.at(-1)!.to)!;
    expect(regionOf.get(added)).toBe(sibling.region);
  });

  test("a link added between kept files re-scores the stored regions and keeps their labels and directories, the scores those of a labelling from scratch", () => {
    const { input } = planted(10, 14, { seed: 6, dirs: true });
    const before = computeRegions(input);
    const [a, b] = [input.files.find((f) => f.path.startsWith("g1/"))!.path, input.files.find((f) => f.path.startsWith("g7/"))!.path];
    const next: RegionInput = { ...input, links: [...input.links, { from: a, to: b, kind: "IMPORTS", count: 4 }] };
    const previous = { regions: before.hierarchy.regions, files: before.hierarchy.files, drift: before.drift, innerShare: before.innerShare };
    const after = computeRegions(next, previous);
    expect(after.mode).toBe("extended");
    expect(after.hierarchy.regions.map((r) => [r.id, r.label, r.dir])).toEqual(before.hierarchy.regions.map((r) => [r.id, r.label, r.dir]));
    // The stored labels stand for a labelling from scratch: with a renamed label, the reuse shows.
    const renamed = { ...previous, regions: previous.regions.map((r) => ({ ...r, label: `${r.label}!` })) };
    expect(computeRegions(next, renamed).hierarchy.regions.every((r) => r.label.endsWith("!"))).toBe(true);
    // The confidence read from a stored directory equals the one measured from the paths.
    const measured = computeRegions(next, { ...previous, drift: previous.drift - 1 });
    expect(measured.mode).toBe("extended");
    expect(after.hierarchy.regions.map((r) => r.confidence)).toEqual(measured.hierarchy.regions.map((r) => r.confidence));
    expect(after.hierarchy.regions.map((r) => r.signals)).toEqual(measured.hierarchy.regions.map((r) => r.signals));
  });

  test("a full recomputation matches its regions to the previous ones by overlap", () => {
    const { input } = planted(10, 14, { seed: 5, dirs: true });
    const before = computeRegions(input);
    // No drift allowance left: Louvain runs again, and ids come from the overlap.
    const after = computeRegions(input, { regions: before.hierarchy.regions, files: before.hierarchy.files, drift: 1e9, innerShare: before.innerShare });
    expect(after.mode).toBe("full");
    expect(after.hierarchy.regions.map((r) => r.id).sort()).toEqual(before.hierarchy.regions.map((r) => r.id).sort());
  });

  test("each file's edges inside and outside its region are counted, with the files at their other ends", () => {
    const files = ["a/1.ts", "a/2.ts", "a/3.ts", "a/4.ts", "a/5.ts", "a/6.ts", "b/1.ts", "b/2.ts", "b/3.ts", "b/4.ts", "b/5.ts", "b/6.ts"].map((path) => ({ path, role: "production", entities: 1 }));
    const links: FileEdges[] = [];
    for (const side of ["a", "b"]) for (let i = 1; i <= 6; i++) links.push({ from: `${side}/${i}.ts`, to: `${side}/${(i % 6) + 1}.ts`, kind: "IMPORTS", count: 1 });
    links.push({ from: "a/1.ts", to: "b/1.ts", kind: "REFERENCES", count: 1 });
    const { hierarchy } = computeRegions({ files, links, rootName: "pair" });
    const of = new Map(hierarchy.files.map((f) => [f.path, f]));
    expect(of.get("a/1.ts")).toMatchObject({ edgesInside: 2, edgesOutside: 1, neighborsInside: 2, neighborsOutside: 1 });
    expect(of.get("b/1.ts")).toMatchObject({ edgesInside: 2, edgesOutside: 1, neighborsInside: 2, neighborsOutside: 1 });
    expect(of.get("a/3.ts")).toMatchObject({ edgesInside: 2, edgesOutside: 0, neighborsInside: 2, neighborsOutside: 0 });
    expect(of.get("a/1.ts")!.region).not.toBe(of.get("b/1.ts")!.region);
    const [moduleA, moduleB] = [of.get("a/1.ts")!.region, of.get("b/1.ts")!.region];
    expect(hierarchy.links).toEqual([{ src: moduleA, dst: moduleB, edges: 1 }]);
    const a = hierarchy.regions.find((r) => r.id === moduleA)!;
    expect(a).toMatchObject({ kind: "module", files: 6, cohesion: 0.86, coupling: 0.17, crosscut: 0, label: "A" });
    // B is depended on by the one other module of its level.
    expect(hierarchy.regions.find((r) => r.id === moduleB)!.crosscut).toBe(1);
  });

  test("labels: the dominant directory's last two meaningful segments; two regions of one directory set apart by their commonest subdirectory", () => {
    const region = (paths: string[], dir: string) => ({ paths, dir, root: false });
    const labels = labelAll(
      [
        { paths: [], dir: "", root: true },
        region(["src/cli/client/a.ts", "src/cli/client/b.ts"], "src/cli/client"),
        region(["django/django/db/x.py", "django/django/core/y.py", "django/django/db/z.py"], "django/django"),
        region(["django/django/core/a.py", "django/django/core/b.py", "django/django/urls/c.py"], "django/django"),
      ],
      "my_repo",
    );
    expect(labels).toEqual(["My Repo", "Cli / Client", "Django / Db", "Django / Core"]);
  });

  test("a repository of a few files is one system holding them", () => {
    const { input } = planted(1, 6);
    const { hierarchy } = computeRegions(input);
    expect(hierarchy.regions.length).toBe(1);
    expect(hierarchy.regions[0]).toMatchObject({ kind: "system", parent: null, files: 6, label: "Planted" });
    expect(hierarchy.levels).toBe(1);
  });
});

describe("Louvain over typed arrays", () => {
  test("the view gives the partition a graphology Graph of the same edges gives, self-loops included", () => {
    const random = rng(11);
    const n = 300;
    const src: number[] = [];
    const dst: number[] = [];
    const weights: number[] = [];
    const seen = new Set<number>();
    // Ten planted groups with noise, a few self-loops (a merged group's inner weight).
    for (let e = 0; e < 2400; e++) {
      const a = Math.floor(random() * n);
      const b = random() < 0.85 ? Math.floor(a / 30) * 30 + Math.floor(random() * 30) : Math.floor(random() * n);
      const key = Math.min(a, b) * n + Math.max(a, b);
      if (seen.has(key)) continue;
      seen.add(key);
      src.push(a);
      dst.push(b);
      weights.push(1 + Math.floor(random() * 4) / 2);
    }
    const graph = new Graph({ type: "undirected", allowSelfLoops: true, multi: false });
    for (let i = 0; i < n; i++) graph.addNode(String(i));
    for (const [e, a] of src.entries()) graph.addUndirectedEdgeWithKey(String(e), String(a), String(dst[e]), { weight: weights[e] });
    const view = new UndirectedView(n, Int32Array.from(src), Int32Array.from(dst), Float64Array.from(weights));
    expect(view.selfLoopCount).toBeGreaterThan(0);
    for (const resolution of [1, 2, 0.5]) {
      const fromGraph = louvainOf(graph, resolution);
      const fromView = louvainOf(view, resolution);
      const parts = new Set(Object.values(fromView));
      expect(parts.size).toBeGreaterThan(3);
      for (let i = 0; i < n; i++) expect(fromView[i]).toBe(fromGraph[String(i)]!);
    }
  });
});

describe("PageRank over typed arrays", () => {
  test("the view gives the ranks a graphology DirectedGraph of the same edges gives", () => {
    const random = rng(5);
    const n = 200;
    const pairs = new Map<number, [number, number, number]>();
    for (let e = 0; e < 1500; e++) {
      const from = Math.floor(random() * n);
      // A few hubs most files lean on, so the ranks differ widely.
      const to = random() < 0.5 ? Math.floor(random() * 5) : Math.floor(random() * n);
      if (from !== to && !pairs.has(from * n + to)) pairs.set(from * n + to, [from, to, 1 + Math.floor(random() * 3)]);
    }
    const graph = new DirectedGraph();
    for (let i = 0; i < n; i++) graph.addNode(String(i));
    for (const [from, to, weight] of pairs.values()) graph.addDirectedEdge(String(from), String(to), { weight });
    const fromGraph = pagerankWith(graph);
    const fromView = pagerankWith(new DirectedView(n, [...pairs.values()]));
    expect(Math.max(...Object.values(fromView))).toBeGreaterThan(5 / n);
    for (let i = 0; i < n; i++) expect(fromView[i]).toBeCloseTo(fromGraph[String(i)]!, 12);
  });
});

describe("system paths", () => {
  test("a label its parent already has is said once", () => {
    const region = (id: string, label: string, parent: string | null): Region => ({ id, kind: "subsystem", label, level: 1, parent, children: [], files: 1, entities: 1, cohesion: 1, coupling: 0, crosscut: 0, confidence: 1, signals: [], dir: "" });
    const chain = [region("a", "B / Effect", "root"), region("b", "B / Effect", "a"), region("c", "B / Effect / Persistence", "b")];
    expect(pathLabels(chain)).toEqual(["B / Effect", "B / Effect / Persistence"]);
    expect(pathLabels([region("x", "Cli", "root"), region("y", "Client", "x")])).toEqual(["Cli", "Client"]);
  });
});
