// Call mode: the uses of a name inside a span, calls preferred over bare uses.
import type { LinesBelow } from "./declarations";
import type { CodeView } from "./mask";
import { type Candidate, distanceToHints } from "./pick";
import type { Span } from "./span";
import { withinImportStatement } from "./statements";
import { classifyUse } from "./uses";
import { identifierColumns } from "./words";

const RANK = { call: 0, bare: 1 } as const;

export function useCandidates(view: CodeView, name: string, span: Span, hints: readonly number[]): Candidate[] {
  const candidates: Candidate[] = [];
  for (let i = span.startLine - 1; i < span.endLine; i++) {
    if (!view.lines[i]!.includes(name)) continue;
    if (withinImportStatement(view, i)) continue;
    const masked = view.masked(i);
    const below: LinesBelow = (offset) => (i + offset < view.length ? view.masked(i + offset) : undefined);
    let best: number | undefined;
    for (const column of identifierColumns(masked, name)) {
      const use = classifyUse(masked, column, name, view.family, below);
      if (use !== undefined) best = Math.min(best ?? RANK[use], RANK[use]);
    }
    if (best !== undefined) candidates.push({ line: i + 1, rank: best, hintDistance: distanceToHints(i + 1, i + 1, hints) });
  }
  return candidates;
}
