// explain's role and importance rules, one by one (src/answers/explain-rules.ts): each test sets
// the graph facts its rule reads on an entity nothing else would classify, and checks the role,
// its confidence and the reasons it gives.
import { describe, expect, test } from "bun:test";
import { importanceOf, ROLE_RULES, ROLES, roleOf, THRESHOLDS as T, type ExplainFacts } from "../../src/answers/explain-rules";

/** An exported production function no rule would pick: one caller from another file and a callee. */
function facts(over: Partial<ExplainFacts> = {}): ExplainFacts {
  return {
    kind: "function",
    name: "f",
    exported: true,
    fileRole: "production",
    callers: 2,
    testCallers: 0,
    callerFiles: 2,
    unresolved: 0,
    typeReferences: 0,
    callees: 4,
    calleeFiles: 1,
    members: 0,
    methods: 0,
    importers: 1,
    dependents: 2,
    downstream: 4,
    subtypes: 0,
    bases: 0,
    entryFile: false,
    local: false,
    packageApi: false,
    ...over,
  };
}

describe("roles", () => {
  test("the baseline entity matches no rule: unknown, low", () => {
    expect(roleOf(facts())).toMatchObject({ value: "unknown", confidence: "low" });
  });

  test("every rule has a role of the list and a summary for --help", () => {
    for (const rule of ROLE_RULES) {
      expect(ROLES).toContain(rule.role);
      expect(rule.summary.length).toBeGreaterThan(10);
    }
  });

  test("test_helper: defined in a test file and called from tests", () => {
    expect(roleOf(facts({ fileRole: "test", testCallers: 2 }))).toEqual({ value: "test_helper", confidence: "high", reasons: ["file_role=test", "test_callers=2"] });
    expect(roleOf(facts({ fileRole: "fixture", testCallers: 1 })).value).toBe("test_helper");
  });

  test("test: in a test file but called by no test", () => {
    expect(roleOf(facts({ fileRole: "test", testCallers: 0, callers: 0 }))).toEqual({ value: "test", confidence: "high", reasons: ["file_role=test", "no_callers"] });
  });

  test("entry_point: a top-level callable of a file the runtime loads, nothing calling it, calling into the code, is high", () => {
    expect(roleOf(facts({ entryFile: true, callers: 0 }))).toEqual({ value: "entry_point", confidence: "high", reasons: ["entry_file", "no_callers", "callees=4"] });
    // One that calls nothing starts nothing: an unused helper beside main.
    expect(roleOf(facts({ entryFile: true, callers: 0, callees: 0 })).value).not.toBe("entry_point");
  });

  test("entry_point: no callers but callees in production code; medium when exported, low when not", () => {
    expect(roleOf(facts({ callers: 0 }))).toMatchObject({ value: "entry_point", confidence: "medium", reasons: ["no_callers", "callees=4", "exported"] });
    expect(roleOf(facts({ callers: 0, exported: false }))).toMatchObject({ value: "entry_point", confidence: "low" });
  });

  test("a package's export that nothing here calls but that calls into the code is public_api, not a guessed entry point", () => {
    expect(roleOf(facts({ callers: 0, packageApi: true }))).toEqual({ value: "public_api", confidence: "high", reasons: ["package_export"] });
    expect(roleOf(facts({ callers: 0, packageApi: true, entryFile: true })).value).toBe("entry_point");
  });

  test("entry_point is never a function's local: the function around it starts it", () => {
    expect(roleOf(facts({ callers: 0, exported: false, local: true, dependents: 0, importers: 0 }))).toMatchObject({ value: "unused" });
    expect(roleOf(facts({ callers: 1, callerFiles: 0, exported: false, local: true })).value).toBe("localized_helper");
  });

  test("entry_point is never read off a file that is not production code, nor off a callable named as a type", () => {
    expect(roleOf(facts({ callers: 0, fileRole: "tooling" })).value).not.toBe("entry_point");
    expect(roleOf(facts({ callers: 0, typeReferences: 1 })).value).not.toBe("entry_point");
  });

  test("entry_point: unresolved sites naming it lower the confidence and are a reason", () => {
    expect(roleOf(facts({ callers: 0, unresolved: 3 }))).toMatchObject({ value: "entry_point", confidence: "low", reasons: ["no_callers", "callees=4", "exported", "unresolved_uses=3"] });
  });

  test("contract: an interface other types implement", () => {
    expect(roleOf(facts({ kind: "interface", subtypes: 2, members: 2 }))).toEqual({ value: "contract", confidence: "high", reasons: ["kind=interface", "implemented_by=2"] });
  });

  test("data_model: an interface or type alias nothing implements", () => {
    expect(roleOf(facts({ kind: "interface", typeReferences: 5 }))).toEqual({ value: "data_model", confidence: "high", reasons: ["kind=interface", "type_refs=5"] });
    expect(roleOf(facts({ kind: "type" })).value).toBe("data_model");
  });

  test(`data_model: a class with at most ${T.modelMethods} methods and no base; medium when named as a type`, () => {
    expect(roleOf(facts({ kind: "class", methods: 1, members: 1, typeReferences: 3 }))).toMatchObject({ value: "data_model", confidence: "medium" });
    expect(roleOf(facts({ kind: "class", methods: 0, typeReferences: 0 }))).toMatchObject({ value: "data_model", confidence: "low" });
    expect(roleOf(facts({ kind: "class", methods: T.modelMethods + 1, members: T.modelMethods + 1 })).value).toBe("container");
  });

  test("public_api: exported through a package's entry", () => {
    expect(roleOf(facts({ packageApi: true }))).toEqual({ value: "public_api", confidence: "high", reasons: ["package_export", "callers=2"] });
  });

  test("adapter: a class that implements or extends another type", () => {
    expect(roleOf(facts({ kind: "class", bases: 1, methods: 2, members: 2 }))).toEqual({ value: "adapter", confidence: "medium", reasons: ["implements=1", "methods=2"] });
  });

  test(`orchestrator: ≥ ${T.orchestratorCallees} callees over ≥ ${T.orchestratorFiles} other files, ≤ ${T.orchestratorCallers} callers`, () => {
    const f = facts({ callees: T.orchestratorCallees, calleeFiles: T.orchestratorFiles, callers: 1, callerFiles: 1 });
    expect(roleOf(f)).toEqual({ value: "orchestrator", confidence: "medium", reasons: ["callees=5", "callee_files=2", "callers=1"] });
    expect(roleOf({ ...f, calleeFiles: 1 }).value).not.toBe("orchestrator");
    expect(roleOf({ ...f, callers: T.orchestratorCallers + 1, callerFiles: 3 }).value).not.toBe("orchestrator");
  });

  test(`shared_utility: ≥ ${T.sharedCallers} callers from ≥ ${T.sharedFiles} other files, ≤ ${T.sharedCallees} callees`, () => {
    const f = facts({ callers: T.sharedCallers, callerFiles: T.sharedFiles, callees: 0 });
    expect(roleOf(f)).toEqual({ value: "shared_utility", confidence: "high", reasons: ["callers=3", "caller_files=2", "callees=0"] });
    expect(roleOf({ ...f, callees: T.sharedCallees + 1 }).value).not.toBe("shared_utility");
  });

  test("localized_helper: every caller in its own file or one other", () => {
    expect(roleOf(facts({ callers: 2, callerFiles: 0, exported: false }))).toEqual({ value: "localized_helper", confidence: "medium", reasons: ["callers=2", "caller_files=0"] });
    expect(roleOf(facts({ callers: 5, callerFiles: 1, callees: 0 })).value).toBe("localized_helper");
  });

  test("container: a file, module or type with members that no earlier rule claims", () => {
    expect(roleOf(facts({ kind: "file", members: 3, exported: false }))).toEqual({ value: "container", confidence: "medium", reasons: ["kind=file", "members=3"] });
  });

  test("unused: not exported, nothing uses it; a floor (low) when unresolved sites name it", () => {
    const f = facts({ kind: "class", methods: 3, members: 0, bases: 0, callers: 0, callerFiles: 0, dependents: 0, importers: 0, exported: false });
    expect(roleOf(f)).toEqual({ value: "unused", confidence: "medium", reasons: ["no_callers", "no_dependents"] });
    expect(roleOf({ ...f, unresolved: 2 })).toMatchObject({ value: "unused", confidence: "low", reasons: ["no_callers", "no_dependents", "unresolved_uses=2"] });
  });

  test("the first rule that applies decides: a test helper in an entry file is a test helper, a package export implementing a type is public API", () => {
    expect(roleOf(facts({ fileRole: "test", testCallers: 1, entryFile: true, callers: 0 })).value).toBe("test_helper");
    expect(roleOf(facts({ kind: "class", packageApi: true, bases: 1, methods: 4, members: 4 })).value).toBe("public_api");
  });
});

describe("importance", () => {
  test("broad_shared_dependency: any of callers, caller files, dependents or importers past its threshold, each a reason", () => {
    expect(importanceOf(facts({ callers: T.broadCallers }))).toEqual({ level: "high", category: "broad_shared_dependency", reasons: ["callers=8"] });
    expect(importanceOf(facts({ importers: T.broadImporters, dependents: T.broadDependents }))).toEqual({
      level: "high",
      category: "broad_shared_dependency",
      reasons: ["dependents=10", "importers=5"],
    });
    expect(importanceOf(facts({ callerFiles: T.broadCallerFiles })).category).toBe("broad_shared_dependency");
  });

  test(`pipeline_choke_point: 1-${T.chokeCallers} callers and ≥ ${T.chokeDownstream} reached downstream`, () => {
    expect(importanceOf(facts({ callers: 1, downstream: T.chokeDownstream }))).toEqual({ level: "high", category: "pipeline_choke_point", reasons: ["callers=1", "downstream=8"] });
    // Nothing calls it: no pipeline runs through it.
    expect(importanceOf(facts({ callers: 0, downstream: 20 })).category).not.toBe("pipeline_choke_point");
  });

  test("localized: one dependent at most, no importers, little downstream, callers from one file", () => {
    expect(importanceOf(facts({ dependents: 1, importers: 0, downstream: 2, callerFiles: 1, callers: 1 }))).toEqual({
      level: "low",
      category: "localized",
      reasons: ["dependents=1", "downstream=2"],
    });
    expect(importanceOf(facts({ dependents: 1, importers: 0, downstream: 2, callerFiles: 1, packageApi: true })).level).toBe("medium");
  });

  test("otherwise medium/normal", () => {
    expect(importanceOf(facts())).toEqual({ level: "medium", category: "normal", reasons: ["dependents=2", "downstream=4"] });
  });
});
