// The truth of a corpus, by its language, built once and cached in bench/.out keyed by corpus
// and truth version (a truth that models more gets a new version, so an old cache is never read).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./binary";
import { corpusLanguage } from "./corpora";
import { buildGoTruthWithStats } from "./truth-go";
import { buildPythonTruthWithStats } from "./truth-py";
import { buildTruthWithStats, type Truth, type TruthStats } from "./truth-ts";

export const OUT = join(ROOT, "bench/.out");

/**
 * TypeScript v4: interface and object members, callable types, tagged templates, module-level
 * variables only; v5: hand-overs; v6: `new X()` reaches X, not the base declaring the
 * constructor; v7: a program per tsconfig over workspace packages, JavaScript, JSX elements,
 * getter reads, CommonJS members, named local functions, every import statement, unbound sites;
 * v8: a member assigned through a chain (`res.set = res.header = function header`) holds the function.
 * Python py2: fixtures of every test parameter; py3: property reads, nested defs as
 * local-function, import statements, unbound sites. Go go1: the first.
 */
export const TRUTHS: Record<string, { version: string; build: (dir: string, every: number) => { truth: Truth; stats: TruthStats } }> = {
  typescript: { version: "v8", build: buildTruthWithStats },
  python: { version: "py3", build: buildPythonTruthWithStats },
  go: { version: "go1", build: buildGoTruthWithStats },
};

/**
 * Corpora whose whole truth takes too long (jedi on django's 859 files: over an hour on this
 * machine): the truth walks every n-th file, and only rows from those files are judged.
 */
export const SAMPLED: Record<string, number> = { django: 8 };

export interface CachedTruth {
  truth: Truth;
  stats: TruthStats;
  /** Whether it was read from bench/.out rather than built now. */
  cached: boolean;
  file: string;
}

export function truthFile(name: string): string {
  const builder = TRUTHS[corpusLanguage(name)]!;
  const every = SAMPLED[name] ?? 1;
  return join(OUT, `truth-${name}-${builder.version}${every > 1 ? `-every${every}` : ""}.json`);
}

export function truthFor(name: string, dir: string): CachedTruth {
  const language = corpusLanguage(name);
  const builder = TRUTHS[language];
  if (!builder) throw new Error(`no truth scores ${language} corpora (${name})`);
  const file = truthFile(name);
  const statsFile = file.replace(/\.json$/, ".stats.json");
  if (existsSync(file)) {
    const stats = existsSync(statsFile) ? (JSON.parse(readFileSync(statsFile, "utf8")) as TruthStats) : ({ seconds: NaN } as TruthStats);
    return { truth: JSON.parse(readFileSync(file, "utf8")) as Truth, stats, cached: true, file };
  }
  const { truth, stats } = builder.build(dir, SAMPLED[name] ?? 1);
  mkdirSync(OUT, { recursive: true });
  writeFileSync(file, JSON.stringify(truth));
  writeFileSync(statsFile, JSON.stringify(stats));
  return { truth, stats, cached: false, file };
}

/** One line on what the truth binds and leaves out. */
export function describeTruth(name: string, t: CachedTruth): string {
  const s = t.stats;
  const left = Object.entries(s.unmodelledByDeclaration ?? {}).sort((a, b) => b[1] - a[1]).slice(0, 5);
  return (
    `truth for ${name}${t.cached ? " (cached)" : ""}: built in ${Number.isFinite(s.seconds) ? s.seconds.toFixed(1) : "?"} s, ${s.files} files, ` +
    `${s.callSites} call sites: ${s.bound} bound, ${s.external} external, ${s.unresolved} unresolved, ${s.unmodelled} to no entity` +
    (left.length ? ` (${left.map(([k, n]) => `${k}=${n}`).join(" ")})` : "")
  );
}
