// The files package manifests name as entry points (lang/entries.ts), as the map stored them
// with its revision: the smells and the queries read them from the graph, never from disk.
import type { GraphReader } from "../store";

export const PACKAGE_ENTRIES_META = "package_entries";

/** The stored list as JSON, as the meta row holds it. */
export function packageEntriesValue(entries: readonly string[]): string {
  return JSON.stringify(entries);
}

/** Empty when the graph holds none (a graph mapped before ix stored them, until a map rewrites them). */
export async function storedPackageEntries(graph: Pick<GraphReader, "meta">): Promise<ReadonlySet<string>> {
  const stored = await graph.meta(PACKAGE_ENTRIES_META);
  if (stored === undefined) return new Set();
  try {
    const list: unknown = JSON.parse(stored);
    return new Set(Array.isArray(list) ? list.filter((path): path is string => typeof path === "string") : []);
  } catch {
    return new Set();
  }
}
