// ix search <term>: find entities by name, ranked, each with where it is.
import { search } from "../answers/search";
import { withSession } from "../answers/session";
import { defineIx } from "./command";
import { invalidRequest } from "../model/errors";
import { kindOption, boundedList } from "./options";
import { presentSearch, SEARCH_ROW } from "../present/search";

const LIST = boundedList(20, SEARCH_ROW);

export default defineIx({
  meta: { name: "search", description: "Find entities by name (one identifier), ranked, with path and lines" },
  args: {
    term: { type: "positional", required: true, description: "One identifier or the start of one" },
    kind: { type: "string", description: "Only entities of this kind (function, method, class, interface, type, module, file)", valueHint: "kind" },
    ...LIST.args,
  },
  examples: [{ run: "ix search workspace --limit 10", why: "entities whose name holds 'workspace'" }],
  run: (args, ctx) => {
    // An empty term matches every name: 500 arbitrary candidates answer nothing that was asked.
    const term = args.term.trim();
    if (term === "") throw invalidRequest("missing_argument", "search needs a term: an identifier or the start of one", { argument: "term" });
    // No name holds a control character; said here, before a NUL reaches the text index.
    const control = /[\u0000-\u001f\u007f]/.exec(term);
    if (control) {
      const code = `U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
      throw invalidRequest("invalid_value", `A search term is an identifier: it holds no control character (${code} at ${control.index + 1})`, { argument: "term" });
    }
    const shape = LIST.shape(args);
    const kind = kindOption(args.kind);
    return withSession(ctx, async ({ graph }) => {
      presentSearch(ctx.writer, term, await search(graph, term, kind), shape);
    });
  },
});
