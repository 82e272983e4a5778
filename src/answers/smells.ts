// The smells of the graph's revision: the report its map stored (src/smells/report.ts), or,
// for a graph mapped before smells were stored, computed now (slow on a large graph, but
// never a report of another revision). Filtered by rule and path, bounded.
import { computeSmells, SMELLS_META, storedSmells } from "../smells/report";
import type { Smell } from "../smells/model";
import { RULES, SMELL_KINDS } from "../smells/rules";
import type { Session } from "./session";

export type { Smell };
export { SMELL_KINDS };

/** Each rule with what it flags, for help and docs. */
export const SMELL_RULES: readonly { name: string; summary: string }[] = RULES.map((rule) => ({ name: rule.name, summary: rule.summary }));

export interface SmellsAnswer {
  rev: number;
  version: string;
  /** Smells that match, shown or not. */
  count: number;
  smells: Smell[];
  thresholds: Record<string, Record<string, number>>;
}

/** Whether a smell concerns a file under `path` (a file or a directory; "" is the whole graph). */
export function smellUnder(smell: Smell, path: string): boolean {
  if (path === "") return true;
  const dir = path.endsWith("/") ? path : `${path}/`;
  return (smell.files ?? [smell.file]).some((file) => file === path || file.startsWith(dir));
}

export async function smellsAnswer(session: Session, request: { kind?: string; path?: string; limit: number }): Promise<SmellsAnswer> {
  const rev = await session.graph.rev();
  const report = storedSmells(await session.graph.meta(SMELLS_META), rev) ?? (await computeSmells(session.graph, rev));
  const matching = report.smells.filter((s) => (request.kind === undefined || s.kind === request.kind) && (request.path === undefined || smellUnder(s, request.path)));
  return { rev, version: report.version, count: matching.length, smells: matching.slice(0, request.limit), thresholds: report.thresholds };
}
