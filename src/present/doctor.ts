// doctor as records: the verdict, one row per check with its fix, the first fix as a next step.
import type { DoctorAnswer } from "../answers/doctor";
import type { Writer } from "../wire/writer";
import { failedRows, parseErrorRows } from "./failed";
import { remedyCommand, remedyWords } from "./remedy";

export function presentDoctor(writer: Writer, answer: DoctorAnswer): void {
  writer.record("doctor", { status: answer.status, workspace: answer.ws.id, root: answer.ws.root, checks: answer.checks.length });
  writer.rows(
    "check",
    answer.checks.map((c) => ({ name: c.name, status: c.status, ...c.facts, fix: c.fix && remedyCommand(c.fix) })),
  );
  parseErrorRows(writer, answer.errorFiles);
  failedRows(writer, answer.failed);
  const first = answer.checks.find((c) => c.status !== "ok" && c.fix);
  if (first?.fix) writer.next(remedyWords(first.fix), "the fix for the first failing check");
}
