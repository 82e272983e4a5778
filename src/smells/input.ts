// The rules' input, read from the graph through the store's interface: the file graph (links
// between files by kind), each file's entities, and the exports nothing uses.
import type { FileGraph, FileLink, GraphReader, RegionFile } from "../store";
import type { FileStat, RegionPlacement, SmellInput } from "./model";
import { judged } from "./rule";
import { declaresEntryPoint, mayDeclareEntryPoint } from "../lang/registry";
import { loadedWithoutImport } from "./orphan-file";
import { deadExportCandidates, publicApi } from "./dead-export";
import { storedPackageEntries } from "./package-entries";

/** Each file of a language with its entities and distinct files in and out. */
export function fileStats(files: readonly { path: string; role: string }[], entities: ReadonlyMap<string, number>, links: readonly FileLink[]): FileStat[] {
  const into = new Map<string, Set<string>>();
  const from = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, other: string) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(other);
  };
  for (const link of links) {
    add(into, link.to, link.from);
    add(from, link.from, link.to);
  }
  return files.map((f) => ({ path: f.path, role: f.role, entities: entities.get(f.path) ?? 0, fanIn: into.get(f.path)?.size ?? 0, fanOut: from.get(f.path)?.size ?? 0, unresolved: 0, entry: false }));
}

/** Per imported file, the names its importers take. */
export function importedNames(links: readonly FileLink[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const link of links) {
    if (link.kind !== "IMPORTS") continue;
    let set = out.get(link.to);
    if (!set) out.set(link.to, (set = new Set()));
    for (const name of link.names) set.add(name);
  }
  return out;
}

/** The files `links` import whole from the files `isPublic` holds, followed transitively. */
export function reexportedWhole(links: readonly FileLink[], isPublic: (path: string) => boolean): Set<string> {
  const whole = new Map<string, string[]>();
  for (const link of links) {
    if (link.kind !== "IMPORTS" || !link.names.includes("*")) continue;
    let list = whole.get(link.from);
    if (!list) whole.set(link.from, (list = []));
    list.push(link.to);
  }
  const out = new Set<string>();
  const queue = [...whole.keys()].filter(isPublic);
  while (queue.length > 0) {
    for (const to of whole.get(queue.pop()!) ?? []) {
      if (out.has(to)) continue;
      out.add(to);
      queue.push(to);
    }
  }
  return out;
}

/** `fileGraph`: the revision's, when the caller has read it already. */
export async function readSmellInput(graph: GraphReader, fileGraph?: FileGraph): Promise<SmellInput> {
  const rows = await graph.fileRows();
  const { links, entities, unusedExports } = fileGraph ?? (await graph.fileGraph());
  const files = fileStats(
    [...rows.values()].filter((row) => row.lang !== null),
    entities,
    links,
  );
  // Unresolved sites and what a file's code declares matter only to orphan candidates: ask
  // for those files alone, and read facts only where the family can tell an entry point by them.
  const alone = files.filter((f) => judged(f.role) && f.entities > 0 && f.fanIn === 0 && f.fanOut === 0 && !loadedWithoutImport(f.path));
  const unresolved = await graph.unresolvedCountsOf(alone.map((f) => f.path));
  for (const file of alone) {
    file.unresolved = unresolved.get(file.path) ?? 0;
    const facts = mayDeclareEntryPoint(file.path) ? await graph.facts(file.path) : undefined;
    file.entry = facts !== undefined && declaresEntryPoint(facts);
  }
  const roles = new Map(files.map((f) => [f.path, f.role]));
  // Keyed by two numbers: a string per import, on a 13k-file graph 140k of them, cost more than the pass.
  const number = new Map(files.map((f, i) => [f.path, i]));
  const imports = new Set<number>();
  const pairs: [string, string][] = [];
  for (const link of links) {
    if (link.kind !== "IMPORTS" || !judged(roles.get(link.from) ?? "") || !judged(roles.get(link.to) ?? "")) continue;
    const key = number.get(link.from)! * files.length + number.get(link.to)!;
    if (!imports.has(key)) pairs.push([link.from, link.to]);
    imports.add(key);
  }
  const packageEntries = await storedPackageEntries(graph);
  const isPublic = (path: string) => publicApi(path, packageEntries);
  const input = { files, imports: pairs, unusedExports, importedNames: importedNames(links), reexportedWhole: reexportedWhole(links, isPublic), packageEntries, unresolvedNames: new Set<string>() };
  // Only the names still in question: asking for 40k names cost a 13k-file graph ~200 ms.
  input.unresolvedNames = await graph.unresolvedNamesAmong(deadExportCandidates(input, roles).map((entity) => entity.name));
  return input;
}

/** The region rules' input: each file's innermost region, what it is for, the file graph's links. */
export function regionPlacement(files: RegionFile[], roles: readonly { path: string; role: string }[], links: readonly { from: string; to: string }[]): RegionPlacement {
  return { files, roles: new Map(roles.map((f) => [f.path, f.role])), links };
}

/** The stored map's placement, read whole: for a map whose region work kept the hierarchy, or a query computing a report. */
export async function readRegionPlacement(graph: GraphReader): Promise<RegionPlacement> {
  return regionPlacement(await graph.regionFiles(), await graph.regionInputFiles(), (await graph.fileGraph()).links);
}
