// Ground truth for Go call, hand-over and import edges, from go/types: builds bench/truth-go
// (standard library only) with the installed go toolchain into bench/.out and reads back the
// same Truth shape bench/truth-ts.ts builds for TypeScript.
//
//   bun bench/truth-go.ts <dir> [out.json]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import type { Truth, TruthStats } from "./truth-ts";

const SOURCE = join(import.meta.dir, "truth-go");
const BINARY = join(import.meta.dir, ".out", "truth-go");

/** `go build`s the truth program (go's own cache makes a rebuild of an unchanged one instant). */
function buildTruthProgram(): string {
  mkdirSync(dirname(BINARY), { recursive: true });
  const go = process.env.IX_TRUTH_GO ?? "go";
  const proc = Bun.spawnSync([go, "build", "-o", BINARY, "."], { cwd: SOURCE, stdout: "pipe", stderr: "pipe" });
  if (proc.exitCode !== 0) throw new Error(`go build of bench/truth-go failed (install golang-go: apt-get install -y golang-go): ${proc.stderr.toString().trim()}`);
  return BINARY;
}

export function buildGoTruthWithStats(dir: string): { truth: Truth; stats: TruthStats } {
  const binary = buildTruthProgram();
  const work = mkdtempSync(join(tmpdir(), "ix-truth-go-"));
  try {
    const out = join(work, "truth.json");
    // GOPATH mode for the standard library's source importer: the corpus's go.mod is never read by the go command.
    const proc = Bun.spawnSync([binary, resolve(dir), out], { stdout: "pipe", stderr: "pipe", env: { ...process.env, GO111MODULE: "off", GOFLAGS: "" } });
    const stderr = proc.stderr.toString();
    if (proc.exitCode !== 0) throw new Error(`${binary} failed (exit ${proc.exitCode}): ${stderr.trim().slice(-2000)}`);
    const truth = JSON.parse(readFileSync(out, "utf8")) as Truth;
    const stats = JSON.parse(stderr.trim().split("\n").pop()!) as TruthStats;
    return { truth, stats };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const [dirArg, outArg] = process.argv.slice(2);
  if (!dirArg) {
    console.error("usage: bun bench/truth-go.ts <dir> [out.json]");
    process.exit(2);
  }
  const { truth, stats } = buildGoTruthWithStats(dirArg);
  const out = outArg ?? join(import.meta.dir, ".out", `truth-go-${basename(resolve(dirArg))}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(truth));
  const s = stats as TruthStats & { packages?: number; typeErrors?: number; typeErrorSamples?: string[]; conversions?: number; constrainedOut?: string[] | null };
  console.log(`files=${stats.files} packages=${s.packages} calls=${truth.calls.length} references=${truth.references?.length ?? 0} imports=${truth.imports.length} seconds=${stats.seconds.toFixed(1)}`);
  console.log(`call_sites=${stats.callSites} bound=${stats.bound} external=${stats.external} unmodelled=${stats.unmodelled} unresolved=${stats.unresolved} conversions=${s.conversions}`);
  console.log(`bound by how written: ${Object.entries(stats.byVia ?? {}).map(([k, n]) => `${k}=${n}`).join(" ")}`);
  console.log(`import statements: ${Object.entries(stats.importOutcomes ?? {}).map(([k, n]) => `${k}=${n}`).join(" ")}`);
  console.log(`type errors=${s.typeErrors}; files left out by build constraints: ${s.constrainedOut?.length ?? 0}`);
  for (const sample of s.typeErrorSamples ?? []) console.log(`  type error: ${sample}`);
  for (const [reason, samples] of Object.entries(stats.samples)) for (const sample of samples) console.log(`  ${reason}: ${sample}`);
  console.log(`wrote ${out}`);
}
