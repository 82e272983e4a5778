// Every rule run over one revision, and the report as the map stores it with that revision
// (meta `smells`): reading all of the file graph costs seconds on a large repository, far over
// a query's budget, so a map pays it once and a query reads the stored report.
import type { GraphReader } from "../store";
import { readSmellInput } from "./input";
import { SMELL_VERSION, type Smell, type SmellInput, type SmellReport } from "./model";
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

/**
 * The previous revision's report as this revision's, when the graph's shape did not move (an
 * edit inside bodies): every rule reads the shape alone, so only the lines of the entities the
 * edited files hold can differ, and those are read again. Undefined when one is not found.
 */
export async function carrySmells(graph: GraphReader, previous: SmellReport, rev: number, edited: ReadonlySet<string>): Promise<SmellReport | undefined> {
  const smells: Smell[] = [];
  const linesOf = new Map<string, Map<string, number>>();
  for (const smell of previous.smells) {
    const { entity, entity_kind: kind, line } = smell.signals;
    if (line === undefined || entity === undefined || !edited.has(smell.file)) {
      smells.push(smell);
      continue;
    }
    let lines = linesOf.get(smell.file);
    if (!lines) {
      const file = await graph.fileNode(smell.file);
      const children = file ? await graph.children(file.id) : [];
      linesOf.set(smell.file, (lines = new Map(children.map((node) => [`${node.kind}\0${node.name}`, node.startLine]))));
    }
    const now = lines.get(`${kind}\0${entity}`);
    if (now === undefined) return undefined;
    smells.push({ ...smell, signals: { ...smell.signals, line: now } });
  }
  return { ...previous, rev, smells };
}
