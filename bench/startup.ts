// Start-up cost of the compiled binary against a compiled hello-world, as ratios of medians.
//   bun bench/startup.ts [runs]
// Goal: ix --version, bare ix and ix config show within 1.5× of hello-world. IX_BINS=a,b
// compares builds: every sample runs hello-world and each binary in turn.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binaryLabel, ixBinaries, ROOT } from "./binary";

const OUT = join(ROOT, "bench/.out");
const runs = Number(process.argv[2] ?? 60);

mkdirSync(OUT, { recursive: true });
const helloSource = join(OUT, "hello.ts");
// console.log, not process.stdout: building that stream costs 15-20 ms in a compiled binary,
// which would make the floor look higher than it is.
writeFileSync(helloSource, 'function main() { console.log("hello"); }\nmain();\n');
const hello = join(OUT, "hello");
const built = await Bun.build({ entrypoints: [helloSource], compile: { outfile: hello }, minify: true, bytecode: true });
if (!built.success) throw new Error("could not compile hello-world");
const bins = ixBinaries();

const home = mkdtempSync(join(tmpdir(), "ix-bench-home-"));
const cwd = mkdtempSync(join(tmpdir(), "ix-bench-cwd-"));
const env = { ...process.env, IX_HOME: home, IX_FORMAT: "llm" };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Medians and p95s of each command line, sampled in turn (the order reversed every other round); the first rounds warm the page cache. */
function time(cmds: string[][]): { median: number; p95: number }[] {
  const samples: number[][] = cmds.map(() => []);
  for (let i = 0; i < runs + 3; i++) {
    const order = cmds.map((_, j) => j);
    if (i % 2 === 1) order.reverse();
    for (const j of order) {
      const cmd = cmds[j]!;
      const start = performance.now();
      const result = Bun.spawnSync(cmd, { cwd, env, stdout: "ignore", stderr: "ignore" });
      const elapsed = performance.now() - start;
      if (result.exitCode !== 0) throw new Error(`${cmd.join(" ")} exited ${result.exitCode}`);
      if (i >= 3) samples[j]!.push(elapsed);
    }
  }
  return samples.map((list) => {
    list.sort((a, b) => a - b);
    return { median: median(list), p95: list[Math.floor(list.length * 0.95)] as number };
  });
}

const cases: [string, string[]][] = [
  ["ix --version", ["--version"]],
  ["ix (bare)", []],
  ["ix config show", ["config", "show"]],
];
const label = (name: string, bin: string) => (bins.length > 1 ? `${name} ${binaryLabel(bin)}` : name);
const width = Math.max(18, ...bins.map((bin) => label("ix config show", bin).length));
console.log(`runs per case: ${runs}`);
console.log(`${"case".padEnd(width)} ${"median ms".padStart(10)} ${"p95 ms".padStart(8)} ${"× hello".padStart(8)}`);
for (const [name, args] of cases) {
  const [base, ...times] = time([[hello], ...bins.map((bin) => [bin, ...args])]);
  console.log(`${"hello-world".padEnd(width)} ${base!.median.toFixed(1).padStart(10)} ${base!.p95.toFixed(1).padStart(8)} ${"1.00".padStart(8)}`);
  times.forEach((t, i) => {
    console.log(`${label(name, bins[i]!).padEnd(width)} ${t.median.toFixed(1).padStart(10)} ${t.p95.toFixed(1).padStart(8)} ${(t.median / base!.median).toFixed(2).padStart(8)}`);
  });
}
