// ix reset --workspace --yes [--ingest]: drop this workspace's graph, optionally rebuild it.
import { defineIx } from "../cli/command";
import { usageError } from "../cli/errors";
import { mapWorkspace } from "../ingest/map";
import { removeGraph } from "../store";
import { requireWorkspace } from "../workspace/open";

export default defineIx({
  meta: { name: "reset", description: "Delete this workspace's graph (needs --yes); --ingest maps it again" },
  args: {
    workspace: { type: "boolean", description: "Reset the graph of the workspace covering this directory" },
    yes: { type: "boolean", description: "Confirm: the graph is deleted" },
    ingest: { type: "boolean", description: "Map the workspace again afterwards" },
  },
  examples: [{ run: "ix reset --workspace --yes --ingest", why: "rebuild a damaged graph from scratch" }],
  run: async ({ workspace, yes, ingest }, ctx) => {
    if (!workspace) throw usageError("missing_argument", "Say what to reset: --workspace", { option: "--workspace" });
    const ws = requireWorkspace(ctx);
    if (!yes) {
      throw usageError("confirmation_required", `This deletes the graph of ${ws.root}; pass --yes to confirm`, { option: "--yes" }, [
        "ix reset --workspace --yes",
      ]);
    }
    removeGraph(ws.dbPath);
    ctx.writer.record("reset", { workspace: ws.id, root: ws.root, deleted: ws.dbPath });
    if (!ingest) {
      ctx.writer.next("ix map .", "rebuild the graph");
      return;
    }
    const result = await mapWorkspace(ws);
    ctx.writer.record("map", { files: result.files, rev: result.rev, outcome: result.outcome, ms: result.ms });
    ctx.writer.next("ix status", "check the rebuilt graph");
  },
});
