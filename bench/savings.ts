// What the savings ledger costs a query: the in-process time of one ledger write (the append
// and, past the bound, a compaction), against `ix --version` of the compiled binary timed in
// the same run, and against a query (status, which is recorded) with IX_SAVINGS=0 and without.
//   bun bench/savings.ts [writes] [runs]      (default 20000 writes, 40 runs)
// Goal: a write is under 1% of --version; a recorded query is within noise of an unrecorded one.
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { record } from "../src/ledger/ledger";
import { ixBinaries } from "./binary";

const writes = Number(process.argv[2] ?? 20_000);
const runs = Number(process.argv[3] ?? 40);
const bin = ixBinaries().at(-1)!;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// 1. The write itself, in process: every append, and the compactions the bound brings.
const home = mkdtempSync(join(tmpdir(), "ix-bench-savings-"));
const perWrite: number[] = [];
const started = performance.now();
for (let i = 0; i < writes; i++) {
  const t = performance.now();
  record(home, { at: Date.now(), command: i % 2 ? "callers" : "explain", actual: 120 + (i % 50), naive: 4000 + i });
  perWrite.push(performance.now() - t);
}
const total = performance.now() - started;
const sizes = readdirSync(home).map((name) => statSync(join(home, name)).size);

// 2. The binary: --version (no ledger), and a recorded query with and without its write.
const cwd = mkdtempSync(join(tmpdir(), "ix-bench-savings-cwd-"));
const queryHome = mkdtempSync(join(tmpdir(), "ix-bench-savings-home-"));
const base = { ...process.env, IX_HOME: queryHome, IX_FORMAT: "llm" };
const lines: [string, string[], Record<string, string>][] = [
  ["--version", ["--version"], base],
  ["status, ledger off (IX_SAVINGS=0)", ["status"], { ...base, IX_SAVINGS: "0" }],
  ["status, ledger on", ["status"], base],
];
const samples = lines.map(() => [] as number[]);
for (let i = 0; i < runs + 2; i++) {
  const order = i % 2 ? [2, 1, 0] : [0, 1, 2];
  for (const j of order) {
    const [, args, env] = lines[j]!;
    const t = performance.now();
    Bun.spawnSync([bin, ...args], { cwd, env, stdout: "ignore", stderr: "ignore" });
    if (i >= 2) samples[j]!.push(performance.now() - t);
  }
}
const version = median(samples[0]!);
const writeMedian = median(perWrite);
const p99 = [...perWrite].sort((a, b) => a - b)[Math.floor(perWrite.length * 0.99)]!;

console.log(`ledger writes: ${writes}, mean ${((total / writes) * 1000).toFixed(1)} µs, median ${(writeMedian * 1000).toFixed(1)} µs, p99 ${(p99 * 1000).toFixed(1)} µs, max ${(Math.max(...perWrite)).toFixed(2)} ms`);
console.log(`ledger files after: ${sizes.length}, ${sizes.reduce((a, b) => a + b, 0)} bytes in all`);
console.log(`\n| line | p50 ms | × --version |\n|---|---|---|`);
lines.forEach(([label], j) => console.log(`| ${label} | ${median(samples[j]!).toFixed(1)} | ${(median(samples[j]!) / version).toFixed(3)} |`));
console.log(`\nmean write / --version p50: ${((total / writes) / version * 100).toFixed(3)} %`);
console.log(`status on / status off (p50): ${(median(samples[2]!) / median(samples[1]!)).toFixed(3)}`);
