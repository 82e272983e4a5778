// ix entity <target>: one entity's facts and the size of its neighbourhood.
import { defineIx } from "../cli/command";
import { TARGET_ARGS, targetOptions } from "../cli/options";
import { countChildren, countFrom, countInto, edgesFrom, nodeByRowid, unresolvedUses } from "../graph/queries";
import { withSession } from "../query/session";
import { resolveTarget } from "../query/target";

export default defineIx({
  meta: { name: "entity", description: "One entity: id, kind, qualified name, span, signature, and its edge counts" },
  args: { ...TARGET_ARGS },
  examples: [{ run: "ix entity parseArgs --format llm", why: "what parseArgs is and how connected" }],
  run: (args, ctx) =>
    withSession(ctx, (session) => {
      const { store } = session;
      const node = resolveTarget(session.target, args.target, targetOptions(args));
      const parent = node.parent === null ? undefined : nodeByRowid(store, node.parent);
      const callers = countInto(store, node.rowid, ["CALLS"]);
      const callees = countFrom(store, node.rowid, ["CALLS"]);
      ctx.writer.record("entity", {
        id: node.id,
        name: node.name,
        kind: node.kind,
        qname: node.qname !== node.name ? node.qname : undefined,
        path: node.path,
        lines: `${node.startLine}-${node.endLine}`,
        lang: node.lang ?? undefined,
        exported: node.kind === "file" ? undefined : node.exported,
        role: node.role,
        signature: node.signature || undefined,
        parent: parent && parent.kind !== "file" ? parent.id : undefined,
        stale: session.files.stale(node.path) || undefined,
      });
      ctx.writer.record("edges", {
        callers,
        callees,
        members: countChildren(store, node.rowid),
        importers: node.kind === "file" ? countInto(store, node.rowid, ["IMPORTS"]) : undefined,
        extends: edgesFrom(store, node.rowid, ["EXTENDS", "IMPLEMENTS"]).map((e) => e.node.name),
        unresolved_uses: node.kind === "file" ? undefined : unresolvedUses(store, node.name),
      });
      const short = node.id.slice(0, 8);
      if (callers > 0) ctx.writer.next(`ix callers ${short}`, `who calls ${node.name}`);
      if (callees > 0) ctx.writer.next(`ix callees ${short}`, `what ${node.name} calls`);
      ctx.writer.next(`ix read ${node.path}:${node.startLine}-${node.endLine}`, "read its source");
    }),
});
