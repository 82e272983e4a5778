// depends and trace: the walk of answers/walk.ts asked as a tree of dependents (depends), as
// the neighbourhood in either direction (trace), or as the shortest path between two entities.
import type { GraphNode } from "../store";
import { checkHealth, type HealthVerdict } from "./health";
import type { Session } from "./session";
import { shortestPath, walk, type Direction, type Follow, type PathAnswer, type Walk } from "./walk";

/** What depends on an entity: its callers, importers, type users and heirs. */
const DEPENDENTS: ReadonlySet<Follow> = new Set(["uses", "type_references", "imports", "heritage"]);

export interface DependsAnswer {
  target: GraphNode;
  health: HealthVerdict;
  walk: Walk;
  depth: number;
  cap: number;
}

export async function dependsAnswer(session: Session, target: GraphNode, depth: number, cap: number): Promise<DependsAnswer> {
  const health = await checkHealth(session.graph);
  return { target, health, walk: await walk(session.graph, [target], { direction: "up", follow: DEPENDENTS, depth, cap }), depth, cap };
}

export type TraceKind = "calls" | "imports" | "contains" | "all";
export const TRACE_KINDS: readonly TraceKind[] = ["calls", "imports", "contains", "all"];

const FOLLOW: Record<TraceKind, ReadonlySet<Follow>> = {
  calls: new Set(["uses"]),
  imports: new Set(["imports"]),
  contains: new Set(["contains"]),
  all: new Set(["uses", "type_references", "imports", "heritage", "contains"]),
};

export interface TraceAnswer {
  target: GraphNode;
  health: HealthVerdict;
  kind: TraceKind;
  depth: number;
  cap: number;
  /** One walk per direction asked, upstream first. */
  walks: { direction: Direction; walk: Walk }[];
}

export async function traceAnswer(session: Session, target: GraphNode, directions: Direction[], kind: TraceKind, depth: number, cap: number): Promise<TraceAnswer> {
  const health = await checkHealth(session.graph);
  const walks: TraceAnswer["walks"] = [];
  for (const direction of directions) walks.push({ direction, walk: await walk(session.graph, [target], { direction, follow: FOLLOW[kind], depth, cap }) });
  return { target, health, kind, depth, cap, walks };
}

export interface PathTraceAnswer {
  from: GraphNode;
  to: GraphNode;
  health: HealthVerdict;
  kind: TraceKind;
  depth: number;
  cap: number;
  path?: PathAnswer;
  /** Entities looked at before the answer. */
  searched: number;
  /** The bound that stopped a search that found no path while there was more to search. */
  cut?: "cap" | "depth";
}

/** The shortest path from `from` to `to`: downstream first (what `from` reaches), then upstream (what reaches it). */
export async function pathAnswer(session: Session, from: GraphNode, to: GraphNode, directions: Direction[], kind: TraceKind, depth: number, cap: number): Promise<PathTraceAnswer> {
  const health = await checkHealth(session.graph);
  let searched = 0;
  let cut: PathTraceAnswer["cut"];
  const order: Direction[] = directions.includes("down") ? ["down", ...directions.filter((d) => d !== "down")] : directions;
  for (const direction of order) {
    const found = await shortestPath(session.graph, from, to, { direction, follow: FOLLOW[kind], depth, cap });
    searched += found.searched;
    if (found.path) return { from, to, health, kind, depth, cap, path: found.path, searched };
    cut ??= found.cut;
  }
  return { from, to, health, kind, depth, cap, searched, cut };
}
