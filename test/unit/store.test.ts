import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nodeId, workspaceId } from "../../src/model/ids";
import {
  StoreError,
  type EdgeRecord,
  type FileChange,
  type GraphReader,
  type NodeRecord,
  type OwnerEdges,
  type RevisionInput,
} from "../../src/store";
import { SCHEMA_VERSION } from "../../src/store/sqlite/schema";
import { clearSqliteGraph, openSqliteReader, openSqliteStore } from "../../src/store/sqlite/store";
import { stampPaths, type StampList } from "../../src/store/stamps";
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

/** The database behind the store, for what only SQLite knows (rowids, indexes, the text index). */
function sql(): Database {
  return new Database(dbPath);
}

function rowidOf(id: string): number | undefined {
  const db = sql();
  try {
    return (db.query("SELECT rowid FROM nodes WHERE id = ?").get(id) as { rowid: number } | null)?.rowid;
  } finally {
    db.close();
  }
}

function queryAll(text: string, ...params: (string | number)[]): unknown[] {
  const db = sql();
  try {
    return db.query(text).all(...params);
  } finally {
    db.close();
  }
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

async function callTargets(graph: GraphReader): Promise<string[]> {
  return (await collect(graph.allEdges("CALLS"))).map((e) => e.dst.qname).sort();
}

async function unresolvedRows(graph: GraphReader) {
  return (await collect(graph.allUnresolved())).map((u) => ({ name: u.name, receiver: u.receiver, lines: u.lines, owner: u.owner }));
}

describe("open", () => {
  test("creates the database, its 0700 directory and the schema version", async () => {
    const store = openSqliteStore(dbPath);
    expect(await store.rev()).toBe(0);
    expect(statSync(join(dir, "ws")).mode & 0o777).toBe(0o700);
    expect(queryAll("PRAGMA user_version")).toEqual([{ user_version: SCHEMA_VERSION }]);
    expect(queryAll("PRAGMA journal_mode")).toEqual([{ journal_mode: "wal" }]);
    store.close();
  });

  test("a database of another schema version is refused with schema_mismatch", () => {
    openSqliteStore(dbPath).close();
    const raw = new Database(dbPath);
    raw.run(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    for (const open of [openSqliteStore, openSqliteReader]) {
      let caught: unknown;
      try {
        open(dbPath);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(StoreError);
      expect((caught as StoreError).code).toBe("schema_mismatch");
    }
  });

  test("a foreign SQLite database is refused, not adopted", () => {
    openSqliteStore(dbPath).close();
    rmSync(dbPath);
    const raw = new Database(dbPath, { create: true });
    raw.run("CREATE TABLE other (x INT)");
    raw.close();
    expect(() => openSqliteStore(dbPath)).toThrow(StoreError);
  });

  test("opening a missing database read-only is store_unavailable", () => {
    let caught: unknown;
    try {
      openSqliteReader(join(dir, "none", "graph.db"));
    } catch (error) {
      caught = error;
    }
    expect((caught as StoreError).code).toBe("store_unavailable");
  });

  test("a writer's close keeps the log, emptied, and its index, whose pages the next reader needs on a full disk", async () => {
    const store = openSqliteStore(dbPath);
    await store.commit(twoFiles());
    store.close();
    expect(statSync(`${dbPath}-wal`).size).toBe(0);
    expect(statSync(`${dbPath}-shm`).size).toBeGreaterThanOrEqual(32 * 1024);
    const reader = openSqliteReader(dbPath);
    expect(await reader.rev()).toBe(1);
    reader.close();
  });

  test("a graph whose log and index are gone (as an older ix left it) is read", async () => {
    const store = openSqliteStore(dbPath);
    await store.commit(twoFiles());
    store.close();
    for (const suffix of ["-wal", "-shm"]) rmSync(dbPath + suffix);
    const reader = openSqliteReader(dbPath);
    expect(await reader.rev()).toBe(1);
    reader.close();
  });
});

describe("commit", () => {
  test("a two-file revision: nodes, edges, unresolved, patches, meta", async () => {
    const store = openSqliteStore(dbPath);
    const result = await store.commit(twoFiles());
    expect(result).toEqual({ rev: 1, patches: 2, droppedEdges: 0, shapeChanged: true, fileGraphChanged: true });
    expect(await store.rev()).toBe(1);
    expect(await store.meta("last_ingest_at")).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await store.stats()).toEqual({ nodes: { file: 2, function: 3 }, edges: { CALLS: 2, IMPORTS: 1 } });
    expect(await callTargets(store)).toEqual(["helper", "other"]);
    const edge = (await collect(store.allEdges("CALLS"))).find((e) => e.lines[0] === 4)!;
    expect({ lines: edge.lines, via: edge.via, confidence: edge.confidence, owner: edge.owner }).toEqual({ lines: [4, 6], via: "import", confidence: 1, owner: "src/a.ts" });
    expect((await collect(store.allEdges("IMPORTS"))).map((e) => e.names)).toEqual([["helper", "other"]]);
    expect(await unresolvedRows(store)).toEqual([{ name: "mystery", receiver: "x", lines: [7], owner: "src/a.ts" }]);
    expect(await store.patches()).toEqual([
      { rev: 1, path: "src/a.ts", op: "add", hash: "ha1", added: 2, removed: 0 },
      { rev: 1, path: "src/b.ts", op: "add", hash: "hb1", added: 3, removed: 0 },
    ]);
    expect((await store.revisions()).map(({ at: _, ...r }) => r)).toEqual([
      { rev: 1, filesAdded: 2, filesChanged: 0, filesDeleted: 0, source: null, intent: null, head: null, dirty: null, baseline: true },
    ]);
    // A cold map is the baseline: no row per entity.
    expect(await store.changesBetween(0, 1, 100)).toEqual([]);
    // Entities hang under their file; files under nothing.
    expect((await store.node(idOf("src/a.ts", "function:run")))?.parentId).toBe(idOf("src/a.ts"));
    expect((await collect(store.allNodes())).filter((n) => n.kind === "file").map((n) => n.parentId)).toEqual([null, null]);
    // Inside the database a parent is a rowid.
    expect(queryAll("SELECT parent FROM nodes WHERE id = ?", idOf("src/a.ts", "function:run"))).toEqual([{ parent: rowidOf(idOf("src/a.ts"))! }]);
    expect((await store.facts("src/a.ts"))?.path).toBe("src/a.ts");
    expect(await store.facts("src/missing.ts")).toBeUndefined();
    expect([...(await store.fileRows()).keys()].sort()).toEqual(["src/a.ts", "src/b.ts"]);
    // The cold load built the secondary indexes and the text index afterwards.
    const indexes = queryAll("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'");
    expect(indexes.length).toBeGreaterThanOrEqual(9);
    expect((await store.searchNames("helper", 10)).map((n) => n.qname)).toEqual(["helper"]);
    store.close();
  });

  test("modifying a file that loses an entity drops edges to it and keeps surviving rowids", async () => {
    const store = openSqliteStore(dbPath);
    await store.commit(twoFiles());
    const helperRowid = rowidOf(idOf("src/b.ts", "function:helper"));
    const fileRowid = rowidOf(idOf("src/b.ts"));
    // b.ts drops `other` and gains `extra`; a.ts is not re-resolved in this revision.
    const b2 = change("src/b.ts", "hb2", [fn("src/b.ts", "helper", 5), fn("src/b.ts", "extra", 20)]);
    const result = await store.commit(revision({ changed: [b2], edges: new Map([["src/b.ts", { edges: [], unresolved: [] }]]) }));
    expect(result.rev).toBe(2);
    expect(rowidOf(idOf("src/b.ts", "function:helper"))).toBe(helperRowid!);
    expect(rowidOf(idOf("src/b.ts"))).toBe(fileRowid!);
    expect(await store.node(idOf("src/b.ts", "function:other"))).toBeUndefined();
    expect(await callTargets(store)).toEqual(["helper"]);
    expect((await store.node(idOf("src/b.ts", "function:helper")))?.startLine).toBe(5);
    expect(await store.patches(2)).toEqual([{ rev: 2, path: "src/b.ts", op: "modify", hash: "hb2", added: 1, removed: 1 }]);
    expect((await store.revisions()).filter((r) => r.rev === 2).map(({ at: _, ...r }) => r)).toEqual([
      { rev: 2, filesAdded: 0, filesChanged: 1, filesDeleted: 0, source: null, intent: null, head: null, dirty: null, baseline: false },
    ]);
    expect((await store.changesBetween(1, 2, 100)).map((c) => `${c.change} ${c.name}`).sort()).toEqual(["added extra", "removed other"]);
    // The text index follows: the removed name is gone, the new one is found.
    expect(queryAll("SELECT count(*) AS n FROM nodes_fts WHERE nodes_fts MATCH 'other'")).toEqual([{ n: 0 }]);
    expect((await store.searchNames("extra", 10)).map((n) => n.qname)).toEqual(["extra"]);
    store.close();
  });

  test("a reader answers from one revision for its whole life, while a map commits the next", async () => {
    const store = openSqliteStore(dbPath);
    await store.commit(twoFiles());
    const reader = openSqliteReader(dbPath);
    expect(await reader.rev()).toBe(1);
    const b2 = change("src/b.ts", "hb2", [fn("src/b.ts", "helper", 5), fn("src/b.ts", "extra", 20)]);
    await store.commit(revision({ changed: [b2], edges: new Map([["src/b.ts", { edges: [], unresolved: [] }]]) }));
    // The reader opened before the commit still sees revision 1 whole, statement after statement.
    expect(await reader.rev()).toBe(1);
    expect(await reader.node(idOf("src/b.ts", "function:other"))).toBeDefined();
    expect(await reader.node(idOf("src/b.ts", "function:extra"))).toBeUndefined();
    reader.close();
    const later = openSqliteReader(dbPath);
    expect(await later.rev()).toBe(2);
    expect(await later.node(idOf("src/b.ts", "function:extra"))).toBeDefined();
    later.close();
    store.close();
  });

  test("a graph emptied for a rebuild stays the same file: a reader keeps its snapshot, the next reads revision 0", async () => {
    const store = openSqliteStore(dbPath);
    await store.commit(twoFiles());
    store.close();
    const before = statSync(dbPath).ino;
    const reader = openSqliteReader(dbPath);
    expect(await reader.rev()).toBe(1);
    clearSqliteGraph(dbPath);
    // The reader opened before the clear still reads its whole revision.
    expect(await reader.node(idOf("src/b.ts", "function:other"))).toBeDefined();
    reader.close();
    expect(statSync(dbPath).ino).toBe(before);
    const after = openSqliteReader(dbPath);
    expect(await after.rev()).toBe(0);
    expect(await after.node(idOf("src/b.ts", "function:other"))).toBeUndefined();
    expect(queryAll("SELECT name FROM names")).toEqual([]);
    after.close();
    // And it takes the next revision as a new graph does.
    const again = openSqliteStore(dbPath);
    await again.commit(twoFiles());
    expect(await again.rev()).toBe(1);
    again.close();
  });

  test("rank totals follow the figures kept per entity: a file turned test moves them between roles, a deletion takes them away", async () => {
    const store = openSqliteStore(dbPath);
    await store.commit(twoFiles());
    const totals = async (exceptRoles: string[]) =>
      Promise.all((["callers", "importers", "dependents"] as const).map(async (by) => (await store.rank({ by, exceptRoles, limit: 0 })).total));
    expect(await totals([])).toEqual([2, 1, 3]);
    expect(await totals(["test"])).toEqual([2, 1, 3]);
    // b.ts becomes a test file; a.ts, whose edges reach it, is not re-resolved.
    const b = change("src/b.ts", "hb2", [fn("src/b.ts", "helper", 2), fn("src/b.ts", "other", 10)]);
    b.row.role = "test";
    b.nodes = b.nodes.map((n) => ({ ...n, role: "test" }));
    await store.commit(revision({ changed: [b], edges: new Map([["src/b.ts", { edges: [], unresolved: [] }]]) }));
    expect(await totals([])).toEqual([2, 1, 3]);
    expect(await totals(["test"])).toEqual([0, 0, 0]);
    expect((await store.rank({ by: "callers", kind: "function", exceptRoles: [], limit: 1 })).rows.map((r) => [r.node.qname, r.value])).toEqual([["helper", 1]]);
    await store.commit(revision({ deleted: ["src/a.ts"] }));
    expect(await totals([])).toEqual([0, 0, 0]);
    expect((await store.rank({ by: "dependents", exceptRoles: [], limit: 10 })).rows).toEqual([]);
    store.close();
  });

  test("the names table holds each entity name once, files aside, and follows edits and deletes", async () => {
    const store = openSqliteStore(dbPath);
    const names = async () => (await store.distinctNames()).sort();
    await store.commit(twoFiles());
    expect(await names()).toEqual(["helper", "other", "run"]);
    // c.ts adds a second `helper` and a new `fresh`; b.ts then drops `other` and `helper`.
    await store.commit(revision({ changed: [change("src/c.ts", "hc1", [fn("src/c.ts", "helper", 2), fn("src/c.ts", "fresh", 8)])] }));
    expect(await names()).toEqual(["fresh", "helper", "other", "run"]);
    await store.commit(revision({ changed: [change("src/b.ts", "hb2", [fn("src/b.ts", "extra", 4)])] }));
    expect(await names()).toEqual(["extra", "fresh", "helper", "run"]);
    // The last holder of `helper` goes with its file.
    await store.commit(revision({ deleted: ["src/c.ts"] }));
    expect(await names()).toEqual(["extra", "run"]);
    store.close();
  });

  test("deleting a file removes its nodes, its edges, edges into it and its unresolved sites", async () => {
    const store = openSqliteStore(dbPath);
    await store.commit(twoFiles());
    await store.commit(revision({ deleted: ["src/b.ts"] }));
    expect(await store.rev()).toBe(2);
    expect(await store.stats()).toEqual({ nodes: { file: 1, function: 1 }, edges: {} });
    expect([...(await store.fileRows()).keys()]).toEqual(["src/a.ts"]);
    expect((await store.patches(2)).map(({ path, op, hash, removed }) => ({ path, op, hash, removed }))).toEqual([{ path: "src/b.ts", op: "delete", hash: "hb1", removed: 3 }]);
    // a.ts (the unresolved owner) is deleted next: its sites go with it.
    await store.commit(revision({ deleted: ["src/a.ts"] }));
    expect(await store.unresolvedCount()).toBe(0);
    expect(queryAll("SELECT count(*) AS n FROM nodes_fts WHERE nodes_fts MATCH 'run'")).toEqual([{ n: 0 }]);
    store.close();
  });

  /** The stamp list as kept, and as the files table says it should be, as [path, size, mtime]. */
  async function stampsKeptAndTrue(store: GraphReader): Promise<[[string, number, number][], [string, number, number][]]> {
    const kept = await store.fileStampList();
    const rows = [...(await store.fileRows()).values()].sort((a, b) => (a.path < b.path ? -1 : 1));
    return [triples(kept), rows.map((r) => [r.path, r.size, r.mtimeMs])];
  }

  function triples(list: StampList): [string, number, number][] {
    return stampPaths(list).map((path, i) => [path, list.numbers[2 * i]!, list.numbers[2 * i + 1]!]);
  }

  test("the stamp list follows every row written, touched or deleted, and is read from the rows when absent", async () => {
    const store = openSqliteStore(dbPath);
    await store.commit(twoFiles());
    const [kept, truth] = await stampsKeptAndTrue(store);
    expect(kept).toEqual(truth);
    // Touched without a revision, a new file sorted in, a file deleted: each moves the list.
    await store.commit(revision({ touched: [{ ...(await store.fileRows()).get("src/b.ts")!, size: 7, mtimeMs: 77 }] }));
    expect(triples(await store.fileStampList())).toEqual([["src/a.ts", 100, 1000], ["src/b.ts", 7, 77]]);
    await store.commit(revision({ changed: [change("src/0.ts", "h0", [])] }));
    await store.commit(revision({ deleted: ["src/a.ts"] }));
    const [after, afterTruth] = await stampsKeptAndTrue(store);
    expect(after).toEqual([["src/0.ts", 100, 1000], ["src/b.ts", 7, 77]]);
    expect(after).toEqual(afterTruth);
    // A graph written before the list was kept: read from the rows, and kept when asked.
    queryAll("DELETE FROM meta WHERE key = 'stamps'");
    expect(queryAll("SELECT 1 FROM meta WHERE key = 'stamps'")).toEqual([]);
    expect(triples(await store.fileStampList())).toEqual(afterTruth);
    await store.keepStampList();
    expect(queryAll("SELECT 1 AS kept FROM meta WHERE key = 'stamps'")).toEqual([{ kept: 1 }]);
    expect(triples(await store.fileStampList())).toEqual(afterTruth);
    store.close();
  });

  test("owners are found by the reads they stored; a key with a newline cannot be matched", async () => {
    const store = openSqliteStore(dbPath);
    const input = twoFiles();
    input.edges.get("src/a.ts")!.reads = ["f:src/b.ts", "g:go/p", "f:src/c.ts", "d:src"];
    input.edges.get("src/b.ts")!.reads = ["d:src", "f:src/c.ts"];
    await store.commit(input);
    expect(await store.ownersReading(["f:src/c.ts"])).toEqual(["src/a.ts", "src/b.ts"]);
    expect(await store.ownersReading(["f:src/b.ts"])).toEqual(["src/a.ts"]);
    // A whole key only: "f:src/c" is a prefix of a stored key, "g:go" of another, not keys.
    expect(await store.ownersReading(["f:src/c", "n:c.ts"])).toEqual([]);
    expect(await store.ownersReading(["g:go"])).toEqual([]);
    expect(await store.ownersReading([])).toEqual([]);
    // Many keys are matched in one pass over every file's reads.
    expect(await store.ownersReading([...Array.from({ length: 10 }, (_, i) => `f:none${i}`), "g:go/p"])).toEqual(["src/a.ts"]);
    expect(await store.ownersReading(["f:a\nb"])).toBeUndefined();
    store.close();
  });

  test("full rows come for the paths asked, few or many", async () => {
    const store = openSqliteStore(dbPath);
    await store.commit(twoFiles());
    const all = await store.fileRows();
    expect(await store.fileRowsOf(["src/b.ts", "src/missing.ts"])).toEqual(new Map([["src/b.ts", all.get("src/b.ts")!]]));
    const many = [...Array.from({ length: 300 }, (_, i) => `src/none${i}.ts`), "src/a.ts"];
    expect(await store.fileRowsOf(many)).toEqual(new Map([["src/a.ts", all.get("src/a.ts")!]]));
    store.close();
  });

  test("touched rows are updated without a revision", async () => {
    const store = openSqliteStore(dbPath);
    await store.commit(twoFiles());
    const row = { ...(await store.fileRows()).get("src/a.ts")!, size: 222, mtimeMs: 5555 };
    expect(await store.commit(revision({ touched: [row] }))).toEqual({ rev: 1, patches: 0, droppedEdges: 0, shapeChanged: false, fileGraphChanged: false });
    expect((await store.fileRows()).get("src/a.ts")).toEqual(row);
    expect((await store.revisions()).length).toBe(1);
    store.close();
  });

  test("a commit that changes nothing keeps the revision, even when it re-sends identical edges", async () => {
    const store = openSqliteStore(dbPath);
    const first = twoFiles();
    await store.commit(first);
    const at = await store.meta("last_ingest_at");
    expect(await store.commit(revision({}))).toEqual({ rev: 1, patches: 0, droppedEdges: 0, shapeChanged: false, fileGraphChanged: false });
    expect(await store.commit(revision({ edges: first.edges, deleted: ["src/never-mapped.ts"] }))).toEqual({ rev: 1, patches: 0, droppedEdges: 0, shapeChanged: false, fileGraphChanged: false });
    expect(await store.meta("last_ingest_at")).toBe(at!);
    // Different edges for an owner are a change of their own.
    const fewer = new Map([["src/a.ts", { edges: first.edges.get("src/a.ts")!.edges.slice(0, 2), unresolved: [] }]]);
    expect((await store.commit(revision({ edges: fewer }))).rev).toBe(2);
    expect((await store.stats()).edges).toEqual({ CALLS: 1, IMPORTS: 1 });
    expect(await store.unresolvedCount()).toBe(0);
    store.close();
  });

  test("the shape moves with nodes, links and unresolved names, not with lines", async () => {
    const store = openSqliteStore(dbPath);
    const first = twoFiles();
    await store.commit(first);
    // An edit inside bodies: a's entity and its calls move down, nothing else.
    const moved = change("src/a.ts", "ha2", [fn("src/a.ts", "run", 8)]);
    const a = first.edges.get("src/a.ts")!;
    const lower = new Map([["src/a.ts", {
      edges: a.edges.map((e) => ({ ...e, lines: e.lines.map((l) => l + 5) })),
      unresolved: a.unresolved.map((u) => ({ ...u, receiver: "y", lines: [12] })),
    }]]);
    expect(await store.commit(revision({ changed: [moved], edges: lower }))).toMatchObject({ rev: 2, shapeChanged: false });
    // One call fewer is another shape.
    const fewer = new Map([["src/a.ts", { edges: lower.get("src/a.ts")!.edges.slice(0, 2), unresolved: lower.get("src/a.ts")!.unresolved }]]);
    expect(await store.commit(revision({ edges: fewer }))).toMatchObject({ rev: 3, shapeChanged: true });
    // So is an unresolved site of another name, a new entity, and an entity no longer exported.
    const renamed = new Map([["src/a.ts", { edges: fewer.get("src/a.ts")!.edges, unresolved: [{ ...a.unresolved[0]!, name: "enigma" }] }]]);
    expect(await store.commit(revision({ edges: renamed }))).toMatchObject({ rev: 4, shapeChanged: true });
    expect(await store.commit(revision({ changed: [change("src/a.ts", "ha3", [fn("src/a.ts", "run", 8), fn("src/a.ts", "extra", 20)])] }))).toMatchObject({ rev: 5, shapeChanged: true });
    const hidden = { ...fn("src/a.ts", "extra", 20), exported: false };
    expect(await store.commit(revision({ changed: [change("src/a.ts", "ha4", [fn("src/a.ts", "run", 8), hidden])] }))).toMatchObject({ rev: 6, shapeChanged: true });
    store.close();
  });

  test("a revision that moves only the lines of edges between two files leaves the file graph unchanged", async () => {
    const store = openSqliteStore(dbPath);
    const first = twoFiles();
    await store.commit(first);
    const moved = first.edges.get("src/a.ts")!.edges.map((e) => ({ ...e, lines: e.lines.map((l) => l + 1) }));
    const bodyEdit = await store.commit(revision({ edges: new Map([["src/a.ts", { edges: moved, unresolved: first.edges.get("src/a.ts")!.unresolved }]]) }));
    expect(bodyEdit).toMatchObject({ rev: 2, fileGraphChanged: false });
    const fewer = new Map([["src/a.ts", { edges: moved.slice(0, 2), unresolved: [] }]]);
    expect(await store.commit(revision({ edges: fewer }))).toMatchObject({ rev: 3, fileGraphChanged: true });
    store.close();
  });

  test("the files region work reads, with their entities; the architecture map is stored whole and read back", async () => {
    const store = openSqliteStore(dbPath);
    await store.commit(twoFiles());
    expect((await store.fileGraph()).links.map(({ from, to, kind, count }) => ({ from, to, kind, count })).sort((x, y) => x.kind.localeCompare(y.kind))).toEqual([
      { from: "src/a.ts", to: "src/b.ts", kind: "CALLS", count: 2 },
      { from: "src/a.ts", to: "src/b.ts", kind: "IMPORTS", count: 1 },
    ]);
    expect(await store.regionInputFiles()).toEqual([
      { path: "src/a.ts", role: "production", entities: 1 },
      { path: "src/b.ts", role: "production", entities: 2 },
    ]);
    const root = { id: "00000001", kind: "system" as const, label: "Repo", level: 2, parent: null, children: ["00000002"], files: 2, entities: 3, cohesion: 1, coupling: 0, crosscut: 0, confidence: 0.9, signals: ["calls", "imports"], dir: "src" };
    const module = { ...root, id: "00000002", kind: "module" as const, label: "Src", level: 1, parent: "00000001", children: [], signals: [] };
    const files = ["src/a.ts", "src/b.ts"].map((path) => ({ path, region: "00000002", edgesInside: 3, edgesOutside: 0, neighborsInside: 1, neighborsOutside: 0 }));
    await store.writeRegions({ regions: [root, module], files, links: [{ src: "00000002", dst: "00000003", edges: 4 }], levels: 2, modularity: 0 }, { regions_rev: "1" });
    expect(await store.regions()).toEqual([root, module]);
    expect(await store.regionOfFile("src/b.ts")).toEqual(files[1]);
    expect(await store.regionFiles()).toEqual(files);
    expect(await store.regionLinks("00000003")).toEqual([{ src: "00000002", dst: "00000003", edges: 4 }]);
    expect(await store.meta("regions_rev")).toBe("1");
    // A second write replaces the first.
    await store.writeRegions({ regions: [root], files: [], links: [], levels: 1, modularity: 0 }, {});
    expect((await store.regions()).map((r) => r.id)).toEqual(["00000001"]);
    expect(await store.regionFiles()).toEqual([]);
    store.close();
  });

  test("the top of the map is read down from the system to the depth asked, in stored order", async () => {
    const store = openSqliteStore(dbPath);
    await store.commit(twoFiles());
    const region = (id: string, parent: string | null, level: number, children: string[]) =>
      ({ id, kind: level === 1 ? ("module" as const) : parent === null ? ("system" as const) : ("subsystem" as const), label: id, level, parent, children, files: 1, entities: 1, cohesion: 1, coupling: 0, crosscut: 0, confidence: 1, signals: ["imports"], dir: "" });
    // Stored out of tree order: what is read back keeps the stored order at every depth.
    const regions = [region("4", "3", 1, []), region("1", null, 4, ["2"]), region("2", "1", 3, ["3", "5"]), region("3", "2", 2, ["4"]), region("5", "2", 1, [])];
    await store.writeRegions({ regions, files: [], links: [], levels: 4, modularity: 0 }, {});
    const ids = async (depth: number) => (await store.regionsTop(depth)).map((r) => r.id);
    expect(await ids(0)).toEqual(["1"]);
    expect(await ids(1)).toEqual(["1", "2"]);
    expect(await ids(2)).toEqual(["1", "2", "3", "5"]);
    expect(await ids(3)).toEqual(["4", "1", "2", "3", "5"]);
    expect((await store.regionsTop(1))[1]).toEqual(regions[2]!);
    store.close();
  });

  test("fields of a JSON meta value are read one by one; a value that is not JSON, or a key not stored, has none", async () => {
    const store = openSqliteStore(dbPath);
    await store.commit(twoFiles());
    await store.setMeta("report", JSON.stringify({ version: "v1", rev: 3, counts: { a: 1 }, list: [1, 2] }));
    await store.setMeta("prose", "not json {");
    expect(await store.metaFields("report", ["version", "rev", "counts", "list", "absent"])).toEqual(["v1", 3, '{"a":1}', "[1,2]", undefined]);
    expect(await store.metaFields("prose", ["version", "rev"])).toEqual([undefined, undefined]);
    expect(await store.metaFields("nothing", ["version"])).toEqual([undefined]);
    expect(await store.metaFields("report", [])).toEqual([]);
    store.close();
  });

  test("edges to unknown ids are dropped and counted", async () => {
    const store = openSqliteStore(dbPath);
    const input = twoFiles();
    input.edges.get("src/a.ts")!.edges.push(calls(idOf("src/a.ts", "function:run"), idOf("src/zzz.ts", "function:ghost"), [9]));
    input.edges.get("src/a.ts")!.unresolved.push({ srcId: idOf("src/ghost.ts", "function:g"), kind: "CALLS", name: "x", lines: [1] });
    expect((await store.commit(input)).droppedEdges).toBe(2);
    expect((await store.stats()).edges).toEqual({ CALLS: 2, IMPORTS: 1 });
    store.close();
  });

  test("parents listed after their children are still linked", async () => {
    const store = openSqliteStore(dbPath);
    const cls: NodeRecord = { ...fn("src/c.ts", "C", 1), kind: "class", id: idOf("src/c.ts", "class:C") };
    const method: NodeRecord = { ...fn("src/c.ts", "C.m", 2, cls.id), kind: "method", id: idOf("src/c.ts", "method:C.m") };
    const c = change("src/c.ts", "hc", []);
    c.nodes = [method, cls, fileNode("src/c.ts")];
    await store.commit(revision({ changed: [c] }));
    expect((await store.node(method.id))?.parentId).toBe(cls.id);
    expect((await store.node(cls.id))?.parentId).toBe(idOf("src/c.ts"));
    expect(queryAll("SELECT parent FROM nodes WHERE id = ?", method.id)).toEqual([{ parent: rowidOf(cls.id)! }]);
    store.close();
  });

  test("importersOf and ownersOfUnresolved find the dependents to re-resolve", async () => {
    const store = openSqliteStore(dbPath);
    await store.commit(twoFiles());
    expect(await store.importersOf(["src/b.ts"])).toEqual(["src/a.ts"]);
    expect(await store.importersOf(["src/a.ts"])).toEqual([]);
    expect(await store.importersOf([])).toEqual([]);
    expect(await store.ownersOfUnresolved(["mystery", "nothing"])).toEqual(["src/a.ts"]);
    expect(await store.ownersOfUnresolved(["helper"])).toEqual([]);
    store.close();
  });

  test("a commit that throws midway leaves the previous revision readable and unchanged", async () => {
    const store = openSqliteStore(dbPath);
    await store.commit(twoFiles());
    const snapshot = async () => ({
      rev: await store.rev(),
      stats: await store.stats(),
      files: [...(await store.fileRows()).values()],
      nodes: queryAll("SELECT * FROM nodes ORDER BY rowid"),
      edges: queryAll("SELECT * FROM edges ORDER BY rowid"),
      patches: await store.patches(),
      fts: queryAll("SELECT rowid FROM nodes_fts WHERE nodes_fts MATCH 'other'"),
    });
    const before = await snapshot();
    const poisoned = calls(idOf("src/b.ts", "function:helper"), idOf("src/b.ts", "function:helper"), []);
    Object.defineProperty(poisoned, "lines", {
      get() {
        throw new Error("disk on fire");
      },
    });
    const b2 = change("src/b.ts", "hb2", [fn("src/b.ts", "helper", 2)]);
    const input = revision({ changed: [b2], deleted: ["src/a.ts"], edges: new Map([["src/b.ts", { edges: [poisoned], unresolved: [] }]]) });
    await expect(store.commit(input)).rejects.toThrow("disk on fire");
    expect(await snapshot()).toEqual(before);
    // And the store still accepts the next revision.
    expect((await store.commit(revision({ deleted: ["src/a.ts"] }))).rev).toBe(2);
    store.close();
  });

  test("a commit that throws during a cold load leaves an empty store that can load again", async () => {
    const store = openSqliteStore(dbPath);
    const input = twoFiles();
    Object.defineProperty(input.edges.get("src/a.ts")!.edges[0]!, "lines", {
      get() {
        throw new Error("boom");
      },
    });
    await expect(store.commit(input)).rejects.toThrow("boom");
    expect(await store.rev()).toBe(0);
    expect(await store.stats()).toEqual({ nodes: {}, edges: {} });
    expect((await store.commit(twoFiles())).rev).toBe(1);
    store.close();
  });
});

describe("readonly", () => {
  test("reopens a mapped store read-only, which has no way to write", async () => {
    const writer = openSqliteStore(dbPath);
    await writer.commit(twoFiles());
    writer.close();
    const reader = openSqliteReader(dbPath);
    expect(await reader.rev()).toBe(1);
    expect(await reader.importersOf(["src/b.ts"])).toEqual(["src/a.ts"]);
    expect("begin" in reader).toBe(false);
    expect("commit" in reader).toBe(false);
    reader.close();
  });

  test("a reader sees the last committed revision while a writer is open and mid-revision", async () => {
    const writer = openSqliteStore(dbPath);
    await writer.commit(twoFiles());
    await writer.commit(revision({ deleted: ["src/b.ts"] }));
    const pending = await writer.begin();
    await pending.touch({ path: "src/new.ts", size: 1, mtimeMs: 1, hash: "h", lang: "typescript", parseErrors: 0, role: "production" });
    const reader = openSqliteReader(dbPath);
    expect(await reader.rev()).toBe(2);
    expect((await reader.stats()).nodes).toEqual({ file: 1, function: 1 });
    expect((await reader.fileRowsOf(["src/new.ts"])).size).toBe(0);
    reader.close();
    await pending.abort();
    writer.close();
  });
});
