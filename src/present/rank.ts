// rank as records: a bounded list of entities, each with the figure it was ranked by.
import type { RankAnswer } from "../answers/rank";
import type { Writer } from "../wire/writer";
import { rowFields, type RowShape } from "./shape";

/** The figure is named for what it counts (callers=12, pagerank=0.01), so a row reads alone. */
export const RANK_ROW = rowFields(["name", "kind", "path", "lines", "dependents", "callers", "importers", "members", "pagerank"], ["id", "signature", "role"]);

/** PageRank as a share of the whole, to four significant digits: enough to order, short to read. */
const figure = (value: number, by: string) => (by === "pagerank" ? Number(value.toPrecision(4)) : value);

export function presentRank(writer: Writer, answer: RankAnswer, shape: RowShape): void {
  const rows = answer.rows.map(({ node, value }) =>
    RANK_ROW.shape(
      {
        name: node.kind === "file" ? undefined : node.name,
        kind: node.kind,
        path: node.path,
        lines: node.kind === "file" ? undefined : `${node.startLine}-${node.endLine}`,
        dependents: undefined,
        callers: undefined,
        importers: undefined,
        members: undefined,
        pagerank: undefined,
        [answer.by]: figure(value, answer.by),
      },
      shape,
      { id: node.id, signature: node.signature, role: node.role },
    ),
  );
  writer.list("rank", { by: answer.by, kind: answer.kind, path: answer.path }, "ranked", rows, {
    total: answer.total,
    noun: `entities with ${answer.by} above zero`,
    after: { map_current: answer.mapCurrent === false ? false : undefined },
  });
  if (answer.mapCurrent === false) writer.record("note", { text: "PageRank comes from the architecture map, which is older than the graph: a map of the workspace brings it up to date." });
  if (answer.total === 0) {
    writer.record("hint", {
      text: answer.by === "pagerank" ? "No file has a PageRank: the architecture map holds none yet (a map of the workspace writes it)." : `No entity here has ${answer.by} above zero.`,
    });
  }
  const first = answer.rows[0]?.node;
  if (first) writer.next(["ix", "explain", first.kind === "file" ? first.path : first.id.slice(0, 8)], `what ${first.kind === "file" ? first.path : first.name} is for`);
}
