// Precision and recall of the answers an agent reads — `ix callers`, `ix callees`,
// `ix imported-by`, each asked of one target as `path:line` — against the TypeScript
// compiler's own answer on real code.
//
//   bun bench/accuracy.ts [corpus…]          (default: rxjs)
//   QUESTIONS=n   questions per relation and corpus, a seeded sample (default 1500; 0 = all)
//   IX_BIN=…      the binary to score (default: this checkout's dist/ix, built first)
//
// Goals on TypeScript ix was not tuned on: callers ≥ 0.95 precision / ≥ 0.85 recall,
// callees ≥ 0.90 / 0.85, importers ≥ 0.99 / 0.98.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { askAll, type Answer, type AnswerRow } from "./answers";
import { ixBinary } from "./binary";
import { ensureCorpus } from "./corpora";
import { formatScored, sample, scoreAnswers, shortName, type Question } from "./score";
import { TOP_LEVEL, type Def, type Truth } from "./truth-ts";
import { describeTruth, truthFor } from "./truths";

const names = process.argv.slice(2).length ? process.argv.slice(2) : ["rxjs"];
const QUESTIONS = Number(process.env.QUESTIONS ?? 1500);

/** The truth of the corpus's language (bench/truths.ts: built once, cached by corpus and truth version). */
function truthOf(name: string, dir: string): Truth {
  const t = truthFor(name, dir);
  if (!t.cached) console.log(describeTruth(name, t));
  return t.truth;
}

const defKey = (def: Def): string => `${def.path}\0${def.name}\0${def.line}`;
const entityKey = (def: Def): string => `${def.name}\0${def.path}`;
const at = (def: Def): string => `${def.path}:${def.line}`;

interface Relation {
  title: string;
  questions: Question[];
  asks: string[][];
}

/**
 * Every entity the truth knows is a question for callers (uncalled ones test precision). The
 * expected callers are those that call it, and with `handOvers` those that hand it over by name
 * too, which is what ix callers answers (a hand-over's row says use=reference).
 */
function callersRelation(truth: Truth, handOvers: boolean): Relation {
  const expected = new Map<string, Set<string>>();
  for (const call of handOvers ? [...truth.calls, ...(truth.references ?? [])] : truth.calls) {
    const key = defKey(call.callee);
    const set = expected.get(key) ?? new Set<string>();
    set.add(entityKey(call.caller));
    expected.set(key, set);
  }
  const targets = new Map<string, Def>();
  for (const def of [...(truth.defs ?? []), ...truth.calls.map((c) => c.callee)]) if (def.name !== TOP_LEVEL) targets.set(defKey(def), def);
  const picked = sample([...targets.values()].sort((a, b) => defKey(a).localeCompare(defKey(b))), QUESTIONS);
  return {
    title: handOvers ? "callers (truth: calls and hand-overs)" : "callers (truth: calls)",
    questions: picked.map((def) => ({ name: def.name, kind: def.kind ?? "unknown", label: `${at(def)} ${def.name}`, expected: expected.get(defKey(def)) ?? new Set() })),
    asks: picked.map((def) => ["callers", at(def)]),
  };
}

/** Functions and methods as callers: what they call. A class's own calls are its field initialisers, not what `callees` of a class means. */
function calleesRelation(truth: Truth, judged: (path: string) => boolean): Relation {
  const expected = new Map<string, Set<string>>();
  for (const call of truth.calls) {
    const key = defKey(call.caller);
    const set = expected.get(key) ?? new Set<string>();
    set.add(entityKey(call.callee));
    expected.set(key, set);
  }
  const targets = new Map<string, Def>();
  for (const def of [...(truth.defs ?? []), ...truth.calls.map((c) => c.caller)]) {
    if (def.name === TOP_LEVEL || def.kind === "class" || def.kind === "interface-member" || def.kind === "local-object-method") continue;
    // A sampled truth knows the calls of its own files only.
    if (!judged(def.path)) continue;
    targets.set(defKey(def), def);
  }
  const picked = sample([...targets.values()].sort((a, b) => defKey(a).localeCompare(defKey(b))), QUESTIONS);
  return {
    title: "callees",
    questions: picked.map((def) => ({ name: def.name, kind: def.kind ?? "unknown", label: `${at(def)} ${def.name}`, expected: expected.get(defKey(def)) ?? new Set() })),
    asks: picked.map((def) => ["callees", at(def)]),
  };
}

function importersRelation(truth: Truth): Relation {
  const expected = new Map<string, Set<string>>();
  for (const imp of truth.imports) {
    const set = expected.get(imp.to) ?? new Set<string>();
    set.add(`${TOP_LEVEL}\0${imp.from}`);
    expected.set(imp.to, set);
  }
  const picked = sample([...new Set([...(truth.files ?? []), ...expected.keys()])].sort(), QUESTIONS);
  return {
    title: "importers",
    questions: picked.map((path) => ({ name: path, kind: "file", label: path, expected: expected.get(path) ?? new Set() })),
    asks: picked.map((path) => ["imported-by", path]),
  };
}

const sameEntity = (question: Question, answer: Answer): boolean => answer.target !== undefined && shortName(answer.target) === question.name;
const isCall = (row: AnswerRow): boolean => row.fields.use !== "reference";
const sameFile = (question: Question, answer: Answer): boolean => answer.target === question.name;

const BIN = ixBinary();

for (const name of names) {
  const dir = await ensureCorpus(name);
  const truth = truthOf(name, dir);
  const home = mkdtempSync(join(tmpdir(), "ix-accuracy-"));
  const env = { IX_HOME: home };
  try {
    const map = Bun.spawnSync([BIN, "map", dir, "--format", "llm"], { env: { ...process.env, ...env } });
    if (map.exitCode !== 0) throw new Error(`ix map failed: ${map.stdout}`);
    console.log(`\n# ${name}: ${map.stdout.toString().split("\n")[0]}`);
    console.log(`truth: ${truth.calls.length} calls, ${truth.references?.length ?? 0} hand-overs, ${truth.defs?.length ?? 0} entities, ${truth.imports.length} imports`);
    // A sampled truth judges the rows from the files it walked; every row otherwise.
    const walked = new Set(truth.files ?? []);
    const judged = (path: string): boolean => !truth.sampled || walked.has(path);
    const inJudged = (row: AnswerRow): boolean => judged(row.path);
    if (truth.sampled) console.log(`truth sampled: ${walked.size} files walked; callers and importers judged on rows from them, callees asked of their entities`);
    const calls = callersRelation(truth, false);
    const withHandOvers = callersRelation(truth, true);
    for (const relation of [calls, calleesRelation(truth, judged), importersRelation(truth)]) {
      const started = performance.now();
      const answers = await askAll(BIN, dir, env, relation.asks);
      // A callees row is in any file: its question, an entity of a walked file, is what the sample decides.
      const scored = scoreAnswers(relation.questions, answers, relation.title === "importers" ? sameFile : sameEntity, relation.title === "callees" ? undefined : inJudged);
      const ms = (performance.now() - started) / relation.asks.length;
      console.log(`${formatScored(relation.title, scored)}\n  (${relation.asks.length} questions, ${ms.toFixed(1)} ms each at 4 in parallel)`);
      if (relation !== calls) continue;
      // The same answers judged two more ways: their call rows alone against the calls, and
      // every row against calls and hand-overs. The questions are the same (the targets do not
      // depend on which callers are expected).
      console.log(formatScored("callers (truth: calls; ix: rows without use=reference)", scoreAnswers(calls.questions, answers, sameEntity, (row) => isCall(row) && inJudged(row))));
      console.log(formatScored(withHandOvers.title, scoreAnswers(withHandOvers.questions, answers, sameEntity, inJudged)));
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
