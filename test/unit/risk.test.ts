// Each rule of answers/risk.ts alone: the category rules in their order, the level thresholds,
// and a summary that names its counts.
import { describe, expect, test } from "bun:test";
import { categoryOf, isBoundary, isFlow, isFoundation, isShared, levelOf, summaryOf, THRESHOLDS, type RiskFacts } from "../../src/answers/risk";

const facts = (over: Partial<RiskFacts> = {}): RiskFacts => ({
  kind: "function",
  callers: 0,
  callees: 0,
  dependents: 0,
  heirs: 0,
  affected: 0,
  files: 0,
  otherRegions: 0,
  tests: 0,
  ...over,
});

describe("category rules", () => {
  test("foundation: an interface or type something reaches, or anything with heirs", () => {
    expect(isFoundation(facts({ kind: "interface", affected: 1 }))).toBe(true);
    expect(isFoundation(facts({ kind: "type", affected: 1 }))).toBe(true);
    expect(isFoundation(facts({ kind: "interface", affected: 0 }))).toBe(false);
    expect(isFoundation(facts({ kind: "class", heirs: 1 }))).toBe(true);
    expect(isFoundation(facts({ kind: "class", affected: 9 }))).toBe(false);
  });

  test("boundary: dependents in enough other regions", () => {
    expect(isBoundary(facts({ otherRegions: THRESHOLDS.boundaryRegions }))).toBe(true);
    expect(isBoundary(facts({ otherRegions: THRESHOLDS.boundaryRegions - 1 }))).toBe(false);
  });

  test("shared: enough direct users, or dependents in enough files", () => {
    expect(isShared(facts({ callers: 3, dependents: 2 }))).toBe(true);
    expect(isShared(facts({ callers: 4 }))).toBe(false);
    expect(isShared(facts({ callers: 1, files: THRESHOLDS.sharedUsers }))).toBe(true);
  });

  test("flow: called, calls on, and its callers have callers", () => {
    expect(isFlow(facts({ callers: 1, callees: 2, affected: 3 }))).toBe(true);
    expect(isFlow(facts({ callers: 1, callees: 0, affected: 3 }))).toBe(false);
    expect(isFlow(facts({ callers: 1, callees: 2, affected: 1 }))).toBe(false);
  });

  test("the first rule that holds decides; localized when none does", () => {
    const everything = facts({ kind: "interface", heirs: 2, affected: 40, otherRegions: 3, callers: 9, callees: 2, files: 9 });
    expect(categoryOf(everything)).toBe("foundation");
    expect(categoryOf({ ...everything, kind: "function", heirs: 0 })).toBe("boundary");
    expect(categoryOf({ ...everything, kind: "function", heirs: 0, otherRegions: 0 })).toBe("shared");
    expect(categoryOf(facts({ callers: 1, callees: 1, affected: 2, files: 1 }))).toBe("flow");
    expect(categoryOf(facts({ callers: 1, affected: 1, files: 1 }))).toBe("localized");
  });
});

describe("levels", () => {
  test("critical: many dependents, or many other regions", () => {
    expect(levelOf(facts({ affected: THRESHOLDS.criticalAffected }), "shared")).toBe("critical");
    expect(levelOf(facts({ affected: 1, otherRegions: THRESHOLDS.criticalRegions }), "boundary")).toBe("critical");
  });

  test("a foundation climbs faster: critical by heirs and direct dependents, high by dependents", () => {
    expect(levelOf(facts({ kind: "interface", heirs: 6, dependents: 4, affected: 10 }), "foundation")).toBe("critical");
    expect(levelOf(facts({ kind: "interface", affected: THRESHOLDS.foundationHigh }), "foundation")).toBe("high");
    expect(levelOf(facts({ affected: THRESHOLDS.foundationHigh }), "shared")).toBe("medium");
  });

  test("high: enough dependents, or dependents in two other regions", () => {
    expect(levelOf(facts({ affected: THRESHOLDS.highAffected }), "shared")).toBe("high");
    expect(levelOf(facts({ affected: 2, otherRegions: 2 }), "boundary")).toBe("high");
  });

  test("medium from a few dependents or one other region; low below", () => {
    expect(levelOf(facts({ affected: THRESHOLDS.mediumAffected }), "localized")).toBe("medium");
    expect(levelOf(facts({ affected: 1, otherRegions: 1 }), "localized")).toBe("medium");
    expect(levelOf(facts({ affected: 2 }), "localized")).toBe("low");
    expect(levelOf(facts(), "localized")).toBe("low");
  });
});

describe("summary", () => {
  test("names the counts, the regions, the callers reached through and the tests", () => {
    const f = facts({ affected: 14, files: 6, tests: 2 });
    const line = summaryOf(f, "shared", { regions: ["Auth Layer"], callers: ["handleLogin"], depth: 2, floor: false });
    expect(line).toBe("Shared dependency; 14 dependents within 2 hops in 6 files, mostly in Auth Layer, through handleLogin at risk; 2 test files reach it");
  });

  test("a cut walk's counts are floors; nothing reaching it is said plainly", () => {
    expect(summaryOf(facts({ affected: 3, files: 1 }), "localized", { regions: [], callers: [], depth: 1, floor: true })).toContain("at least 3 dependents within 1 hop in 1 file");
    expect(summaryOf(facts(), "localized", { regions: [], callers: [], depth: 2, floor: false })).toBe("Localized; nothing in the graph reaches it");
  });
});
