// Reads a mapped workspace's graph for assertions: edges as readable strings
// "src/a.ts:a CALLS src/b.ts:b", so a test lists the expected edges beside its fixture.
import { Database } from "bun:sqlite";
import { realpathSync } from "node:fs";
import { findWorkspace } from "../../src/workspace/registry";

/** The graph ix itself reads for `root`: the registered workspace covering it, its store. */
export function dbPath(home: string, root: string): string {
  const ws = findWorkspace(home, realpathSync(root));
  if (!ws) throw new Error(`no workspace registered in ${home} covers ${root}`);
  return ws.dbPath;
}

function label(path: string, kind: string, qname: string): string {
  return kind === "file" ? path : `${path}:${qname}`;
}

export function edges(home: string, root: string, kind?: string): string[] {
  const db = new Database(dbPath(home, root), { readonly: true });
  try {
    const rows = db
      .query(
        `SELECT s.path sp, s.kind sk, s.qname sq, e.kind k, d.path dp, d.kind dk, d.qname dq
         FROM edges e JOIN nodes s ON s.rowid = e.src JOIN nodes d ON d.rowid = e.dst
         ${kind ? "WHERE e.kind = ?" : ""}`,
      )
      .all(...(kind ? [kind] : [])) as Record<string, string>[];
    return rows.map((r) => `${label(r.sp!, r.sk!, r.sq!)} ${r.k} ${label(r.dp!, r.dk!, r.dq!)}`).sort();
  } finally {
    db.close();
  }
}

export function unresolved(home: string, root: string): string[] {
  const db = new Database(dbPath(home, root), { readonly: true });
  try {
    const rows = db
      .query(`SELECT s.path sp, s.kind sk, s.qname sq, u.name n FROM unresolved u JOIN nodes s ON s.rowid = u.src`)
      .all() as Record<string, string>[];
    return rows.map((r) => `${label(r.sp!, r.sk!, r.sq!)} ? ${r.n}`).sort();
  } finally {
    db.close();
  }
}

export function nodeIds(home: string, root: string): Map<string, string> {
  const db = new Database(dbPath(home, root), { readonly: true });
  try {
    const rows = db.query("SELECT id, path, kind, qname FROM nodes").all() as Record<string, string>[];
    return new Map(rows.map((r) => [label(r.path!, r.kind!, r.qname!), r.id!]));
  } finally {
    db.close();
  }
}
