import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nodeId, workspaceId } from "../../src/model/ids";
import { distinctNames } from "../../src/graph/queries";
import { SCHEMA_VERSION } from "../../src/graph/schema";
import {
  Store,
  StoreError,
  type EdgeRecord,
  type FileChange,
  type NodeRecord,
  type OwnerEdges,
  type RevisionInput,
} from "../../src/graph/store";
import { stampPaths, type StampList } from "../../src/graph/stamps";
import type { FileFacts } from "../../src/model/facts";

const WS = workspaceId("/repo");
let dir: string;
let dbPath: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "ix-store-"));
  dbPath = join(dir, "ws", "graph.db");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const idOf = (path: string, key = "") => nodeId(WS, path, key);

function fileNode(path: string): NodeRecord {
  return { id: idOf(path), kind: "file", name: path.split("/").pop()!, qname: path, path, startLine: 1, endLine: 50, lang: "typescript", signature: "", exported: false, role: "production", parentId: null };
}

function fn(path: string, qname: string, line: number, parentId: string | null = idOf(path)): NodeRecord {
  return { id: idOf(path, `function:${qname}`), kind: "function", name: qname.split(".").pop()!, qname, path, startLine: line, endLine: line + 3, lang: "typescript", signature: `function ${qname}()`, exported: true, role: "production", parentId };
}

function change(path: string, hash: string, entities: NodeRecord[]): FileChange {
  const facts: FileFacts = { path, lang: "typescript", entities: [], calls: [], imports: [], exports: [], heritage: [], refs: [], vars: [], parseErrors: 0 };
  return { row: { path, size: 100, mtimeMs: 1000, hash, lang: "typescript", parseErrors: 0, role: "production" }, facts, nodes: [fileNode(path), ...entities] };
}

function revision(parts: Partial<RevisionInput>): RevisionInput {
  return { changed: [], deleted: [], touched: [], edges: new Map(), ...parts };
}

const calls = (src: string, dst: string, lines: number[]): EdgeRecord => ({ srcId: src, dstId: dst, kind: "CALLS", via: "import", confidence: 1, lines });
const imports = (from: string, to: string, names: string[]): EdgeRecord => ({ srcId: idOf(from), dstId: idOf(to), kind: "IMPORTS", lines: [1], names });

/** a.ts imports b.ts and its `run` calls b's `helper` and `other`; `run` also calls an unknown `mystery`. */
function twoFiles(): RevisionInput & { edges: Map<string, OwnerEdges> } {
  const a = change("src/a.ts", "ha1", [fn("src/a.ts", "run", 3)]);
  const b = change("src/b.ts", "hb1", [fn("src/b.ts", "helper", 2), fn("src/b.ts", "other", 10)]);
  const edges = new Map<string, OwnerEdges>([
    [
      "src/a.ts",
      {
        edges: [
          imports("src/a.ts", "src/b.ts", ["helper", "other"]),
          calls(idOf("src/a.ts", "function:run"), idOf("src/b.ts", "function:helper"), [4, 6]),
          calls(idOf("src/a.ts", "function:run"), idOf("src/b.ts", "function:other"), [5]),
        ],
        unresolved: [{ srcId: idOf("src/a.ts", "function:run"), kind: "CALLS", name: "mystery", receiver: "x", lines: [7] }],
      },
    ],
    ["src/b.ts", { edges: [], unresolved: [] }],
  ]);
  return { ...revision({ changed: [a, b] }), edges };
}

function rowidOf(store: Store, id: string): number | undefined {
  return (store.db.query("SELECT rowid FROM nodes WHERE id = ?").get(id) as { rowid: number } | null)?.rowid;
}

function callTargets(store: Store): string[] {
  return (store.db.query("SELECT d.qname AS q FROM edges e JOIN nodes d ON d.rowid = e.dst WHERE e.kind = 'CALLS' ORDER BY q").all() as { q: string }[]).map((r) => r.q);
}

describe("open", () => {
  test("creates the database, its 0700 directory and the schema version", () => {
    const store = Store.open(dbPath);
    expect(store.rev()).toBe(0);
    expect(statSync(join(dir, "ws")).mode & 0o777).toBe(0o700);
    expect((store.db.query("PRAGMA user_version").get() as { user_version: number }).user_version).toBe(SCHEMA_VERSION);
    expect((store.db.query("PRAGMA journal_mode").get() as { journal_mode: string }).journal_mode).toBe("wal");
    store.close();
  });

  test("a database of another schema version is refused with schema_mismatch", () => {
    Store.open(dbPath).close();
    const raw = new Database(dbPath);
    raw.run(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    for (const readonly of [false, true]) {
      let caught: unknown;
      try {
        Store.open(dbPath, { readonly });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(StoreError);
      expect((caught as StoreError).code).toBe("schema_mismatch");
    }
  });

  test("a foreign SQLite database is refused, not adopted", () => {
    Store.open(dbPath).close();
    rmSync(dbPath);
    const raw = new Database(dbPath, { create: true });
    raw.run("CREATE TABLE other (x INT)");
    raw.close();
    expect(() => Store.open(dbPath)).toThrow(StoreError);
  });

  test("opening a missing database read-only is store_unavailable", () => {
    let caught: unknown;
    try {
      Store.open(join(dir, "none", "graph.db"), { readonly: true });
    } catch (error) {
      caught = error;
    }
    expect((caught as StoreError).code).toBe("store_unavailable");
  });
});

describe("commit", () => {
  test("a two-file revision: nodes, edges, unresolved, patches, meta", () => {
    const store = Store.open(dbPath);
    const result = store.commit(twoFiles());
    expect(result).toEqual({ rev: 1, patches: 2, droppedEdges: 0 });
    expect(store.rev()).toBe(1);
    expect(store.meta("last_ingest_at")).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(store.stats()).toEqual({ nodes: { file: 2, function: 3 }, edges: { CALLS: 2, IMPORTS: 1 } });
    expect(callTargets(store)).toEqual(["helper", "other"]);
    const edge = store.db.query("SELECT lines, via, confidence, owner FROM edges WHERE kind = 'CALLS' AND lines LIKE '4%'").get();
    expect(edge).toEqual({ lines: "4,6", via: "import", confidence: 1, owner: "src/a.ts" });
    expect(store.db.query("SELECT names FROM edges WHERE kind = 'IMPORTS'").get()).toEqual({ names: "helper,other" });
    expect(store.db.query("SELECT name, receiver, lines, owner FROM unresolved").all()).toEqual([{ name: "mystery", receiver: "x", lines: "7", owner: "src/a.ts" }]);
    const patches = store.db.query("SELECT rev, path, op, hash, added, removed FROM patches ORDER BY path").all();
    expect(patches).toEqual([
      { rev: 1, path: "src/a.ts", op: "add", hash: "ha1", added: 2, removed: 0 },
      { rev: 1, path: "src/b.ts", op: "add", hash: "hb1", added: 3, removed: 0 },
    ]);
    expect(store.db.query("SELECT rev, files_added, files_changed, files_deleted FROM revisions").all()).toEqual([
      { rev: 1, files_added: 2, files_changed: 0, files_deleted: 0 },
    ]);
    // Parents are rowids; files have none.
    const run = store.db.query("SELECT parent FROM nodes WHERE id = ?").get(idOf("src/a.ts", "function:run")) as { parent: number };
    expect(run.parent).toBe(rowidOf(store, idOf("src/a.ts"))!);
    expect(store.db.query("SELECT parent FROM nodes WHERE kind = 'file'").all()).toEqual([{ parent: null }, { parent: null }]);
    expect(store.facts("src/a.ts")?.path).toBe("src/a.ts");
    expect(store.facts("src/missing.ts")).toBeUndefined();
    expect([...store.allFacts().keys()].sort()).toEqual(["src/a.ts", "src/b.ts"]);
    // The cold load built the secondary indexes and the text index afterwards.
    const indexes = store.db.query("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'").all();
    expect(indexes.length).toBeGreaterThanOrEqual(9);
    expect(store.db.query("SELECT qname FROM nodes_fts WHERE nodes_fts MATCH 'helper'").all()).toEqual([{ qname: "helper" }]);
    store.close();
  });

  test("modifying a file that loses an entity drops edges to it and keeps surviving rowids", () => {
    const store = Store.open(dbPath);
    store.commit(twoFiles());
    const helperRowid = rowidOf(store, idOf("src/b.ts", "function:helper"));
    const fileRowid = rowidOf(store, idOf("src/b.ts"));
    // b.ts drops `other` and gains `extra`; a.ts is not re-resolved in this revision.
    const b2 = change("src/b.ts", "hb2", [fn("src/b.ts", "helper", 5), fn("src/b.ts", "extra", 20)]);
    const result = store.commit(revision({ changed: [b2], edges: new Map([["src/b.ts", { edges: [], unresolved: [] }]]) }));
    expect(result.rev).toBe(2);
    expect(rowidOf(store, idOf("src/b.ts", "function:helper"))).toBe(helperRowid!);
    expect(rowidOf(store, idOf("src/b.ts"))).toBe(fileRowid!);
    expect(rowidOf(store, idOf("src/b.ts", "function:other"))).toBeUndefined();
    expect(callTargets(store)).toEqual(["helper"]);
    expect(store.db.query("SELECT start_line FROM nodes WHERE id = ?").get(idOf("src/b.ts", "function:helper"))).toEqual({ start_line: 5 });
    expect(store.db.query("SELECT path, op, hash, added, removed FROM patches WHERE rev = 2").all()).toEqual([
      { path: "src/b.ts", op: "modify", hash: "hb2", added: 1, removed: 1 },
    ]);
    expect(store.db.query("SELECT files_added, files_changed, files_deleted FROM revisions WHERE rev = 2").get()).toEqual({ files_added: 0, files_changed: 1, files_deleted: 0 });
    // The text index follows: the removed name is gone, the new one is found.
    expect(store.db.query("SELECT count(*) AS n FROM nodes_fts WHERE nodes_fts MATCH 'other'").get()).toEqual({ n: 0 });
    expect(store.db.query("SELECT qname FROM nodes_fts WHERE nodes_fts MATCH 'extra'").all()).toEqual([{ qname: "extra" }]);
    store.close();
  });

  test("the names table holds each entity name once, files aside, and follows edits and deletes", () => {
    const store = Store.open(dbPath);
    const names = () => distinctNames(store).sort();
    store.commit(twoFiles());
    expect(names()).toEqual(["helper", "other", "run"]);
    // c.ts adds a second `helper` and a new `fresh`; b.ts then drops `other` and `helper`.
    store.commit(revision({ changed: [change("src/c.ts", "hc1", [fn("src/c.ts", "helper", 2), fn("src/c.ts", "fresh", 8)])] }));
    expect(names()).toEqual(["fresh", "helper", "other", "run"]);
    store.commit(revision({ changed: [change("src/b.ts", "hb2", [fn("src/b.ts", "extra", 4)])] }));
    expect(names()).toEqual(["extra", "fresh", "helper", "run"]);
    // The last holder of `helper` goes with its file.
    store.commit(revision({ deleted: ["src/c.ts"] }));
    expect(names()).toEqual(["extra", "run"]);
    store.close();
  });

  test("deleting a file removes its nodes, its edges, edges into it and its unresolved sites", () => {
    const store = Store.open(dbPath);
    store.commit(twoFiles());
    store.commit(revision({ deleted: ["src/b.ts"] }));
    expect(store.rev()).toBe(2);
    expect(store.stats()).toEqual({ nodes: { file: 1, function: 1 }, edges: {} });
    expect([...store.fileRows().keys()]).toEqual(["src/a.ts"]);
    expect(store.db.query("SELECT path, op, hash, removed FROM patches WHERE rev = 2").all()).toEqual([{ path: "src/b.ts", op: "delete", hash: "hb1", removed: 3 }]);
    // a.ts (the unresolved owner) is deleted next: its sites go with it.
    store.commit(revision({ deleted: ["src/a.ts"] }));
    expect(store.db.query("SELECT count(*) AS n FROM unresolved").get()).toEqual({ n: 0 });
    expect(store.db.query("SELECT count(*) AS n FROM nodes_fts WHERE nodes_fts MATCH 'run'").get()).toEqual({ n: 0 });
    store.close();
  });

  /** The stamp list as kept, and as the files table says it should be, as [path, size, mtime]. */
  function stampsKeptAndTrue(store: Store): [[string, number, number][], [string, number, number][]] {
    const kept = store.fileStampList();
    const rows = [...store.fileRows().values()].sort((a, b) => (a.path < b.path ? -1 : 1));
    return [triples(kept), rows.map((r) => [r.path, r.size, r.mtimeMs])];
  }

  function triples(list: StampList): [string, number, number][] {
    return stampPaths(list).map((path, i) => [path, list.numbers[2 * i]!, list.numbers[2 * i + 1]!]);
  }

  test("the stamp list follows every row written, touched or deleted, and is read from the rows when absent", () => {
    const store = Store.open(dbPath);
    store.commit(twoFiles());
    const [kept, truth] = stampsKeptAndTrue(store);
    expect(kept).toEqual(truth);
    // Touched without a revision, a new file sorted in, a file deleted: each moves the list.
    store.commit(revision({ touched: [{ ...store.fileRows().get("src/b.ts")!, size: 7, mtimeMs: 77 }] }));
    expect(triples(store.fileStampList())).toEqual([["src/a.ts", 100, 1000], ["src/b.ts", 7, 77]]);
    store.commit(revision({ changed: [change("src/0.ts", "h0", [])] }));
    store.commit(revision({ deleted: ["src/a.ts"] }));
    const [after, afterTruth] = stampsKeptAndTrue(store);
    expect(after).toEqual([["src/0.ts", 100, 1000], ["src/b.ts", 7, 77]]);
    expect(after).toEqual(afterTruth);
    // A graph written before the list was kept: read from the rows, and kept when asked.
    store.db.run("DELETE FROM meta WHERE key = 'stamps'");
    expect(triples(store.fileStampList())).toEqual(afterTruth);
    store.keepStampList();
    expect(store.db.query("SELECT 1 FROM meta WHERE key = 'stamps'").get()).not.toBeNull();
    expect(triples(store.fileStampList())).toEqual(afterTruth);
    store.close();
  });

  test("owners are found by the reads they stored; a key with a newline cannot be matched", () => {
    const store = Store.open(dbPath);
    const input = twoFiles();
    input.edges.get("src/a.ts")!.reads = ["f:src/b.ts", "g:go/p", "f:src/c.ts", "d:src"];
    input.edges.get("src/b.ts")!.reads = ["d:src", "f:src/c.ts"];
    store.commit(input);
    expect(store.ownersReading(["f:src/c.ts"])).toEqual(["src/a.ts", "src/b.ts"]);
    expect(store.ownersReading(["f:src/b.ts"])).toEqual(["src/a.ts"]);
    // A whole key only: "f:src/c" is a prefix of a stored key, "g:go" of another, not keys.
    expect(store.ownersReading(["f:src/c", "n:c.ts"])).toEqual([]);
    expect(store.ownersReading(["g:go"])).toEqual([]);
    expect(store.ownersReading([])).toEqual([]);
    // Many keys are matched in one pass over every file's reads.
    expect(store.ownersReading([...Array.from({ length: 10 }, (_, i) => `f:none${i}`), "g:go/p"])).toEqual(["src/a.ts"]);
    expect(store.ownersReading(["f:a\nb"])).toBeUndefined();
    store.close();
  });

  test("full rows come for the paths asked, few or many", () => {
    const store = Store.open(dbPath);
    store.commit(twoFiles());
    const all = store.fileRows();
    expect(store.fileRowsOf(["src/b.ts", "src/missing.ts"])).toEqual(new Map([["src/b.ts", all.get("src/b.ts")!]]));
    const many = [...Array.from({ length: 300 }, (_, i) => `src/none${i}.ts`), "src/a.ts"];
    expect(store.fileRowsOf(many)).toEqual(new Map([["src/a.ts", all.get("src/a.ts")!]]));
    store.close();
  });

  test("touched rows are updated without a revision", () => {
    const store = Store.open(dbPath);
    store.commit(twoFiles());
    const row = { ...store.fileRows().get("src/a.ts")!, size: 222, mtimeMs: 5555 };
    expect(store.commit(revision({ touched: [row] }))).toEqual({ rev: 1, patches: 0, droppedEdges: 0 });
    expect(store.fileRows().get("src/a.ts")).toEqual(row);
    expect(store.db.query("SELECT count(*) AS n FROM revisions").get()).toEqual({ n: 1 });
    store.close();
  });

  test("a commit that changes nothing keeps the revision, even when it re-sends identical edges", () => {
    const store = Store.open(dbPath);
    const first = twoFiles();
    store.commit(first);
    const at = store.meta("last_ingest_at");
    expect(store.commit(revision({}))).toEqual({ rev: 1, patches: 0, droppedEdges: 0 });
    expect(store.commit(revision({ edges: first.edges, deleted: ["src/never-mapped.ts"] }))).toEqual({ rev: 1, patches: 0, droppedEdges: 0 });
    expect(store.meta("last_ingest_at")).toBe(at!);
    // Different edges for an owner are a change of their own.
    const fewer = new Map([["src/a.ts", { edges: first.edges.get("src/a.ts")!.edges.slice(0, 2), unresolved: [] }]]);
    expect(store.commit(revision({ edges: fewer })).rev).toBe(2);
    expect(store.stats().edges).toEqual({ CALLS: 1, IMPORTS: 1 });
    expect(store.db.query("SELECT count(*) AS n FROM unresolved").get()).toEqual({ n: 0 });
    store.close();
  });

  test("edges to unknown ids are dropped and counted", () => {
    const store = Store.open(dbPath);
    const input = twoFiles();
    input.edges.get("src/a.ts")!.edges.push(calls(idOf("src/a.ts", "function:run"), idOf("src/zzz.ts", "function:ghost"), [9]));
    input.edges.get("src/a.ts")!.unresolved.push({ srcId: idOf("src/ghost.ts", "function:g"), kind: "CALLS", name: "x", lines: [1] });
    expect(store.commit(input).droppedEdges).toBe(2);
    expect(store.stats().edges).toEqual({ CALLS: 2, IMPORTS: 1 });
    store.close();
  });

  test("parents listed after their children are still linked", () => {
    const store = Store.open(dbPath);
    const cls: NodeRecord = { ...fn("src/c.ts", "C", 1), kind: "class", id: idOf("src/c.ts", "class:C") };
    const method: NodeRecord = { ...fn("src/c.ts", "C.m", 2, cls.id), kind: "method", id: idOf("src/c.ts", "method:C.m") };
    const c = change("src/c.ts", "hc", []);
    c.nodes = [method, cls, fileNode("src/c.ts")];
    store.commit(revision({ changed: [c] }));
    const parent = store.db.query("SELECT parent FROM nodes WHERE id = ?").get(method.id) as { parent: number };
    expect(parent.parent).toBe(rowidOf(store, cls.id)!);
    const clsParent = store.db.query("SELECT parent FROM nodes WHERE id = ?").get(cls.id) as { parent: number };
    expect(clsParent.parent).toBe(rowidOf(store, idOf("src/c.ts"))!);
    store.close();
  });

  test("importersOf and ownersOfUnresolved find the dependents to re-resolve", () => {
    const store = Store.open(dbPath);
    store.commit(twoFiles());
    expect(store.importersOf(["src/b.ts"])).toEqual(["src/a.ts"]);
    expect(store.importersOf(["src/a.ts"])).toEqual([]);
    expect(store.importersOf([])).toEqual([]);
    expect(store.ownersOfUnresolved(["mystery", "nothing"])).toEqual(["src/a.ts"]);
    expect(store.ownersOfUnresolved(["helper"])).toEqual([]);
    store.close();
  });

  test("a commit that throws midway leaves the previous revision readable and unchanged", () => {
    const store = Store.open(dbPath);
    store.commit(twoFiles());
    const snapshot = () => ({
      rev: store.rev(),
      stats: store.stats(),
      files: [...store.fileRows().values()],
      nodes: store.db.query("SELECT * FROM nodes ORDER BY rowid").all(),
      edges: store.db.query("SELECT * FROM edges ORDER BY rowid").all(),
      patches: store.db.query("SELECT * FROM patches").all(),
      fts: store.db.query("SELECT rowid FROM nodes_fts WHERE nodes_fts MATCH 'other'").all(),
    });
    const before = snapshot();
    const poisoned = calls(idOf("src/b.ts", "function:helper"), idOf("src/b.ts", "function:helper"), []);
    Object.defineProperty(poisoned, "lines", {
      get() {
        throw new Error("disk on fire");
      },
    });
    const b2 = change("src/b.ts", "hb2", [fn("src/b.ts", "helper", 2)]);
    const input = revision({ changed: [b2], deleted: ["src/a.ts"], edges: new Map([["src/b.ts", { edges: [poisoned], unresolved: [] }]]) });
    expect(() => store.commit(input)).toThrow("disk on fire");
    expect(snapshot()).toEqual(before);
    // And the store still accepts the next revision.
    expect(store.commit(revision({ deleted: ["src/a.ts"] })).rev).toBe(2);
    store.close();
  });

  test("a commit that throws during a cold load leaves an empty store that can load again", () => {
    const store = Store.open(dbPath);
    const input = twoFiles();
    Object.defineProperty(input.edges.get("src/a.ts")!.edges[0]!, "lines", {
      get() {
        throw new Error("boom");
      },
    });
    expect(() => store.commit(input)).toThrow("boom");
    expect(store.rev()).toBe(0);
    expect(store.stats()).toEqual({ nodes: {}, edges: {} });
    expect(store.commit(twoFiles()).rev).toBe(1);
    store.close();
  });
});

describe("readonly", () => {
  test("reopens a mapped store read-only and refuses to commit", () => {
    const writer = Store.open(dbPath);
    writer.commit(twoFiles());
    writer.close();
    const reader = Store.open(dbPath, { readonly: true });
    expect(reader.rev()).toBe(1);
    expect(reader.importersOf(["src/b.ts"])).toEqual(["src/a.ts"]);
    expect(() => reader.commit(revision({}))).toThrow(StoreError);
    reader.close();
  });

  test("a reader sees the last committed revision while a writer is open", () => {
    const writer = Store.open(dbPath);
    writer.commit(twoFiles());
    const reader = Store.open(dbPath, { readonly: true });
    writer.commit(revision({ deleted: ["src/b.ts"] }));
    expect(reader.rev()).toBe(2);
    expect(reader.stats().nodes).toEqual({ file: 1, function: 1 });
    reader.close();
    writer.close();
  });
});
