// ix around <path>[:<line>]: what depends on the code at a location, within a token budget.
import { around } from "../answers/around";
import { locationOf } from "../answers/location";
import { withSession } from "../answers/session";
import { positiveInt } from "./options";
import { defineIx } from "./command";
import { llmRowCost, presentAround } from "../present/around";

export default defineIx({
  // Without ix: the files of the dependents it shows.
  savings: "files",
  meta: { name: "around", description: "The dependents of the code at path[:line] (callers, users, tests, importers), cut to a token budget" },
  args: {
    location: { type: "positional", required: true, description: "path or path:line" },
    budget: { type: "string", description: "Tokens to spend on rows (default 300)", valueHint: "tokens" },
  },
  examples: [{ run: "ix around src/cmd/options.ts:40", why: "what depends on the function at line 90" }],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const budget = positiveInt(args.budget, "--budget") ?? 300;
      const { path, line, file } = await locationOf(session, args.location);
      const answer = await around(session, file, line, budget, llmRowCost);
      presentAround(ctx.writer, path, answer, await session.files.stale(path));
    }),
});
