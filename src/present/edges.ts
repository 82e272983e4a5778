// callers, callees, imports, imported-by as records: the bounded list of refs, the hint that a
// zero may be a floor, and the next questions worth asking.
import type { EdgeAnswer, Relation } from "../answers/edges";
import { quiet, type Fields } from "../wire/record";
import type { Writer } from "../wire/writer";
import { missFields, needsId, REF_ROW, refFields } from "./refs";
import type { RowShape } from "./shape";
import { commandLine } from "../wire/shell";

const NOUN: Record<Relation, string> = { callers: "callers", callees: "callees", imports: "imported files", "imported-by": "importing files" };

export function presentEdges(writer: Writer, relation: Relation, answer: EdgeAnswer, shape: RowShape): void {
  const { target } = answer;
  const ids = needsId(answer.rows);
  const rows = answer.rows.map((row) => {
    const { fields, optional } = refFields(row, ids.has(row));
    return REF_ROW.shape(fields, shape, optional);
  });
  for (const miss of answer.misses?.rows ?? []) rows.push(REF_ROW.shape(missFields(miss), shape));
  const header: Fields = { target: target.kind === "file" ? target.path : target.name, path: target.kind === "file" ? undefined : target.path };
  const viaInterface = (answer.through ?? []).reduce((sum, t) => sum + t.calls, 0);
  const after: Fields =
    relation === "callers"
      ? { resolved: answer.total, references: quiet(answer.callers?.references ?? 0), unresolved: quiet(answer.unresolved), via_interface: quiet(viaInterface) }
      : relation === "callees"
        ? { unresolved: quiet(answer.unresolved) }
        : answer.misses
          ? { unresolved: quiet(answer.misses.unresolved), external: quiet(answer.misses.external) }
          : {};
  writer.list(relation, header, "ref", rows, { total: answer.total, noun: NOUN[relation], after });
  if (answer.total === 0 && viaInterface > 0) {
    // The compiler binds a call through an interface to the interface's member: those calls
    // are what "who calls this" means of an implementation.
    writer.record("hint", {
      text: `No calls bound to ${target.name} itself, but ${viaInterface} caller(s) call it through the interface member(s) it implements.`,
    });
  } else if (answer.total === 0 && answer.unresolved > 0 && relation === "callers") {
    writer.record("hint", {
      text: `No proven callers, but ${answer.unresolved} site(s) call or hand over the name '${target.name}' and could not be bound to a definition: the true number may be higher. ${commandLine(["ix", "text", target.name])} lists them.`,
    });
  } else if (answer.total === 0 && relation === "callers" && (answer.callers?.typeReferences ?? 0) > 0) {
    writer.record("hint", {
      text: `No callers: ${answer.callers!.typeReferences} annotation(s) name '${target.name}' as a type, which is a use but no call. ${commandLine(["ix", "around", `${target.path}:${target.startLine}`])} lists the files that use it.`,
    });
  }
  if ((answer.misses?.unresolved ?? 0) > 0) {
    writer.record("hint", {
      text: `${answer.misses!.unresolved} import(s) name a module the project should hold (a relative path, an alias, a workspace package) that was not found: calls through them are not bound.`,
    });
  }
  for (const { member, calls } of answer.through ?? []) {
    if (calls > 0) writer.next(["ix", "callers", member.id.slice(0, 8)], `the ${calls} caller(s) of ${member.qname}, which ${target.name} implements`);
  }
  const first = answer.rows[0]?.node;
  if (first && first.kind !== "file") writer.next(["ix", relation, first.id.slice(0, 8)], `the same question for ${first.name}`);
  if (target.kind !== "file") writer.next(["ix", "read", `${target.path}:${target.startLine}-${target.endLine}`], `read ${target.name}'s source`);
}
