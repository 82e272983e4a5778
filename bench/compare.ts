// Scores ix's call and import edges against a ground truth (bench/truth-ts.ts).
//
// The unit is a distinct (source, target) pair: (caller entity, callee entity) for calls,
// (importing file, imported file) for imports. Several call sites between the same two
// entities are one pair, because "who calls X" answers with entities, not sites.

import type { Def, Truth } from "./truth-ts.ts";

/** One ix call edge; ix knows entities by span, the truth by the line of their name. */
export interface IxCall {
  callerPath: string;
  /** "<file>" for top-level code. */
  callerName: string;
  callerStart: number;
  callerEnd: number;
  calleePath: string;
  calleeName: string;
  calleeStart: number;
  calleeEnd: number;
}

export interface IxImport {
  from: string;
  to: string;
}

/** A target (callee or imported file) with wrong or missing edges, and where to look. */
export interface Miss {
  target: string;
  count: number;
  /** Up to EXAMPLES_PER_MISS sources, with call lines when the truth knows them. */
  examples: string[];
}

export interface Scores {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** Micro-averaged over all pairs. An empty denominator scores 1: nothing claimed, nothing wrong. */
  precision: number;
  recall: number;
  f1: number;
  /** Averaged over targets: precision over those ix gives sources to, recall over those the truth does. */
  macroPrecision: number;
  macroRecall: number;
  targetsForPrecision: number;
  targetsForRecall: number;
  /** ix pairs whose target the truth does not model (not scored: it can neither confirm nor refute them). */
  unjudged: number;
  /** ix pairs touching a file the truth did not look at (not scored). */
  outOfScope: number;
  worstFalsePositives: Miss[];
  worstFalseNegatives: Miss[];
}

const TOP_LEVEL = "<file>";
const WORST = 20;
const EXAMPLES_PER_MISS = 5;

interface Pair {
  source: string;
  target: string;
  sourceLabel: string;
  targetLabel: string;
  lines: number[];
}

interface Judged {
  truth: Pair[];
  ix: Pair[];
  unjudged: number;
  outOfScope: number;
}

function ratio(hit: number, total: number): number {
  return total === 0 ? 1 : hit / total;
}

function mean(values: number[]): number {
  return values.length === 0 ? 1 : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Distinct pairs, call lines merged. */
function distinct(pairs: Pair[]): Map<string, Pair> {
  const out = new Map<string, Pair>();
  for (const pair of pairs) {
    const key = `${pair.source}\u0001${pair.target}`;
    const seen = out.get(key);
    if (seen) seen.lines.push(...pair.lines);
    else out.set(key, { ...pair, lines: [...pair.lines] });
  }
  return out;
}

function groupByTarget(pairs: Iterable<Pair>): Map<string, Pair[]> {
  const out = new Map<string, Pair[]>();
  for (const pair of pairs) {
    const group = out.get(pair.target);
    if (group) group.push(pair);
    else out.set(pair.target, [pair]);
  }
  return out;
}

function worst(misses: Pair[]): Miss[] {
  return [...groupByTarget(misses).values()]
    .map((group) => ({
      target: group[0]!.targetLabel,
      count: group.length,
      examples: group
        .slice(0, EXAMPLES_PER_MISS)
        .map((p) => (p.lines.length > 0 ? `${p.sourceLabel} (line ${[...new Set(p.lines)].sort((a, b) => a - b).join(",")})` : p.sourceLabel)),
    }))
    .sort((a, b) => b.count - a.count || a.target.localeCompare(b.target))
    .slice(0, WORST);
}

function score({ truth, ix, unjudged, outOfScope }: Judged): Scores {
  const truthPairs = distinct(truth);
  const ixPairs = distinct(ix);
  const hits = [...ixPairs.keys()].filter((key) => truthPairs.has(key));
  const hitSet = new Set(hits);
  const falsePositives = [...ixPairs].filter(([key]) => !truthPairs.has(key)).map(([, p]) => p);
  const falseNegatives = [...truthPairs].filter(([key]) => !ixPairs.has(key)).map(([, p]) => p);

  const perTarget = (pairs: Map<string, Pair>): number[] =>
    [...groupByTarget(pairs.values()).values()].map(
      (group) => group.filter((p) => hitSet.has(`${p.source}\u0001${p.target}`)).length / group.length,
    );
  const precisions = perTarget(ixPairs);
  const recalls = perTarget(truthPairs);

  const precision = ratio(hits.length, ixPairs.size);
  const recall = ratio(hits.length, truthPairs.size);
  return {
    truePositives: hits.length,
    falsePositives: falsePositives.length,
    falseNegatives: falseNegatives.length,
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    macroPrecision: mean(precisions),
    macroRecall: mean(recalls),
    targetsForPrecision: precisions.length,
    targetsForRecall: recalls.length,
    unjudged,
    outOfScope,
    worstFalsePositives: worst(falsePositives),
    worstFalseNegatives: worst(falseNegatives),
  };
}

interface Span {
  start: number;
  end: number;
  key: string;
}

/** Matches the truth's entities (name lines) to ix's (spans), so both views share keys. */
class EntityIndex {
  private readonly byName = new Map<string, Span[]>();

  add(path: string, name: string, start: number, end: number): string {
    if (name === TOP_LEVEL) return fileKey(path);
    const key = `E\u0000${path}\u0000${name}\u0000${start}\u0000${end}`;
    const nameKey = `${path}\u0000${name}`;
    const spans = this.byName.get(nameKey) ?? [];
    if (!spans.some((s) => s.key === key)) spans.push({ start, end, key });
    this.byName.set(nameKey, spans);
    return key;
  }

  /** The innermost ix entity of that path and name whose span holds the line; else the truth's own key. */
  keyOf(def: Def): string {
    if (def.name === TOP_LEVEL) return fileKey(def.path);
    let best: Span | undefined;
    for (const span of this.byName.get(`${def.path}\u0000${def.name}`) ?? []) {
      if (def.line < span.start || def.line > span.end) continue;
      if (!best || span.end - span.start < best.end - best.start) best = span;
    }
    return best?.key ?? `T\u0000${def.path}\u0000${def.name}\u0000${def.line}`;
  }
}

function fileKey(path: string): string {
  return `F\u0000${path}`;
}

function defLabel(def: Def): string {
  return def.name === TOP_LEVEL ? `${def.path} ${TOP_LEVEL}` : `${def.path}:${def.line} ${def.name}`;
}

function spanLabel(path: string, name: string, start: number, end: number): string {
  return name === TOP_LEVEL ? `${path} ${TOP_LEVEL}` : `${path}:${start}-${end} ${name}`;
}

/** Who-calls accuracy, per callee entity. */
export function compareCallers(truth: Truth, ixCalls: IxCall[]): Scores {
  const index = new EntityIndex();
  const ixEdges = ixCalls.map((call) => ({
    call,
    source: index.add(call.callerPath, call.callerName, call.callerStart, call.callerEnd),
    target: index.add(call.calleePath, call.calleeName, call.calleeStart, call.calleeEnd),
  }));

  const known = new Set<string>();
  for (const def of truth.defs ?? []) known.add(index.keyOf(def));
  const truthPairs: Pair[] = truth.calls.map((c) => {
    const source = index.keyOf(c.caller);
    const target = index.keyOf(c.callee);
    known.add(source);
    known.add(target);
    return { source, target, sourceLabel: defLabel(c.caller), targetLabel: defLabel(c.callee), lines: [c.line] };
  });

  const files = truth.files && new Set(truth.files);
  const judged: Judged = { truth: truthPairs, ix: [], unjudged: 0, outOfScope: 0 };
  for (const { call, source, target } of ixEdges) {
    if (files && !(files.has(call.callerPath) && files.has(call.calleePath))) judged.outOfScope++;
    else if (!known.has(target)) judged.unjudged++;
    else {
      judged.ix.push({
        source,
        target,
        sourceLabel: spanLabel(call.callerPath, call.callerName, call.callerStart, call.callerEnd),
        targetLabel: spanLabel(call.calleePath, call.calleeName, call.calleeStart, call.calleeEnd),
        lines: [],
      });
    }
  }
  return score(judged);
}

/** What-imports-this-file accuracy, per imported file. */
export function compareImporters(truth: Truth, ixImports: IxImport[]): Scores {
  const files = truth.files && new Set(truth.files);
  const known = new Set(truth.files ?? truth.imports.flatMap((i) => [i.from, i.to]));
  const asPair = (i: IxImport): Pair => ({ source: i.from, target: i.to, sourceLabel: i.from, targetLabel: i.to, lines: [] });
  const judged: Judged = { truth: truth.imports.map(asPair), ix: [], unjudged: 0, outOfScope: 0 };
  for (const edge of ixImports) {
    if (files && !files.has(edge.from)) judged.outOfScope++;
    else if (!known.has(edge.to)) judged.unjudged++;
    else judged.ix.push(asPair(edge));
  }
  return score(judged);
}

/** Figures as one line per measure, for bench scripts. */
export function formatScores(title: string, s: Scores): string {
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const lines = [
    `${title}: precision=${pct(s.precision)} recall=${pct(s.recall)} f1=${pct(s.f1)} ` +
      `(tp=${s.truePositives} fp=${s.falsePositives} fn=${s.falseNegatives}) ` +
      `macro precision=${pct(s.macroPrecision)} over ${s.targetsForPrecision} recall=${pct(s.macroRecall)} over ${s.targetsForRecall} ` +
      `unjudged=${s.unjudged} out_of_scope=${s.outOfScope}`,
  ];
  for (const [label, misses] of [["false positives", s.worstFalsePositives], ["false negatives", s.worstFalseNegatives]] as const) {
    if (misses.length === 0) continue;
    lines.push(`  worst ${label}:`);
    for (const miss of misses) lines.push(`    ${miss.count}\t${miss.target}\t<- ${miss.examples.join("; ")}`);
  }
  return lines.join("\n");
}
