// ix hook <host-event>: ix as an agent host's hook. Each reads the host's event on stdin and
// answers in the host's own format; it exits 0 whatever it is given and answers within its
// time budget, since a failing or slow hook stands in the way of every edit.
import { postEdit } from "../answers/post-edit";
import { llmRowCost } from "../present/around";
import { claudeHookReply, postEditContext } from "../present/post-edit";
import { defineIx } from "./command";
import { editOf } from "./hook-input";
import { phaseTrace } from "./map";

/** The most an answer may cost the agent, in tokens, headers included. */
const CAP_TOKENS = 300;
/** What around spends on rows, leaving the rest of the cap to the records around them. */
const ROW_BUDGET = 220;
/** The longest the hook runs: past it, it says nothing (a map still writing is cut off whole: a revision commits at once). */
const BUDGET_MS = 4000;
/** A PostToolUse event carries the written file's content: a large one is no edit the hook can read in time. */
const MAX_INPUT_BYTES = 8_000_000;

const claudePostEdit = defineIx({
  meta: { name: "claude-post-edit", description: "Claude Code PostToolUse hook: re-map the edited file, answer what depends on the edited lines" },
  examples: [{ run: "ix hook claude-post-edit", why: "in hooks.json, after Edit|Write|MultiEdit (the event comes on stdin)" }],
  notes: [
    {
      name: "Rules",
      text: "Exits 0 on any input and answers {} when it has nothing to say: an event that is not an edit, a file outside any mapped workspace, a workspace never mapped (the hook never makes a first map), a deleted file. Runs for at most 4 s (IX_HOOK_BUDGET_MS).",
    },
  ],
  run: async (_args, ctx) => {
    const budget = Number(ctx.env.IX_HOOK_BUDGET_MS) > 0 ? Number(ctx.env.IX_HOOK_BUDGET_MS) : BUDGET_MS;
    const work = (async () => {
      const edit = editOf(await ctx.input(MAX_INPUT_BYTES), ctx.cwd);
      if (!edit) return undefined;
      const onPhase = ctx.env.IX_TRACE ? phaseTrace(ctx.stderr) : undefined;
      return postEditContext(await postEdit(ctx.home, edit, ROW_BUDGET, llmRowCost, { onPhase }), CAP_TOKENS);
    })().catch((error: unknown) => {
      if (ctx.env.IX_DEBUG) ctx.stderr(`ix hook: ${error instanceof Error ? error.stack : String(error)}\n`);
      return undefined;
    });
    const late = new Promise<undefined>((done) => setTimeout(done, budget, undefined));
    ctx.stdout(claudeHookReply(await Promise.race([work, late])));
  },
});

export default defineIx({
  meta: { name: "hook", description: "Hooks for agent hosts (the event on stdin, the host's reply on stdout)" },
  subCommands: { "claude-post-edit": claudePostEdit },
});
