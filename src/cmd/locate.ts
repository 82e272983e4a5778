// ix locate <target>: where one entity is defined.
import { defineIx } from "../cli/command";
import { TARGET_ARGS, targetOptions } from "../cli/options";
import { withSession } from "../query/session";
import { resolveTarget } from "../query/target";

export default defineIx({
  meta: { name: "locate", description: "Where an entity is defined: path, lines and signature" },
  args: { ...TARGET_ARGS },
  examples: [{ run: "ix locate Store::commit", why: "where the commit method of Store is" }],
  run: (args, ctx) =>
    withSession(ctx, (session) => {
      const node = resolveTarget(session.target, args.target, targetOptions(args));
      ctx.writer.record("locate", {
        name: node.kind === "file" ? node.path : node.name,
        kind: node.kind,
        path: node.path,
        lines: `${node.startLine}-${node.endLine}`,
        signature: node.signature || undefined,
        stale: session.files.stale(node.path) || undefined,
      });
      ctx.writer.next(`ix read ${node.path}:${node.startLine}-${node.endLine}`, "read it");
    }),
});
