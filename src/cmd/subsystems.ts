// ix subsystems [target]: the parts of the system with their scores; a target (a region's
// label or id, or a file) answers its region with its parent, children and neighbours.
import { regionMap, regionView, smellsByRegion, subsystemsOf, topOf } from "../answers/regions";
import { withSession } from "../answers/session";
import { resolveRegion } from "../answers/target";
import { defineIx } from "./command";
import { positiveInt } from "./options";
import { presentRegionView, presentSubsystems } from "../present/regions";

const LIMIT = 50;
const NEIGHBOURS = 8;

export default defineIx({
  meta: {
    name: "subsystems",
    description:
      "The parts of the system from the architecture map (ix map), with their scores: health (0.7 × cohesion + 0.3 × (1 − coupling/10)), entities per file, the smells of its files (ix smells), confidence",
  },
  args: {
    target: { type: "positional", required: false, description: "A region's label or id, or a file (its innermost region)" },
    list: { type: "boolean", description: "Every subsystem, flat, largest first (default: the top two levels as a tree)" },
    limit: { type: "string", description: `At most this many rows (default ${LIMIT}; neighbours of a target: ${NEIGHBOURS})`, valueHint: "n" },
    pick: { type: "string", description: "Choose the Nth candidate of an ambiguous target", valueHint: "n" },
  },
  examples: [
    { run: "ix subsystems", why: "the system's parts at a glance" },
    { run: "ix subsystems --list", why: "every subsystem with its scores" },
    { run: "ix subsystems src/store/graph.ts", why: "the region holding a file, its parts and neighbours" },
  ],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const limit = positiveInt(args.limit, "--limit");
      const pick = positiveInt(args.pick, "--pick");
      // The tree shows the system's children and theirs: the rest of the map is not read.
      const map = await regionMap(session, args.target === undefined && !args.list ? 2 : undefined);
      const smells = await smellsByRegion(session);
      if (args.target !== undefined) {
        const region = await resolveRegion(session, args.target, map.regions, { pick });
        presentRegionView(ctx.writer, await regionView(session, map.regions, region), smells, limit ?? NEIGHBOURS);
        return;
      }
      const all = args.list ? subsystemsOf(map.regions) : topOf(map.regions);
      presentSubsystems(ctx.writer, map, all.slice(0, limit ?? LIMIT), all.length, smells, { list: Boolean(args.list) });
    }),
});
