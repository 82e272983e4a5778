// ix entity <target>: one entity's facts and the size of its neighbourhood.
import { entityAnswer } from "../answers/entity";
import { withSession } from "../answers/session";
import { resolveTarget } from "../answers/target";
import { defineIx } from "./command";
import { TARGET_ARGS, targetOptions } from "./options";
import { presentEntity } from "../present/entity";

export default defineIx({
  meta: { name: "entity", description: "One entity: id, kind, qualified name, span, signature, and its edge counts" },
  args: { ...TARGET_ARGS },
  examples: [{ run: "ix entity parseArgs --format llm", why: "what parseArgs is and how connected" }],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const node = await resolveTarget(session, args.target, targetOptions(args));
      presentEntity(ctx.writer, await entityAnswer(session, node));
    }),
});
