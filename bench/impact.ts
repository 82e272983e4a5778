// Precision and recall of `ix impact <target> --depth 2|3` against the transitive callers the
// TypeScript compiler's truth implies: the entities that call (or hand over by name) the target
// within 2 or 3 hops, each known by name and file, asked through the CLI's llm output as an
// agent reads it (`--full`, so every caller row is listed).
//
// A class is asked about as a container (what depends on it and on its members), where the
// truth's callers of a class are only its constructions (`new X()`, `super()`): its rows answer
// another question, so the totals are printed for every target and for the leaves alone
// (functions, methods and the other callables; classes aside).
//
//   bun bench/impact.ts [corpus…]     (default: zod trpc rtk router rxjs effect; mobx is kept aside)
//   QUESTIONS=n   targets per corpus, a seeded sample of the entities with a caller (default 300)
//   IX_BIN=…      the binary to score (default: this checkout's dist/ix, built first)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { askAll, type Answer } from "./answers";
import { ixBinary } from "./binary";
import { ensureCorpus } from "./corpora";
import { formatScored, sample, scoreAnswers, shortName, type Question } from "./score";
import { TOP_LEVEL, type Def, type Truth } from "./truth-ts";
import { truthFor } from "./truths";

const names = process.argv.slice(2).length ? process.argv.slice(2) : ["zod", "trpc", "rtk", "router", "rxjs", "effect"];
const QUESTIONS = Number(process.env.QUESTIONS ?? 300);
const DEPTHS = [1, 2, 3];

const defKey = (def: Def): string => `${def.path}\0${def.name}\0${def.line}`;
const entityKey = (def: Def): string => `${def.name}\0${def.path}`;

/** Callers of each entity (calls and hand-overs), by defKey; and the entities by defKey. */
function callerGraph(truth: Truth): { callers: Map<string, Def[]>; defs: Map<string, Def> } {
  const callers = new Map<string, Def[]>();
  const defs = new Map<string, Def>();
  for (const call of [...truth.calls, ...(truth.references ?? [])]) {
    const key = defKey(call.callee);
    defs.set(key, call.callee);
    defs.set(defKey(call.caller), call.caller);
    const list = callers.get(key) ?? [];
    list.push(call.caller);
    callers.set(key, list);
  }
  return { callers, defs };
}

/** Every entity within `depth` hops upstream of `target`, as name\0path. */
function transitive(target: Def, depth: number, callers: Map<string, Def[]>): Set<string> {
  const seen = new Set<string>([defKey(target)]);
  const out = new Set<string>();
  let frontier = [target];
  for (let d = 1; d <= depth && frontier.length > 0; d++) {
    const next: Def[] = [];
    for (const def of frontier) {
      for (const caller of callers.get(defKey(def)) ?? []) {
        if (seen.has(defKey(caller))) continue;
        seen.add(defKey(caller));
        // The file itself (top-level code) is a caller row, never a callee.
        out.add(caller.name === TOP_LEVEL ? `${TOP_LEVEL}\0${caller.path}` : entityKey(caller));
        next.push(caller);
      }
    }
    frontier = next;
  }
  return out;
}

const sameEntity = (question: Question, answer: Answer): boolean => answer.target !== undefined && shortName(answer.target) === question.name;
const BIN = ixBinary();
type Sum = { tp: number; fp: number; fn: number };
const totals = new Map<number, Sum>(DEPTHS.map((d) => [d, { tp: 0, fp: 0, fn: 0 }]));
const leafTotals = new Map<number, Sum>(DEPTHS.map((d) => [d, { tp: 0, fp: 0, fn: 0 }]));
const line = (t: Sum): string => `precision=${(t.tp / Math.max(1, t.tp + t.fp)).toFixed(3)} recall=${(t.tp / Math.max(1, t.tp + t.fn)).toFixed(3)} tp=${t.tp} fp=${t.fp} fn=${t.fn}`;

for (const name of names) {
  const dir = await ensureCorpus(name);
  const truth = truthFor(name, dir).truth;
  const { callers, defs } = callerGraph(truth);
  const called = [...defs.values()].filter((def) => def.name !== TOP_LEVEL && callers.has(defKey(def)));
  const picked = sample(called.sort((a, b) => defKey(a).localeCompare(defKey(b))), QUESTIONS);
  const home = mkdtempSync(join(tmpdir(), "ix-impact-bench-"));
  const env = { IX_HOME: home };
  try {
    const map = Bun.spawnSync([BIN, "map", dir, "--format", "llm"], { env: { ...process.env, ...env } });
    if (map.exitCode !== 0) throw new Error(`ix map failed: ${map.stdout}`);
    console.log(`\n# ${name}: ${map.stdout.toString().split("\n")[0]}\n${picked.length} targets with a caller`);
    for (const depth of DEPTHS) {
      const started = performance.now();
      const asks = picked.map((def) => ["impact", `${def.path}:${def.line}`, "--depth", String(depth), "--cap", "100000"]);
      const answers = await askAll(BIN, dir, env, asks, 4, "caller");
      const questions: Question[] = picked.map((def) => ({ name: def.name, kind: def.kind ?? "unknown", label: `${def.path}:${def.line} ${def.name}`, expected: transitive(def, depth, callers) }));
      const scored = scoreAnswers(questions, answers, sameEntity);
      const total = totals.get(depth)!;
      total.tp += scored.all.truePositives;
      total.fp += scored.all.falsePositives;
      total.fn += scored.all.falseNegatives;
      const leaf = leafTotals.get(depth)!;
      const leaves: Sum = { tp: 0, fp: 0, fn: 0 };
      for (const kind of scored.byKind.filter((k) => k.kind !== "class")) {
        leaves.tp += kind.truePositives;
        leaves.fp += kind.falsePositives;
        leaves.fn += kind.falseNegatives;
      }
      leaf.tp += leaves.tp;
      leaf.fp += leaves.fp;
      leaf.fn += leaves.fn;
      const ms = (performance.now() - started) / asks.length;
      console.log(`${formatScored(`impact --depth ${depth} (truth: callers within ${depth} hops, calls and hand-overs)`, scored)}\n  leaves (classes aside) ${line(leaves)}\n  (${asks.length} questions, ${ms.toFixed(1)} ms each at 4 in parallel)`);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

console.log("\n# all corpora (micro totals)");
for (const [depth, t] of totals) console.log(`depth ${depth}: every target ${line(t)}; leaves (classes aside) ${line(leafTotals.get(depth)!)}`);
