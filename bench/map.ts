// Map speed and memory on real code from registries, with the compiled binary.
//   bun bench/map.ts [corpus…]      (default: rxjs effect django go-tools stack)
// "stack" (bench/corpora.ts) is every other corpus three times in one repository (~13k files),
// for the goals stated at 10k files. Per corpus: files, MB, cold map s and MB/s, peak RSS, no-op and one-file-edit
// re-map ms (medians). Goals: ≥ 5 MB/s cold, no-op ≤ 60 ms and one-file edit ≤ 100 ms at 10k
// files, peak RSS ≤ 400 MB. IX_BINS=a,b compares builds: each corpus is run with each binary in
// turn, PAIRS times (default 1), one row per run.
import { appendFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binaryLabel, ixBinaries } from "./binary";
import { ensureCorpus } from "./corpora";

const BINS = ixBinaries();
const PAIRS = Number(process.env.PAIRS ?? 1);
const REPEAT = 5;
const names = process.argv.slice(2).length ? process.argv.slice(2) : ["rxjs", "effect", "django", "go-tools", "stack"];

function run(bin: string, dir: string, home: string): { ms: number; rss: number; line: string } {
  const started = performance.now();
  const result = Bun.spawnSync([bin, "map", ".", "--format", "llm", "--silent"], { cwd: dir, env: { ...process.env, IX_HOME: home } });
  const ms = performance.now() - started;
  const line = result.stdout.toString().trim();
  if (result.exitCode !== 0) throw new Error(`ix map failed in ${dir}: ${line} ${result.stderr}`);
  return { ms, rss: result.resourceUsage.maxRSS, line };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function sourceBytes(dir: string): number {
  const listed = Bun.spawnSync(["git", "ls-files", "-z"], { cwd: dir }).stdout.toString().split("\0").filter(Boolean);
  let bytes = 0;
  for (const path of listed) {
    if (!/\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|py|pyi|go)$/.test(path)) continue;
    try {
      const size = statSync(join(dir, path)).size;
      if (size <= 1_000_000) bytes += size;
    } catch {
      // a link that leaves the corpus
    }
  }
  return bytes;
}

/** A mid-sized source file that other files import, for the one-file edit. */
function editTarget(dir: string): string {
  const listed = Bun.spawnSync(["git", "ls-files"], { cwd: dir }).stdout.toString().split("\n").filter((p) => /\.(ts|py|go)$/.test(p) && !p.includes("_test"));
  const sized = listed.map((p) => ({ p, size: statSync(join(dir, p)).size })).sort((a, b) => a.size - b.size);
  return sized[Math.floor(sized.length / 2)]?.p as string;
}

const labelled = BINS.length > 1;
console.log(`| corpus |${labelled ? " binary |" : ""} files | MB | cold s | MB/s | peak RSS MB | no-op ms | one-file edit ms |`);
console.log(`|---|${labelled ? "---|" : ""}---|---|---|---|---|---|---|`);
for (const name of names) {
  const dir = await ensureCorpus(name);
  const mb = sourceBytes(dir) / 1e6;
  const target = editTarget(dir);
  for (let pair = 0; pair < PAIRS; pair++) {
    for (const bin of BINS) {
      const home = mkdtempSync(join(tmpdir(), "ix-bench-map-"));
      const cold = run(bin, dir, home);
      const files = /files=(\d+)/.exec(cold.line)?.[1] ?? "?";
      const noop = median(Array.from({ length: REPEAT }, () => run(bin, dir, home).ms));
      const original = readFileSync(join(dir, target));
      const edits: number[] = [];
      for (let i = 0; i < REPEAT; i++) {
        appendFileSync(join(dir, target), `\n// ix bench edit ${i}\n`);
        edits.push(run(bin, dir, home).ms);
      }
      writeFileSync(join(dir, target), original);
      run(bin, dir, home);
      console.log(
        `| ${name} |${labelled ? ` ${binaryLabel(bin)} |` : ""} ${files} | ${mb.toFixed(1)} | ${(cold.ms / 1000).toFixed(2)} | ${(mb / (cold.ms / 1000)).toFixed(1)} | ${(cold.rss / 1e6).toFixed(0)} | ${noop.toFixed(0)} | ${median(edits).toFixed(0)} |`,
      );
    }
  }
}
