// callers, callees, imports, imported-by: one shape, four relations.
import { edgeAnswer, type Relation } from "../answers/edges";
import { withSession } from "../answers/session";
import { resolveTarget } from "../answers/target";
import { defineIx } from "./command";
import { TARGET_ARGS, targetOptions, boundedList } from "./options";
import { presentEdges } from "../present/edges";
import { REF_ROW } from "../present/refs";

const LIST = boundedList(50, REF_ROW);

const DESCRIPTION: Record<Relation, string> = {
  callers: "Who calls a function or method, with the call site of each",
  callees: "What a function or method calls, with the call site of each",
  imports: "Which files a file (or a symbol's file) imports",
  "imported-by": "Which files import a file (or a symbol's file)",
};

const EXAMPLE: Record<Relation, string> = {
  callers: "ix callers parseArgs --format llm",
  callees: "ix callees main --limit 20",
  imports: "ix imports src/cli/main.ts",
  "imported-by": "ix imported-by src/store/graph.ts",
};

function edgeCommand(relation: Relation) {
  return defineIx({
    meta: { name: relation, description: DESCRIPTION[relation] },
    // Without ix: open each file a row names to see the call or the import in its place. An
    // importer's line is what a grep prints, so imported-by spares nothing beyond its output.
    savings: relation === "imported-by" ? undefined : "files",
    args: { ...TARGET_ARGS, ...LIST.args },
    examples: [{ run: EXAMPLE[relation], why: DESCRIPTION[relation].toLowerCase() }],
    run: (args, ctx) =>
      withSession(ctx, async (session) => {
        const shape = LIST.shape(args);
        const target = await resolveTarget(session, args.target, targetOptions(args));
        presentEdges(ctx.writer, relation, await edgeAnswer(session, relation, target, shape.limit), shape);
      }),
  });
}

export const callers = edgeCommand("callers");
export const callees = edgeCommand("callees");
export const imports = edgeCommand("imports");
export const importedBy = edgeCommand("imported-by");
