/**
 * Code-unit order, as SQLite's BINARY collation and git sort paths. localeCompare goes through
 * ICU: sorting a search's 500 hits by path with it cost 5 ms of a 60 ms command.
 */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether two lists without repeats hold the same items, in any order. */
export function sameItems(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const inA = new Set(a);
  return b.every((item) => inA.has(item));
}
