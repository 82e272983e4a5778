// Queries beside maps, as agents run them: parallel calls while `ix map` re-maps after edits.
//   bun bench/stress.ts [corpus] [maps] [readers]      (default: rxjs 10 16)
// A copy of the corpus is mapped while `readers` loops run a mix of every query kind; then the
// loops run with no map (the idle baseline), then through `maps` maps that alternate a one-file
// edit, an edit of many files, and a cold rebuild (`ix reset --workspace --yes --ingest`).
// Prints queries, maps, answers by outcome, errors by code, and query latency p50/p99 during
// maps as a ratio to the idle p50. Goal: 0 errors, every map succeeds, p99 during a map ≤ 5×
// the idle p50.
//
// An answer is an error unless it exits 0 (doctor: without a failing check), or it is
// `error code=graph_mapping` (with its `graph status=mapping` row) while the
// workspace's first graph (or a rebuilt one) is being written: during a map, a query must
// answer from the last graph or say a map is under way, never invent an absence.
import { appendFileSync, cpSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binaryLabel, ixBinary } from "./binary";
import { ensureCorpus } from "./corpora";
import { findWorkspace } from "../src/workspace/registry";
import { edgesOf, withGraph } from "./graph";

const corpus = process.argv[2] ?? "rxjs";
const MAPS = Number(process.argv[3] ?? 10);
const READERS = Number(process.argv[4] ?? 16);
const IDLE_MS = Number(process.env.IDLE_MS ?? 4000);
const BIN = ixBinary();

const source = await ensureCorpus(corpus);
const work = mkdtempSync(join(tmpdir(), "ix-stress-"));
const dir = join(work, corpus);
cpSync(source, dir, { recursive: true, verbatimSymlinks: true });
const home = join(work, "home");
const env = { ...process.env, IX_HOME: home, IX_FORMAT: "llm" };

function ix(args: string[], at = dir, environment: Record<string, string | undefined> = env) {
  const r = Bun.spawnSync([BIN, ...args], { cwd: at, env: environment });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
}

// Targets come from a scratch map of the same copy, so the readers know them before the
// stress home has any graph.
const scratch = join(work, "scratch-home");
const scratchEnv = { ...env, IX_HOME: scratch };
if (ix(["map", "."], dir, scratchEnv).code !== 0) throw new Error("scratch map failed");
const targets = await withGraph(scratch, dir, async (graph) => {
  const count = new Map<string, { path: string; line: number; n: number }>();
  for (const e of await edgesOf(graph, "CALLS")) {
    if (e.dst.kind !== "function" && e.dst.kind !== "method") continue;
    const c = count.get(e.dst.id) ?? { path: e.dst.path, line: e.dst.startLine, n: 0 };
    c.n++;
    count.set(e.dst.id, c);
  }
  const hub = [...count.values()].sort((a, b) => b.n - a.n)[0]!;
  const importers = new Map<string, number>();
  for (const e of await edgesOf(graph, "IMPORTS")) importers.set(e.dst.path, (importers.get(e.dst.path) ?? 0) + 1);
  const imported = [...importers].sort((a, b) => b[1] - a[1])[0]![0];
  return { hub: `${hub.path}:${hub.line}`, imported };
});
rmSync(scratch, { recursive: true, force: true });
const files = Bun.spawnSync(["git", "ls-files", "*.ts", "*.py", "*.go"], { cwd: dir }).stdout.toString().split("\n").filter(Boolean);

const QUERIES: string[][] = [
  [],
  ["status"],
  ["stats"],
  ["doctor"],
  ["callers", targets.hub],
  ["callees", targets.hub],
  ["entity", targets.hub],
  ["around", targets.hub],
  ["read", targets.hub],
  ["locate", targets.hub],
  ["imported-by", targets.imported],
  ["imports", targets.imported],
  ["contains", targets.imported],
  ["overview", targets.imported],
  ["search", "subscribe"],
  ["inventory", "--kind", "class", "--limit", "5"],
  ["text", "export", "--limit", "5"],
];

interface Sample {
  query: string;
  ms: number;
  /** Whether a map ran at any moment of the query. */
  duringMap: boolean;
  outcome: string;
  /** The answer's first line, kept for errors. */
  first?: string;
}

let mapsRunning = 0;
let mapsSeen = 0;
let firstMapDone = false;
const samples: Sample[] = [];
let stop = false;

function outcomeOf(args: string[], code: number, out: string): string {
  const first = out.split("\n")[0] ?? "";
  // doctor answers its verdict with exit 0: a failing check during a map is an error too.
  if (code === 0) return args[0] === "doctor" && /\bstatus=fail\b/.test(first) ? "doctor_fail" : "ok";
  if (/^error code=graph_mapping\b/.test(first)) return "mapping";
  const error = /\bcode=([\w-]+)/.exec(first);
  return error ? error[1]! : `exit ${code}: ${first.slice(0, 60)}`;
}

async function reader(index: number): Promise<void> {
  let i = index;
  while (!stop) {
    const args = QUERIES[i++ % QUERIES.length]!;
    const before = mapsSeen + mapsRunning;
    const started = performance.now();
    const proc = Bun.spawn([BIN, ...args], { cwd: dir, env, stdout: "pipe", stderr: "pipe" });
    const out = await new Response(proc.stdout).text();
    const code = await proc.exited;
    const ms = performance.now() - started;
    const duringMap = mapsRunning > 0 || mapsSeen + mapsRunning !== before;
    const outcome = outcomeOf(args, code, out);
    samples.push({ query: args[0] ?? "(bare)", ms, duringMap, outcome, first: outcome === "ok" || outcome === "mapping" ? undefined : out.split("\n")[0] });
    if (!firstMapDone) await Bun.sleep(1);
  }
}

async function map(args: string[]): Promise<{ ok: boolean; ms: number; line: string }> {
  mapsRunning++;
  const started = performance.now();
  const proc = Bun.spawn([BIN, ...args], { cwd: dir, env, stdout: "pipe", stderr: "pipe" });
  const out = await new Response(proc.stdout).text();
  const code = await proc.exited;
  mapsRunning--;
  mapsSeen++;
  return { ok: code === 0, ms: performance.now() - started, line: out.trim().split("\n").pop() ?? "" };
}

function editFiles(count: number, round: number): void {
  for (let k = 0; k < count; k++) {
    const path = files[(round * 37 + k) % files.length]!;
    appendFileSync(join(dir, path), path.endsWith(".py") ? `\ndef ix_stress_${round}_${k}():\n    return ${k}\n` : path.endsWith(".go") ? `\nfunc ixStress${round}x${k}() int { return ${k} }\n` : `\nexport function ixStress${round}x${k}() { return ${k}; }\n`);
  }
}

console.log(`${binaryLabel(BIN)}: ${corpus} (${files.length} source files), ${READERS} readers, ${MAPS} maps; targets ${targets.hub}, ${targets.imported}`);

// 1. The first map, with readers asking from the moment it has registered the workspace
// (before, "no workspace covers this directory" is the truth).
const first = map(["map", ".", "--silent"]);
while (!findWorkspace(home, realpathSync(dir)) && mapsRunning > 0) await Bun.sleep(2);
const readers = Array.from({ length: READERS }, (_, i) => reader(i));
const results = [await first];
firstMapDone = true;

// 2. Idle: the same loops, no map.
await Bun.sleep(IDLE_MS);

// 3. Maps in a row: a one-file edit, a many-file edit, a cold rebuild.
for (let round = 0; round < MAPS; round++) {
  const kind = round % 3;
  if (kind === 0) editFiles(1, round);
  if (kind === 1) editFiles(Math.min(400, Math.ceil(files.length / 2)), round);
  results.push(await map(kind === 2 ? ["reset", "--workspace", "--yes", "--ingest"] : ["map", ".", "--silent"]));
  await Bun.sleep(200);
}
stop = true;
await Promise.all(readers);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
};
const idle = samples.filter((s) => !s.duringMap).map((s) => s.ms);
const busy = samples.filter((s) => s.duringMap).map((s) => s.ms);
const outcomes = new Map<string, number>();
const errors = new Map<string, string[]>();
const example = new Map<string, string>();
for (const s of samples) {
  outcomes.set(s.outcome, (outcomes.get(s.outcome) ?? 0) + 1);
  if (s.outcome !== "ok" && s.outcome !== "mapping") {
    errors.set(s.outcome, [...(errors.get(s.outcome) ?? []), s.query]);
    if (!example.has(s.outcome)) example.set(s.outcome, s.first?.slice(0, 200) ?? "");
  }
}
const failedMaps = results.filter((r) => !r.ok);
const idleP50 = percentile(idle, 50);
console.log(`maps: ${results.length}, failed ${failedMaps.length}${failedMaps.map((r) => `\n  failed: ${r.line}`).join("")}`);
console.log(`map ms: ${results.map((r) => Math.round(r.ms)).join(" ")}`);
console.log(`queries: ${samples.length} (${idle.length} idle, ${busy.length} during a map); outcomes: ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(", ")}`);
const errorCount = [...errors.values()].reduce((a, b) => a + b.length, 0);
console.log(`errors: ${errorCount}${[...errors].map(([code, qs]) => `\n  ${code}: ${qs.length} (${[...new Set(qs)].join(", ")}), e.g. ${example.get(code)}`).join("")}`);
console.log(`latency ms: idle p50 ${idleP50.toFixed(1)} p99 ${percentile(idle, 99).toFixed(1)}; during maps p50 ${percentile(busy, 50).toFixed(1)} p99 ${percentile(busy, 99).toFixed(1)}`);
console.log(`during-map p99 / idle p50: ${(percentile(busy, 99) / idleP50).toFixed(2)}× (goal ≤ 5×); p50 ratio ${(percentile(busy, 50) / idleP50).toFixed(2)}×`);
rmSync(work, { recursive: true, force: true });
process.exit(errorCount === 0 && failedMaps.length === 0 ? 0 : 1);
