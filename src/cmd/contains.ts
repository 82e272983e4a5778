// ix contains <target>: what a file, class or module holds.
import { defineIx } from "../cli/command";
import { LIST_ARGS, listOptions, shapeRow, TARGET_ARGS, targetOptions } from "../cli/options";
import { children } from "../graph/queries";
import { withSession } from "../query/session";
import { resolveTarget } from "../query/target";
import type { Fields } from "../wire/record";

export default defineIx({
  meta: { name: "contains", description: "The members of a file, class, interface or module" },
  args: { ...TARGET_ARGS, ...LIST_ARGS },
  examples: [{ run: "ix contains src/graph/store.ts", why: "what the file defines at its top level" }],
  run: (args, ctx) =>
    withSession(ctx, (session) => {
      const list = listOptions(args, 100);
      const target = resolveTarget(session.target, args.target, targetOptions(args));
      const members = children(session.store, target.rowid);
      const rows = members.slice(0, list.limit).map((node) =>
        shapeRow({ name: node.name, kind: node.kind, lines: `${node.startLine}-${node.endLine}`, exported: node.exported || undefined }, list, {
          id: node.id,
          signature: node.signature,
          role: node.role,
        }) as Fields,
      );
      ctx.writer.list("contains", { target: target.kind === "file" ? target.path : target.name, kind: target.kind, path: target.path }, "member", rows, {
        total: members.length,
        noun: "members",
      });
    }),
});
