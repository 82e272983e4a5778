// What the post-edit hook tells the agent: around's records for each edited place, in llm
// lines, cut to a token cap, and the host's reply that carries them.
import type { PostEdit } from "../answers/post-edit";
import { Writer } from "../wire/writer";
import { presentAround } from "./around";
import { shellWord } from "../wire/shell";

/** ~4 characters a token, the measure around's row costs use (present/around.ts). */
export const tokensOf = (text: string) => Math.ceil(text.length / 4);

const ROW_KINDS = new Set(["caller", "user", "test", "importer"]);

/**
 * The context for the agent, at most `capTokens`; none when nothing depends on the edited
 * code (an agent reads every word of it, after every edit).
 */
export function postEditContext(result: PostEdit | undefined, capTokens: number): string | undefined {
  if (!result || result.answers.every((a) => a.rows.length === 0 && a.importers.total === 0)) return undefined;
  const lines: string[] = [];
  const writer = new Writer("llm", (chunk) => lines.push(...chunk.split("\n").filter(Boolean)));
  for (const answer of result.answers) presentAround(writer, result.path, answer, false);
  writer.end();
  const head = `ix: what depends on the code just edited (as ix around ${shellWord(result.path)}:<line> --format llm answers):`;
  // around sized its rows to the budget by its own estimate; the cap is kept here whatever the
  // headers cost, dropping the last rows first.
  let cut = 0;
  const text = () => [head, ...lines, ...(cut > 0 ? [`diagnostic code=results_truncated message="${cut} rows cut to fit the hook's budget"`] : [])].join("\n");
  while (tokensOf(text()) > capTokens) {
    const last = lines.findLastIndex((line) => ROW_KINDS.has(line.split(" ", 1)[0]!));
    if (last < 0) break;
    lines.splice(last, 1);
    cut++;
  }
  return tokensOf(text()) <= capTokens ? text() : undefined;
}

/**
 * Claude Code's reply to a PostToolUse hook: JSON on stdout with exit 0, the context under
 * hookSpecificOutput.additionalContext (https://code.claude.com/docs/en/hooks#posttooluse);
 * `{}` says nothing.
 */
export function claudeHookReply(context: string | undefined): string {
  if (context === undefined) return "{}\n";
  return JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: context } }) + "\n";
}
