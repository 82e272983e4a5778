// Every rule run over one revision, and the report as the map stores it with that revision
// (meta `smells`): reading all of the file graph costs seconds on a large repository, far over
// a query's budget, so a map pays it once and a query reads the stored report.
import type { GraphReader } from "../store";
import { readSmellInput } from "./input";
import { SMELL_VERSION, type SmellInput, type SmellReport } from "./model";
import { RULES } from "./rules";
import { byCodeUnit } from "../util/compare";

/** The meta key the report is stored under. */
export const SMELLS_META = "smells";

/** The rules' smells, by confidence (then rule order, file and line). */
export function runRules(input: SmellInput, rev: number): SmellReport {
  const report: SmellReport = { version: SMELL_VERSION, rev, thresholds: {}, smells: [] };
  for (const rule of RULES) {
    const result = rule.detect(input);
    if (result.thresholds) report.thresholds[rule.name] = result.thresholds;
    report.smells.push(...result.smells);
  }
  const order = new Map(RULES.map((rule, i) => [rule.name, i]));
  report.smells.sort(
    (a, b) =>
      b.confidence - a.confidence ||
      order.get(a.kind)! - order.get(b.kind)! ||
      byCodeUnit(a.file, b.file) ||
      Number(a.signals.line ?? 0) - Number(b.signals.line ?? 0),
  );
  return report;
}

export async function computeSmells(graph: GraphReader, rev: number): Promise<SmellReport> {
  return runRules(await readSmellInput(graph), rev);
}

/** The stored report when it describes `rev` with these rules; else undefined. */
export function storedSmells(stored: string | undefined, rev: number): SmellReport | undefined {
  if (stored === undefined) return undefined;
  try {
    const report = JSON.parse(stored) as SmellReport;
    return report.version === SMELL_VERSION && report.rev === rev && Array.isArray(report.smells) ? report : undefined;
  } catch {
    return undefined;
  }
}
