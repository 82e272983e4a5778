// ix depends <target>: the tree of what depends on an entity, hop by hop.
import { withSession } from "../answers/session";
import { resolveTarget } from "../answers/target";
import { dependsAnswer } from "../answers/trace";
import { defineIx } from "./command";
import { TARGET_ARGS, targetOptions } from "./options";
import { walkArgs, walkBounds } from "./walk-options";
import { presentDepends } from "../present/walk";

const DEPTH = { default: 2, max: 5 };
const CAP = 500;

export default defineIx({
  meta: {
    name: "depends",
    description: "The tree of what depends on an entity: called_by, imported_by, referenced_by, extended_by, implemented_by, hop by hop",
  },
  args: { ...TARGET_ARGS, ...walkArgs(DEPTH, CAP) },
  examples: [{ run: "ix depends parseArgs --depth 3", why: "what depends on parseArgs, three hops out" }],
  notes: [
    {
      name: "Rows",
      text: "Each dependent once, at the first (shortest) path that reaches it, with depth=, relation= and parent= (the row it depends on; the target at depth 1). A dependent that leads back to a row on its own path is shown with cycle=true and not walked on. truncated=true says --cap stopped the walk.",
    },
  ],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const bounds = walkBounds(args, DEPTH, CAP);
      const target = await resolveTarget(session, args.target, targetOptions(args));
      presentDepends(ctx.writer, await dependsAnswer(session, target, bounds.depth, bounds.cap));
    }),
});
