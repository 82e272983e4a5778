// ix history <target>: when an entity appeared, each revision that changed its signature or
// text, and when it went; across a move or a file rename.
import { historyAnswer, historyTarget } from "../answers/history";
import { withSession } from "../answers/session";
import { defineIx } from "./command";
import { positiveInt, TARGET_ARGS, targetOptions } from "./options";
import { presentHistory } from "../present/history";

const LIMIT = 20;

export default defineIx({
  meta: { name: "history", description: "When an entity appeared, changed (signature or text) and went, one row per revision, newest first" },
  args: {
    ...TARGET_ARGS,
    limit: { type: "string", description: `At most this many revisions (default ${LIMIT})`, valueHint: "n" },
    full: { type: "boolean", description: "Every revision kept" },
  },
  notes: [
    { name: "target", text: "as every command reads one; a name the graph no longer holds finds the entity a kept revision removed" },
    { name: "change", text: "added, changed (what=signature,body: a shift of lines alone is no change), removed, or moved: it came with the same text as an entity removed in the same revision (its file renamed, or it moved whole), renamed_from= names that one, whose history follows" },
    { name: "baseline", text: "a first map keeps no row per entity: an entity it held shows added baseline=true" },
    { name: "source", text: "what made the revision: map, watch, hook, mcp, reset, or $IX_SOURCE; intent= is ix map --intent's text, or the hook's edited file" },
    { name: "head", text: "git's HEAD when the revision was mapped; dirty=true when a tracked file the map reads differed from it, or a tracked file was deleted" },
  ],
  examples: [
    { run: "ix history parseArgs --format llm", why: "every revision that changed parseArgs" },
    { run: "ix history src/old-name.ts", why: "a file that was renamed or deleted" },
  ],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const limit = args.full ? Number.MAX_SAFE_INTEGER : (positiveInt(args.limit, "--limit") ?? LIMIT);
      const target = await historyTarget(session, args.target, targetOptions(args));
      presentHistory(ctx.writer, await historyAnswer(session, target, limit));
    }),
});
