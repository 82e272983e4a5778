// ix overview <container>: a class, module or file at a glance: its member counts and members.
import { defineIx } from "../cli/command";
import { LIST_ARGS, listOptions, shapeRow, TARGET_ARGS, targetOptions } from "../cli/options";
import { children, edgesFrom, edgesInto } from "../graph/queries";
import { withSession } from "../query/session";
import { resolveTarget } from "../query/target";
import type { Fields } from "../wire/record";

export default defineIx({
  meta: { name: "overview", description: "A container at a glance: member counts by kind, its bases, its members" },
  args: { ...TARGET_ARGS, ...LIST_ARGS },
  examples: [{ run: "ix overview Store", why: "the Store class at a glance" }],
  run: (args, ctx) =>
    withSession(ctx, (session) => {
      const { store } = session;
      const list = listOptions(args, 30);
      const target = resolveTarget(session.target, args.target, targetOptions(args));
      const members = children(store, target.rowid);
      const counts: Record<string, number> = {};
      for (const m of members) counts[m.kind] = (counts[m.kind] ?? 0) + 1;
      ctx.writer.record("overview", {
        target: target.kind === "file" ? target.path : target.name,
        kind: target.kind,
        file: target.path,
        lines: `${target.startLine}-${target.endLine}`,
        extends: edgesFrom(store, target.rowid, ["EXTENDS", "IMPLEMENTS"]).map((e) => e.node.name),
        subtypes: edgesInto(store, target.rowid, ["EXTENDS", "IMPLEMENTS"]).length || undefined,
      });
      ctx.writer.record("contains", counts);
      const shown = members.slice(0, list.limit);
      ctx.writer.rows(
        "item",
        shown.map((node) => shapeRow({ name: node.name, kind: node.kind, lines: `${node.startLine}-${node.endLine}` }, list, { id: node.id, signature: node.signature, role: node.role }) as Fields),
      );
      if (shown.length < members.length) {
        ctx.writer.record("diagnostic", { code: "results_truncated", message: `${members.length} members; showing ${shown.length}. Raise --limit or pass --full.` });
      }
    }),
});
