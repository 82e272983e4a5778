// ix explain <target>: what an entity is for and how much rests on it, from graph facts.
import { explainAnswer } from "../answers/explain";
import { ROLE_RULES, THRESHOLDS as T } from "../answers/explain-rules";
import { withSession } from "../answers/session";
import { resolveTarget } from "../answers/target";
import { defineIx } from "./command";
import { TARGET_ARGS, targetOptions } from "./options";
import { presentExplain } from "../present/explain";

export default defineIx({
  // Without ix: read the entity's file and the files of the callers it shows.
  savings: "files",
  meta: {
    name: "explain",
    description: "What an entity is for (role), how much rests on it (importance), its counts, place in the map and first callers/dependents/members",
  },
  args: { ...TARGET_ARGS },
  notes: [
    { name: "roles", text: "The first rule that applies, in this order, decides the role; reason= lists the facts that decided it. Confidence drops a step when unresolved call sites name the entity." },
    ...ROLE_RULES.map((rule) => ({ name: rule.role, text: rule.summary })),
    {
      name: "importance",
      text:
        `high/broad_shared_dependency: callers >= ${T.broadCallers}, caller files >= ${T.broadCallerFiles}, dependents >= ${T.broadDependents} or importers >= ${T.broadImporters}; ` +
        `high/pipeline_choke_point: 1-${T.chokeCallers} callers and downstream >= ${T.chokeDownstream}; ` +
        `low/localized: dependents <= ${T.localDependents}, no importers, downstream <= ${T.localDownstream}, callers from one file at most, not package API; else medium/normal.`,
    },
    {
      name: "graph health",
      text: "On a hollow graph, or when the entity lost its CONTAINS edge (orphaned_target), the graph record comes first, role and importance are unknown, zero counts read unknown (a non-zero count is a floor) and complete=false.",
    },
  ],
  examples: [
    { run: "ix explain parseArgs --format llm", why: "what parseArgs is for and who depends on it" },
    { run: "ix explain src/store/graph.ts", why: "a file: its importers and its most used members" },
  ],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const node = await resolveTarget(session, args.target, targetOptions(args));
      presentExplain(ctx.writer, await explainAnswer(session, node));
    }),
});
