// Scores ix's answers against a truth, question by question, as an agent would judge them.
//
// A question is one target (a callee for `callers`, a caller for `callees`, a file for
// `imported-by`) with the set of entities the truth says answer it, each known by name and
// file (the unit an agent acts on). An answer's rows are matched by the same key. An answer
// about another entity than the one asked (the header's target= names something else: ix
// resolved the line to an enclosing entity, or to the file) claims nothing about the target:
// its rows are not counted as wrong, but every truth row is missed, and the question counts
// as `wrong_target`. An error record does the same and counts as `errors`.
import type { Answer, AnswerRow } from "./answers";

export interface Question {
  /** The target as the truth knows it: its name (or path, for files) and kind. */
  name: string;
  kind: string;
  label: string;
  /** "name\0path" of every entity answering it. */
  expected: Set<string>;
}

export interface Tally {
  kind: string;
  questions: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  wrongTarget: number;
  errors: number;
}

export interface Miss {
  label: string;
  count: number;
  examples: string[];
}

export interface Scored {
  all: Tally;
  byKind: Tally[];
  worstFalsePositives: Miss[];
  worstFalseNegatives: Miss[];
  wrongTargets: string[];
}

const WORST = 12;
const EXAMPLES = 4;

/** ix names a member `Holder.member` where the truth knows `member`; both are the same entity. */
export function shortName(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && !name.includes("[") ? name.slice(dot + 1) : name;
}

export function rowKey(row: AnswerRow): string {
  return `${shortName(row.name)}\0${row.path}`;
}

function emptyTally(kind: string): Tally {
  return { kind, questions: 0, truePositives: 0, falsePositives: 0, falseNegatives: 0, wrongTarget: 0, errors: 0 };
}

function add(into: Tally, from: Omit<Tally, "kind">): void {
  into.questions += from.questions;
  into.truePositives += from.truePositives;
  into.falsePositives += from.falsePositives;
  into.falseNegatives += from.falseNegatives;
  into.wrongTarget += from.wrongTarget;
  into.errors += from.errors;
}

/**
 * `sameTarget` says whether the answer's header names the asked target; `counted` picks the
 * rows that answer this question (a callers answer's reference rows answer another one).
 */
export function scoreAnswers(
  questions: Question[],
  answers: Answer[],
  sameTarget: (question: Question, answer: Answer) => boolean,
  counted: (row: AnswerRow) => boolean = () => true,
): Scored {
  const all = emptyTally("all");
  const kinds = new Map<string, Tally>();
  const fps: Miss[] = [];
  const fns: Miss[] = [];
  const wrongTargets: string[] = [];
  questions.forEach((question, i) => {
    const answer = answers[i]!;
    const one = { questions: 1, truePositives: 0, falsePositives: 0, falseNegatives: 0, wrongTarget: 0, errors: 0 };
    if (answer.error !== undefined || !sameTarget(question, answer)) {
      if (answer.error !== undefined) one.errors = 1;
      else {
        one.wrongTarget = 1;
        if (wrongTargets.length < WORST) wrongTargets.push(`${question.label} -> target=${answer.target}`);
      }
      one.falseNegatives = question.expected.size;
      if (question.expected.size > 0) fns.push({ label: question.label, count: question.expected.size, examples: [`(${answer.error ?? `answered ${answer.target}`})`] });
    } else {
      const got = new Set(answer.rows.filter(counted).map(rowKey));
      const wrong = [...got].filter((key) => !question.expected.has(key));
      const missed = [...question.expected].filter((key) => !got.has(key));
      one.truePositives = got.size - wrong.length;
      one.falsePositives = wrong.length;
      one.falseNegatives = missed.length;
      const show = (keys: string[]) => keys.slice(0, EXAMPLES).map((k) => k.replace("\0", " in "));
      if (wrong.length > 0) fps.push({ label: question.label, count: wrong.length, examples: show(wrong) });
      if (missed.length > 0) fns.push({ label: question.label, count: missed.length, examples: show(missed) });
    }
    add(all, one);
    const tally = kinds.get(question.kind) ?? emptyTally(question.kind);
    add(tally, one);
    kinds.set(question.kind, tally);
  });
  const worst = (misses: Miss[]) => misses.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)).slice(0, WORST);
  return {
    all,
    byKind: [...kinds.values()].sort((a, b) => b.questions - a.questions),
    worstFalsePositives: worst(fps),
    worstFalseNegatives: worst(fns),
    wrongTargets,
  };
}

function ratio(hit: number, total: number): number {
  return total === 0 ? 1 : hit / total;
}

export function precision(t: Tally): number {
  return ratio(t.truePositives, t.truePositives + t.falsePositives);
}

export function recall(t: Tally): number {
  return ratio(t.truePositives, t.truePositives + t.falseNegatives);
}

/** One line per kind, then the worst misses, for bench output. */
export function formatScored(title: string, s: Scored): string {
  const line = (t: Tally) =>
    `  ${t.kind.padEnd(20)} precision=${precision(t).toFixed(3)} recall=${recall(t).toFixed(3)} ` +
    `questions=${t.questions} tp=${t.truePositives} fp=${t.falsePositives} fn=${t.falseNegatives} wrong_target=${t.wrongTarget} errors=${t.errors}`;
  const out = [`${title}:`, line(s.all), ...s.byKind.map(line)];
  for (const [label, misses] of [["false positives", s.worstFalsePositives], ["false negatives", s.worstFalseNegatives]] as const) {
    if (misses.length === 0) continue;
    out.push(`  worst ${label}:`);
    for (const miss of misses) out.push(`    ${miss.count}\t${miss.label}\t<- ${miss.examples.join("; ")}`);
  }
  if (s.wrongTargets.length > 0) out.push(`  wrong targets (first ${s.wrongTargets.length}):`, ...s.wrongTargets.map((w) => `    ${w}`));
  return out.join("\n");
}

/** A seeded shuffle, so two builds are asked the same questions. */
export function sample<T>(items: T[], n: number): T[] {
  if (n <= 0 || items.length <= n) return items;
  let seed = 0x9e3779b9;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}
