// The risk of changing an entity, from graph facts alone. The original tool matched name tokens
// (client, api, model, schema, service, parse, …) to decide a category; a name says what its
// author meant, the graph says what depends on it, so these rules read only counts from the
// walk and the architecture map. Each rule is one function, tested alone; README "Impact risk"
// and `ix impact --help` state them.

export type RiskLevel = "low" | "medium" | "high" | "critical";
export type RiskCategory = "foundation" | "boundary" | "shared" | "flow" | "localized";

/** Kinds that declare a shape others build on rather than run code. */
export const DECLARING_KINDS: ReadonlySet<string> = new Set(["interface", "type"]);

export interface RiskFacts {
  kind: string;
  /** Direct callers and hand-overs, as answers/usage counts them (members' callers for a container). */
  callers: number;
  /** What it calls. */
  callees: number;
  /** Direct dependents that are no callers: importers, heirs, type users. */
  dependents: number;
  /** Types that extend or implement it. */
  heirs: number;
  /** Every distinct entity that reaches it within the walk's depth, the direct ones included. */
  affected: number;
  /** Distinct files among them. */
  files: number;
  /** Regions of the map holding them, other than the target's own. */
  otherRegions: number;
  /** Test files among them. */
  tests: number;
}

/** Thresholds, named once: README and --help quote these. */
export const THRESHOLDS = {
  /** boundary: dependents in at least this many regions besides its own. */
  boundaryRegions: 2,
  /** shared: at least this many direct users, or affected files. */
  sharedUsers: 5,
  /** critical: this many affected entities, or this many other regions. */
  criticalAffected: 50,
  criticalRegions: 4,
  /** high: this many affected entities. */
  highAffected: 15,
  /** foundation: high from this many affected, critical from this many heirs and importers. */
  foundationHigh: 5,
  foundationCritical: 10,
  /** medium: this many affected entities (or one other region). */
  mediumAffected: 3,
} as const;

const direct = (f: RiskFacts): number => f.callers + f.dependents;

/** foundation: a shape others build on: an interface or type something depends on, or anything extended or implemented. */
export function isFoundation(f: RiskFacts): boolean {
  return (DECLARING_KINDS.has(f.kind) && f.affected > 0) || f.heirs > 0;
}

/** boundary: what depends on it lies in several other regions of the map: a change crosses the architecture. */
export function isBoundary(f: RiskFacts): boolean {
  return f.otherRegions >= THRESHOLDS.boundaryRegions;
}

/** shared: many direct users, or users in many files. */
export function isShared(f: RiskFacts): boolean {
  return direct(f) >= THRESHOLDS.sharedUsers || f.files >= THRESHOLDS.sharedUsers;
}

/** flow: a step in a call chain: it is called, calls on, and its callers have callers of their own. */
export function isFlow(f: RiskFacts): boolean {
  return f.callers > 0 && f.callees > 0 && f.affected > direct(f);
}

/** The first category that holds, in this order; localized when none does. */
export function categoryOf(f: RiskFacts): RiskCategory {
  if (isFoundation(f)) return "foundation";
  if (isBoundary(f)) return "boundary";
  if (isShared(f)) return "shared";
  if (isFlow(f)) return "flow";
  return "localized";
}

/**
 * The level: how much a change can break, by the affected entities and the regions they lie in;
 * a foundation climbs faster, since what builds on a shape breaks where it no longer fits.
 */
export function levelOf(f: RiskFacts, category: RiskCategory): RiskLevel {
  const t = THRESHOLDS;
  if (f.affected >= t.criticalAffected || f.otherRegions >= t.criticalRegions) return "critical";
  if (category === "foundation" && f.heirs + f.dependents >= t.foundationCritical) return "critical";
  if (f.affected >= t.highAffected || f.otherRegions >= t.boundaryRegions) return "high";
  if (category === "foundation" && f.affected >= t.foundationHigh) return "high";
  if (f.affected >= t.mediumAffected || f.otherRegions >= 1) return "medium";
  return "low";
}

const NOUN: Record<RiskCategory, string> = {
  foundation: "Foundation others build on",
  boundary: "Boundary between regions",
  shared: "Shared dependency",
  flow: "Step in a call flow",
  localized: "Localized",
};

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * One line naming what is at risk with its counts: the category, the affected entities and
 * files, the regions holding most of them, the callers most reached through, the tests.
 */
export function summaryOf(f: RiskFacts, category: RiskCategory, named: { regions: string[]; callers: string[]; depth: number; floor: boolean }): string {
  if (f.affected === 0) return `${NOUN[category]}; nothing in the graph reaches it`;
  const atLeast = named.floor ? "at least " : "";
  const parts = [`${atLeast}${plural(f.affected, "dependent")} within ${plural(named.depth, "hop")} in ${plural(f.files, "file")}`];
  if (named.regions.length > 0) parts.push(`mostly in ${named.regions.join(", ")}`);
  if (named.callers.length > 0) parts.push(`through ${named.callers.join(", ")}`);
  const tests = f.tests > 0 ? `; ${plural(f.tests, "test file")} ${f.tests === 1 ? "reaches" : "reach"} it` : "; no test file reaches it";
  return `${NOUN[category]}; ${parts.join(", ")} at risk${tests}`;
}
