// Bare `ix`: live data about this directory, never the manual (AXI rule 8).
import { defineIx } from "./command";
import { findWorkspace } from "../workspace/registry";

export default defineIx({
  meta: { name: "ix", description: "This directory's state: the workspace that covers it and its graph" },
  run: async (_args, ctx) => {
    const { presentState, presentUnmapped } = await import("../present/status");
    if (!findWorkspace(ctx.home, ctx.cwd, ctx.note)) return presentUnmapped(ctx.writer, ctx.cwd);
    const [{ withSession }, { workspaceState }] = await Promise.all([import("../answers/session"), import("../answers/status")]);
    await withSession(ctx, async (session) => presentState(ctx.writer, await workspaceState(session), "ix", 10));
  },
});
