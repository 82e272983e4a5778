// Which files changed on disk since the graph was built: stat only, plus a hash where the
// mtime moved but the size did not (an editor's save without a change is not staleness).
import { join } from "node:path";
import { stampChanges } from "../store/stamps";
import type { GraphReader } from "../store";
import type { Workspace } from "../workspace/registry";
import { discover, MAX_FILE_BYTES } from "../ingest/discover";
import { openRegularBytes } from "../util/regular-file";
import { contentHash } from "../ingest/content";
import { byCodeUnit } from "../util/compare";

export interface ChangedFile {
  path: string;
  reason: "modified" | "added" | "deleted";
}

const HASH_CHECK_LIMIT = 500;

export async function changedSinceMap(ws: Workspace, graph: GraphReader): Promise<ChangedFile[]> {
  const root = ws.root;
  const found = await discover(root, { listingCache: join(ws.dir, "listing.json") });
  const { moved, gone } = stampChanges(found.files, await graph.fileStampList());
  const rows = await graph.fileRowsOf(moved.map((file) => file.path));
  const changed: ChangedFile[] = [];
  let hashed = 0;
  for (const file of moved) {
    const row = rows.get(file.path);
    if (!row) {
      changed.push({ path: file.path, reason: "added" });
      continue;
    }
    if (row.size === file.size && hashed++ < HASH_CHECK_LIMIT) {
      // Discovery just stat'ed it as a regular file; unreadable now (or a FIFO since): modified.
      const read = openRegularBytes(join(root, file.path), MAX_FILE_BYTES);
      if (read.state === "read" && contentHash(read.bytes) === row.hash) continue;
    }
    changed.push({ path: file.path, reason: "modified" });
  }
  for (const path of gone) changed.push({ path, reason: "deleted" });
  return changed.sort((a, b) => byCodeUnit(a.path, b.path));
}
