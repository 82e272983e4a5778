// What a change to an entity can break: who reaches it up to a depth (callers of a function or
// method; for a container, what depends on it and its members), where they lie in the
// architecture map, which test files reach it, and the risk the rules of answers/risk.ts read
// from those facts.
import { importsNameNoEntity } from "../lang/registry";
import type { Region } from "../model/regions";
import { TEST_ROLES } from "../model/roles";
import type { GraphNode } from "../store";
import { targetHealth, type HealthVerdict } from "./health";
import { categoryOf, levelOf, summaryOf, type RiskCategory, type RiskFacts, type RiskLevel } from "./risk";
import type { Session } from "./session";
import { callsThroughTypes } from "./through-types";
import { callerCounts, importersOfEntity } from "./usage";
import { walk, type Follow, type Walk, type WalkStep } from "./walk";

/** Kinds asked about as what they hold, not as code that runs. */
const CONTAINER_KINDS: ReadonlySet<string> = new Set(["class", "interface", "type", "module", "file"]);

export const IMPACT_DEPTHS = [1, 2, 3] as const;

export interface Bucket {
  region: Region;
  count: number;
  /** The region holding the target itself. */
  own: boolean;
}

export interface TestTouch {
  path: string;
  /** The caller (at depth 1) it reaches the target through; absent when it reaches it directly. */
  via?: GraphNode;
  depth: number;
}

export interface MemberImpact {
  node: GraphNode;
  /** Calls and hand-overs of it (test files aside). */
  callers: number;
}

/** Through one direct dependent: how many of the walk's entities reach the target through it. */
export interface Through {
  node: GraphNode;
  count: number;
}

export interface ImpactAnswer {
  target: GraphNode;
  container: boolean;
  depth: number;
  health: HealthVerdict;
  /** Direct callers as the callers answer counts them (a container: its members' callers). */
  callers: number;
  unresolved: number;
  /** Callers through the interface members a method implements. */
  viaInterface: number;
  callees: number;
  members: MemberImpact[];
  importers: number;
  /** Direct dependents of a container that are no members' callers: heirs, type users, importers. */
  dependents: number;
  heirs: number;
  walk: Walk;
  /** The walk's steps that are dependents (cycles aside), in walk order. */
  affected: WalkStep[];
  files: number;
  buckets: Bucket[];
  tests: TestTouch[];
  through: Through[];
  risk: { level: RiskLevel | "unknown"; category?: RiskCategory; summary: string };
}

/** Each file's bucket: its innermost region's subsystem when it has one, else that region. */
function bucketOf(regionId: string, byId: ReadonlyMap<string, Region>): Region | undefined {
  const innermost = byId.get(regionId);
  for (let at = innermost; at; at = at.parent === null ? undefined : byId.get(at.parent)) if (at.kind === "subsystem") return at;
  return innermost;
}

async function bucketsOf(session: Session, target: GraphNode, affected: readonly WalkStep[]): Promise<Bucket[]> {
  const paths = [...new Set([target.path, ...affected.map((s) => s.node.path)])];
  const regionOf = await session.graph.regionsOfFiles(paths);
  if (regionOf.size === 0) return [];
  const byId = new Map((await session.graph.regions()).map((r) => [r.id, r]));
  const ownId = regionOf.get(target.path);
  const own = ownId === undefined ? undefined : bucketOf(ownId, byId);
  const counts = new Map<string, Bucket>();
  for (const step of affected) {
    const id = regionOf.get(step.node.path);
    const region = id === undefined ? undefined : bucketOf(id, byId);
    if (!region) continue;
    const bucket = counts.get(region.id) ?? { region, count: 0, own: region.id === own?.id };
    bucket.count++;
    counts.set(region.id, bucket);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || (a.region.label < b.region.label ? -1 : 1));
}

/** The depth-1 ancestor of each step: the direct dependent it reaches the target through. */
function firstHops(steps: readonly WalkStep[], roots: ReadonlySet<string>): Map<string, WalkStep> {
  const byId = new Map(steps.filter((s) => !s.cycle).map((s) => [s.node.id, s]));
  const out = new Map<string, WalkStep>();
  for (const step of byId.values()) {
    let at = step;
    while (!roots.has(at.parent)) at = byId.get(at.parent)!;
    out.set(step.node.id, at);
  }
  return out;
}

function testsOf(affected: readonly WalkStep[], first: ReadonlyMap<string, WalkStep>): TestTouch[] {
  const tests = new Map<string, TestTouch>();
  for (const step of affected) {
    if (!TEST_ROLES.has(step.node.role) || tests.has(step.node.path)) continue;
    const hop = first.get(step.node.id)!;
    tests.set(step.node.path, { path: step.node.path, depth: step.depth, via: hop.node.id === step.node.id || hop.node.path === step.node.path ? undefined : hop.node });
  }
  return [...tests.values()];
}

function throughOf(affected: readonly WalkStep[], first: ReadonlyMap<string, WalkStep>): Through[] {
  const counts = new Map<string, Through>();
  for (const step of affected) {
    if (step.depth === 1) continue;
    const hop = first.get(step.node.id)!;
    const entry = counts.get(hop.node.id) ?? { node: hop.node, count: 0 };
    entry.count++;
    counts.set(hop.node.id, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || (a.node.name < b.node.name ? -1 : 1));
}

/**
 * Files importing a file; for another container, the files importing its file that name it
 * (or take the whole module): imports bind files, so a class is imported through its file.
 */
async function importersOf(session: Session, target: GraphNode, container: boolean): Promise<number> {
  const { graph } = session;
  if (target.kind === "file") return graph.countInto(target.id, ["IMPORTS"]);
  if (!container) return 0;
  const file = await graph.fileNode(target.path);
  if (!file) return 0;
  const edges = (await graph.edgesInto(file.id, ["IMPORTS"])).map((e) => ({ path: e.node.path, names: e.names }));
  // Where an import names no entity (a Go package's), only the importers using the container count.
  const importing = importsNameNoEntity(target.lang)
    ? await importersOfEntity(session, target, edges)
    : edges.filter((e) => e.names.length === 0 || e.names.includes(target.name) || e.names.includes("*"));
  return new Set(importing.map((e) => e.path)).size;
}

export async function impactAnswer(session: Session, target: GraphNode, depth: number, cap: number): Promise<ImpactAnswer> {
  const { graph } = session;
  // A whole graph can still hold a target whose file lost its edges: its zeros are as unknown.
  const health = await targetHealth(graph, target);
  const container = CONTAINER_KINDS.has(target.kind);
  const counts = await callerCounts(session, target);
  // A container changes with its members: they are walked from too, and what they hold
  // (a file's classes' methods) with them.
  let roots: GraphNode[] = [target];
  let members: MemberImpact[] = [];
  let viaInterface = 0;
  if (container) {
    const direct = await graph.children(target.id);
    const nested = (await Promise.all(direct.filter((m) => CONTAINER_KINDS.has(m.kind)).map((m) => graph.children(m.id)))).flat();
    roots = [target, ...direct, ...nested];
    const used = await graph.countIntoMembers(target.id, ["CALLS", "REFERENCES"], [...TEST_ROLES]);
    members = direct.map((node) => ({ node, callers: used.get(node.id)?.total ?? 0 })).sort((a, b) => b.callers - a.callers || a.node.startLine - b.node.startLine);
  } else {
    // A call through an interface member the method implements may run it: such callers are its callers.
    const through = await callsThroughTypes(session, target);
    viaInterface = through.reduce((sum, t) => sum + t.calls, 0);
    roots = [target, ...through.map((t) => t.member)];
  }
  const follow: Follow[] = container ? ["uses", "type_references", "imports", "heritage"] : ["uses"];
  const walked = await walk(graph, roots, { direction: "up", follow: new Set(follow), depth, cap });
  const rootIds = new Set(roots.map((r) => r.id));
  const affected = walked.steps.filter((s) => !s.cycle);
  const first = firstHops(walked.steps, rootIds);
  const directOf = (relation: string) => affected.filter((s) => s.depth === 1 && s.relation === relation).length;
  const heirs = directOf("extended_by") + directOf("implemented_by");
  const importers = await importersOf(session, target, container);
  const dependents = container ? affected.filter((s) => s.depth === 1 && s.relation !== "called_by").length : 0;
  const callers = container ? affected.filter((s) => s.depth === 1 && s.relation === "called_by").length : counts.callers;
  const callees = container ? 0 : await graph.countFrom(target.id, ["CALLS"]);
  const buckets = await bucketsOf(session, target, affected);
  const tests = testsOf(affected, first);
  const through = throughOf(affected, first);
  const files = new Set(affected.map((s) => s.node.path)).size;
  const facts: RiskFacts = {
    kind: target.kind,
    callers,
    callees,
    // A class's importers are its file's: they are no step of the walk, so they count here.
    dependents: target.kind === "file" ? dependents : dependents + importers,
    heirs,
    affected: affected.length,
    files,
    otherRegions: buckets.filter((b) => !b.own).length,
    tests: tests.length,
  };
  let risk: ImpactAnswer["risk"];
  if (health.health !== "ok") {
    risk = { level: "unknown", summary: `The graph is ${health.health}: what depends on ${target.name} cannot be told from missing edges` };
  } else {
    const category = categoryOf(facts);
    const summary = summaryOf(facts, category, {
      regions: buckets.filter((b) => !b.own).slice(0, 2).map((b) => b.region.label),
      callers: through.slice(0, 2).map((t) => t.node.name),
      depth,
      floor: walked.truncated,
    });
    risk = { level: levelOf(facts, category), category, summary };
  }
  return {
    target,
    container,
    depth,
    health,
    callers,
    unresolved: counts.unresolved,
    viaInterface,
    callees,
    members,
    importers,
    dependents,
    heirs,
    walk: walked,
    affected,
    files,
    buckets,
    tests,
    through,
    risk,
  };
}
