// ix diff <from> <to> [target]: the entities two revisions' graphs differ by, and with --content
// the text hunks from git when both revisions were mapped from clean commits.
import { diffAnswer } from "../answers/diff";
import { historyTarget } from "../answers/history";
import { withSession } from "../answers/session";
import { invalidRequest } from "../model/errors";
import { defineIx } from "./command";
import { positiveInt } from "./options";
import { presentDiff } from "../present/history";

const LIMIT = 50;

function revision(value: string, name: string): number {
  if (!/^\d{1,9}$/.test(value)) throw invalidRequest("invalid_value", `<${name}> takes a revision number (ix patches lists them), got "${value}"`, { argument: name, value });
  return Number(value);
}

export default defineIx({
  meta: { name: "diff", description: "What changed between two revisions: entities added, changed, removed, moved; --content: the text from git" },
  args: {
    from: { type: "positional", required: true, description: "The older revision (0: before the first map)" },
    to: { type: "positional", required: true, description: "The newer revision" },
    target: { type: "positional", required: false, description: "Only this entity or file (a removed one too), as history reads it" },
    summary: { type: "boolean", description: "Only the counts" },
    content: { type: "boolean", description: "The text hunks from git (git diff of the two revisions' HEADs; a target's file, cut to its lines when <to> is the graph's revision); says why not when a revision was dirty or had no commit" },
    pick: { type: "string", description: "Choose the Nth candidate of an ambiguous target", valueHint: "n" },
    limit: { type: "string", description: `At most this many entity rows and hunks (default ${LIMIT})`, valueHint: "n" },
    full: { type: "boolean", description: "Every row" },
  },
  notes: [
    { name: "change", text: "each entity once over the range: added, changed (what=signature,body), removed, or moved (renamed_from= what it was)" },
    { name: "baseline", text: "a first map keeps no row per entity: a range holding one says so and does not count its entities" },
  ],
  examples: [
    { run: "ix diff 41 42 --format llm", why: "what the last map changed" },
    { run: "ix diff 30 42 parseArgs --content", why: "parseArgs's text between two revisions, from git" },
  ],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const limit = args.full ? Number.MAX_SAFE_INTEGER : (positiveInt(args.limit, "--limit") ?? LIMIT);
      const from = revision(args.from, "from");
      const to = revision(args.to, "to");
      const target = args.target === undefined ? undefined : await historyTarget(session, args.target, { pick: positiveInt(args.pick, "--pick") });
      presentDiff(ctx.writer, await diffAnswer(session, { from, to, target, content: Boolean(args.content), limit }), { summary: Boolean(args.summary) });
    }),
});
