// Reads a mapped workspace's graph for assertions, through the store's GraphReader: edges as
// readable strings "src/a.ts:a CALLS src/b.ts:b", so a test lists the expected edges beside its
// fixture. Tests that damage a graph on purpose do it here, the one place that knows the
// embedded store's tables.
import { Database } from "bun:sqlite";
import { realpathSync } from "node:fs";
import { findWorkspace } from "../../src/workspace/registry";
import { TEST_ROLES } from "../../src/model/roles";
import { openGraphReader, type GraphNode, type GraphReader } from "../../src/store";

/** The graph ix itself reads for `root`: the registered workspace covering it, its store. */
export function dbPath(home: string, root: string): string {
  const ws = findWorkspace(home, realpathSync(root));
  if (!ws) throw new Error(`no workspace registered in ${home} covers ${root}`);
  return ws.dbPath;
}

export async function withGraph<T>(home: string, root: string, use: (graph: GraphReader) => Promise<T>): Promise<T> {
  const graph = openGraphReader(dbPath(home, root));
  try {
    return await use(graph);
  } finally {
    graph.close();
  }
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

function label(node: GraphNode): string {
  return node.kind === "file" ? node.path : `${node.path}:${node.qname}`;
}

export function edges(home: string, root: string, kind?: "CALLS" | "IMPORTS" | "REFERENCES" | "EXTENDS" | "IMPLEMENTS" | "CONTAINS"): Promise<string[]> {
  return withGraph(home, root, async (graph) => (await collect(graph.allEdges(kind))).map((e) => `${label(e.src)} ${e.kind} ${label(e.dst)}`).sort());
}

export function unresolved(home: string, root: string): Promise<string[]> {
  return withGraph(home, root, async (graph) => (await collect(graph.allUnresolved())).map((u) => `${label(u.src)} ? ${u.name}`).sort());
}

export function nodeIds(home: string, root: string): Promise<Map<string, string>> {
  return withGraph(home, root, async (graph) => new Map((await collect(graph.allNodes())).map((n) => [label(n), n.id])));
}

/** The lines of the resolved edges of `kind` from `from` (path:qname) to entities named `name`. */
export function edgeLines(home: string, root: string, kind: "CALLS", from: string, name: string): Promise<number[]> {
  return withGraph(home, root, async (graph) =>
    (await collect(graph.allEdges(kind)))
      .filter((e) => label(e.src) === from && e.dst.name === name)
      .flatMap((e) => e.lines)
      .sort((a, b) => a - b),
  );
}

/** Runs SQL against the embedded store's database: for tests that damage a graph on purpose. */
export function damageGraph(home: string, root: string, sql: string): void {
  const db = new Database(dbPath(home, root));
  try {
    db.run(sql);
  } finally {
    db.close();
  }
}

/** The file-level graph the smells and the regions read, as sorted lines. */
export function fileGraph(home: string, root: string): Promise<string[]> {
  return withGraph(home, root, async (graph) => {
    const { links, entities, unusedExports } = await graph.fileGraph();
    return [
      ...links.map((l) => `${l.from} ${l.kind}×${l.count} ${l.to}${l.names.length > 0 ? ` {${[...l.names].sort().join(",")}}` : ""}`),
      ...[...entities].map(([path, n]) => `${path} entities=${n}`),
      ...unusedExports.map((e) => `${e.path}:${e.line} unused ${e.kind} ${e.name}`),
    ].sort();
  });
}

const KEPT_FIGURES = ["dependents", "callers", "importers", "members"] as const;
/** The filters a rank's total is asked under: every kind or one, test entities in or out. */
const TOTALS_BY: { kind?: string; exceptRoles: readonly string[] }[] = [undefined, "file", "function", "method", "class"].flatMap((kind) => [
  { kind, exceptRoles: [] },
  { kind, exceptRoles: [...TEST_ROLES] },
]);
const totalLine = (by: string, filter: (typeof TOTALS_BY)[number], total: number) => `${by} kind=${filter.kind ?? "*"} except=${filter.exceptRoles.join(",")} total=${total}`;

/**
 * Each figure ix rank reads, as lines "figure label value" in rank's order (all roles, every
 * ranked node), and its totals under each filter of TOTALS_BY.
 */
export function rankFigures(home: string, root: string): Promise<string[]> {
  return withGraph(home, root, async (graph) => {
    const out: string[] = [];
    for (const by of KEPT_FIGURES) {
      const { rows } = await graph.rank({ by, exceptRoles: [], limit: 1_000_000 });
      out.push(...rows.map((r) => `${by} ${label(r.node)} ${r.value}`));
      // Limit 0: the total as counted apart from the rows shown.
      for (const filter of TOTALS_BY) out.push(totalLine(by, filter, (await graph.rank({ by, ...filter, limit: 0 })).total));
    }
    return out;
  });
}

/**
 * The same lines counted from the edges at the time of asking, as rank counted them before
 * the revision writer kept them per node: the reference the kept figures must equal.
 */
export function countedFigures(home: string, root: string): string[] {
  const counts: Record<(typeof KEPT_FIGURES)[number], string> = {
    dependents: "SELECT dst AS r, count(*) AS v FROM edges WHERE kind != 'CONTAINS' GROUP BY dst",
    callers:
      "SELECT r, sum(v) AS v FROM (SELECT dst AS r, count(*) AS v FROM edges WHERE kind = 'CALLS' GROUP BY dst UNION ALL " +
      "SELECT dst AS r, count(*) AS v FROM edges WHERE kind = 'REFERENCES' AND as_value = 1 GROUP BY dst) GROUP BY r",
    importers: "SELECT dst AS r, count(*) AS v FROM edges WHERE kind = 'IMPORTS' GROUP BY dst",
    members: "SELECT src AS r, count(*) AS v FROM edges WHERE kind = 'CONTAINS' GROUP BY src",
  };
  const db = new Database(dbPath(home, root), { readonly: true });
  try {
    return KEPT_FIGURES.flatMap((by) => {
      const rows = db
        .query(`SELECT n.kind, n.path, n.qname, f.v, n.role FROM (${counts[by]}) f JOIN nodes n ON n.rowid = f.r ORDER BY f.v DESC, n.path, n.start_line, n.id`)
        .values() as [string, string, string, number, string][];
      return [
        ...rows.map(([kind, path, qname, v]) => `${by} ${kind === "file" ? path : `${path}:${qname}`} ${v}`),
        ...TOTALS_BY.map((filter) =>
          totalLine(by, filter, rows.filter(([kind, , , , role]) => (filter.kind === undefined || kind === filter.kind) && !filter.exceptRoles.includes(role)).length),
        ),
      ];
    });
  } finally {
    db.close();
  }
}
