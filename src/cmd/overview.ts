// ix overview <container>: a class, module or file at a glance: its member counts and members.
import { overviewAnswer } from "../answers/members";
import { withSession } from "../answers/session";
import { resolveTarget } from "../answers/target";
import { TargetError } from "../answers/errors";
import { defineIx } from "./command";
import { TARGET_ARGS, targetOptions, boundedList } from "./options";
import { OVERVIEW_ROW, presentOverview } from "../present/members";
import { regionFilesOf, regionMap, regionNamed, regionView } from "../answers/regions";
import { presentRegionOverview } from "../present/regions";

const LIST = boundedList(30, OVERVIEW_ROW);

export default defineIx({
  meta: { name: "overview", description: "A container at a glance: member counts by kind, its bases, its members; a region of the map (its label or id): its children" },
  args: { ...TARGET_ARGS, ...LIST.args },
  examples: [{ run: "ix overview SqliteGraphStore", why: "the SqliteGraphStore class at a glance" }],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const shape = LIST.shape(args);
      // A region's id names the region; a name is an entity's first, a region's label when no
      // entity has it (an existing `ix overview Parser` keeps meaning the class).
      let region = await regionNamed(session, args.target, "id");
      let target: Awaited<ReturnType<typeof resolveTarget>> | undefined;
      if (!region) {
        try {
          target = await resolveTarget(session, args.target, targetOptions(args));
        } catch (error) {
          region = error instanceof TargetError && error.code === "unresolved_target" ? await regionNamed(session, args.target, "label") : undefined;
          if (!region) throw error;
        }
      }
      if (region) {
        const map = await regionMap(session);
        const view = await regionView(session, map.regions, region);
        presentRegionOverview(ctx.writer, view, await regionFilesOf(session, region), shape.limit);
        return;
      }
      presentOverview(ctx.writer, await overviewAnswer(session, target!), shape);
    }),
});
