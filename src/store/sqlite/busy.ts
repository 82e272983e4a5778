// SQLite's "busy" answers: another connection holds a lock this one needs, for now.

/**
 * SQLITE_BUSY and SQLITE_LOCKED with their extended codes (recovery, snapshot, shared cache),
 * and SQLITE_PROTOCOL: what a connection gets when its WAL recovery kept meeting other
 * processes' read locks, which is as transient.
 */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^SQLITE_(BUSY|LOCKED|PROTOCOL)/.test(code);
}
