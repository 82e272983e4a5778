// ix context: one deterministic, bounded bundle about one target — the entities one relation
// away, the relationships between them and the target, the claims their doc comments make, and
// the evidence ranked by a fixed rule — so an agent gets what it would otherwise gather with
// five calls, cut to budgets it chooses. Every graph read is bounded: each relation is read up
// to the entity budget and counted apart, so a hub with 15k callers costs what a leaf does.
// Gathering (reads) and assembling (a pure function of what was read) are apart, so the ranking
// and the budgets are unit-tested without a graph.
import { contentHash } from "../ingest/content";
import type { EdgeKind } from "../model/edges";
import type { Remedy } from "../model/remedy";
import { TEST_ROLES } from "../model/roles";
import type { FileFacts } from "../model/facts";
import type { GraphEdge, GraphNode, GraphReader } from "../store";
import { claimsOf, type Claim } from "./claims";
import { conflictsAmong } from "./conflicts";
import { targetHealth, type HealthVerdict } from "./health";
import type { Session } from "./session";

export const BUNDLE_SCHEMA = "ix-context-bundle/1";

/** Each budget's default and the range a requested value is clamped to. */
export const BUDGETS = {
  entities: { fallback: 50, min: 1, max: 500 },
  relationships: { fallback: 100, min: 1, max: 1000 },
  evidence: { fallback: 25, min: 1, max: 200 },
  chars: { fallback: 12_000, min: 1000, max: 1_000_000 },
} as const;
export type BudgetName = keyof typeof BUDGETS;
export type Budgets = Record<BudgetName, number>;
export const BUDGET_NAMES = Object.keys(BUDGETS) as BudgetName[];

export const DEFAULT_BUDGETS: Budgets = {
  entities: BUDGETS.entities.fallback,
  relationships: BUDGETS.relationships.fallback,
  evidence: BUDGETS.evidence.fallback,
  chars: BUDGETS.chars.fallback,
};

export function clampBudget(name: BudgetName, value: number): number {
  const { min, max } = BUDGETS[name];
  return Math.min(max, Math.max(min, value));
}

/** The evidence tiers: lower is more relevant; within a tier, rank by position (capped below the next tier). */
export const SCORES = { target: 0, structural: 10, claim: 20, decision: 21, conflict: 22, intent: 23, relationship: 30, provenance: 40 } as const;
/** How many rows of each relation become structural evidence. */
export const STRUCTURAL_ROWS = { container: 1, members: 10, callers: 3, dependents: 3 } as const;
/** How many relationships become evidence. */
export const RELATIONSHIP_EVIDENCE = 50;

export type Predicate = "contains" | "calls" | "references" | "imports" | "extends" | "implements";
export type Classification = "current" | "stale" | "unverified" | "degraded";

export interface BundleEntity {
  id: string;
  name: string;
  kind: string;
  path: string;
  lines?: string;
  /** Its file changed on disk since the map; absent when that could not be checked. */
  stale?: boolean;
}

export interface BundleRelationship {
  src: string;
  dst: string;
  predicate: Predicate;
}

export interface BundleClaim {
  /** `c-` and six hex digits of a hash of entity, kind and statement: stable across runs and maps. */
  id: string;
  entity: string;
  kind: Claim["kind"];
  /** Claims ix reads from the code are always active: it keeps no retracted ones. */
  status: "active";
  statement: string;
  path: string;
  line: number;
}

export type EvidenceKind = "target" | "structural" | "claim" | "conflict" | "relationship" | "provenance";

export interface Evidence {
  id: string;
  kind: EvidenceKind;
  score: number;
  title: string;
  path?: string;
  lines?: string;
  /** Why it is here: the relation it came from, its uses. */
  reason: string;
  /** The entity ids it is about. */
  refs: string[];
}

export interface ContextBundle {
  schema: typeof BUNDLE_SCHEMA;
  rev: number;
  target: { id: string; name: string; kind: string; path: string; lines?: string };
  /** The graph's verdict: anything but ok makes the classification `degraded`. */
  graph: { status: HealthVerdict["health"]; reason?: string; message?: string; fix?: Remedy };
  freshness: { stale: boolean; classification: Classification };
  entities: BundleEntity[];
  relationships: BundleRelationship[];
  claims: BundleClaim[];
  /** ix records no decisions or intents; conflicts come from the claims checker. */
  decisions: number;
  conflicts: number;
  intents: number;
  evidence: Evidence[];
  budgets: Budgets;
  truncation: Budgets;
  ranking: "tiered-v1";
}

/** A relation of the target: the entities it links, read up to a bound, and how many there are. */
export interface Relation {
  name: "container" | "members" | "callers" | "dependents" | "callees" | "uses";
  /** The target is the relationship's source (callees), not its destination (callers). */
  outgoing: boolean;
  links: { node: GraphNode; predicate: Predicate; reason: string }[];
  total: number;
}

/** What the graph said about the target: the input of assembleBundle. */
export interface Gathered {
  target: GraphNode;
  rev: number;
  health: HealthVerdict;
  /** In relevance order: container, members, callers, dependents, callees, uses. */
  relations: Relation[];
  provenance: { path: string; hash?: string; history: number };
}

/** A claim of a kept entity that the code contradicts (answers/conflicts). */
export interface KeptConflict {
  rule: string;
  entity: string;
  line: number;
  claim: string;
  code: string;
}

/** Facts about the kept entities, read after the entity budget chose them. */
export interface KeptFacts {
  claims: Map<string, Claim[]>;
  conflicts: KeptConflict[];
  /** Path → changed on disk since the map; undefined: could not be checked. */
  stale: Map<string, boolean | undefined>;
}

const lines = (node: GraphNode) => (node.kind === "file" ? undefined : `${node.startLine}-${node.endLine}`);
const nameOf = (node: GraphNode) => (node.kind === "file" ? node.path : node.name);

const PREDICATES: Record<string, Predicate> = {
  CONTAINS: "contains",
  CALLS: "calls",
  REFERENCES: "references",
  IMPORTS: "imports",
  EXTENDS: "extends",
  IMPLEMENTS: "implements",
};
const predicateOf = (edge: GraphEdge): Predicate => PREDICATES[edge.kind] ?? "references";

const DEPENDENT_KINDS: readonly EdgeKind[] = ["IMPORTS", "EXTENDS", "IMPLEMENTS", "REFERENCES"];

/** The target's relations, each read up to `bound` rows and counted in full. */
export async function gather(session: Session, target: GraphNode, bound: number): Promise<Gathered> {
  const { graph } = session;
  const relation = (name: Relation["name"], outgoing: boolean, edges: GraphEdge[], total: number, reason: (e: GraphEdge) => string): Relation => ({
    name,
    outgoing,
    links: edges.map((e) => ({ node: e.node, predicate: predicateOf(e), reason: reason(e) })),
    total,
  });
  const parents = target.kind === "file" ? [] : await graph.edgesInto(target.id, ["CONTAINS"], 2);
  // The innermost container: a class over its file.
  const parent = parents.find((e) => e.node.kind !== "file") ?? parents[0];
  const uses = await graph.countUses(target.id);
  const dependentEdges = (await graph.edgesInto(target.id, DEPENDENT_KINDS, 2 * bound)).filter((e) => !e.asValue).slice(0, bound);
  const outEdges = await graph.edgesFrom(target.id, DEPENDENT_KINDS, bound);
  const relations: Relation[] = [
    relation("container", false, parent ? [parent] : [], parent ? 1 : 0, () => "container"),
    await membersOf(session, target, bound),
    relation("callers", false, await graph.usesInto(target.id, bound), uses.calls + uses.references, (e) => (e.asValue ? "hands it over by name" : "calls it")),
    relation("dependents", false, dependentEdges, (await graph.countInto(target.id, DEPENDENT_KINDS)) - uses.references, (e) => `${predicateOf(e)} it`),
    relation("callees", true, await graph.edgesFrom(target.id, ["CALLS"], bound), await graph.countFrom(target.id, ["CALLS"]), () => "called by it"),
    relation("uses", true, outEdges, await graph.countFrom(target.id, DEPENDENT_KINDS), (e) => `it ${predicateOf(e)}`),
  ];
  const row = await graph.fileRow(target.path);
  return {
    target,
    rev: await graph.rev(),
    health: await targetHealth(graph, target),
    relations,
    provenance: { path: target.path, hash: row?.hash, history: await graph.historyOf(target.path) },
  };
}

/** Members ranked by use: those used from other files first (what a reader of a file most needs), then all uses, then line order. */
async function membersOf(session: Session, target: GraphNode, bound: number): Promise<Relation> {
  const members = await session.graph.children(target.id);
  const counts = members.length > 0 ? await session.graph.countIntoMembers(target.id, ["CALLS", "REFERENCES"], [...TEST_ROLES]) : new Map();
  const ranked = members
    .map((node, at) => ({ node, at, outside: counts.get(node.id)?.outside ?? 0, total: counts.get(node.id)?.total ?? 0 }))
    .sort((a, b) => b.outside - a.outside || b.total - a.total || a.at - b.at)
    .slice(0, bound);
  return {
    name: "members",
    outgoing: true,
    links: ranked.map((m) => ({
      node: m.node,
      predicate: "contains" as const,
      reason: m.outside > 0 ? `used ${m.outside} time(s) from other files` : m.total > 0 ? `used ${m.total} time(s) in its file` : "member",
    })),
    total: members.length,
  };
}

/** The entities the budget keeps: the target, then each relation's rows in relevance order, once each. */
export function keptEntities(gathered: Gathered, budget: number): GraphNode[] {
  const kept = new Map<string, GraphNode>([[gathered.target.id, gathered.target]]);
  for (const relation of gathered.relations) {
    for (const link of relation.links) {
      if (kept.size >= budget) return [...kept.values()];
      if (!kept.has(link.node.id)) kept.set(link.node.id, link.node);
    }
  }
  return [...kept.values()];
}

/** Reads what the kept entities need beyond the graph's rows: their claims and whether their files changed. */
export async function keptFacts(session: Session, kept: readonly GraphNode[]): Promise<KeptFacts> {
  const stale = new Map<string, boolean | undefined>();
  for (const node of kept) {
    if (stale.has(node.path)) continue;
    try {
      stale.set(node.path, await session.files.stale(node.path));
    } catch {
      stale.set(node.path, undefined);
    }
  }
  // Claims and conflicts both read the kept files' facts: a large file's cost ~15 ms to decode, so once.
  const graph = factsReadOnce(session.graph);
  const conflicts = (await conflictsAmong({ graph }, kept)).map((c) => ({ rule: c.rule, entity: c.node.id, line: c.line, claim: c.claim, code: c.code }));
  return { claims: await claimsOf(graph, kept), conflicts, stale };
}

/** The reader with each file's facts decoded at most once. */
function factsReadOnce(graph: GraphReader): GraphReader {
  const facts = new Map<string, Promise<FileFacts | undefined>>();
  return new Proxy(graph, {
    get(target, key) {
      if (key === "facts") {
        return (path: string) => {
          let found = facts.get(path);
          if (!found) facts.set(path, (found = target.facts(path)));
          return found;
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The bundle about `target` under `budgets`. */
export async function contextBundle(session: Session, target: GraphNode, budgets: Budgets): Promise<ContextBundle> {
  const gathered = await gather(session, target, budgets.entities);
  const kept = keptEntities(gathered, budgets.entities);
  return assembleBundle(gathered, kept, await keptFacts(session, kept), budgets);
}

function claimTitle(claim: Claim): string {
  switch (claim.kind) {
    case "summary":
      return claim.text;
    case "deprecated":
      return claim.text ? `deprecated: ${claim.text}` : "deprecated";
    case "param":
      return `param ${claim.text}`;
    case "returns":
      return claim.text ? `returns ${claim.text}` : "returns";
    case "mentions":
      return `mentions ${claim.text}`;
  }
}

const claimId = (entity: string, claim: Claim) => `c-${contentHash(new TextEncoder().encode(`${entity}\0${claim.kind}\0${claim.text}`)).slice(0, 6)}`;

/** The characters an evidence item costs against the chars budget: its JSON. */
export const evidenceChars = (item: Evidence) => JSON.stringify(item).length;

/** The bundle from what was read: pure, so the same graph gives the same bytes. */
export function assembleBundle(gathered: Gathered, kept: readonly GraphNode[], facts: KeptFacts, budgets: Budgets): ContextBundle {
  const { target } = gathered;
  const keptIds = new Set(kept.map((n) => n.id));
  const byId = new Map(kept.map((n) => [n.id, n]));

  // Entities: the gathered ones, once each, and the rows each relation had beyond its read.
  const gatheredIds = new Set<string>([target.id]);
  let unread = 0;
  for (const relation of gathered.relations) {
    for (const link of relation.links) gatheredIds.add(link.node.id);
    unread += Math.max(0, relation.total - relation.links.length);
  }

  // Relationships: one per relation row, oriented as the edge is, once each.
  const allRelationships: BundleRelationship[] = [];
  const seenRel = new Set<string>();
  for (const relation of gathered.relations) {
    for (const link of relation.links) {
      const rel =
        relation.outgoing ? { src: target.id, dst: link.node.id, predicate: link.predicate } : { src: link.node.id, dst: target.id, predicate: link.predicate };
      const key = `${rel.src}\0${rel.predicate}\0${rel.dst}`;
      if (seenRel.has(key)) continue;
      seenRel.add(key);
      allRelationships.push(rel);
    }
  }
  const withKeptEnds = allRelationships.filter((r) => keptIds.has(r.src) && keptIds.has(r.dst));
  const relationships = withKeptEnds.slice(0, budgets.relationships);

  const entities: BundleEntity[] = kept.map((node) => ({
    id: node.id,
    name: nameOf(node),
    kind: node.kind,
    path: node.path,
    lines: lines(node),
    stale: facts.stale.get(node.path),
  }));

  const claims: BundleClaim[] = [];
  const claimTitles: string[] = [];
  for (const node of kept) {
    for (const claim of facts.claims.get(node.id) ?? []) {
      claims.push({ id: claimId(node.id, claim), entity: node.id, kind: claim.kind, status: "active", statement: claim.text, path: node.path, line: claim.line });
      claimTitles.push(node.id === target.id ? claimTitle(claim) : `${nameOf(node)}: ${claimTitle(claim)}`);
    }
  }

  // A name two kept entities share is qualified with its path in relationship titles.
  const nameCounts = new Map<string, number>();
  for (const node of kept) nameCounts.set(nameOf(node), (nameCounts.get(nameOf(node)) ?? 0) + 1);
  const label = (id: string) => {
    const node = byId.get(id)!;
    return (nameCounts.get(nameOf(node)) ?? 0) > 1 && node.kind !== "file" ? `${node.path}:${node.name}` : nameOf(node);
  };

  const candidates: Evidence[] = [];
  candidates.push({ id: "target", kind: "target", score: SCORES.target, title: `${nameOf(target)} (${target.kind})`, path: target.path, lines: lines(target), reason: "the target", refs: [target.id] });
  let structural = 0;
  const relationNamed = (name: Relation["name"]) => gathered.relations.find((r) => r.name === name)?.links ?? [];
  for (const [name, word] of [["container", "container"], ["members", "member"], ["callers", "caller"], ["dependents", "dependent"]] as const) {
    const rows = relationNamed(name).filter((l) => keptIds.has(l.node.id)).slice(0, STRUCTURAL_ROWS[name]);
    for (const link of rows) {
      const word2 = name === "dependents" && link.predicate === "imports" ? "importer" : word;
      candidates.push({
        id: `structural:${name}:${link.node.id}`,
        kind: "structural",
        score: SCORES.structural + Math.min(structural++, 9),
        title: `${word2} ${nameOf(link.node)}`,
        path: link.node.path,
        lines: lines(link.node),
        reason: link.reason,
        refs: [link.node.id],
      });
    }
  }
  claims.forEach((claim, i) => {
    candidates.push({
      id: `claim:${claim.id}`,
      kind: "claim",
      score: SCORES.claim,
      title: claimTitles[i]!,
      path: claim.path,
      lines: `${claim.line}`,
      reason: `${claim.kind} in the doc comment of ${nameOf(byId.get(claim.entity)!)}`,
      refs: [claim.entity],
    });
  });
  for (const conflict of facts.conflicts) {
    const about = byId.get(conflict.entity);
    if (!about) continue;
    candidates.push({
      id: `conflict:${conflict.rule}:${conflict.entity}:${conflict.claim}`,
      kind: "conflict",
      score: SCORES.conflict,
      title: `${nameOf(about)} ${conflict.claim}, but ${conflict.code}`,
      path: about.path,
      lines: `${conflict.line}`,
      reason: conflict.rule,
      refs: [conflict.entity],
    });
  }
  relationships.slice(0, RELATIONSHIP_EVIDENCE).forEach((rel, i) => {
    candidates.push({
      id: `relationship:${rel.src}:${rel.predicate}:${rel.dst}`,
      kind: "relationship",
      score: SCORES.relationship + Math.min(i, 9),
      title: `${label(rel.src)} --${rel.predicate}--> ${label(rel.dst)}`,
      reason: rel.src === target.id ? "from the target" : "into the target",
      refs: [rel.src, rel.dst],
    });
  });
  const prov = gathered.provenance;
  candidates.push({
    id: "provenance",
    kind: "provenance",
    score: SCORES.provenance,
    // Nothing in it moves unless the target's file does, so a diff shows it only then.
    title: `${prov.path}${prov.hash ? ` hash ${prov.hash.slice(0, 8)}` : ""}, changed in ${prov.history} revision(s)`,
    path: prov.path,
    reason: "where the target's facts come from",
    refs: [target.id],
  });
  // Stable: ties keep the order they were gathered in, which is the graph's own order.
  candidates.sort((a, b) => a.score - b.score);

  const byCount = candidates.slice(0, budgets.evidence);
  const evidence: Evidence[] = [];
  let chars = 0;
  let charsCut = 0;
  for (const item of byCount) {
    const cost = evidenceChars(item);
    if (charsCut === 0 && chars + cost <= budgets.chars) {
      evidence.push(item);
      chars += cost;
    } else charsCut += cost;
  }

  const whole = gathered.health.health === "ok";
  const staleValues = [...new Set(kept.map((n) => n.path))].map((p) => facts.stale.get(p));
  const stale = staleValues.some((s) => s === true);
  const classification: Classification = !whole ? "degraded" : stale ? "stale" : staleValues.some((s) => s === undefined) ? "unverified" : "current";

  return {
    schema: BUNDLE_SCHEMA,
    rev: gathered.rev,
    target: { id: target.id, name: nameOf(target), kind: target.kind, path: target.path, lines: lines(target) },
    graph: { status: gathered.health.health, reason: gathered.health.reason, message: gathered.health.message, fix: gathered.health.fix },
    freshness: { stale, classification },
    entities,
    relationships,
    claims,
    decisions: 0,
    conflicts: facts.conflicts.filter((c) => byId.has(c.entity)).length,
    intents: 0,
    evidence,
    budgets,
    truncation: {
      entities: gatheredIds.size - kept.length + unread,
      relationships: allRelationships.length - relationships.length + unread,
      evidence: candidates.length - evidence.length,
      chars: charsCut,
    },
    ranking: "tiered-v1",
  };
}
