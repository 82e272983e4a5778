// callers, callees, imports, imported-by: one shape, four relations.
import { defineIx, type Context } from "../cli/command";
import { LIST_ARGS, listOptions, shapeRow, TARGET_ARGS, targetOptions } from "../cli/options";
import { edgeAnswer, needsId, refFields, type Relation } from "../query/edges";
import { withSession } from "../query/session";
import { resolveTarget } from "../query/target";
import { quiet, type Fields } from "../wire/record";

const NOUN: Record<Relation, string> = { callers: "callers", callees: "callees", imports: "imported files", "imported-by": "importing files" };

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
  "imported-by": "ix imported-by src/graph/store.ts",
};

function edgeCommand(relation: Relation) {
  return defineIx({
    meta: { name: relation, description: DESCRIPTION[relation] },
    args: { ...TARGET_ARGS, ...LIST_ARGS },
    examples: [{ run: EXAMPLE[relation], why: DESCRIPTION[relation].toLowerCase() }],
    run: (args, ctx: Context) =>
      withSession(ctx, (session) => {
        const list = listOptions(args);
        const target = resolveTarget(session.target, args.target, targetOptions(args));
        const answer = edgeAnswer(session, relation, target, list.limit);
        const ids = needsId(answer.rows);
        const rows = answer.rows.map((row) => {
          const { fields, optional } = refFields(row, ids.has(row));
          return shapeRow(fields, list, optional) as Fields;
        });
        const header: Fields = { target: target.kind === "file" ? target.path : target.name, path: target.kind === "file" ? undefined : target.path };
        const after: Fields =
          relation === "callers"
            ? { resolved: answer.total, unresolved: quiet(answer.unresolved) }
            : relation === "callees"
              ? { unresolved: quiet(answer.unresolved) }
              : {};
        ctx.writer.list(relation, header, "ref", rows, { total: answer.total, noun: NOUN[relation], after });
        if (answer.total === 0 && answer.unresolved > 0 && relation === "callers") {
          ctx.writer.record("hint", {
            text: `No proven callers, but ${answer.unresolved} call site(s) use the name '${target.name}' and could not be bound to a definition: the true number may be higher. ix text '${target.name}\\(' lists them.`,
          });
        }
        const first = answer.rows[0]?.node;
        if (first && first.kind !== "file") ctx.writer.next(`ix ${relation} ${first.id.slice(0, 8)}`, `the same question for ${first.name}`);
        if (target.kind !== "file") ctx.writer.next(`ix read ${target.path}:${target.startLine}-${target.endLine}`, `read ${target.name}'s source`);
      }),
  });
}

export const callers = edgeCommand("callers");
export const callees = edgeCommand("callees");
export const imports = edgeCommand("imports");
export const importedBy = edgeCommand("imported-by");
