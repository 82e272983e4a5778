// ix patches: the revisions kept, newest first, each with what made it and git's HEAD then.
import { patchesAnswer } from "../answers/history";
import { withSession } from "../answers/session";
import { defineIx } from "./command";
import { positiveInt } from "./options";
import { presentPatches } from "../present/history";

const LIMIT = 20;

export default defineIx({
  meta: { name: "patches", description: "The revisions kept, newest first: when, what made them, files added/changed/deleted, git HEAD" },
  args: {
    limit: { type: "string", description: `At most this many revisions (default ${LIMIT})`, valueHint: "n" },
    full: { type: "boolean", description: "Every revision kept" },
  },
  notes: [
    { name: "kept", text: "a map keeps the newest history_keep revisions (ix config set history_keep <n>; default 1000)" },
    { name: "baseline", text: "a first map: its entities appeared with it, no row each is kept" },
  ],
  examples: [{ run: "ix patches --limit 5 --format llm", why: "the last five revisions" }],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const limit = args.full ? Number.MAX_SAFE_INTEGER : (positiveInt(args.limit, "--limit") ?? LIMIT);
      presentPatches(ctx.writer, await patchesAnswer(session, limit));
    }),
});
