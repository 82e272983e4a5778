// ix impact <target>: what a change to an entity can break, and how risky the change is.
import { impactAnswer } from "../answers/impact";
import { THRESHOLDS as T } from "../answers/risk";
import { withSession } from "../answers/session";
import { resolveTarget } from "../answers/target";
import { defineIx } from "./command";
import { boundedList, TARGET_ARGS, targetOptions } from "./options";
import { walkArgs, walkBounds } from "./walk-options";
import { CALLER_ROW, presentImpact } from "../present/impact";

const LIST = boundedList(20, CALLER_ROW);
const DEPTH = { default: 2, max: 3 };
const CAP = 2000;

export default defineIx({
  meta: { name: "impact", description: "What a change to an entity can break: its dependents up to --depth, the regions and tests they reach, and a risk level" },
  args: { ...TARGET_ARGS, ...walkArgs(DEPTH, CAP), ...LIST.args },
  examples: [
    { run: "ix impact parseArgs --depth 3", why: "who reaches parseArgs within three calls, and the risk of changing it" },
    { run: "ix impact src/store/graph.ts", why: "what depends on a file and its members" },
  ],
  notes: [
    {
      name: "What is walked",
      text: "A function or method: its callers (calls and hand-overs by name, as ix callers counts them, and calls through the interface members a method implements), their callers, up to --depth. A class, interface, type, module or file: what depends on it and on each of its members (callers, importers, type users, heirs), then their callers. Test files among them are the tests touched.",
    },
    {
      name: "Category (the first that holds)",
      text: `foundation: an interface or type something reaches, or anything extended or implemented. boundary: its dependents lie in ${T.boundaryRegions}+ regions of the map besides its own. shared: ${T.sharedUsers}+ direct users, or dependents in ${T.sharedUsers}+ files. flow: it is called, calls on, and its callers have callers. localized: none of those.`,
    },
    {
      name: "Risk level",
      text: `critical: ${T.criticalAffected}+ dependents within --depth, dependents in ${T.criticalRegions}+ other regions, or a foundation with ${T.foundationCritical}+ heirs and direct dependents. high: ${T.highAffected}+ dependents, ${T.boundaryRegions}+ other regions, or a foundation with ${T.foundationHigh}+ dependents. medium: ${T.mediumAffected}+ dependents or one other region. low: the rest. On a degraded graph: risk=unknown and the graph record, since missing edges read as no dependents.`,
    },
  ],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const shape = LIST.shape(args);
      const bounds = walkBounds(args, DEPTH, CAP);
      const target = await resolveTarget(session, args.target, targetOptions(args));
      presentImpact(ctx.writer, await impactAnswer(session, target, bounds.depth, bounds.cap), shape);
    }),
});
