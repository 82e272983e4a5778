// Saved investigations: the id encoding, the envelope's validation, save/list/load round trips
// in a private home, hand-corrupted files skipped and counted, and the diff of two bundles.
import { describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BUNDLE_SCHEMA, DEFAULT_BUDGETS, type ContextBundle } from "../../src/answers/context";
import {
  diffInvestigation,
  encodeInvestigationId,
  investigationsDir,
  listInvestigations,
  loadInvestigation,
  saveInvestigation,
  validInvestigation,
} from "../../src/answers/investigations";
import { IxError } from "../../src/model/errors";
import { tempNameOf, writeFileAtomic } from "../../src/util/atomic-write";
import { tempDir } from "../helpers/cli";

const T = "00000001-0000-0000-0000-000000000000";
const R = "00000002-0000-0000-0000-000000000000";

function bundle(extra: Partial<ContextBundle> = {}): ContextBundle {
  return {
    schema: BUNDLE_SCHEMA,
    rev: 3,
    target: { id: T, name: "Widget", kind: "class", path: "src/widget.ts", lines: "3-11" },
    graph: { status: "ok" },
    freshness: { stale: false, classification: "current" },
    entities: [
      { id: T, name: "Widget", kind: "class", path: "src/widget.ts", lines: "3-11", stale: false },
      { id: R, name: "render", kind: "method", path: "src/widget.ts", lines: "5-7", stale: false },
    ],
    relationships: [{ src: T, dst: R, predicate: "contains" }],
    claims: [{ id: "c-8f31a2", entity: T, kind: "summary", status: "active", statement: "renders to DOM", path: "src/widget.ts", line: 2 }],
    decisions: 0,
    conflicts: 0,
    intents: 0,
    evidence: [{ id: "target", kind: "target", score: 0, title: "Widget (class)", path: "src/widget.ts", lines: "3-11", reason: "the target", refs: [T] }],
    budgets: DEFAULT_BUDGETS,
    truncation: { entities: 0, relationships: 0, evidence: 0, chars: 0 },
    ranking: "tiered-v1",
    ...extra,
  };
}

const expectError = (run: () => unknown, code: string) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(IxError);
    expect((error as IxError).code).toBe(code);
    return error as IxError;
  }
  throw new Error(`expected ${code}`);
};

describe("encodeInvestigationId", () => {
  test("keeps [A-Za-z0-9._-] and writes every other UTF-8 byte as ~HH", () => {
    expect(encodeInvestigationId("auth-path_2.v1")).toBe("auth-path_2.v1");
    expect(encodeInvestigationId("a/b c")).toBe("a~2Fb~20c");
    expect(encodeInvestigationId("ü")).toBe("~C3~BC");
    expect(encodeInvestigationId("中")).toBe("~E4~B8~AD");
    expect(encodeInvestigationId("~")).toBe("~7E");
  });

  test("a leading dot is escaped, so no id names a hidden file, . or ..", () => {
    expect(encodeInvestigationId(".")).toBe("~2E");
    expect(encodeInvestigationId("..")).toBe("~2E.");
    expect(encodeInvestigationId("../etc/passwd")).toBe("~2E.~2Fetc~2Fpasswd");
  });

  test("distinct ids never share a file name (the encoding is reversible)", () => {
    const ids = ["a b", "a~20b", "a%20b", "A B", "中", "~E4~B8~AD", ".x", "~2Ex"];
    expect(new Set(ids.map(encodeInvestigationId)).size).toBe(ids.length);
  });
});

describe("saved investigations", () => {
  test("save then load by the id or by the file name; the file is private and valid", () => {
    const home = tempDir("ix-inv-");
    const { file } = saveInvestigation(home, "auth/path ü", bundle(), new Date("2026-01-03T09:12:44.108Z"));
    expect(file).toBe("auth~2Fpath~20~C3~BC.json");
    expect(statSync(join(investigationsDir(home), file)).mode & 0o777).toBe(0o600);
    expect(validInvestigation(JSON.parse(readFileSync(join(investigationsDir(home), file), "utf8")))).toBe(true);
    const byId = loadInvestigation(home, "auth/path ü", "resume").investigation;
    expect(byId).toEqual({ schema: "ix-investigation/1", id: "auth/path ü", savedAt: "2026-01-03T09:12:44.108Z", bundle: bundle() });
    expect(loadInvestigation(home, "auth~2Fpath~20~C3~BC", "resume").investigation.id).toBe("auth/path ü");
    expect(loadInvestigation(home, "auth~2Fpath~20~C3~BC.json", "resume").investigation.id).toBe("auth/path ü");
  });

  test("saving again under an id replaces it whole, leaving no temporary file", () => {
    const home = tempDir("ix-inv-");
    saveInvestigation(home, "w", bundle(), new Date("2026-01-01T00:00:00Z"));
    saveInvestigation(home, "w", bundle({ rev: 9 }), new Date("2026-01-02T00:00:00Z"));
    expect(readdirSync(investigationsDir(home))).toEqual(["w.json"]);
    expect(loadInvestigation(home, "w", "resume").investigation.bundle.rev).toBe(9);
  });

  test("an invalid bundle is never written", () => {
    const home = tempDir("ix-inv-");
    const broken = { ...bundle(), entities: [{ id: 5 }] } as unknown as ContextBundle;
    expectError(() => saveInvestigation(home, "w", broken, new Date()), "invalid_saved_investigation");
    expect(() => readdirSync(investigationsDir(home))).toThrow();
  });

  test("the listing is newest first, skips and counts files that are not investigations", () => {
    const home = tempDir("ix-inv-");
    saveInvestigation(home, "old", bundle(), new Date("2026-01-01T00:00:00Z"));
    saveInvestigation(home, "new", bundle(), new Date("2026-01-05T00:00:00Z"));
    saveInvestigation(home, "mid", bundle(), new Date("2026-01-03T00:00:00Z"));
    const dir = investigationsDir(home);
    writeFileSync(join(dir, "garbage.json"), "{not json");
    writeFileSync(join(dir, "other.json"), JSON.stringify({ schema: "ix-investigation/1", id: "other", savedAt: "2026-01-09T00:00:00Z", bundle: { schema: "nope" } }));
    writeFileSync(join(dir, "truncated.json"), readFileSync(join(dir, "old.json"), "utf8").slice(0, 100));
    writeFileSync(join(dir, "notes.txt"), "not a saved file at all");
    const listing = listInvestigations(home);
    expect(listing.investigations.map((i) => i.investigation.id)).toEqual(["new", "mid", "old"]);
    expect(listing.skipped).toBe(3);
  });

  test("no folder yet: an empty listing, nothing skipped", () => {
    expect(listInvestigations(tempDir("ix-inv-"))).toEqual({ investigations: [], skipped: 0 });
  });

  test("load: a missing id is no_saved_investigation, a corrupted file invalid_saved_investigation", () => {
    const home = tempDir("ix-inv-");
    expect(expectError(() => loadInvestigation(home, "nope", "resume"), "no_saved_investigation").fix).toEqual({ action: "investigations" });
    saveInvestigation(home, "w", bundle(), new Date());
    const path = join(investigationsDir(home), "w.json");
    const saved = JSON.parse(readFileSync(path, "utf8"));
    saved.bundle.freshness.classification = "fine";
    writeFileSync(path, JSON.stringify(saved));
    expectError(() => loadInvestigation(home, "w", "resume"), "invalid_saved_investigation");
  });

  test("a path in an id never leaves the folder", () => {
    const home = tempDir("ix-inv-");
    writeFileSync(join(home, "outside.json"), JSON.stringify({ schema: "ix-investigation/1", id: "x", savedAt: "2026-01-01T00:00:00Z", bundle: bundle() }));
    expectError(() => loadInvestigation(home, "../outside", "resume"), "no_saved_investigation");
    expectError(() => loadInvestigation(home, "../outside.json", "resume"), "no_saved_investigation");
  });

  test("an empty id or one too long for a file name is a usage error", () => {
    const home = tempDir("ix-inv-");
    expect(expectError(() => saveInvestigation(home, " ", bundle(), new Date()), "invalid_value").invalidRequest).toBe(true);
    expectError(() => saveInvestigation(home, "中".repeat(100), bundle(), new Date()), "invalid_value");
    expectError(() => saveInvestigation(home, "w".repeat(241), bundle(), new Date()), "invalid_value");
    expectError(() => saveInvestigation(home, "é".repeat(41), bundle(), new Date()), "invalid_value");
  });

  test("ids at the bound (240 characters once encoded) save, list and load: the temporary name does not grow with them", () => {
    const home = tempDir("ix-inv-");
    const ids = ["w".repeat(240), "é".repeat(40), `${"x".repeat(237)}/`];
    for (const id of ids) {
      const { file } = saveInvestigation(home, id, bundle(), new Date());
      expect(Buffer.byteLength(file)).toBe(245);
      expect(loadInvestigation(home, id, "resume").investigation.id).toBe(id);
      expect(loadInvestigation(home, file, "resume").investigation.id).toBe(id);
    }
    expect(listInvestigations(home).investigations.map((i) => i.investigation.id).sort()).toEqual([...ids].sort());
    expect(readdirSync(investigationsDir(home)).every((name) => name.endsWith(".json") && !name.startsWith("."))).toBe(true);
  });
});

describe("writeFileAtomic", () => {
  test("the temporary name is short whatever the file's name and the pid (up to Linux's largest, 4194304)", () => {
    const name = tempNameOf(`/home/.ix/investigations/${"~E4".repeat(80)}.json`, 4_194_304);
    expect(name).toMatch(/^\.~E4~E4~E4~E4~E4~E4~E4~E4\.4194304-[0-9a-f]{8}\.tmp$/);
    expect(Buffer.byteLength(tempNameOf(`/x/${"é".repeat(200)}`, 4_194_304))).toBeLessThanOrEqual(46);
    // Two writes of one file in one process (worker threads share the pid) never share a name.
    expect(tempNameOf("/x/config.yaml")).not.toBe(tempNameOf("/x/config.yaml"));
  });

  test("a write that fails leaves no temporary file, and the file it would have replaced as it was", () => {
    const dir = tempDir("ix-atomic-");
    // A directory with something in it cannot be renamed over: the rename fails after the write.
    mkdirSync(join(dir, "taken"));
    writeFileSync(join(dir, "taken", "inside"), "kept");
    expect(() => writeFileAtomic(join(dir, "taken"), "new")).toThrow();
    expect(readdirSync(dir)).toEqual(["taken"]);
    expect(readFileSync(join(dir, "taken", "inside"), "utf8")).toBe("kept");
    writeFileAtomic(join(dir, "file"), "one");
    writeFileAtomic(join(dir, "file"), "two");
    expect(readdirSync(dir).sort()).toEqual(["file", "taken"]);
    expect([readFileSync(join(dir, "file"), "utf8"), statSync(join(dir, "file")).mode & 0o777]).toEqual(["two", 0o600]);
  });
});

describe("diffInvestigation", () => {
  test("entities, relationships, evidence and claims added and removed; saved budgets govern; a request is reported unapplied", () => {
    const M = "00000003-0000-0000-0000-000000000000";
    const saved = { schema: "ix-investigation/1" as const, id: "w", savedAt: "2026-01-03T09:12:44.108Z", bundle: bundle() };
    const now = bundle({
      freshness: { stale: true, classification: "stale" },
      entities: [...bundle().entities, { id: M, name: "mount", kind: "method", path: "src/widget.ts", lines: "9-12" }],
      relationships: [{ src: T, dst: M, predicate: "contains" }],
      claims: [],
      evidence: [{ ...bundle().evidence[0]!, score: 0 }, { id: "r", kind: "relationship", score: 30, title: "Widget --contains--> mount", reason: "", refs: [T, M] }],
    });
    const diff = diffInvestigation(saved, now, { entities: 10 }, new Date("2026-01-19T11:02:07.441Z"));
    expect(diff.freshness).toEqual({ previous: "current", current: "stale" });
    expect(diff.budgets).toEqual({ saved: DEFAULT_BUDGETS, requested: { entities: 10 }, effective: DEFAULT_BUDGETS, requestedApplied: false });
    expect(diff.added.entities.map((e) => e.name)).toEqual(["mount"]);
    expect(diff.removed.entities).toEqual([]);
    expect(diff.added.relationships).toEqual([{ src: T, dst: M, predicate: "contains" }]);
    expect(diff.removed.relationships).toEqual([{ src: T, dst: R, predicate: "contains" }]);
    expect(diff.added.evidence.map((e) => e.title)).toEqual(["Widget --contains--> mount"]);
    expect(diff.removed.evidence).toEqual([]);
    expect(diff.removed.claims.map((c) => c.statement)).toEqual(["renders to DOM"]);
  });
});
