// ix text <pattern>: where a regular expression matches, with the enclosing symbol.
import { defineIx } from "../cli/command";
import { positiveInt } from "../cli/args";
import { usageError } from "../cli/errors";
import { innermostAt } from "../graph/queries";
import { withSession } from "../query/session";
import { graphPath } from "../query/target";
import { compilePattern, textSearch } from "../query/text";

export default defineIx({
  meta: { name: "text", description: "Search file contents with a regular expression; each match names its enclosing symbol" },
  args: {
    pattern: { type: "positional", required: true, description: "A regular expression" },
    path: { type: "string", description: "Only under this path", valueHint: "dir" },
    limit: { type: "string", description: "At most this many matches (default 30)", valueHint: "n" },
  },
  examples: [{ run: "ix text 'TODO\\(' --limit 10", why: "calls to TODO( anywhere" }],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const limit = positiveInt(args.limit, "--limit") ?? 30;
      const regex = compilePattern(args.pattern);
      if (!regex) throw usageError("invalid_value", `Invalid regular expression: ${args.pattern}`, { argument: "pattern", value: args.pattern });
      const under = args.path === undefined ? undefined : graphPath(session.target, args.path);
      const result = await textSearch(session.ws.root, args.pattern, regex, under);
      const shown = result.matches.slice(0, limit);
      ctx.writer.record("text", { pattern: args.pattern, shown: shown.length, scanned: result.scanned, engine: result.engine });
      ctx.writer.rows(
        "match",
        shown.map((m) => ({
          path: m.path,
          line: m.line,
          symbol: innermostAt(session.store, m.path, m.line)?.name,
          snippet: m.text.trim().slice(0, 200),
        })),
      );
      if (shown.length < result.scanned) {
        ctx.writer.record("diagnostic", {
          code: "results_truncated",
          message: `${result.scanned} matches scanned; showing ${shown.length}. Raise --limit or narrow with --path.`,
        });
      }
    }),
});
