// The architecture map on the stack corpus (rxjs, effect, django and go-tools, three copies
// each, side by side in one repository): how well its regions follow the projects and their
// directories, what region work costs, and how fast `ix subsystems` and `ix smells` answer.
//   bun bench/regions.ts [corpus] [runs]      (default: stack 15)
// Goals: top-level purity ≥ 0.95 (a top-level region holds one corpus's files); region work
// ≤ 10% of the cold map; `ix subsystems` and `ix smells` within 3× `ix --version` (medians,
// in rotating order).
// Also: modularity (of the modules, over the real edges), the share of files whose module and
// whose subsystem hold mostly files of their own top directory, and stability (a body-only
// edit keeps every id; an added file keeps ≥ 95% of files' region ids).
import { cpSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { openGraphReader, type Region, type RegionFile } from "../src/store";
import { findWorkspace } from "../src/workspace/registry";
import { ixBinary } from "./binary";
import { ensureCorpus } from "./corpora";

const corpus = process.argv[2] ?? "stack";
const runs = Number(process.argv[3] ?? 15);
const bin = ixBinary();
const source = await ensureCorpus(corpus);
// A copy: the edits below must not touch the corpus.
const dir = join(mkdtempSync(join(tmpdir(), "ix-bench-regions-")), corpus);
cpSync(source, dir, { recursive: true, verbatimSymlinks: true });
const home = mkdtempSync(join(tmpdir(), "ix-bench-regions-home-"));
const env = { ...process.env, IX_HOME: home, IX_FORMAT: "llm" };

function ix(args: string[], extra: Record<string, string> = {}): { out: string; err: string; ms: number } {
  const started = performance.now();
  const r = Bun.spawnSync([bin, ...args], { cwd: dir, env: { ...env, ...extra } });
  const ms = performance.now() - started;
  if (r.exitCode !== 0) throw new Error(`ix ${args.join(" ")} exited ${r.exitCode}: ${r.stderr}`);
  return { out: r.stdout.toString(), err: r.stderr.toString(), ms };
}

/** IX_TRACE's phase lines: "ix map: <phase> at <ms> ms". */
function phases(err: string): Map<string, number> {
  return new Map([...err.matchAll(/ix map: (\w+) at (\d+) ms/g)].map((m) => [m[1]!, Number(m[2])]));
}

async function stored(): Promise<{ regions: Region[]; files: RegionFile[]; links: { from: string; to: string; count: number }[]; modularity: number }> {
  const ws = findWorkspace(home, realpathSync(dir))!;
  const graph = openGraphReader(ws.dbPath);
  try {
    return { regions: await graph.regions(), files: await graph.regionFiles(), links: (await graph.fileGraph()).links, modularity: Number(await graph.meta("regions_modularity")) };
  } finally {
    graph.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const prefix = (path: string, segments: number) => path.split("/").slice(0, segments).join("/");

/** Of the files of each group, the share in the group's majority label, over all files. */
function purity(groups: Map<string, string[]>, label: (path: string) => string): number {
  let right = 0;
  let all = 0;
  for (const paths of groups.values()) {
    const counts = new Map<string, number>();
    for (const p of paths) counts.set(label(p), (counts.get(label(p)) ?? 0) + 1);
    right += Math.max(...counts.values());
    all += paths.length;
  }
  return all === 0 ? 1 : right / all;
}

/** Each file's region at `pick` (its top-level one, its module, its module's parent), as groups. */
function groupsBy(regions: Region[], files: RegionFile[], pick: "top" | "module" | "parent"): Map<string, string[]> {
  const byId = new Map(regions.map((r) => [r.id, r]));
  const root = regions.find((r) => r.parent === null)!;
  const groups = new Map<string, string[]>();
  for (const f of files) {
    let at = byId.get(f.region)!;
    if (pick === "top") while (at.parent !== null && at.parent !== root.id) at = byId.get(at.parent)!;
    if (pick === "parent" && at.parent !== null) at = byId.get(at.parent)!;
    (groups.get(at.id) ?? groups.set(at.id, []).get(at.id)!).push(f.path);
  }
  return groups;
}

/** Newman modularity of a partition over the file graph's edges (undirected, counted). */
function modularityOf(groups: Map<string, string[]>, links: { from: string; to: string; count: number }[]): number {
  const groupOf = new Map<string, string>();
  for (const [id, paths] of groups) for (const p of paths) groupOf.set(p, id);
  const inner = new Map<string, number>();
  const degree = new Map<string, number>();
  let total = 0;
  for (const l of links) {
    const a = groupOf.get(l.from);
    const b = groupOf.get(l.to);
    if (a === undefined || b === undefined) continue;
    total += l.count;
    degree.set(a, (degree.get(a) ?? 0) + l.count);
    degree.set(b, (degree.get(b) ?? 0) + l.count);
    if (a === b) inner.set(a, (inner.get(a) ?? 0) + l.count);
  }
  let q = 0;
  for (const [id, d] of degree) q += (inner.get(id) ?? 0) / total - (d / (2 * total)) ** 2;
  return q;
}

// Cold map, phases traced: region work is the "regions" phase up to "done".
const cold = ix(["map", ".", "--silent"], { IX_TRACE: "1" });
const at = phases(cold.err);
const regionMs = (at.get("done") ?? 0) - (at.get("regions") ?? 0);
const coldMs = at.get("done") ?? cold.ms;
const before = await stored();
const { regions, files, links } = before;
const root = regions.find((r) => r.parent === null)!;
// In the stack corpus a file's project is its copy and corpus (a/django); its corpus alone
// (django) names what is unrelated: the copies of go-tools import each other's packages.
const segments = corpus === "stack" ? 2 : 0;
const project = (p: string) => (segments ? prefix(p, segments) : "");
const corpusOf = (p: string) => (segments ? p.split("/")[1]! : "");
const top = groupsBy(regions, files, "top");
const topDir = (p: string) => prefix(p, segments + 1);

// Query speed against the floor, in rotating order, the first two rounds left out. The floor
// is the bare \`ix --version\`, which answers before the CLI loads (the queries run in llm).
const queries: Record<string, string[]> = { version: ["--version"], subsystems: ["subsystems"], "subsystems --list": ["subsystems", "--list"], smells: ["smells"] };
const timed = new Map<string, number[]>(Object.keys(queries).map((name) => [name, []]));
for (let i = 0; i < runs + 2; i++) {
  const names = Object.keys(queries);
  for (let k = 0; k < names.length; k++) {
    const name = names[(i + k) % names.length]!;
    const ms = ix(queries[name]!, name === "version" ? { IX_FORMAT: "" } : {}).ms;
    if (i >= 2) timed.get(name)!.push(ms);
  }
}
const version = timed.get("version")!;

// Stability: a body-only edit, then one added file.
const editPath = files.find((f) => /\.(ts|py|go)$/.test(f.path) && f.edgesInside > 0)!.path;
const editFile = join(dir, editPath);
const text = await Bun.file(editFile).text();
await Bun.write(editFile, text + (editPath.endsWith(".py") ? "\n# edited\n" : "\n// edited\n"));
const edit = ix(["map", ".", "--silent"], { IX_TRACE: "1" });
const afterEdit = await stored();
const idsKept = JSON.stringify(afterEdit.regions.map((r) => [r.id, r.files])) === JSON.stringify(regions.map((r) => [r.id, r.files]));
// An import between two files of different modules that had no link: the file graph moves, the
// file set does not, so the hierarchy is kept and scored again (the post-edit hook's common case).
const isTs = (path: string) => path.endsWith(".ts") && !path.endsWith(".d.ts");
// Two files of one directory placed in different modules, so the import's specifier is plain.
const siblingOf = (from: RegionFile) => files.find((f) => isTs(f.path) && f.region !== from.region && dirname(f.path) === dirname(from.path));
const linkFrom = files.find((f) => isTs(f.path) && f.edgesInside > 0 && siblingOf(f) !== undefined);
const importTarget = linkFrom && siblingOf(linkFrom);
let linked: { ms: number; smells: number; work: number; idsKept: boolean } | undefined;
if (linkFrom && importTarget) {
  const fromFile = join(dir, linkFrom.path);
  await Bun.write(fromFile, `import "./${importTarget.path.slice(dirname(linkFrom.path).length + 1)}";\n` + (await Bun.file(fromFile).text()));
  const run = ix(["map", ".", "--silent"], { IX_TRACE: "1" });
  const after = await stored();
  const at = phases(run.err);
  linked = {
    ms: run.ms,
    smells: (at.get("regions") ?? 0) - (at.get("smells") ?? 0),
    work: (at.get("done") ?? 0) - (at.get("regions") ?? 0),
    idsKept: JSON.stringify(after.regions.map((r) => [r.id, r.files])) === JSON.stringify(regions.map((r) => [r.id, r.files])),
  };
}
const sibling = editPath.replace(/[^/]+$/, editPath.endsWith(".py") ? "bench_added.py" : editPath.endsWith(".go") ? "bench_added.go" : "bench-added.ts");
const added = editPath.endsWith(".go") ? `package ${text.match(/^package (\w+)/m)?.[1] ?? "main"}\n\nfunc benchAdded() {}\n` : "export const benchAdded = 1;\n";
await Bun.write(join(dir, sibling), editPath.endsWith(".py") ? "BENCH_ADDED = 1\n" : added);
const add = ix(["map", ".", "--silent"], { IX_TRACE: "1" });
const afterAdd = await stored();
const regionOf = new Map(afterAdd.files.map((f) => [f.path, f.region]));
const keptShare = files.filter((f) => regionOf.get(f.path) === f.region).length / files.length;
const workOf = (err: string) => (phases(err).get("done") ?? 0) - (phases(err).get("regions") ?? 0);

const kinds = (kind: string) => regions.filter((r) => r.kind === kind).map((r) => r.files).sort((a, b) => a - b);
const sizes = (kind: string) => {
  const s = kinds(kind);
  return s.length === 0 ? "none" : `${s.length} (median ${median(s)} files, ${s[0]}–${s[s.length - 1]})`;
};
const r2 = (x: number) => x.toFixed(2);
const r3 = (x: number) => x.toFixed(3);
console.log(`corpus ${corpus}: ${files.length} files, ${regions.length} regions, ${new Set(regions.map((r) => r.level)).size} levels; root "${root.label}" with ${root.children.length} top-level regions`);
console.log(`modules ${sizes("module")}; subsystems ${sizes("subsystem")}`);
console.log("");
console.log("| measure | value | goal |");
console.log("|---|---|---|");
if (segments) {
  console.log(`| top-level purity by corpus (${corpusOf(files[0]!.path)}, …) | ${r3(purity(top, corpusOf))} | ≥ 0.95 |`);
  console.log(`| top-level purity by copy and corpus (a/django, …) | ${r3(purity(top, project))} | (copies of go-tools import each other) |`);
}
console.log(`| modularity of the modules (stored) | ${r2(before.modularity)} | |`);
console.log(`| modularity of the top-level regions | ${r2(modularityOf(top, links))} | |`);
console.log(`| files whose module is mostly their top directory | ${r3(purity(groupsBy(regions, files, "module"), topDir))} | |`);
console.log(`| files whose subsystem is mostly their top directory | ${r3(purity(groupsBy(regions, files, "parent"), topDir))} | |`);
console.log(`| cold map | ${(coldMs / 1000).toFixed(1)} s | |`);
console.log(`| region work / cold map | ${(regionMs / 1000).toFixed(2)} s = ${((100 * regionMs) / coldMs).toFixed(1)}% | ≤ 10% |`);
for (const [name, ms] of timed) {
  if (name !== "version") console.log(`| ix ${name} / ix --version (medians) | ${median(ms).toFixed(0)} / ${median(version).toFixed(0)} ms = ${r2(median(ms) / median(version))}× | ≤ 3× |`);
}
console.log(`| body-only edit: map ms, region work ms, every id kept | ${edit.ms.toFixed(0)}, ${workOf(edit.err)}, ${idsKept} | true |`);
if (linked) console.log(`| an import between two modules: map ms, smells ms, region work ms, every id kept | ${linked.ms.toFixed(0)}, ${linked.smells}, ${linked.work}, ${linked.idsKept} | |`);
console.log(`| one added file: map ms, region work ms, files keeping their region id | ${add.ms.toFixed(0)}, ${workOf(add.err)}, ${r3(keptShare)} | ≥ 0.95 |`);
rmSync(dir, { recursive: true, force: true });
