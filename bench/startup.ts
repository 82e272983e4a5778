// Start-up cost of the compiled binary against a compiled hello-world, as ratios of medians.
//   bun bench/startup.ts [runs]
// Goal: ix --version, bare ix and ix config show within 1.5× of hello-world.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
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
const ix = join(ROOT, "dist/ix");
if (Bun.spawnSync(["bun", "build.ts"], { cwd: ROOT }).exitCode !== 0) throw new Error("could not build ix");

const home = mkdtempSync(join(tmpdir(), "ix-bench-home-"));
const cwd = mkdtempSync(join(tmpdir(), "ix-bench-cwd-"));
const env = { ...process.env, IX_HOME: home, IX_FORMAT: "llm" };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function time(cmd: string[]): { median: number; p95: number } {
  const samples: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const start = performance.now();
    const result = Bun.spawnSync(cmd, { cwd, env, stdout: "ignore", stderr: "ignore" });
    const elapsed = performance.now() - start;
    if (result.exitCode !== 0) throw new Error(`${cmd.join(" ")} exited ${result.exitCode}`);
    if (i >= 3) samples.push(elapsed); // the first runs warm the page cache
  }
  samples.sort((a, b) => a - b);
  return { median: median(samples), p95: samples[Math.floor(samples.length * 0.95)] as number };
}

const base = time([hello]);
const cases: [string, string[]][] = [
  ["ix --version", [ix, "--version"]],
  ["ix (bare)", [ix]],
  ["ix config show", [ix, "config", "show"]],
];
console.log(`runs per case: ${runs}`);
console.log(`${"case".padEnd(18)} ${"median ms".padStart(10)} ${"p95 ms".padStart(8)} ${"× hello".padStart(8)}`);
console.log(`${"hello-world".padEnd(18)} ${base.median.toFixed(1).padStart(10)} ${base.p95.toFixed(1).padStart(8)} ${"1.00".padStart(8)}`);
for (const [name, cmd] of cases) {
  const t = time(cmd);
  console.log(`${name.padEnd(18)} ${t.median.toFixed(1).padStart(10)} ${t.p95.toFixed(1).padStart(8)} ${(t.median / base.median).toFixed(2).padStart(8)}`);
}
