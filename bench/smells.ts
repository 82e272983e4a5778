// ix smells against ix --version on the graph of a large corpus, in the same run, and what
// storing the smells costs a map.
//   bun bench/smells.ts [corpus | directory] [runs]      (default: stack, 30)
// Goal: `ix smells` within 3x `ix --version` (medians). The map stores the report with each
// revision (src/smells/report.ts), so the query reads it; the map's IX_TRACE line for the
// smells phase gives what deriving it costs. IX_HOME=<home> reuses a home that has mapped the
// directory (a copy of a corpus, edited to make the map write a revision).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ixBinary } from "./binary";
import { ensureCorpus } from "./corpora";

const corpus = process.argv[2] ?? "stack";
const runs = Number(process.argv[3] ?? 30);
const bin = ixBinary();
const dir = corpus.includes("/") ? corpus : await ensureCorpus(corpus);
const home = process.env.IX_HOME ?? mkdtempSync(join(tmpdir(), "ix-bench-smells-"));
const env = { ...process.env, IX_HOME: home, IX_FORMAT: "llm", IX_TRACE: "1" };

const map = Bun.spawnSync([bin, "map", ".", "--silent"], { cwd: dir, env });
const trace = map.stderr.toString();
console.log(`map: ${map.stdout.toString().trim()}`);
const smellsAt = /ix map: smells at (\d+) ms/.exec(trace);
const total = /ms=(\d+)/.exec(map.stdout.toString());
if (smellsAt && total) console.log(`smells phase: ${Number(total[1]) - Number(smellsAt[1])} ms of the map's ${total[1]} ms`);
else console.log("smells phase: not run (no revision written: the report stored by the last map stands)");

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const cases: [string, string[]][] = [
  ["ix --version", ["--version"]],
  ["ix smells", ["smells"]],
  ["ix smells --format json --full", ["smells", "--format", "json", "--full"]],
];
const samples: number[][] = cases.map(() => []);
const queryEnv = { ...env, IX_TRACE: undefined };
// Every round runs each case once, the order reversed every other round; two warm-up rounds.
for (let i = 0; i < runs + 2; i++) {
  const order = cases.map((_, j) => j);
  if (i % 2 === 1) order.reverse();
  for (const j of order) {
    const start = performance.now();
    const result = Bun.spawnSync([bin, ...cases[j]![1]], { cwd: dir, env: queryEnv, stdout: "pipe", stderr: "ignore" });
    const elapsed = performance.now() - start;
    if (result.exitCode !== 0) throw new Error(`${cases[j]![0]} exited ${result.exitCode}`);
    if (i >= 2) samples[j]!.push(elapsed);
  }
}
const base = median(samples[0]!);
console.log(`runs per case: ${runs}`);
for (const [j, [name]] of cases.entries()) {
  const m = median(samples[j]!);
  console.log(`${name.padEnd(32)} p50 ${m.toFixed(1).padStart(7)} ms  ${(m / base).toFixed(2)}x --version`);
}
const head = Bun.spawnSync([bin, "smells"], { cwd: dir, env: queryEnv }).stdout.toString().split("\n")[0];
console.log(head);
