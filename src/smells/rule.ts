// The shape of a smell rule. The rules themselves are listed once, in rules.ts.
import type { Smell, SmellInput } from "./model";

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

/** The files the rules judge: production code (tests, fixtures, generated, tooling and vendored code aside). */
export const judged = (role: string): boolean => role === "production";
