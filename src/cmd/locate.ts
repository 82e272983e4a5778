// ix locate <target>: where one entity is defined.
import { locateAnswer } from "../answers/entity";
import { withSession } from "../answers/session";
import { resolveTarget } from "../answers/target";
import { defineIx } from "./command";
import { TARGET_ARGS, targetOptions } from "./options";
import { presentLocate } from "../present/entity";

export default defineIx({
  meta: { name: "locate", description: "Where an entity is defined: path, lines and signature" },
  args: { ...TARGET_ARGS },
  examples: [{ run: "ix locate SqliteGraphStore::commit", why: "where the commit method of SqliteGraphStore is" }],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const node = await resolveTarget(session, args.target, targetOptions(args));
      presentLocate(ctx.writer, await locateAnswer(session, node));
    }),
});
