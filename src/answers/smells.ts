// The smells of the graph's revision: the report its map stored (src/smells/report.ts), or,
// for a graph mapped before smells were stored, computed now (slow on a large graph, but
// never a report of another revision). Filtered by rule and path, bounded.
import { computeSmells, shownSmells, SMELLS_META, storedSmells } from "../smells/report";
import { readRegionPlacement } from "../smells/input";
import type { Smell, SmellReport } from "../smells/model";
import { REGION_RULES, RULES, SMELL_KINDS } from "../smells/rules";
import { currentMapWritten } from "../ingest/regions";
import type { Session } from "./session";

export type { Smell };
export { SMELL_KINDS };

/** Each rule with what it flags, for help and docs. */
export const SMELL_RULES: readonly { name: string; summary: string }[] = [...RULES, ...REGION_RULES].map((rule) => ({ name: rule.name, summary: rule.summary }));

export interface SmellsAnswer {
  rev: number;
  version: string;
  /** Smells that match, shown or not. */
  count: number;
  smells: Smell[];
  thresholds: Record<string, Record<string, number>>;
  /** The region rules' smells are in: they were read from the map, and it matches the graph. */
  regionsCurrent: boolean;
}

/** Whether a smell concerns a file under `path` (a file or a directory; "" is the whole graph). */
export function smellUnder(smell: Smell, path: string): boolean {
  if (path === "") return true;
  const dir = path.endsWith("/") ? path : `${path}/`;
  return (smell.files ?? [smell.file]).some((file) => file === path || file.startsWith(dir));
}

/**
 * The revision's report as a query shows it: the stored one, or one computed now (the region
 * rules too, when the map matches the graph); region smells read from another map left out.
 */
export async function revisionSmells(session: Session): Promise<{ rev: number; report: SmellReport; regionsCurrent: boolean }> {
  const { graph } = session;
  const rev = await graph.rev();
  const mapRev = await currentMapWritten(graph);
  const stored = storedSmells(await graph.meta(SMELLS_META), rev);
  const report = stored ?? (await computeSmells(graph, rev, mapRev === undefined ? undefined : { placement: await readRegionPlacement(graph), mapRev }));
  return { rev, ...shownSmells(report, mapRev) };
}

export async function smellsAnswer(session: Session, request: { kind?: string; path?: string; limit: number }): Promise<SmellsAnswer> {
  const { rev, report, regionsCurrent } = await revisionSmells(session);
  const matching = report.smells.filter((s) => (request.kind === undefined || s.kind === request.kind) && (request.path === undefined || smellUnder(s, request.path)));
  return { rev, version: report.version, count: matching.length, smells: matching.slice(0, request.limit), thresholds: report.thresholds, regionsCurrent };
}
