// ix inventory: the entities of the graph (or of a path), by kind.
import { defineIx } from "../cli/command";
import { LIST_ARGS, listOptions, shapeRow, targetOptions } from "../cli/options";
import { inventory } from "../graph/queries";
import { withSession } from "../query/session";
import { graphPath } from "../query/target";
import type { Fields } from "../wire/record";

export default defineIx({
  meta: { name: "inventory", description: "List entities, optionally of one kind or under one path" },
  args: {
    kind: { type: "string", description: "Only this kind (function, method, class, interface, type, module, file)", valueHint: "kind" },
    path: { type: "string", description: "Only under this path", valueHint: "dir" },
    ...LIST_ARGS,
  },
  examples: [{ run: "ix inventory --kind class --path src/graph", why: "the classes under src/graph" }],
  run: (args, ctx) =>
    withSession(ctx, (session) => {
      const list = listOptions(args);
      const kind = targetOptions({ kind: args.kind }).kind;
      const path = args.path === undefined ? undefined : graphPath(session.target, args.path);
      // One row more than shown tells whether the window came back full without counting all.
      const rows = inventory(session.store, { kind, path, limit: Math.min(list.limit, Number.MAX_SAFE_INTEGER - 1) + 1 });
      const truncated = rows.length > list.limit;
      const shown = rows.slice(0, list.limit);
      ctx.writer.record("inventory", { kind, path, shown: shown.length, truncated: truncated || undefined });
      ctx.writer.rows(
        "node",
        shown.map((node) =>
          shapeRow(
            { name: node.kind === "file" ? node.path : node.name, kind: node.kind, path: node.path, lines: node.kind === "file" ? undefined : `${node.startLine}-${node.endLine}` },
            list,
            { id: node.id, signature: node.signature, role: node.role },
          ) as Fields,
        ),
      );
      if (truncated) ctx.writer.record("diagnostic", { code: "results_truncated", message: `showing the first ${shown.length}. Raise --limit, pass --full, or narrow with --kind / --path.` });
      if (shown.length === 0) ctx.writer.record("hint", { text: "No entities match. ix stats shows the kinds the graph holds." });
    }),
});
