// Scoring ix's answers on real repositories as an agent reads them (bench/real.ts): callers
// (all, and non-test), the call sites those rows report, callees, importers, and `ix imports`
// of a file against every import statement the truth knows, resolved or not. Each figure
// comes with where its misses are, by the callee's kind and by how the call is written.
//
// Judged as an agent would: an answer whose header names another entity than the one asked is
// no answer (every expected row is missed; its rows are not counted), an error record likewise;
// rows marked use=reference are hand-overs, not calls. A row the truth cannot judge is left
// out and counted: one in a file the truth did not walk, or one naming an entity called by a
// name at a site the truth could not bind in that file (JavaScript objects built at run time).
import type { Answer, AnswerRow } from "./answers";
import { shortName } from "./score";
import { TOP_LEVEL, type Def, type Truth, type TruthImportStatement } from "./truth-ts";

export const defKey = (def: Def): string => `${def.path}\0${def.name}\0${def.line}`;
export const entityKey = (def: Def): string => `${def.name}\0${def.path}`;
const rowKey = (row: AnswerRow): string => `${shortName(row.name)}\0${row.path}`;
const isCallRow = (row: AnswerRow): boolean => row.fields.use !== "reference";

export interface PR {
  tp: number;
  fp: number;
  fn: number;
  /** Rows the truth cannot judge (see the header). */
  unjudged: number;
}

export const emptyPR = (): PR => ({ tp: 0, fp: 0, fn: 0, unjudged: 0 });
export const precisionOf = (t: PR): number => (t.tp + t.fp === 0 ? 1 : t.tp / (t.tp + t.fp));
export const recallOf = (t: PR): number => (t.tp + t.fn === 0 ? 1 : t.tp / (t.tp + t.fn));

/** Expected rows and misses, by a category: "getter 12/40" is 12 missed of 40 expected. */
export class Breakdown {
  readonly rows = new Map<string, { expected: number; missed: number }>();
  add(category: string, missed: boolean): void {
    const row = this.rows.get(category) ?? { expected: 0, missed: 0 };
    row.expected++;
    if (missed) row.missed++;
    this.rows.set(category, row);
  }
  format(): string {
    return [...this.rows]
      .sort((a, b) => b[1].missed - a[1].missed || b[1].expected - a[1].expected)
      .map(([k, v]) => `${k} ${v.missed}/${v.expected}`)
      .join(", ");
  }
}

/** The truth, indexed for the questions. */
export class TruthIndex {
  readonly walked: Set<string>;
  /** callee defKey -> caller entityKey -> how the calls are written, and the caller's file. */
  readonly callers = new Map<string, Map<string, { vias: Set<string>; path: string }>>();
  /** callee defKey -> file -> lines of calls to it (call start and called name). */
  readonly callLines = new Map<string, Map<string, Set<number>>>();
  /** caller defKey -> callee entityKey -> how written, and the callee's kind. */
  readonly callees = new Map<string, Map<string, { vias: Set<string>; kind: string }>>();
  /** file -> names called at sites the truth could not bind. */
  readonly unboundNames = new Map<string, Set<string>>();
  /** "path:line:name" of those sites. */
  readonly unboundAt = new Set<string>();
  /** imported file -> importing file -> how imported. */
  readonly importers = new Map<string, Map<string, Set<string>>>();
  /** file -> its import statements. */
  readonly statements = new Map<string, TruthImportStatement[]>();
  readonly defs: Def[];

  constructor(readonly truth: Truth) {
    this.walked = new Set(truth.files ?? []);
    for (const call of truth.calls) {
      const via = call.via ?? "call";
      const byCaller = getOr(this.callers, defKey(call.callee), () => new Map());
      const pair = getOr(byCaller, entityKey(call.caller), () => ({ vias: new Set<string>(), path: call.caller.path }));
      pair.vias.add(via);
      const lines = getOr(getOr(this.callLines, defKey(call.callee), () => new Map()), call.caller.path, () => new Set<number>());
      lines.add(call.line);
      if (call.site !== undefined) lines.add(call.site);
      const byCallee = getOr(this.callees, defKey(call.caller), () => new Map());
      const callee = getOr(byCallee, entityKey(call.callee), () => ({ vias: new Set<string>(), kind: call.callee.kind ?? "unknown" }));
      callee.vias.add(via);
    }
    for (const site of truth.unbound ?? []) {
      getOr(this.unboundNames, site.path, () => new Set<string>()).add(site.name);
      this.unboundAt.add(`${site.path}:${site.line}:${site.name}`);
    }
    for (const statement of truth.importStatements ?? []) getOr(this.statements, statement.from, () => []).push(statement);
    for (const imp of truth.imports) getOr(getOr(this.importers, imp.to, () => new Map()), imp.from, () => new Set<string>());
    for (const statement of truth.importStatements ?? [])
      for (const to of statement.outcome === "corpus" ? statement.to ?? [] : []) this.importers.get(to)?.get(statement.from)?.add(statement.kind);
    const defs = new Map<string, Def>();
    for (const def of [...(truth.defs ?? []), ...truth.calls.map((c) => c.callee)]) if (def.name !== TOP_LEVEL) defs.set(defKey(def), def);
    this.defs = [...defs.values()].sort((a, b) => defKey(a).localeCompare(defKey(b)));
  }

  /** A row naming `name` in `path` where the truth saw an unbound call of that name: the truth cannot tell. */
  cannotTell(path: string, name: string): boolean {
    return !this.walked.has(path) || (this.unboundNames.get(path)?.has(shortName(name)) ?? false);
  }
}

function getOr<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** The answer is about the asked entity: the header's target is its name (ix may qualify a member `Holder.member`) and, when given, its file. */
export function sameEntity(def: Def, answer: Answer, headerPath?: string): boolean {
  if (answer.target === undefined) return false;
  if (shortName(answer.target) !== def.name && answer.target !== def.name) return false;
  return headerPath === undefined || headerPath === def.path;
}

export interface CallersScore {
  all: PR;
  nonTest: PR;
  /** Reported call sites (site= and also=) of judged non-test call rows: true calls of the target at that line. */
  sites: PR;
  /** Every row as given: hand-overs and wrong-target answers' rows count against precision. */
  asGiven: PR;
  /** Callers and hand-overs expected, every row counted (what "who uses X" wants). */
  withHandOvers: PR;
  questions: number;
  wrongTarget: number;
  errors: Map<string, number>;
  byKind: Breakdown;
  byVia: Breakdown;
  byRole: Breakdown;
  wrongTargetByKind: Map<string, number>;
  falsePositives: string[];
  misses: string[];
  wrongTargets: string[];
}

const EXAMPLES = 10;

export function scoreCallers(index: TruthIndex, targets: Def[], answers: Answer[], isTest: (path: string) => boolean): CallersScore {
  const s: CallersScore = {
    all: emptyPR(), nonTest: emptyPR(), sites: emptyPR(), asGiven: emptyPR(), withHandOvers: emptyPR(), questions: targets.length, wrongTarget: 0,
    errors: new Map(), byKind: new Breakdown(), byVia: new Breakdown(), byRole: new Breakdown(), wrongTargetByKind: new Map(),
    falsePositives: [], misses: [], wrongTargets: [],
  };
  const handOvers = new Map<string, Set<string>>();
  for (const ref of index.truth.references ?? []) getOr(handOvers, defKey(ref.callee), () => new Set<string>()).add(entityKey(ref.caller));

  targets.forEach((target, i) => {
    const answer = answers[i]!;
    const expected = index.callers.get(defKey(target)) ?? new Map<string, { vias: Set<string>; path: string }>();
    const kind = target.kind ?? "unknown";
    const answered = answer.error === undefined && sameEntity(target, answer, answer.headerPath);
    if (!answered) {
      if (answer.error !== undefined) s.errors.set(answer.error, (s.errors.get(answer.error) ?? 0) + 1);
      else {
        s.wrongTarget++;
        s.wrongTargetByKind.set(kind, (s.wrongTargetByKind.get(kind) ?? 0) + 1);
        if (s.wrongTargets.length < EXAMPLES) s.wrongTargets.push(`${target.path}:${target.line} ${target.name} (${kind}) -> target=${answer.target}`);
        s.asGiven.fp += answer.rows.length;
      }
    }
    const got = new Set(answered ? answer.rows.filter(isCallRow).map(rowKey) : []);
    for (const [key, pair] of expected) {
      const missed = !got.has(key);
      const test = isTest(pair.path);
      s.byKind.add(kind, missed);
      s.byVia.add([...pair.vias].sort().join("+"), missed);
      s.byRole.add(test ? "test caller" : "non-test caller", missed);
      for (const t of test ? [s.all, s.asGiven] : [s.all, s.nonTest, s.asGiven]) {
        if (missed) t.fn++;
        else t.tp++;
      }
      if (missed && s.misses.length < EXAMPLES * 3) s.misses.push(`${target.path}:${target.line} ${target.name} (${kind}) <- ${key.replace("\0", " in ")} [${[...pair.vias].join("+")}]`);
    }
    // Callers and hand-overs against every row.
    const wanted = new Set([...expected.keys(), ...(handOvers.get(defKey(target)) ?? [])]);
    const everyRow = new Set(answered ? answer.rows.map(rowKey) : []);
    for (const key of wanted) {
      if (everyRow.has(key)) s.withHandOvers.tp++;
      else s.withHandOvers.fn++;
    }
    if (!answered) return;
    for (const row of answer.rows) {
      const key = rowKey(row);
      if (wanted.has(key)) continue;
      if (index.cannotTell(row.path, target.name)) s.withHandOvers.unjudged++;
      else s.withHandOvers.fp++;
    }
    // Call rows against the calls; reference rows count against precision only as given.
    const seen = new Set<string>();
    for (const row of answer.rows) {
      const key = rowKey(row);
      if (seen.has(key)) continue;
      seen.add(key);
      if (!isCallRow(row)) {
        if (!expected.has(key)) s.asGiven.fp++;
        continue;
      }
      const test = isTest(row.path);
      if (!expected.has(key)) {
        const tallies = test ? [s.all, s.asGiven] : [s.all, s.nonTest, s.asGiven];
        if (index.cannotTell(row.path, target.name)) for (const t of tallies) t.unjudged++;
        else {
          for (const t of tallies) t.fp++;
          if (s.falsePositives.length < EXAMPLES * 3) s.falsePositives.push(`${target.path}:${target.line} ${target.name} (${kind}) <- ${row.name} in ${row.path}${row.fields.site ? ` site=${row.fields.site}` : ""}`);
        }
      }
      if (!test && index.walked.has(row.path)) scoreSites(index, target, row, s.sites);
    }
  });
  return s;
}

/** Each line a call row reports (site= and also=) is a call of the target there, per the truth. */
function scoreSites(index: TruthIndex, target: Def, row: AnswerRow, sites: PR): void {
  const site = row.fields.site;
  if (!site) return;
  const colon = site.lastIndexOf(":");
  const path = site.slice(0, colon);
  const lines = [Number(site.slice(colon + 1)), ...(row.fields.also ?? "").split(",").filter(Boolean).map(Number)].filter(Number.isFinite);
  const known = index.callLines.get(defKey(target))?.get(path);
  for (const line of lines) {
    if (known?.has(line)) sites.tp++;
    else if (index.unboundAt.has(`${path}:${line}:${shortName(target.name)}`)) sites.unjudged++;
    else sites.fp++;
  }
}

export interface CalleesScore {
  all: PR;
  questions: number;
  wrongTarget: number;
  errors: Map<string, number>;
  byKind: Breakdown;
  byVia: Breakdown;
  falsePositives: string[];
  misses: string[];
}

export function scoreCallees(index: TruthIndex, targets: Def[], answers: Answer[]): CalleesScore {
  const s: CalleesScore = { all: emptyPR(), questions: targets.length, wrongTarget: 0, errors: new Map(), byKind: new Breakdown(), byVia: new Breakdown(), falsePositives: [], misses: [] };
  targets.forEach((target, i) => {
    const answer = answers[i]!;
    const expected = index.callees.get(defKey(target)) ?? new Map<string, { vias: Set<string>; kind: string }>();
    const answered = answer.error === undefined && sameEntity(target, answer, answer.headerPath);
    if (!answered) {
      if (answer.error !== undefined) s.errors.set(answer.error, (s.errors.get(answer.error) ?? 0) + 1);
      else s.wrongTarget++;
    }
    const got = new Set(answered ? answer.rows.filter(isCallRow).map(rowKey) : []);
    for (const [key, callee] of expected) {
      const missed = !got.has(key);
      s.byKind.add(callee.kind, missed);
      s.byVia.add([...callee.vias].sort().join("+"), missed);
      if (missed) {
        s.all.fn++;
        if (s.misses.length < EXAMPLES * 2) s.misses.push(`${target.path}:${target.line} ${target.name} -> ${key.replace("\0", " in ")} (${callee.kind}) [${[...callee.vias].join("+")}]`);
      } else s.all.tp++;
    }
    if (!answered) return;
    for (const key of got) {
      if (expected.has(key)) continue;
      const [name, path] = key.split("\0") as [string, string];
      // The target's own file holds the sites: a name called there that the truth could not bind cannot be judged.
      if (!index.walked.has(path) || (index.unboundNames.get(target.path)?.has(name) ?? false)) s.all.unjudged++;
      else {
        s.all.fp++;
        if (s.falsePositives.length < EXAMPLES * 2) s.falsePositives.push(`${target.path}:${target.line} ${target.name} -> ${name} in ${path}`);
      }
    }
  });
  return s;
}

export interface ImportersScore {
  all: PR;
  questions: number;
  wrongTarget: number;
  errors: Map<string, number>;
  byKind: Breakdown;
  misses: string[];
  falsePositives: string[];
}

export function scoreImporters(index: TruthIndex, files: string[], answers: Answer[]): ImportersScore {
  const s: ImportersScore = { all: emptyPR(), questions: files.length, wrongTarget: 0, errors: new Map(), byKind: new Breakdown(), misses: [], falsePositives: [] };
  files.forEach((file, i) => {
    const answer = answers[i]!;
    const expected = index.importers.get(file) ?? new Map<string, Set<string>>();
    const answered = answer.error === undefined && answer.target === file;
    if (!answered) {
      if (answer.error !== undefined) s.errors.set(answer.error, (s.errors.get(answer.error) ?? 0) + 1);
      else s.wrongTarget++;
    }
    const got = new Set(answered ? answer.rows.map((r) => r.path) : []);
    for (const [from, kinds] of expected) {
      const missed = !got.has(from);
      s.byKind.add([...kinds].sort().join("+") || "static", missed);
      if (missed) {
        s.all.fn++;
        if (s.misses.length < EXAMPLES * 2) s.misses.push(`${file} <- ${from} [${[...kinds].join("+")}]`);
      } else s.all.tp++;
    }
    for (const from of got) {
      if (expected.has(from)) continue;
      if (!index.walked.has(from)) s.all.unjudged++;
      else {
        s.all.fp++;
        if (s.falsePositives.length < EXAMPLES * 2) s.falsePositives.push(`${file} <- ${from}`);
      }
    }
  });
  return s;
}

export interface ImportsScore {
  /** Every import statement's target (a corpus file, or the specifier for the rest). */
  all: PR;
  /** Corpus files only. */
  corpus: PR;
  /** Statements that reach no corpus source, listed or not, by outcome: unresolved, asset, external. */
  listed: Breakdown;
  /** Corpus rows whose site= is the statement's first line. */
  siteExact: { right: number; rows: number };
  questions: number;
  wrongTarget: number;
  errors: Map<string, number>;
  misses: string[];
}

/** A specifier as written or as ix prints it (quoted, relative dots, a module's dotted name): compared loosely. */
function sameSpecifier(value: string, specifier: string): boolean {
  const clean = (s: string) => s.replace(/^["'`]|["'`]$/g, "");
  const v = clean(value);
  const spec = clean(specifier);
  if (v === spec) return true;
  const bare = (s: string) => s.replace(/^\.+/, "");
  const bv = bare(v);
  const bs = bare(spec);
  return bs !== "" && (bv === bs || bv.endsWith(`.${bs}`) || bv.endsWith(`/${bs}`));
}

export function scoreImports(index: TruthIndex, files: string[], answers: Answer[]): ImportsScore {
  const s: ImportsScore = { all: emptyPR(), corpus: emptyPR(), listed: new Breakdown(), siteExact: { right: 0, rows: 0 }, questions: files.length, wrongTarget: 0, errors: new Map(), misses: [] };
  files.forEach((file, i) => {
    const answer = answers[i]!;
    const statements = index.statements.get(file) ?? [];
    const answered = answer.error === undefined && answer.target === file;
    if (!answered) {
      if (answer.error !== undefined) s.errors.set(answer.error, (s.errors.get(answer.error) ?? 0) + 1);
      else s.wrongTarget++;
    }
    const rows = answered ? answer.rows : [];
    const rowPaths = new Set(rows.filter((r) => r.path).map((r) => r.path));
    const values = rows.flatMap((r) => [r.name, r.path, ...Object.values(r.fields)].filter((v): v is string => typeof v === "string" && v !== ""));
    const corpusTargets = new Map<string, number[]>();
    const others = new Map<string, TruthImportStatement>();
    for (const st of statements) {
      if (st.outcome === "corpus") for (const to of st.to ?? []) getOr(corpusTargets, to, () => []).push(st.line);
      else others.set(st.specifier, st);
    }
    for (const [to, lines] of corpusTargets) {
      const found = rowPaths.has(to);
      for (const t of [s.all, s.corpus]) {
        if (found) t.tp++;
        else t.fn++;
      }
      if (!found && s.misses.length < EXAMPLES * 2) s.misses.push(`${file} -> ${to}`);
      if (found) {
        const row = rows.find((r) => r.path === to)!;
        const siteLine = Number(row.fields.site?.slice(row.fields.site.lastIndexOf(":") + 1));
        s.siteExact.rows++;
        if (lines.includes(siteLine)) s.siteExact.right++;
      }
    }
    for (const [specifier, st] of others) {
      const found = values.some((v) => sameSpecifier(v, specifier)) || (st.to ?? []).some((to) => rowPaths.has(to));
      s.listed.add(st.outcome, !found);
      if (found) s.all.tp++;
      else s.all.fn++;
      if (!found && st.outcome === "unresolved" && s.misses.length < EXAMPLES * 2) s.misses.push(`${file} -> ${specifier} (${st.outcome}, not listed)`);
    }
    for (const path of rowPaths) {
      if (corpusTargets.has(path) || [...others.values()].some((st) => st.to?.includes(path))) continue;
      if (!index.walked.has(path)) {
        s.all.unjudged++;
        continue;
      }
      for (const t of [s.all, s.corpus]) t.fp++;
    }
  });
  return s;
}
