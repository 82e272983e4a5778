// ix status: is the graph whole, current, and which files changed since it was built.
import { withSession } from "../answers/session";
import { workspaceState } from "../answers/status";
import { positiveInt } from "./options";
import { defineIx } from "./command";
import { presentState, presentStatusUnmapped } from "../present/status";
import { findWorkspace } from "../workspace/registry";

export default defineIx({
  meta: { name: "status", description: "The graph's health, revision and the files changed since the last map" },
  args: {
    limit: { type: "string", description: "Changed files to list (default 50)", valueHint: "n" },
  },
  examples: [{ run: "ix status --format llm", why: "is the graph current?" }],
  run: async ({ limit }, ctx) => {
    const max = positiveInt(limit, "--limit") ?? 50;
    // "Is there a graph here?" is the question status answers, so no graph is an answer, not an error.
    if (!findWorkspace(ctx.home, ctx.cwd, ctx.note)) return presentStatusUnmapped(ctx.writer, ctx.cwd);
    await withSession(ctx, async (session) => presentState(ctx.writer, await workspaceState(session), "status", max));
  },
});
