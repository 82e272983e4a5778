// ix savings: what ix has spared the agent, from the ledger the CLI keeps; reset starts a new session.
import { DEFAULT_MODEL, PRICES, resetSavings, savings } from "../answers/savings";
import { presentSavings, presentSavingsReset } from "../present/savings";
import { defineIx } from "./command";

const MODEL = {
  type: "string",
  description: `Price the tokens for this model: ${Object.keys(PRICES).join(", ")} (default ${DEFAULT_MODEL})`,
  valueHint: "name",
} as const;

const reset = defineIx({
  meta: { name: "reset", description: "Start a new session; the lifetime totals are kept" },
  savings: false,
  args: { model: MODEL },
  examples: [{ run: "ix savings reset", why: "count this session from zero" }],
  run: (args, ctx) => {
    const at = new Date();
    presentSavingsReset(ctx.writer, resetSavings(ctx.home, args.model ?? DEFAULT_MODEL, at.getTime()), at);
  },
});

export default defineIx({
  meta: { name: "savings", description: "Tokens, money and water ix has spared this session and in all" },
  // Reading the ledger is not an answer about code: counting it would pad the ledger with itself.
  savings: false,
  args: {
    detail: { type: "boolean", description: "Break each scope down by command" },
    model: MODEL,
  },
  examples: [
    { run: "ix savings --detail --format llm", why: "the session and lifetime figures, by command" },
    { run: "ix savings --model sonnet", why: "priced for Claude Sonnet" },
  ],
  notes: [
    { name: "ledger", text: "Every answered command appends one line to $IX_HOME/savings.log: tokens printed (stdout bytes ÷ 4) and tokens an agent would have read without ix (README: Savings)." },
    { name: "session", text: "A session ends after 30 minutes without a command, or at `ix savings reset`, which keeps the lifetime totals." },
  ],
  subCommands: { reset },
  run: (args, ctx) => presentSavings(ctx.writer, savings(ctx.home, args.model ?? DEFAULT_MODEL), Boolean(args.detail)),
});
