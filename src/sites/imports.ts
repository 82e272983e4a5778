// Import mode: the import statements that name an imported name or a module specifier.
import type { CodeView } from "./mask";
import { type Candidate, distanceToHints } from "./pick";
import { type Statement, statementAt } from "./statements";
import { identifierColumns } from "./words";

/** A name in the import clause, or the specifier itself, beats a specifier that merely ends with it. */
const RANK = { exact: 0, segment: 1 } as const;

const STRING_LITERAL = /(["'`])((?:\\.|(?!\1).)*)\1/g;

/** `line` is where the statement starts, as the graph records an import; `named` the line naming it. */
export interface ImportCandidate extends Candidate {
  statement: Statement;
  /** 1-based: the line where the name or specifier was found, inside a statement that may run on. */
  named: number;
}

export function importCandidates(view: CodeView, name: string, hints: readonly number[]): ImportCandidate[] {
  const candidates: ImportCandidate[] = [];
  for (let i = 0; i < view.length; i++) {
    if (!view.lines[i]!.includes(name)) continue;
    const statement = statementAt(view, i);
    if (!statement) continue;
    const rank = matchRank(view, i, name);
    if (rank === undefined) continue;
    const hintDistance = distanceToHints(statement.start + 1, statement.end + 1, hints);
    // `import {` on one line and the name on the next: the site is the statement's first line.
    candidates.push({ line: statement.start + 1, named: i + 1, rank, hintDistance, statement });
  }
  return candidates;
}

function matchRank(view: CodeView, i: number, name: string): number | undefined {
  if (identifierColumns(view.masked(i), name).length > 0) return RANK.exact;
  const imports = view.syntax.imports;
  const extension = imports.form === "statements" ? imports.specifierExtension : undefined;
  let best: number | undefined;
  for (const [, , specifier] of view.lines[i]!.matchAll(STRING_LITERAL)) {
    const rank = specifierRank(specifier ?? "", name, extension);
    if (rank !== undefined) best = Math.min(best ?? rank, rank);
  }
  return best;
}

/**
 * `"./util/log"` is named exactly by "./util/log" and by its last segments "log", "util/log";
 * `"./util/log.js"` too, where a specifier may spell the file's extension.
 */
function specifierRank(specifier: string, name: string, extension: RegExp | undefined): number | undefined {
  if (specifier === name) return RANK.exact;
  const withoutExtension = extension ? specifier.replace(extension, "") : specifier;
  if (withoutExtension === name) return RANK.exact;
  return `/${withoutExtension}/`.includes(`/${name}/`) ? RANK.segment : undefined;
}
