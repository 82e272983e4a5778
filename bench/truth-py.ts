// Ground truth for Python call, hand-over and import edges, from jedi's inference: drives
// bench/truth-py.py with Debian's interpreter (which sees python3-jedi) and reads back the same
// Truth shape bench/truth-ts.ts builds for TypeScript.
//
//   bun bench/truth-py.ts [--every n] <dir> [out.json]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import type { Truth, TruthStats } from "./truth-ts";

/** Debian's interpreter: the PATH one may be another that does not see Debian's python3-jedi. */
const PYTHON = process.env.IX_TRUTH_PYTHON ?? "/usr/bin/python3";
const SCRIPT = join(import.meta.dir, "truth-py.py");

/**
 * `every` > 1 walks every `every`-th file only (sorted by path), for corpora whose whole truth
 * takes too long (django: jedi needs tens of minutes): the truth is then `sampled`.
 */
export function buildPythonTruthWithStats(dir: string, every = 1): { truth: Truth; stats: TruthStats } {
  const work = mkdtempSync(join(tmpdir(), "ix-truth-py-"));
  try {
    const out = join(work, "truth.json");
    const proc = Bun.spawnSync([PYTHON, SCRIPT, "--every", String(every), resolve(dir), out], { stdout: "pipe", stderr: "pipe" });
    const stderr = proc.stderr.toString();
    if (proc.exitCode !== 0) throw new Error(`${PYTHON} ${SCRIPT} failed (exit ${proc.exitCode}): ${stderr.trim().slice(-2000)}`);
    const truth = JSON.parse(readFileSync(out, "utf8")) as Truth;
    // The script's last stderr line is its stats; jedi may warn before it.
    const stats = JSON.parse(stderr.trim().split("\n").pop()!) as TruthStats;
    return { truth, stats };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const every = args[0] === "--every" ? Number(args.splice(0, 2)[1]) : 1;
  const [dirArg, outArg] = args;
  if (!dirArg) {
    console.error("usage: bun bench/truth-py.ts [--every n] <dir> [out.json]");
    process.exit(2);
  }
  const { truth, stats } = buildPythonTruthWithStats(dirArg, every);
  const out = outArg ?? join(import.meta.dir, ".out", `truth-py-${basename(resolve(dirArg))}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(truth));
  console.log(
    `files=${stats.files} calls=${truth.calls.length} references=${truth.references?.length ?? 0} imports=${truth.imports.length} seconds=${stats.seconds.toFixed(1)}`,
  );
  console.log(`call_sites=${stats.callSites} bound=${stats.bound} external=${stats.external} unmodelled=${stats.unmodelled} unresolved=${stats.unresolved}`);
  for (const [reason, samples] of Object.entries(stats.samples)) for (const sample of samples) console.log(`  ${reason}: ${sample}`);
  console.log(`wrote ${out}`);
}
