// Call mode: the uses of a name inside a span, calls preferred over bare uses.
import { linesBelow } from "./extent";
import type { CodeView } from "./mask";
import { type Candidate, distanceToHints } from "./pick";
import type { Span } from "./span";
import { statementAt } from "./statements";
import { classifyUse } from "./uses";
import { identifierColumns } from "./words";

const RANK = { call: 0, bare: 1 } as const;

export function useCandidates(view: CodeView, name: string, span: Span, hints: readonly number[]): Candidate[] {
  const candidates: Candidate[] = [];
  for (let i = span.startLine - 1; i < span.endLine; i++) {
    if (!view.lines[i]!.includes(name)) continue;
    const masked = view.masked(i);
    const columns = identifierColumns(masked, name);
    if (columns.length === 0) continue;
    const statement = statementAt(view, i);
    if (statement && !statement.inline) continue;
    const below = linesBelow(view, i);
    let best: number | undefined;
    for (const column of columns) {
      const use = classifyUse(masked, column, name, view.syntax, below);
      if (use !== undefined) best = Math.min(best ?? RANK[use], RANK[use]);
    }
    if (best !== undefined) candidates.push({ line: i + 1, rank: best, hintDistance: distanceToHints(i + 1, i + 1, hints) });
  }
  return candidates;
}
