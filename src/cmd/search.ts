// ix search <term>: find entities by name, ranked, each with where it is.
import { defineIx } from "../cli/command";
import { LIST_ARGS, listOptions, shapeRow } from "../cli/options";
import { search } from "../query/search";
import { withSession } from "../query/session";
import type { Fields } from "../wire/record";

export default defineIx({
  meta: { name: "search", description: "Find entities by name (one identifier), ranked, with path and lines" },
  args: {
    term: { type: "positional", required: true, description: "One identifier or the start of one" },
    kind: { type: "string", description: "Only entities of this kind", valueHint: "kind" },
    ...LIST_ARGS,
  },
  examples: [{ run: "ix search workspace --limit 10", why: "entities whose name holds 'workspace'" }],
  run: (args, ctx) =>
    withSession(ctx, ({ store }) => {
      const list = listOptions(args, 20);
      const term = args.term.trim();
      const hits = search(store, term).filter((h) => !args.kind || h.node.kind === args.kind);
      const shown = hits.slice(0, list.limit);
      ctx.writer.record("search", { term, count: shown.length, candidates: hits.length });
      ctx.writer.rows(
        "node",
        shown.map(({ node, score, match }) =>
          shapeRow(
            {
              name: node.name,
              kind: node.kind,
              path: node.path,
              lines: node.kind === "file" ? undefined : `${node.startLine}-${node.endLine}`,
              score: Number(score.toFixed(2)),
              match,
            },
            list,
            { id: node.id, signature: node.signature, role: node.role },
          ) as Fields,
        ),
      );
      if (shown.length < hits.length) {
        ctx.writer.record("diagnostic", {
          code: "results_truncated",
          message: `${hits.length} matches; showing ${shown.length}. Raise --limit to see the rest, or pass --full.`,
        });
      }
      if (hits.length === 0) {
        ctx.writer.record("hint", {
          text: /\s/.test(term)
            ? "search matches one identifier by name, not a phrase. Search one word (e.g. workspace), or use ix text for a phrase."
            : `No entity name holds '${term}'. ix text '${term}' searches the file contents.`,
        });
        return;
      }
      const top = shown[0]?.node;
      if (top) ctx.writer.next(`ix entity ${top.id.slice(0, 8)}`, `details of ${top.name}`);
    }),
});
