// ix search <term>: find entities by name, ranked, each with where it is.
import { search } from "../answers/search";
import { withSession } from "../answers/session";
import { defineIx } from "./command";
import { kindOption, LIST_ARGS, listOptions } from "./options";
import { presentSearch } from "../present/search";

export default defineIx({
  meta: { name: "search", description: "Find entities by name (one identifier), ranked, with path and lines" },
  args: {
    term: { type: "positional", required: true, description: "One identifier or the start of one" },
    kind: { type: "string", description: "Only entities of this kind (function, method, class, interface, type, module, file)", valueHint: "kind" },
    ...LIST_ARGS,
  },
  examples: [{ run: "ix search workspace --limit 10", why: "entities whose name holds 'workspace'" }],
  run: (args, ctx) =>
    withSession(ctx, async ({ graph }) => {
      const shape = listOptions(args, 20);
      const kind = kindOption(args.kind);
      const term = args.term.trim();
      presentSearch(ctx.writer, term, await search(graph, term, kind), shape);
    }),
});
