// ix conflicts: the claims doc comments make that the code contradicts, each with both sides.
import { CONFLICT_KINDS, CONFLICT_RULES, conflictsAnswer } from "../answers/conflicts";
import { graphPath, withSession } from "../answers/session";
import { invalidRequest } from "../model/errors";
import { CONFLICT_ROW, presentConflicts } from "../present/conflicts";
import { defineIx } from "./command";
import { boundedList } from "./options";

const LIST = boundedList(50, CONFLICT_ROW);

function ruleOption(value: string | undefined): string | undefined {
  if (value !== undefined && !CONFLICT_KINDS.includes(value)) {
    throw invalidRequest("invalid_value", `Invalid value for --kind: "${value}". Expected one of: ${CONFLICT_KINDS.join(", ")}`, { option: "--kind", value, kinds: CONFLICT_KINDS.join(",") });
  }
  return value;
}

export default defineIx({
  meta: { name: "conflicts", description: "Doc comments the code contradicts: documented parameters it lacks, results it never returns, deprecated code still in use, links to names that are gone" },
  args: {
    kind: { type: "string", description: `Only this rule's conflicts (${CONFLICT_KINDS.join(", ")})`, valueHint: "rule" },
    path: { type: "string", description: "Only entities of files under this path", valueHint: "dir" },
    ...LIST.args,
  },
  notes: CONFLICT_RULES.map((rule) => ({ name: rule.name, text: rule.summary })),
  examples: [
    { run: "ix conflicts --format llm", why: "every conflict, in path order" },
    { run: "ix conflicts --kind deprecated_in_use --path src", why: "deprecated entities under src that production code still uses" },
  ],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const shape = LIST.shape(args);
      const kind = ruleOption(args.kind);
      const path = args.path === undefined ? undefined : graphPath(session, args.path);
      presentConflicts(ctx.writer, await conflictsAnswer(session, { kind, path, limit: shape.limit }), shape);
    }),
});
