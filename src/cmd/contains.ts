// ix contains <target>: what a file, class or module holds.
import { membersAnswer } from "../answers/members";
import { withSession } from "../answers/session";
import { resolveTarget } from "../answers/target";
import { defineIx } from "./command";
import { TARGET_ARGS, targetOptions, boundedList } from "./options";
import { CONTAINS_ROW, presentContains } from "../present/members";

const LIST = boundedList(100, CONTAINS_ROW);

export default defineIx({
  meta: { name: "contains", description: "The members of a file, class, interface or module" },
  args: { ...TARGET_ARGS, ...LIST.args },
  examples: [{ run: "ix contains src/store/graph.ts", why: "what the file defines at its top level" }],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const shape = LIST.shape(args);
      const target = await resolveTarget(session, args.target, targetOptions(args));
      presentContains(ctx.writer, await membersAnswer(session, target), shape);
    }),
});
