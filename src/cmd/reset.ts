// ix reset --workspace --yes [--ingest]: drop this workspace's graph, optionally rebuild it.
import { defineIx } from "./command";
import { invalidRequest } from "../model/errors";
import { dropGraph, mapWorkspace } from "../ingest/map";
import { presentRebuild, presentReset } from "../present/map";
import { requireWorkspace } from "../workspace/open";
import { mapSettings } from "./map-settings";

export default defineIx({
  meta: { name: "reset", description: "Delete this workspace's graph (needs --yes); --ingest maps it again" },
  args: {
    workspace: { type: "boolean", description: "Reset the graph of the workspace covering this directory" },
    yes: { type: "boolean", description: "Confirm: the graph is deleted" },
    ingest: { type: "boolean", description: "Map the workspace again afterwards" },
  },
  examples: [{ run: "ix reset --workspace --yes --ingest", why: "rebuild a damaged graph from scratch" }],
  run: async ({ workspace, yes, ingest }, ctx) => {
    if (!workspace) throw invalidRequest("missing_argument", "Say what to reset: --workspace", { option: "--workspace" });
    const ws = requireWorkspace(ctx);
    if (!yes) {
      throw invalidRequest("confirmation_required", `This deletes the graph of ${ws.root}; pass --yes to confirm`, { option: "--yes" }, [
        "ix reset --workspace --yes",
      ]);
    }
    // The graph is dropped under the map lock, so a map under way is never cut off mid-write,
    // and with --ingest the rebuild holds the lock from the drop to its commit.
    const rebuilt = ingest ? await mapWorkspace(ws, { fresh: true, ...mapSettings(ctx, "reset") }) : (await dropGraph(ws), undefined);
    presentReset(ctx.writer, ws);
    presentRebuild(ctx.writer, rebuilt);
  },
});
