// The one walk over the graph's relations that impact, depends and trace share: breadth first
// from a set of roots, one store query per hop for the whole frontier (never one per node),
// bounded by a depth and a node cap, each node once (the first path that reaches it), an edge
// back to a node on its own path marked as a cycle, and the cut said when the cap stopped it.
import type { EdgeKind } from "../model/edges";
import type { GraphNode, GraphReader, HopEdge, HopLinks } from "../store";

/** How a node reached by a hop relates to the node it was reached from. */
export type Relation =
  | "called_by"
  | "referenced_by"
  | "imported_by"
  | "extended_by"
  | "implemented_by"
  | "contained_by"
  | "calls"
  | "references"
  | "imports"
  | "extends"
  | "implements"
  | "contains";

export type Direction = "up" | "down";

/** The relations of each direction, by the edge kind behind them ("uses": calls and hand-overs by name). */
const NAMES: Record<Direction, Record<EdgeKind | "uses", Relation>> = {
  up: {
    uses: "called_by",
    CALLS: "called_by",
    REFERENCES: "referenced_by",
    IMPORTS: "imported_by",
    EXTENDS: "extended_by",
    IMPLEMENTS: "implemented_by",
    CONTAINS: "contained_by",
  },
  down: { uses: "calls", CALLS: "calls", REFERENCES: "references", IMPORTS: "imports", EXTENDS: "extends", IMPLEMENTS: "implements", CONTAINS: "contains" },
};

/** Which relations a walk follows: "uses" (calls and hand-overs by name) and edge kinds. */
export type Follow = "uses" | "type_references" | "imports" | "heritage" | "contains";

function linksOf(follow: ReadonlySet<Follow>): HopLinks {
  const kinds = new Set<EdgeKind>();
  if (follow.has("uses")) kinds.add("CALLS").add("REFERENCES");
  if (follow.has("type_references")) kinds.add("REFERENCES");
  if (follow.has("imports")) kinds.add("IMPORTS");
  if (follow.has("heritage")) kinds.add("EXTENDS").add("IMPLEMENTS");
  if (follow.has("contains")) kinds.add("CONTAINS");
  return { kinds: [...kinds], typeReferences: follow.has("type_references") };
}

/** The relation a hop's edges name: a use (call or hand-over) first, then heritage, imports, type references, containment. */
function relationOf(edge: HopEdge, direction: Direction): Relation {
  const names = NAMES[direction];
  if (edge.uses) return names.uses;
  for (const kind of ["EXTENDS", "IMPLEMENTS", "IMPORTS", "REFERENCES", "CONTAINS", "CALLS"] as const) if (edge.kinds.includes(kind)) return names[kind];
  return names[edge.kinds[0]!];
}

export interface WalkStep {
  node: GraphNode;
  depth: number;
  /** The node it was reached from (a root at depth 1). */
  parent: string;
  relation: Relation;
  direction: Direction;
  /** An edge back to a node on its own path: shown, not walked on. */
  cycle?: true;
}

export interface WalkOptions {
  direction: Direction;
  follow: ReadonlySet<Follow>;
  depth: number;
  /** At most this many nodes besides the roots. */
  cap: number;
}

export interface Walk {
  roots: GraphNode[];
  /** In breadth-first order: every node of depth d before any of depth d + 1; path order within a depth. */
  steps: WalkStep[];
  /** The cap stopped the walk: nodes past it at `cutDepth` (and every deeper hop) were not walked. */
  truncated: boolean;
  cutDepth?: number;
  /** Nodes reached, per depth (index 0: depth 1); floors when truncated. */
  perDepth: number[];
}

/** Whether `id` is `from` or one of the nodes on the path from a root to it. */
function onPath(id: string, from: string, parents: ReadonlyMap<string, string | null>): boolean {
  for (let at: string | null | undefined = from; at; at = parents.get(at)) if (at === id) return true;
  return false;
}

/** Walks from `roots` along `options.follow`, `options.direction`ward, to `options.depth` hops or `options.cap` nodes. */
export async function walk(graph: GraphReader, roots: readonly GraphNode[], options: WalkOptions): Promise<Walk> {
  const links = linksOf(options.follow);
  const parents = new Map<string, string | null>(roots.map((r) => [r.id, null]));
  const steps: WalkStep[] = [];
  const perDepth: number[] = [];
  let frontier = roots.map((r) => r.id);
  let truncated = false;
  let cutDepth: number | undefined;
  let reached = 0;
  for (let depth = 1; depth <= options.depth && frontier.length > 0; depth++) {
    const room = options.cap - reached;
    // At most parents.size of the distinct nodes a hop returns were seen before, so one more
    // than room + that many proves there are more unseen nodes than room.
    const limit = room + parents.size + 1;
    const hop = await graph.hop(frontier, options.direction === "up" ? "into" : "from", links, limit);
    const next: string[] = [];
    let fresh = 0;
    for (const edge of hop) {
      const relation = relationOf(edge, options.direction);
      if (parents.has(edge.node.id)) {
        if (onPath(edge.node.id, edge.at, parents)) steps.push({ node: edge.node, depth, parent: edge.at, relation, direction: options.direction, cycle: true });
        continue;
      }
      if (fresh === room) {
        truncated = true;
        break;
      }
      fresh++;
      parents.set(edge.node.id, edge.at);
      steps.push({ node: edge.node, depth, parent: edge.at, relation, direction: options.direction });
      next.push(edge.node.id);
    }
    if (hop.length === limit) truncated = true;
    perDepth.push(fresh);
    reached += fresh;
    if (truncated) {
      cutDepth = depth;
      break;
    }
    frontier = next;
  }
  return { roots: [...roots], steps, truncated, cutDepth, perDepth };
}

export interface PathAnswer {
  /** From the source to the target, each step reached from the one before. */
  steps: WalkStep[];
  direction: Direction;
}

/**
 * The shortest path from `from` to `to` along `follow` in `direction`, within `depth` hops and
 * `cap` nodes: none when none was found inside those bounds; `cut` says which bound stopped the
 * search while there was more to search, so a `no_path` is told from a bounded one.
 */
export async function shortestPath(
  graph: GraphReader,
  from: GraphNode,
  to: GraphNode,
  options: WalkOptions,
): Promise<{ path?: PathAnswer; searched: number; cut?: "cap" | "depth" }> {
  if (from.id === to.id) return { path: { steps: [], direction: options.direction }, searched: 0 };
  const links = linksOf(options.follow);
  const reachedBy = new Map<string, WalkStep | null>([[from.id, null]]);
  let frontier = [from.id];
  let searched = 0;
  for (let depth = 1; depth <= options.depth && frontier.length > 0; depth++) {
    const room = options.cap - searched;
    const limit = room + reachedBy.size + 1;
    const hop = await graph.hop(frontier, options.direction === "up" ? "into" : "from", links, limit);
    const next: string[] = [];
    for (const edge of hop) {
      if (reachedBy.has(edge.node.id)) continue;
      if (searched === options.cap) return { searched, cut: "cap" };
      searched++;
      const step: WalkStep = { node: edge.node, depth, parent: edge.at, relation: relationOf(edge, options.direction), direction: options.direction };
      reachedBy.set(edge.node.id, step);
      if (edge.node.id === to.id) {
        const steps: WalkStep[] = [];
        for (let at: WalkStep | null | undefined = step; at; at = reachedBy.get(at.parent)) steps.unshift(at);
        return { path: { steps, direction: options.direction }, searched };
      }
      next.push(edge.node.id);
    }
    if (hop.length === limit) return { searched, cut: "cap" };
    frontier = next;
  }
  return { searched, cut: frontier.length > 0 ? "depth" : undefined };
}
