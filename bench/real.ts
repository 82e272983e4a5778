// ix on git checkouts of real repositories, tests included, scored through the CLI as an agent
// reads it (issue 31): callers (all, and non-test), the share of reported call sites that are
// true calls, callees, importers, and `ix imports` of a file against every import statement
// (unresolved ones included), each against a compiler's truth (TypeScript/JavaScript: tsc;
// Go: go/types; Python: jedi). Per corpus: one table row, then where recall goes (misses by
// the callee's kind and by how the call is written) and examples.
//
//   bun bench/real.ts [corpus | bench | dev …]     default: bench dev
//   bun bench/real.ts aside --aside                the held-out corpora (only when the work is done)
//   QUESTIONS=n   questions per relation and corpus, a seeded sample (default 400; 0 = all)
//   IX_BIN=…      the binary to score (default: this checkout's dist/ix, built first)
//   RESCORE=1     score the answers saved by the last run (bench/.out/real-answers-<corpus>.json)
//                 when the questions are the same, without mapping or asking again
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { roleOf } from "../src/ingest/roles";
import { askAll, type Answer } from "./answers";
import { ixBinary } from "./binary";
import { CORPORA, corporaOf, corpusGroup, ensureCorpus } from "./corpora";
import { precisionOf, recallOf, scoreCallees, scoreCallers, scoreImporters, scoreImports, TruthIndex, type PR } from "./real-score";
import { sample } from "./score";
import { describeTruth, OUT, truthFor } from "./truths";

const GROUPS = new Set(["bench", "dev", "aside"]);
const args = process.argv.slice(2);
const allowAside = args.includes("--aside");
const requested = args.filter((a) => !a.startsWith("--"));
const names = (requested.length ? requested : ["bench", "dev"]).flatMap((n) => (GROUPS.has(n) ? corporaOf(n as "bench" | "dev" | "aside") : [n]));
const QUESTIONS = Number(process.env.QUESTIONS ?? 400);
const RESCORE = process.env.RESCORE === "1";

/** A caller in a test is one in a file ix itself classes as a test or a test fixture (src/ingest/roles.ts). */
const isTest = (path: string): boolean => {
  const role = roleOf(path);
  return role === "test" || role === "fixture";
};

const pct = (x: number): string => x.toFixed(2);
const pr = (t: PR): string => `${pct(precisionOf(t))} / ${pct(recallOf(t))}`;

interface Row {
  name: string;
  cells: string[];
}
const rows: Row[] = [];
const HEADER = ["corpus", "callers P / R", "non-test P / R", "sites P", "callees P / R", "importers P / R", "imports R (corpus; not-corpus listed)", "asked", "wrong target", "errors"];

const BIN = ixBinary();
console.log(`binary: ${BIN}`);

for (const name of names) {
  if (!CORPORA[name]) {
    console.log(`\n# ${name}: unknown corpus`);
    continue;
  }
  if (corpusGroup(name) === "aside" && !allowAside) {
    console.log(`\n# ${name}: held out (aside) until the accuracy work is done; pass --aside to measure it`);
    continue;
  }
  const dir = await ensureCorpus(name);
  const t = truthFor(name, dir);
  const index = new TruthIndex(t.truth);
  const home = mkdtempSync(join(tmpdir(), "ix-real-"));
  const env = { IX_HOME: home };
  try {
    const corpus = CORPORA[name]!;
    console.log(`\n# ${name} (${corpusGroup(name) ?? corpus.kind})${corpus.kind === "git" ? ` ${corpus.repo}@${corpus.commit.slice(0, 10)}` : ""}`);
    let mapped = false;
    const mapOnce = (): boolean => {
      if (mapped) return true;
      const started = performance.now();
      const map = Bun.spawnSync([BIN, "map", dir, "--format", "llm"], { env: { ...process.env, ...env } });
      const mapSeconds = (performance.now() - started) / 1000;
      if (map.exitCode !== 0) {
        console.log(`ix map failed (exit ${map.exitCode}): ${map.stdout.toString().slice(0, 400)} ${map.stderr.toString().slice(0, 400)}`);
        return false;
      }
      console.log(`map: ${map.stdout.toString().split("\n")[0]} (${mapSeconds.toFixed(1)} s)`);
      mapped = true;
      return true;
    };
    if (!RESCORE && !mapOnce()) {
      rows.push({ name, cells: ["map failed"] });
      continue;
    }
    console.log(describeTruth(name, t));
    const truth = t.truth;
    console.log(
      `truth: ${truth.calls.length} calls (${byCount(truth.calls.map((c) => c.via ?? "call"))}), ${truth.references?.length ?? 0} hand-overs, ` +
        `${index.defs.length} entities, ${truth.imports.length} file imports, ${truth.importStatements?.length ?? 0} import statements ` +
        `(${byCount((truth.importStatements ?? []).map((s) => s.outcome))}), ${truth.unbound?.length ?? 0} unbound call sites`,
    );

    const judged = (path: string): boolean => !truth.sampled || index.walked.has(path);
    const callerTargets = sample(index.defs, QUESTIONS);
    const calleeTargets = sample(
      index.defs.filter((d) => judged(d.path) && !["class", "interface-member", "local-object-method", "file"].includes(d.kind ?? "")),
      QUESTIONS,
    );
    const files = [...index.walked].sort();
    const importerFiles = sample(files, QUESTIONS);
    const importFiles = sample(files.filter((f) => index.statements.has(f)), QUESTIONS);

    const timed = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
      const s = performance.now();
      const out = await run();
      console.log(`  (${label}: ${((performance.now() - s) / 1000).toFixed(0)} s)`);
      return out;
    };
    const asks = {
      callers: callerTargets.map((d) => ["callers", `${d.path}:${d.line}`]),
      callees: calleeTargets.map((d) => ["callees", `${d.path}:${d.line}`]),
      importers: importerFiles.map((f) => ["imported-by", f]),
      imports: importFiles.map((f) => ["imports", f]),
    };
    // RESCORE=1 scores the answers the last run saved for the same questions, without asking again.
    const saved = join(OUT, `real-answers-${name}.json`);
    const previous = RESCORE && existsSync(saved) ? (JSON.parse(readFileSync(saved, "utf8")) as { asks: typeof asks; answers: Record<keyof typeof asks, Answer[]>; bin: string }) : undefined;
    const reuse = previous !== undefined && JSON.stringify(previous.asks) === JSON.stringify(asks);
    if (RESCORE) console.log(reuse ? `rescoring the answers of ${previous!.bin} saved in ${saved}` : `no saved answers to the same questions: asking`);
    if (!reuse && !mapOnce()) {
      rows.push({ name, cells: ["map failed"] });
      continue;
    }
    const answers = reuse
      ? previous!.answers
      : {
          callers: await timed("callers", () => askAll(BIN, dir, env, asks.callers)),
          callees: await timed("callees", () => askAll(BIN, dir, env, asks.callees)),
          importers: await timed("imported-by", () => askAll(BIN, dir, env, asks.importers)),
          imports: await timed("imports", () => askAll(BIN, dir, env, asks.imports, 4, "ref", true)),
        };
    if (!reuse) writeFileSync(saved, JSON.stringify({ bin: BIN, asks, answers }));
    const { callers: callerAnswers, callees: calleeAnswers, importers: importerAnswers, imports: importAnswers } = answers;

    const callers = scoreCallers(index, callerTargets, callerAnswers, isTest);
    // Named local functions are entities in the truth (issue 31, item 7) and not yet in every
    // build: the same answers without the questions about them, to compare with figures that had none.
    const modular = callerTargets.map((d, i) => [d, callerAnswers[i]!] as const).filter(([d]) => d.kind !== "local-function");
    const withoutLocals = scoreCallers(index, modular.map(([d]) => d), modular.map(([, a]) => a), isTest);
    const callees = scoreCallees(index, calleeTargets, calleeAnswers);
    const importers = scoreImporters(index, importerFiles, importerAnswers);
    const imports = scoreImports(index, importFiles, importAnswers);

    const asked = callers.questions + callees.questions + importers.questions + imports.questions;
    const wrong = callers.wrongTarget + callees.wrongTarget + importers.wrongTarget + imports.wrongTarget;
    const errors = [callers.errors, callees.errors, importers.errors, imports.errors].reduce((n, m) => n + [...m.values()].reduce((a, b) => a + b, 0), 0);
    const listedLine = [...imports.listed.rows].map(([k, v]) => `${k} ${v.expected - v.missed}/${v.expected}`).join(", ") || "none";
    const cells = [
      name,
      pr(callers.all),
      pr(callers.nonTest),
      pct(precisionOf(callers.sites)),
      pr(callees.all),
      pr(importers.all),
      `${pct(recallOf(imports.all))} (${pct(recallOf(imports.corpus))}; ${listedLine})`,
      String(asked),
      String(wrong),
      String(errors),
    ];
    rows.push({ name, cells });

    console.log(`| ${HEADER.join(" | ")} |`);
    console.log(`| ${cells.join(" | ")} |`);
    const counts = (t: PR) => `tp=${t.tp} fp=${t.fp} fn=${t.fn} unjudged=${t.unjudged}`;
    console.log(`callers: ${callers.questions} asked, ${callers.wrongTarget} wrong target, errors ${fmtMap(callers.errors)}`);
    console.log(`  all ${pr(callers.all)} (${counts(callers.all)}); non-test ${pr(callers.nonTest)} (${counts(callers.nonTest)})`);
    console.log(`  as given (hand-over rows and wrong-target answers' rows counted wrong): ${pr(callers.asGiven)}; calls and hand-overs vs every row: ${pr(callers.withHandOvers)}`);
    console.log(`  non-test sites: ${pct(precisionOf(callers.sites))} true calls (${counts(callers.sites)})`);
    console.log(`  without the ${callers.questions - withoutLocals.questions} questions about named local functions: all ${pr(withoutLocals.all)}, non-test ${pr(withoutLocals.nonTest)}, ${withoutLocals.wrongTarget} wrong target`);
    console.log(`  missed by callee kind: ${callers.byKind.format()}`);
    console.log(`  missed by how the call is written: ${callers.byVia.format()}`);
    console.log(`  missed by caller: ${callers.byRole.format()}`);
    if (callers.wrongTargetByKind.size) console.log(`  wrong target by kind: ${fmtMap(callers.wrongTargetByKind)}`);
    for (const line of callers.wrongTargets) console.log(`    wrong target: ${line}`);
    for (const line of callers.falsePositives.slice(0, 12)) console.log(`    wrong row: ${line}`);
    for (const line of callers.misses.slice(0, 12)) console.log(`    missed: ${line}`);
    console.log(`callees: ${callees.questions} asked, ${callees.wrongTarget} wrong target, errors ${fmtMap(callees.errors)}; ${pr(callees.all)} (${counts(callees.all)})`);
    console.log(`  missed by callee kind: ${callees.byKind.format()}`);
    console.log(`  missed by how the call is written: ${callees.byVia.format()}`);
    for (const line of callees.falsePositives.slice(0, 8)) console.log(`    wrong row: ${line}`);
    for (const line of callees.misses.slice(0, 8)) console.log(`    missed: ${line}`);
    console.log(`importers: ${importers.questions} asked, ${importers.wrongTarget} wrong target, errors ${fmtMap(importers.errors)}; ${pr(importers.all)} (${counts(importers.all)})`);
    console.log(`  missed by how imported: ${importers.byKind.format()}`);
    for (const line of importers.falsePositives.slice(0, 6)) console.log(`    wrong row: ${line}`);
    for (const line of importers.misses.slice(0, 6)) console.log(`    missed: ${line}`);
    console.log(
      `imports: ${imports.questions} files asked, ${imports.wrongTarget} wrong target, errors ${fmtMap(imports.errors)}; every statement R ${pct(recallOf(imports.all))} (${counts(imports.all)}); ` +
        `corpus files ${pr(imports.corpus)}; not reaching a corpus source, listed: ${listedLine}; site= on the statement's first line: ${imports.siteExact.right}/${imports.siteExact.rows}`,
    );
    for (const line of imports.misses.slice(0, 6)) console.log(`    missed: ${line}`);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (rows.length > 1) {
  console.log(`\n| ${HEADER.join(" | ")} |\n|${HEADER.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${row.cells.join(" | ")} |`);
}

function byCount(items: string[]): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k}=${n}`).join(" ");
}

function fmtMap(map: Map<string, number>): string {
  return map.size === 0 ? "none" : [...map].map(([k, n]) => `${k}=${n}`).join(" ");
}
