// ix hook <host-event>: ix as an agent host's hook. Each reads the host's event on stdin and
// answers in the host's own format; it exits 0 whatever it is given and answers within its
// time budget, since a failing or slow hook stands in the way of every edit.
import { spawn } from "node:child_process";
import { workerUrl } from "../util/worker-url";
import type { Phase } from "../ingest/map";
import { claudeHookReply } from "../present/post-edit";
import { defineIx, type Context } from "./command";
import { editOf } from "./hook-input";
import type { HookJob, HookMessage } from "./hook.worker";
import { mapSettings } from "./map-settings";
import { phaseTrace } from "./map";

/** The most an answer may cost the agent, in tokens, headers included. */
const CAP_TOKENS = 300;
/** What around spends on rows, leaving the rest of the cap to the records around them. */
const ROW_BUDGET = 220;
/**
 * The longest the hook runs. Past it, it answers {} and the process ends, the map in its worker
 * with it (a map commits its revision whole), and a map of its own finishes the work in the
 * background: it takes over the lock when this process is gone, and the hooks after it, finding
 * the lock held, answer from the graph as it is instead of starting the same long map again.
 */
const BUDGET_MS = 4000;
/** A PostToolUse event carries the written file's content: a large one is no edit the hook can read in time. */
const MAX_INPUT_BYTES = 8_000_000;

/** `ix map <root> --silent`, detached: it outlives the hook. */
function mapInBackground(root: string, ctx: Context): void {
  const compiled = Bun.main.startsWith("/$bunfs/") || Bun.main.includes("~BUN");
  const command = compiled ? [process.execPath] : [process.execPath, Bun.main];
  // The revision it makes says the hook made it.
  const child = spawn(command[0]!, [...command.slice(1), "map", root, "--silent"], { cwd: root, env: { ...ctx.env, IX_SOURCE: ctx.env.IX_SOURCE || "hook" }, detached: true, stdio: "ignore" });
  child.on("error", () => {});
  child.unref();
}

/** The context for the edit, worked out in a worker; undefined on any failure. */
function answer(job: HookJob, ctx: Context, mapping: { root?: string }): Promise<string | undefined> {
  const trace = job.trace ? phaseTrace(ctx.stderr) : undefined;
  const worker = new Worker(workerUrl("cmd/hook.worker.ts"), { smol: true });
  return new Promise((done) => {
    worker.onmessage = (event: MessageEvent<HookMessage>) => {
      const message = event.data;
      if ("phase" in message) return trace?.(message.phase as Phase);
      if ("mapping" in message) return void (mapping.root = message.mapping);
      if ("failed" in message && ctx.env.IX_DEBUG) ctx.stderr(`ix hook: ${message.failed}\n`);
      done("context" in message ? message.context : undefined);
    };
    worker.onerror = () => done(undefined);
    worker.postMessage(job);
  });
}

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
    const mapping: { root?: string; done?: boolean } = {};
    const work = (async () => {
      const edit = editOf(await ctx.input(MAX_INPUT_BYTES), ctx.cwd);
      if (!edit) return undefined;
      return answer({ home: ctx.home, edit, rowBudget: ROW_BUDGET, capTokens: CAP_TOKENS, trace: Boolean(ctx.env.IX_TRACE), map: mapSettings(ctx, "hook") }, ctx, mapping);
    })()
      .catch(() => undefined)
      .finally(() => (mapping.done = true));
    const late = new Promise<"late">((done) => setTimeout(done, budget, "late"));
    const first = await Promise.race([work, late]);
    if (first === "late" && !mapping.done && mapping.root) mapInBackground(mapping.root, ctx);
    ctx.stdout(claudeHookReply(first === "late" ? undefined : first));
  },
});

export default defineIx({
  meta: { name: "hook", description: "Hooks for agent hosts (the event on stdin, the host's reply on stdout)" },
  subCommands: { "claude-post-edit": claudePostEdit },
});
