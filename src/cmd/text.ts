// ix text <pattern>: where a regular expression matches, with the enclosing symbol.
import { graphPath, withSession } from "../answers/session";
import { compilePattern, textAnswer } from "../answers/text";
import { positiveInt } from "./options";
import { defineIx } from "./command";
import { invalidRequest } from "../model/errors";
import { presentText } from "../present/text";

export default defineIx({
  meta: { name: "text", description: "Search file contents with a regular expression; each match names its enclosing symbol" },
  args: {
    pattern: { type: "positional", required: true, description: "A regular expression" },
    path: { type: "string", description: "Only under this path", valueHint: "dir" },
    limit: { type: "string", description: "At most this many matches (default 30)", valueHint: "n" },
  },
  examples: [{ run: "ix text 'TODO\\(' --limit 10", why: "calls to TODO( anywhere" }],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const limit = positiveInt(args.limit, "--limit") ?? 30;
      const regex = compilePattern(args.pattern);
      if (!regex) throw invalidRequest("invalid_value", `Invalid regular expression: ${args.pattern}`, { argument: "pattern", value: args.pattern });
      const under = args.path === undefined ? undefined : graphPath(session, args.path);
      presentText(ctx.writer, await textAnswer(session, args.pattern, regex, under, limit));
    }),
});
