// Query latency of every navigation command on the graph of a ≥ 10k-file real corpus, with
// the compiled binary: p50 and p95 wall time over many runs, and the ratio to `ix --version`.
//   bun bench/query.ts [corpus] [runs]      (default: stack, 30)
// Goal: p50 ≤ 15 ms for each command.
import { Database } from "bun:sqlite";
import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { findWorkspace } from "../src/workspace/registry";
import { ensureCorpus } from "./corpora";

const ROOT = resolve(import.meta.dir, "..");
const BIN = join(ROOT, "dist/ix");
const corpus = process.argv[2] ?? "stack";
const runs = Number(process.argv[3] ?? 30);

const dir = await ensureCorpus(corpus);
const home = mkdtempSync(join(tmpdir(), "ix-bench-query-"));
const env = { ...process.env, IX_HOME: home, IX_FORMAT: "llm" };
if (Bun.spawnSync(["bun", "build.ts"], { cwd: ROOT }).exitCode !== 0) throw new Error("build failed");
const map = Bun.spawnSync([BIN, "map", ".", "--silent"], { cwd: dir, env });
console.log(map.stdout.toString().trim());

// Targets chosen from the graph itself: the most-called function, the most-imported file, a class.
const db = new Database(findWorkspace(home, realpathSync(dir))!.dbPath, { readonly: true });
const hub = db
  .query(`SELECT n.id id, n.name name, n.path path, n.start_line line, count(*) c FROM edges e JOIN nodes n ON n.rowid = e.dst
          WHERE e.kind = 'CALLS' AND n.kind IN ('function','method') GROUP BY e.dst ORDER BY c DESC LIMIT 1`)
  .get() as { id: string; name: string; path: string; line: number; c: number };
const imported = db
  .query(`SELECT n.path path, count(*) c FROM edges e JOIN nodes n ON n.rowid = e.dst WHERE e.kind = 'IMPORTS' GROUP BY e.dst ORDER BY c DESC LIMIT 1`)
  .get() as { path: string; c: number };
const cls = db.query(`SELECT id FROM nodes WHERE kind = 'class' ORDER BY end_line - start_line DESC LIMIT 1`).get() as { id: string };
const repeated = (db.query(`SELECT name FROM nodes WHERE kind IN ('function','method') GROUP BY name HAVING count(*) > 1 ORDER BY count(*) DESC LIMIT 1`).get() as { name: string }).name;
db.close();
const id = hub.id.slice(0, 8);
console.log(`targets: ${hub.name} (${hub.c} callers, ${id}), ${imported.path} (${imported.c} importers), class ${cls.id.slice(0, 8)}`);

// Misses and ambiguities are answers too (exit 1): a typo of the hub's name, and a name
// defined in more than one place.
const typo = hub.name.slice(0, -2) + hub.name.slice(-1);

const cases: [string, string[], number?][] = [
  ["--version", ["--version"]],
  ["search", ["search", hub.name]],
  ["locate", ["locate", id]],
  ["entity", ["entity", id]],
  ["read", ["read", id]],
  ["text", ["text", `${hub.name}\\(`]],
  ["inventory", ["inventory", "--kind", "class"]],
  ["contains", ["contains", cls.id.slice(0, 8)]],
  ["overview", ["overview", cls.id.slice(0, 8)]],
  ["callers", ["callers", id]],
  ["callees", ["callees", id]],
  ["imports", ["imports", imported.path]],
  ["imported-by", ["imported-by", imported.path]],
  ["around", ["around", `${hub.path}:${hub.line}`]],
  ["callers (typo: suggestions)", ["callers", typo], 1],
  ["callers (ambiguous name)", ["callers", repeated], 1],
  ["search (no match)", ["search", "zzNoSuchNameZz"]],
];

function time(args: string[], exit = 0): { p50: number; p95: number } {
  const samples: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now();
    const result = Bun.spawnSync([BIN, ...args], { cwd: dir, env, stdout: "pipe", stderr: "pipe" });
    const ms = performance.now() - started;
    if (result.exitCode !== exit) throw new Error(`ix ${args.join(" ")} exited ${result.exitCode}: ${result.stdout}`);
    if (i >= 2) samples.push(ms);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(samples.length / 2)] as number, p95: samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))] as number };
}

const base = time(["--version"]).p50;
console.log(`\n| command | p50 ms | p95 ms | × --version |\n|---|---|---|---|`);
for (const [name, args, exit] of cases) {
  const t = time(args, exit);
  console.log(`| ${name} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} | ${(t.p50 / base).toFixed(2)} |`);
}
