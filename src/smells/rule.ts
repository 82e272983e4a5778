// The shape of a smell rule. The rules themselves are listed once, in rules.ts.
import type { RegionPlacement, Smell, SmellInput } from "./model";

export interface RuleResult {
  smells: Smell[];
  /** The thresholds the rule derived from this repository, reported with its smells. */
  thresholds?: Record<string, number>;
}

export interface SmellRule {
  /** The smell's kind as records name it, after `has_smell.`. */
  name: string;
  /** What the rule flags and its thresholds, as `--help` and the README state them. */
  summary: string;
  detect(input: SmellInput): RuleResult;
}

/**
 * A rule over the architecture map: it reads where the map of the same revision put each file,
 * which exists only after the revision committed, so it runs in the region step.
 */
export interface RegionRule {
  name: string;
  summary: string;
  detect(placement: RegionPlacement): RuleResult;
}

/** The files the rules judge: production code (tests, fixtures, generated, tooling and vendored code aside). */
export const judged = (role: string): boolean => role === "production";
