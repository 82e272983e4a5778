// Bare `ix`: live data about this directory, never the manual (AXI rule 8).
import { defineIx } from "../cli/command";
import { findWorkspace } from "../workspace/registry";

export default defineIx({
  meta: { name: "ix", description: "This directory's state: the workspace that covers it and its graph" },
  run: async (_args, ctx) => {
    if (!findWorkspace(ctx.home, ctx.cwd)) {
      ctx.writer.record("ix", { dir: ctx.cwd, workspace: "none", graph: "none" });
      ctx.writer.next("ix map .", "map this directory so ix can answer questions about its code");
      return;
    }
    const [{ withSession }, { workspaceState }, { presentState }] = await Promise.all([
      import("../answers/session"),
      import("../answers/status"),
      import("../present/status"),
    ]);
    await withSession(ctx, async (session) => presentState(ctx.writer, await workspaceState(session), "ix", 10));
  },
});
