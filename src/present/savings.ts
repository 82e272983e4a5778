// savings as records: the model it is priced for, each scope, and under --detail each scope's
// commands right after their scope record (the spec's order: a reader sees session's breakdown
// before the lifetime line).
import type { SavingsAnswer } from "../answers/savings";
import type { Writer } from "../wire/writer";

export function presentSavings(writer: Writer, answer: SavingsAnswer, detail: boolean): void {
  const { price } = answer;
  writer.record("savings", { model: `${price.label} ($${price.input}/MTok in, $${price.output}/MTok out)` });
  for (const scope of answer.scopes) {
    writer.row("scope", {
      name: scope.name,
      commands: scope.commands,
      tokens_saved: scope.tokensSaved,
      naive_tokens: scope.naiveTokens,
      actual_tokens: scope.actualTokens,
      money_saved: scope.moneySaved,
      water_saved_ml: scope.waterSavedMl,
    });
    if (!detail) continue;
    for (const command of scope.byCommand) writer.row("command", { scope: scope.name, name: command.name, count: command.count, tokens_saved: command.tokensSaved });
  }
  if (answer.unreadable.length > 0) {
    writer.record("diagnostic", { code: "ledger_files_unreadable", message: `Not counted: ${answer.unreadable.join("; ")}.` });
  }
  if (answer.skipped > 0) {
    writer.record("diagnostic", { code: "ledger_lines_skipped", message: `${answer.skipped} line(s) of the savings ledger could not be read and are not counted.` });
  }
}

/** After `savings reset`: when the new session began, then the figures as they now stand. */
export function presentSavingsReset(writer: Writer, answer: SavingsAnswer, at: Date): void {
  writer.record("reset", { scope: "session", at: at.toISOString() });
  presentSavings(writer, answer, false);
}
