// Query latency of every navigation command on the graph of a ≥ 10k-file real corpus, with
// the compiled binary: p50 and p95 wall time over many runs, and the ratio to `ix --version`.
//   bun bench/query.ts [corpus] [runs]      (default: stack, 30)
// IX_BINS=a,b compares builds: each maps the corpus into its own home, and every sample runs
// each binary in turn, so both see the same machine.
// Goal: p50 ≤ 15 ms for each command; impact --depth 3 on the hub ≤ 6× --version, depends,
// trace, and the hub's history and diff ≤ 3×; context with its default budgets ≤ 4×.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binaryLabel, ixBinaries } from "./binary";
import { ensureCorpus } from "./corpora";
import { edgesOf, withGraph } from "./graph";

const corpus = process.argv[2] ?? "stack";
const runs = Number(process.argv[3] ?? 30);
const BINS = ixBinaries();

// A directory instead of a corpus name, with IX_HOME naming a home that mapped it, reuses that
// map (one binary); ONLY=a,b times just those commands (--version always).
const reuse = existsSync(corpus) && process.env.IX_HOME !== undefined && BINS.length === 1;
const dir = reuse ? corpus : await ensureCorpus(corpus);
const only = process.env.ONLY?.split(",");
const homes = BINS.map((bin) => {
  const home = reuse ? process.env.IX_HOME! : mkdtempSync(join(tmpdir(), "ix-bench-query-"));
  const map = Bun.spawnSync([bin, "map", ".", "--silent"], { cwd: dir, env: { ...process.env, IX_HOME: home, IX_FORMAT: "llm" } });
  console.log(`${binaryLabel(bin)}: ${map.stdout.toString().trim()}`);
  return home;
});
const envOf = (i: number) => ({ ...process.env, IX_HOME: homes[i]!, IX_FORMAT: "llm" });

async function firstReadable(): Promise<string | undefined> {
  for (const home of homes) if (await withGraph(home, dir, async () => true).catch(() => false)) return home;
  return undefined;
}

// Targets chosen from the graph itself: the most-called function, the most-imported file, the
// largest class, the function name defined most often. Read from the first graph this checkout
// can read (another build may write another schema); each binary then names them by its own ids.
const home = await firstReadable();
if (!home) throw new Error("no graph of this checkout's schema: put this checkout's dist/ix among IX_BINS");
const targets = await withGraph(home, dir, async (graph) => {
  const callers = new Map<string, { node: (typeof calls)[number]["dst"]; count: number }>();
  const calls = await edgesOf(graph, "CALLS");
  for (const e of calls) {
    if (e.dst.kind !== "function" && e.dst.kind !== "method") continue;
    const entry = callers.get(e.dst.id) ?? { node: e.dst, count: 0 };
    entry.count++;
    callers.set(e.dst.id, entry);
  }
  const hub = [...callers.values()].sort((a, b) => b.count - a.count)[0]!;
  const importers = new Map<string, number>();
  for (const e of await edgesOf(graph, "IMPORTS")) importers.set(e.dst.path, (importers.get(e.dst.path) ?? 0) + 1);
  const imported = [...importers].sort((a, b) => b[1] - a[1])[0]!;
  const definitions = new Map<string, number>();
  let largest = { path: "", line: 0, span: -1 };
  for await (const n of graph.allNodes()) {
    if (n.kind === "function" || n.kind === "method") definitions.set(n.name, (definitions.get(n.name) ?? 0) + 1);
    if (n.kind === "class" && n.endLine - n.startLine > largest.span) largest = { path: n.path, line: n.startLine, span: n.endLine - n.startLine };
  }
  const repeated = [...definitions].sort((a, b) => b[1] - a[1])[0]![0];
  return { hub: hub.node, hubCallers: hub.count, imported, cls: largest, repeated };
});

/** A binary's own id for the entity at path:line (ids differ between builds of other schemes). */
function idAt(i: number, location: string): string {
  const out = Bun.spawnSync([BINS[i]!, "entity", location, "--format", "json"], { cwd: dir, env: envOf(i) });
  return (JSON.parse(out.stdout.toString()) as { entity: { id: string } }).entity.id.slice(0, 8);
}

const { hub, imported, cls, repeated } = targets;
const hubAt = `${hub.path}:${hub.startLine}`;
/** Each graph's revision: a diff's upper end. */
const revs = BINS.map((_, i) => (JSON.parse(Bun.spawnSync([BINS[i]!, "status", "--format", "json"], { cwd: dir, env: envOf(i) }).stdout.toString()) as { status: { rev: number } }).status.rev);
const ids = BINS.map((_, i) => ({ hub: idAt(i, hubAt), cls: idAt(i, `${cls.path}:${cls.line}`) }));
console.log(`targets: ${hub.name} (${targets.hubCallers} callers), ${imported[0]} (${imported[1]} importers), class at ${cls.path}:${cls.line}, ${repeated}`);

// Misses and ambiguities are answers too (exit 1): a typo of the hub's name, and a name
// defined in more than one place.
const typo = hub.name.slice(0, -2) + hub.name.slice(-1);
// Dotted targets as callers write them: the hub under its file's base name, a typo of that,
// and the hub under a module nothing is named (the walk through imports goes to its bounds).
const stem = hub.path.slice(hub.path.lastIndexOf("/") + 1).replace(/\.[^.]*$/, "");
const dotted = `${stem}.${hub.name}`;
const dottedExit = Bun.spawnSync([BINS[0]!, "callers", dotted], { cwd: dir, env: envOf(0), stdout: "ignore", stderr: "ignore" }).exitCode;
console.log(`dotted: ${dotted} (exit ${dottedExit})`);

const cases: [string, (i: number) => string[], number?][] = [
  ["--version", () => ["--version"]],
  ["search", () => ["search", hub.name]],
  ["locate", (i) => ["locate", ids[i]!.hub]],
  ["entity", (i) => ["entity", ids[i]!.hub]],
  ["read", (i) => ["read", ids[i]!.hub]],
  ["text", () => ["text", `${hub.name}\\(`]],
  ["inventory", () => ["inventory", "--kind", "class"]],
  ["contains", (i) => ["contains", ids[i]!.cls]],
  ["overview", (i) => ["overview", ids[i]!.cls]],
  ["callers", (i) => ["callers", ids[i]!.hub]],
  ["callees", (i) => ["callees", ids[i]!.hub]],
  ["imports", () => ["imports", imported[0]]],
  ["imported-by", () => ["imported-by", imported[0]]],
  ["around", () => ["around", hubAt]],
  ["explain", (i) => ["explain", ids[i]!.hub]],
  ["explain (file)", () => ["explain", imported[0]]],
  ["explain (class)", (i) => ["explain", ids[i]!.cls]],
  // A bundle with the default budgets (goal ≤ 4× --version): the hub, the most-imported file, the largest class.
  ["context", (i) => ["context", ids[i]!.hub]],
  ["context (file)", () => ["context", imported[0]]],
  ["context (class)", (i) => ["context", ids[i]!.cls]],
  ["rank", () => ["rank"]],
  ["rank --by callers", () => ["rank", "--by", "callers"]],
  ["rank --by importers", () => ["rank", "--by", "importers"]],
  ["rank --by members", () => ["rank", "--by", "members"]],
  ["rank --by pagerank", () => ["rank", "--by", "pagerank"]],
  // The walks, on the most-called function: impact three hops out (goal ≤ 6× --version),
  // depends and trace with their defaults (≤ 3×).
  ["impact --depth 3", (i) => ["impact", ids[i]!.hub, "--depth", "3"]],
  ["depends", (i) => ["depends", ids[i]!.hub]],
  ["trace", (i) => ["trace", ids[i]!.hub]],
  ["callers (typo: suggestions)", () => ["callers", typo], 1],
  ["callers (ambiguous name)", () => ["callers", repeated], 1],
  ["callers (module.member)", () => ["callers", dotted], dottedExit],
  ["callers (module.member typo: suggestions)", () => ["callers", `${stem}.${typo}`], 1],
  ["callers (unknown module: import walk)", () => ["callers", `zzNoSuch.${hub.name}`], 1],
  ["search (no match)", () => ["search", "zzNoSuchNameZz"]],
  // One entity's history and its diff over the whole history kept (goal ≤ 3× --version each).
  ["history", (i) => ["history", ids[i]!.hub]],
  ["diff (entity)", (i) => ["diff", "0", String(revs[i]), ids[i]!.hub]],
  ["patches", () => ["patches"]],
  // Every documented entity's claims checked (goal ≤ 3× --version), and the whole list.
  ["conflicts", () => ["conflicts"]],
  ["conflicts --full --format json", () => ["conflicts", "--full", "--format", "json"]],
];

interface Timing {
  p50: number;
  p95: number;
  /** The p50 of `ix --version` sampled in the same rounds, alternated with the command. */
  base: number;
}

const p = (list: number[], q: number): number => list[Math.min(list.length - 1, Math.floor(list.length * q))]!;

/**
 * Samples of every binary, taken in turn (the order reversed every other round), each round
 * also timing `--version` before or after the command in turn, so a ratio compares runs the
 * machine's drift met alike; two warm-up rounds are dropped.
 */
function time(args: (i: number) => string[], exit = 0): Timing[] {
  const samples: number[][] = BINS.map(() => []);
  const bases: number[][] = BINS.map(() => []);
  const once = (i: number, argv: string[], code: number): number => {
    const started = performance.now();
    const result = Bun.spawnSync([BINS[i]!, ...argv], { cwd: dir, env: envOf(i), stdout: "pipe", stderr: "pipe" });
    const ms = performance.now() - started;
    if (result.exitCode !== code) throw new Error(`${BINS[i]} ${argv.join(" ")} exited ${result.exitCode}: ${result.stdout}`);
    return ms;
  };
  for (let round = 0; round < runs + 2; round++) {
    const order = BINS.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const versionFirst = round % 2 === 0;
      const before = versionFirst ? once(i, ["--version"], 0) : 0;
      const ms = once(i, args(i), exit);
      const version = versionFirst ? before : once(i, ["--version"], 0);
      if (round >= 2) {
        samples[i]!.push(ms);
        bases[i]!.push(version);
      }
    }
  }
  return samples.map((list, i) => {
    list.sort((a, b) => a - b);
    const base = bases[i]!.sort((a, b) => a - b);
    return { p50: p(list, 0.5), p95: p(list, 0.95), base: p(base, 0.5) };
  });
}

const heads = BINS.map((bin) => (BINS.length > 1 ? ` ${binaryLabel(bin)}` : ""));
console.log(`\n| command |${heads.map((h) => ` p50 ms${h} | p95 ms${h} | × --version${h} |`).join("")}${BINS.length > 1 ? " p50 ratio |" : ""}`);
console.log(`|---|${heads.map(() => "---|---|---|").join("")}${BINS.length > 1 ? "---|" : ""}`);
for (const [name, args, exit] of cases) {
  if (only && name !== "--version" && !only.includes(name)) continue;
  const t = time(args, exit);
  const cells = t.map((ti) => ` ${ti.p50.toFixed(1)} | ${ti.p95.toFixed(1)} | ${(ti.p50 / ti.base).toFixed(2)} |`).join("");
  console.log(`| ${name} |${cells}${BINS.length > 1 ? ` ${(t[1]!.p50 / t[0]!.p50).toFixed(2)} |` : ""}`);
}
