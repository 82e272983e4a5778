// ix smells: what the smell rules found in the graph's revision, most confident first.
import { SMELL_KINDS, SMELL_RULES, smellsAnswer } from "../answers/smells";
import { graphPath, withSession } from "../answers/session";
import { invalidRequest } from "../model/errors";
import { presentSmells, SMELL_ROW } from "../present/smells";
import { defineIx } from "./command";
import { boundedList } from "./options";

const LIST = boundedList(50, SMELL_ROW);

/** A --kind value: a rule's name, with or without its `has_smell.` prefix. */
export function smellKindOption(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const kind = value.startsWith("has_smell.") ? value.slice("has_smell.".length) : value;
  if (!SMELL_KINDS.includes(kind)) {
    throw invalidRequest("invalid_value", `Invalid value for --kind: "${value}". Expected one of: ${SMELL_KINDS.join(", ")}`, { option: "--kind", value, kinds: SMELL_KINDS.join(",") });
  }
  return kind;
}

export default defineIx({
  meta: { name: "smells", description: "Architecture smells of the graph (rules smell_v1), most confident first" },
  args: {
    kind: { type: "string", description: `Only this rule's smells (${SMELL_KINDS.join(", ")})`, valueHint: "kind" },
    path: { type: "string", description: "Only smells of files under this path", valueHint: "dir" },
    ...LIST.args,
  },
  notes: SMELL_RULES.map((rule) => ({ name: rule.name, text: rule.summary })),
  examples: [
    { run: "ix smells --format llm", why: "every rule's smells, most confident first" },
    { run: "ix smells --kind import_cycle --path src/store", why: "the import cycles that touch src/store" },
  ],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const shape = LIST.shape(args);
      const kind = smellKindOption(args.kind);
      const path = args.path === undefined ? undefined : graphPath(session, args.path);
      presentSmells(ctx.writer, await smellsAnswer(session, { kind, path, limit: shape.limit }), shape);
    }),
});
