// god_module: a file that holds far more entities than the repository's files do and is also
// a hub of its file graph. Both, because a large leaf (a table of constants, a generated-like
// type file nobody imports) or a small hub (an index) is no god module.
import { farAbove } from "./distribution";
import { round2, type FileStat, type Smell } from "./model";
import { judged, type RuleResult, type SmellRule } from "./rule";

/**
 * "Far above": at least the 99th percentile of the repository's production files, 5× their
 * median, and a floor (20 entities, 10 files) so a small repository does not flag its largest
 * file. Measured on rxjs, effect, django and go-tools (README): p99 alone is what separates;
 * the median factor and floors matter only in small or uniform repositories.
 */
export const GOD_MODULE = {
  quantile: 0.99,
  timesMedian: 5,
  minEntities: 20,
  minFan: 10,
} as const;

export interface GodThresholds {
  entities: number;
  fanIn: number;
  fanOut: number;
}

/** The thresholds this repository's production files set. */
export function godThresholds(files: readonly FileStat[]): GodThresholds {
  const judgedFiles = files.filter((f) => judged(f.role));
  const at = (values: number[], floor: number) => farAbove(values, { q: GOD_MODULE.quantile, times: GOD_MODULE.timesMedian, floor });
  return {
    entities: at(judgedFiles.map((f) => f.entities), GOD_MODULE.minEntities),
    fanIn: at(judgedFiles.map((f) => f.fanIn), GOD_MODULE.minFan),
    fanOut: at(judgedFiles.map((f) => f.fanOut), GOD_MODULE.minFan),
  };
}

/**
 * Files with entities ≥ the threshold and fan-in or fan-out ≥ theirs. Confidence 0.7 at the
 * thresholds, rising by 0.15 each time the smaller of the two excesses doubles (at most 0.99).
 */
export function godModules(files: readonly FileStat[], limits: GodThresholds = godThresholds(files)): Smell[] {
  const out: Smell[] = [];
  for (const file of files) {
    if (!judged(file.role) || file.entities < limits.entities) continue;
    const fan = Math.max(file.fanIn / limits.fanIn, file.fanOut / limits.fanOut);
    if (fan < 1) continue;
    const excess = Math.min(file.entities / limits.entities, fan);
    out.push({
      kind: "god_module",
      file: file.path,
      confidence: round2(Math.min(0.99, 0.7 + 0.15 * Math.log2(excess))),
      signals: { entities: file.entities, fan_in: file.fanIn, fan_out: file.fanOut },
    });
  }
  return out;
}

export const godModuleRule: SmellRule = {
  name: "god_module",
  summary:
    "entities >= max(p99, 5x median, 20) of production files AND fan-in or fan-out (distinct files) >= max(p99, 5x median, 10); confidence 0.7 at the thresholds, +0.15 per doubling",
  detect(input): RuleResult {
    const limits = godThresholds(input.files);
    return { smells: godModules(input.files, limits), thresholds: { entities: limits.entities, fan_in: limits.fanIn, fan_out: limits.fanOut } };
  },
};
