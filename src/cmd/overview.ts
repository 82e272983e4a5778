// ix overview <container>: a class, module or file at a glance: its member counts and members.
import { overviewAnswer } from "../answers/members";
import { withSession } from "../answers/session";
import { resolveTarget } from "../answers/target";
import { defineIx } from "./command";
import { TARGET_ARGS, targetOptions, boundedList } from "./options";
import { OVERVIEW_ROW, presentOverview } from "../present/members";

const LIST = boundedList(30, OVERVIEW_ROW);

export default defineIx({
  meta: { name: "overview", description: "A container at a glance: member counts by kind, its bases, its members" },
  args: { ...TARGET_ARGS, ...LIST.args },
  examples: [{ run: "ix overview SqliteGraphStore", why: "the SqliteGraphStore class at a glance" }],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const shape = LIST.shape(args);
      const target = await resolveTarget(session, args.target, targetOptions(args));
      presentOverview(ctx.writer, await overviewAnswer(session, target), shape);
    }),
});
