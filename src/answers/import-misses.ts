// The imports of a file that name no file of the graph, so that `imports` lists every import
// the file makes: one whose module the resolver could not find though it should be the
// project's (a relative path, an alias, a workspace package: unresolved), and one it knows is
// outside (a package, a builtin, a non-code file: external). Read from the file's own import
// facts against the IMPORTS edges and unresolved imports its resolution stored.
import type { GraphNode } from "../store";
import { edgeSite, type SiteAt } from "./edge-site";
import type { Session } from "./session";

export interface ImportMiss {
  /** The module as the import writes it. */
  specifier: string;
  /** Where the graph recorded the import. */
  line: number;
  kind: "unresolved" | "external";
}

/** A miss as a row shows it: with where the import is on disk now. */
export interface ImportMissRow extends ImportMiss {
  site?: SiteAt;
  stale: boolean;
}

/** The file's imports that reached no file, in line order: unresolved and external alike. */
export async function importMisses(session: Session, file: GraphNode): Promise<ImportMiss[]> {
  const { graph } = session;
  const facts = await graph.facts(file.path);
  if (!facts || facts.imports.length === 0) return [];
  const resolved = new Set<number>();
  for (const edge of await graph.edgesFrom(file.id, ["IMPORTS"])) for (const line of edge.lines) resolved.add(line);
  const unresolved = new Set<string>();
  for (const miss of await graph.unresolvedFrom(file.id, "IMPORTS")) for (const line of miss.lines) unresolved.add(`${line}\0${miss.name}`);
  const seen = new Set<string>();
  const misses: ImportMiss[] = [];
  for (const imp of facts.imports) {
    const key = `${imp.line}\0${imp.source}`;
    if (resolved.has(imp.line) || seen.has(key)) continue;
    seen.add(key);
    misses.push({ specifier: imp.source, line: imp.line, kind: unresolved.has(key) ? "unresolved" : "external" });
  }
  return misses.sort((a, b) => a.line - b.line || (a.specifier < b.specifier ? -1 : 1));
}

/** The rows of the misses shown: each with its site found in the file as it is now. */
export async function importMissRows(session: Session, file: GraphNode, misses: readonly ImportMiss[]): Promise<ImportMissRow[]> {
  const rows: ImportMissRow[] = [];
  for (const miss of misses) {
    const site = await edgeSite(session, file, miss.specifier, [miss.line], "import");
    rows.push({ ...miss, site, stale: site ? await session.files.stale(site.path) : false });
  }
  return rows;
}
