// An error as the CLI says it: the answer's code and details, the command line that would fix
// it (`hint=`), a request field named as its option, and the rows that help (candidates of an
// ambiguity with the `--pick` that chooses each, the names nearest a miss, the graph's health).
import { TargetError, type Suggestion } from "../answers/errors";
import type { IxError } from "../model/errors";
import type { GraphNode, Region } from "../store";
import type { Fields } from "../wire/record";
import type { ErrorRecord } from "../wire/writer";
import { graphRows } from "./health";
import { remedyCommand } from "./remedy";

/** Candidates listed with an ambiguity; the count says how many there were in all. */
const CANDIDATE_ROWS = 20;

function candidateRow(node: GraphNode, n?: number): Fields {
  return {
    n,
    name: node.name,
    kind: node.kind,
    // The container, when there is one: two `invoke` methods in one file differ by their class.
    qname: node.kind !== "file" && node.qname !== node.name ? node.qname : undefined,
    path: node.path,
    lines: node.kind === "file" ? undefined : `${node.startLine}-${node.endLine}`,
    pick: n === undefined ? undefined : `--pick ${n}`,
    id: node.id,
  };
}

/** A region as a candidate or suggestion names it: its label, what it is, and the id that names it alone. */
const regionRef = (r: Region): Fields => ({ label: r.label, kind: r.kind, level: r.level, files: r.files, id: r.id });

/** `target=` only where the entity's name alone would not name it. */
function suggestionRow({ node, target }: Suggestion): Fields {
  return { name: node.name, kind: node.kind, path: node.path, target: target === node.name ? undefined : target };
}

export function errorRecord(error: IxError): ErrorRecord {
  let message = error.message;
  const details: Fields = { ...error.details };
  // A field of the request is the CLI's option of the same name.
  const option = details.option;
  if (error.invalidRequest && typeof option === "string" && !option.startsWith("-")) {
    details.option = `--${option}`;
    if (message.startsWith(`${option} `)) message = `--${message}`;
  }
  if (error.fix) details.hint = remedyCommand(error.fix);
  const rows: { kind: string; rows: Fields[] }[] = error.rows.map((group) => ({ kind: group.kind, rows: group.rows }));
  if (error instanceof TargetError) {
    const { candidates, suggestions, regionCandidates, regionSuggestions, health } = error.findings;
    if (candidates) {
      message += "; pick one with --pick N, or narrow with --kind / --path";
      rows.push({ kind: "candidate", rows: candidates.slice(0, CANDIDATE_ROWS).map((node, i) => candidateRow(node, i + 1)) });
    }
    if (regionCandidates) {
      message += "; pick one with --pick N, or name it by its id";
      rows.push({ kind: "candidate", rows: regionCandidates.slice(0, CANDIDATE_ROWS).map((r, i) => ({ n: i + 1, label: r.label, kind: r.kind, level: r.level, files: r.files, pick: `--pick ${i + 1}`, id: r.id })) });
    }
    if (suggestions) rows.push({ kind: "suggestion", rows: suggestions.map(suggestionRow) });
    if (regionSuggestions) rows.push({ kind: "suggestion", rows: regionSuggestions.map(regionRef) });
    rows.push(...graphRows(health));
  }
  return { code: error.code, message, details, help: error.help, rows };
}
