// SQLite's "busy" answers: another connection holds a lock this one needs, for now.

/** SQLITE_BUSY and SQLITE_LOCKED with their extended codes (recovery, snapshot, shared cache). */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}
