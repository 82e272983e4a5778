// The graph record of an unhealthy graph: what is wrong and the command that fixes it.
import type { HealthVerdict } from "../answers/health";
import type { Fields } from "../wire/record";
import { remedyCommand } from "./remedy";

export function graphFields(verdict: HealthVerdict): Fields {
  return { status: verdict.health, reason: verdict.reason, message: verdict.message, fix: verdict.fix && remedyCommand(verdict.fix) };
}

/** The graph rows that follow an answer or an error when the graph is not whole. */
export function graphRows(verdict: HealthVerdict): { kind: string; rows: Fields[] }[] {
  return verdict.health === "ok" ? [] : [{ kind: "graph", rows: [graphFields(verdict)] }];
}
