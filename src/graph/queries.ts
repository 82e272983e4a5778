// Read-side questions over the store that the map pipeline and the commands ask. SQL lives
// here and in store.ts only; commands never touch SQLite.
import type { Store } from "./store";

const CHUNK = 500;

/** Files owning any edge (a call, an import, a heritage, a type use) into a node of `paths`. */
export function ownersOfEdgesInto(store: Store, paths: string[]): string[] {
  const owners = new Set<string>();
  for (let i = 0; i < paths.length; i += CHUNK) {
    const part = paths.slice(i, i + CHUNK);
    const rows = store.db
      .query(
        `SELECT DISTINCT e.owner AS owner FROM nodes n JOIN edges e ON e.dst = n.rowid
         WHERE n.path IN (${part.map(() => "?").join(",")}) AND e.kind != 'CONTAINS'`,
      )
      .all(...part) as { owner: string }[];
    for (const row of rows) owners.add(row.owner);
  }
  return [...owners];
}

export function unresolvedCount(store: Store): number {
  return (store.db.query("SELECT count(*) AS n FROM unresolved").get() as { n: number }).n;
}
