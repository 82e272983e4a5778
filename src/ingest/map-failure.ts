// What a map that could not write says. The map writes only the workspace's store (its lock,
// the graph and its log, the kept listing), so a full disk or a store it may not write is
// disk_full or home_read_only (model/write-failure), saying that the revision the graph held
// still answers queries: a revision is one transaction, and a failed one leaves the last whole.
// A repository the map cannot read is no such failure: only errors about the store's own files
// (and the store's, which name no file) are read this way.
import { sep } from "node:path";
import { writeErrorCause } from "../store";
import type { IxError } from "../model/errors";
import { writeFailure } from "../model/write-failure";

/**
 * The error a map ends with when it could not write the store in `dir` (its graph at `dbPath`,
 * once the map knows its workspace); undefined for any other failure. `rev`: the revision the
 * graph held, when the map got as far as opening it.
 */
export function mapWriteFailure(error: unknown, where: { dir: string; dbPath?: string }, rev: number | undefined): IxError | undefined {
  // The device is the store directory's, whichever of its files was being written.
  const cause = writeErrorCause(error, where.dbPath ?? where.dir);
  const path = (cause as { path?: unknown } | null)?.path;
  if (typeof path === "string" && path !== where.dir && !path.startsWith(where.dir + sep)) return undefined;
  const kept = rev === undefined ? "the graph as it was still answers queries" : rev === 0 ? "no revision had been written yet" : `revision ${rev} still answers queries`;
  return writeFailure(cause, { what: "the graph", kept, path: typeof path === "string" ? path : (where.dbPath ?? where.dir) });
}
