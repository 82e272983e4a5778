// ix around <path>[:<line>]: what depends on the code at a location, within a token budget.
import { defineIx } from "../cli/command";
import { positiveInt } from "../cli/args";
import { CliError } from "../cli/errors";
import { fileNode } from "../graph/queries";
import { around } from "../query/around";
import { withSession } from "../query/session";
import { graphPath } from "../query/target";
import { quiet } from "../wire/record";

export default defineIx({
  meta: { name: "around", description: "The dependents of the code at path[:line] (callers, users, tests, importers), cut to a token budget" },
  args: {
    location: { type: "positional", required: true, description: "path or path:line" },
    budget: { type: "string", description: "Tokens to spend on rows (default 300)", valueHint: "tokens" },
  },
  examples: [{ run: "ix around src/cli/options.ts:90", why: "what depends on the function at line 90" }],
  run: (args, ctx) =>
    withSession(ctx, (session) => {
      const budget = positiveInt(args.budget, "--budget") ?? 300;
      const m = /^(.*?)(?::(\d+))?$/.exec(args.location) as RegExpExecArray;
      const path = graphPath(session.target, m[1] as string);
      const file = fileNode(session.store, path);
      if (!file) {
        const onDisk = Boolean(session.files.inside(path) && session.files.lines(path));
        throw new CliError("unresolved_target", onDisk ? `${path} is on disk but not in the graph` : `No file ${path} in the workspace`, 1, {
          target: args.location,
          reason: onDisk ? "file_not_in_graph" : "file_not_found",
        });
      }
      const line = m[2] === undefined ? undefined : Number(m[2]);
      const answer = around(session, file, line, budget);
      ctx.writer.record("around", { path, lines: line, symbols: answer.symbols.length, stale: session.files.stale(path) || undefined });
      ctx.writer.rows(
        "symbol",
        answer.symbols.map((s) => ({
          name: s.node.name,
          kind: s.node.kind,
          path: s.node.path,
          lines: `${s.node.startLine}-${s.node.endLine}`,
          callers: s.callers,
          users: s.users,
          tests: s.tests,
        })),
      );
      for (const row of answer.rows) if (row.kind !== "importer") ctx.writer.row(row.kind, row.fields);
      ctx.writer.record("importers", { shown: answer.importers.shown, total: answer.importers.total, tests: quiet(answer.importers.tests) });
      ctx.writer.rows("importer", answer.rows.filter((r) => r.kind === "importer").map((r) => r.fields));
    }),
});
