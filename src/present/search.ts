// search as records: ranked nodes, a cut that says so, a hint when nothing matched.
import type { SearchHit } from "../answers/search";
import type { Writer } from "../wire/writer";
import { rowFields, type RowShape } from "./shape";
import { commandLine } from "../wire/shell";

export const SEARCH_ROW = rowFields(["name", "kind", "path", "lines", "score", "match"], ["id", "signature", "role"]);

export function presentSearch(writer: Writer, term: string, hits: SearchHit[], shape: RowShape): void {
  const shown = hits.slice(0, shape.limit);
  writer.record("search", { term, count: shown.length, candidates: hits.length });
  writer.rows(
    "node",
    shown.map(({ node, score, match }) =>
      SEARCH_ROW.shape(
        {
          name: node.name,
          kind: node.kind,
          path: node.path,
          lines: node.kind === "file" ? undefined : `${node.startLine}-${node.endLine}`,
          score: Number(score.toFixed(2)),
          match,
        },
        shape,
        { id: node.id, signature: node.signature, role: node.role },
      ),
    ),
  );
  if (shown.length < hits.length) {
    writer.record("diagnostic", {
      code: "results_truncated",
      message: `${hits.length} matches; showing ${shown.length}. Raise --limit to see the rest, or pass --full.`,
    });
  }
  if (hits.length === 0) {
    writer.record("hint", {
      text: /\s/.test(term)
        ? "search matches one identifier by name, not a phrase. Search one word (e.g. workspace), or use ix text for a phrase."
        : `No entity name holds '${term}'. ${commandLine(["ix", "text", term])} searches the file contents.`,
    });
    return;
  }
  const top = shown[0]?.node;
  if (top) writer.next(["ix", "entity", top.id.slice(0, 8)], `details of ${top.name}`);
}
