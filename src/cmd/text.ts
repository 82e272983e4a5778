// ix text <pattern>: where a regular expression matches, with the enclosing symbol.
import { workspacePath, withSession } from "../answers/session";
import { compilePattern, textAnswer } from "../answers/text";
import { boundedList } from "./options";
import { defineIx } from "./command";
import { invalidRequest } from "../model/errors";
import { presentText, TEXT_ROW } from "../present/text";

const LIST = boundedList(30, TEXT_ROW);

export default defineIx({
  meta: { name: "text", description: "Search file contents with a regular expression; each match names its enclosing symbol" },
  args: {
    pattern: { type: "positional", required: true, description: "A regular expression" },
    path: { type: "string", description: "Only under this path", valueHint: "dir" },
    ...LIST.args,
  },
  examples: [{ run: "ix text 'TODO\\(' --limit 10", why: "calls to TODO( anywhere" }],
  run: (args, ctx) => {
    const shape = LIST.shape(args);
    const regex = compilePattern(args.pattern);
    if (!regex) throw invalidRequest("invalid_value", `Invalid regular expression: ${args.pattern}`, { argument: "pattern", value: args.pattern });
    return withSession(ctx, async (session) => {
      const under = args.path === undefined ? undefined : workspacePath(session, args.path);
      presentText(ctx.writer, await textAnswer(session, args.pattern, regex, under, shape.limit), shape);
    });
  },
});
