// The one-file edit map of two builds, alternated edit by edit: each round appends a line to
// one mid-sized file, then maps with every binary in turn (the order reversed every other
// round), so both meet the same edit and the same moment of the machine's load.
//   IX_BINS=old,new bun bench/map-edit.ts [corpus] [rounds]     (default: stack, 10)
// IX_HOMES=a,b reuses homes that already mapped the corpus with those binaries (a cold map of
// stack takes minutes on a loaded VM); else each binary maps it cold into a new home first.
// Prints each binary's median, and new/old. The file is restored and mapped again at the end.
import { appendFileSync, existsSync, mkdtempSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binaryLabel, ixBinaries } from "./binary";
import { ensureCorpus } from "./corpora";

const corpus = process.argv[2] ?? "stack";
const rounds = Number(process.argv[3] ?? 10);
const BINS = ixBinaries();
const dir = await ensureCorpus(corpus);
const given = process.env.IX_HOMES?.split(",").filter(Boolean);
if (given && given.length !== BINS.length) throw new Error("IX_HOMES names one home per binary of IX_BINS");
// A home that never mapped this corpus would get a cold map written into it: refuse instead
// (bench homes of other runs share the temporary directory).
for (const home of given ?? []) {
  const listed = existsSync(join(home, "workspaces.json")) ? readFileSync(join(home, "workspaces.json"), "utf8") : "";
  if (!listed.includes(JSON.stringify(realpathSync(dir)))) throw new Error(`${home} holds no map of ${dir}`);
}

function map(bin: string, home: string): number {
  const started = performance.now();
  const result = Bun.spawnSync([bin, "map", ".", "--silent", "--format", "llm"], { cwd: dir, env: { ...process.env, IX_HOME: home } });
  const ms = performance.now() - started;
  if (result.exitCode !== 0) throw new Error(`${bin} map failed: ${result.stdout}${result.stderr}`);
  return ms;
}

const homes = BINS.map((bin, i) => {
  if (given) return given[i]!;
  const home = mkdtempSync(join(tmpdir(), "ix-bench-edit-"));
  console.log(`${binaryLabel(bin)}: cold map ${(map(bin, home) / 1000).toFixed(1)} s in ${home}`);
  return home;
});

/** A mid-sized source file that other files import, as bench/map.ts edits. */
function editTarget(): string {
  const listed = Bun.spawnSync(["git", "ls-files"], { cwd: dir }).stdout.toString().split("\n").filter((p) => /\.(ts|py|go)$/.test(p) && !p.includes("_test"));
  const sized = listed.map((p) => ({ p, size: statSync(join(dir, p)).size })).sort((a, b) => a.size - b.size);
  return sized[Math.floor(sized.length / 2)]!.p;
}

const target = editTarget();
const original = readFileSync(join(dir, target));
// Both graphs brought to the file as it is, so the first timed edit is one edit for each.
for (const [i, bin] of BINS.entries()) map(bin, homes[i]!);
const samples: number[][] = BINS.map(() => []);
try {
  for (let round = 0; round < rounds + 1; round++) {
    appendFileSync(join(dir, target), `\n// ix bench edit ${round}\n`);
    const order = BINS.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const ms = map(BINS[i]!, homes[i]!);
      if (round > 0) samples[i]!.push(ms);
    }
  }
} finally {
  writeFileSync(join(dir, target), original);
  for (const [i, bin] of BINS.entries()) map(bin, homes[i]!);
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
console.log(`edit: ${target}, ${rounds} rounds alternated`);
for (const [i, bin] of BINS.entries()) console.log(`${binaryLabel(bin)}: median ${median(samples[i]!).toFixed(0)} ms (${samples[i]!.map((ms) => ms.toFixed(0)).join(" ")})`);
if (BINS.length === 2) console.log(`ratio ${binaryLabel(BINS[1]!)} / ${binaryLabel(BINS[0]!)}: ${(median(samples[1]!) / median(samples[0]!)).toFixed(3)}`);
