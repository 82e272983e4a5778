// ix rank: the most depended-on entities, by dependents, callers, importers, members or PageRank.
import { RANK_FIGURES, rankAnswer, type RankFigure } from "../answers/rank";
import { graphPath, withSession } from "../answers/session";
import { invalidRequest } from "../model/errors";
import { defineIx } from "./command";
import { boundedList, kindOption } from "./options";
import { presentRank, RANK_ROW } from "../present/rank";

const LIST = boundedList(20, RANK_ROW);

function byOption(value: string | undefined): RankFigure {
  if (value === undefined) return "dependents";
  if (!RANK_FIGURES.includes(value as RankFigure)) {
    throw invalidRequest("invalid_value", `Invalid value for --by: "${value}". Expected one of: ${RANK_FIGURES.join(", ")}`, { option: "--by", value });
  }
  return value as RankFigure;
}

export default defineIx({
  meta: { name: "rank", description: "The most depended-on entities, with the figure they were ranked by" },
  args: {
    by: { type: "string", description: `What to rank by: ${RANK_FIGURES.join(", ")} (default dependents)`, valueHint: "figure" },
    kind: { type: "string", description: "Only this kind (function, method, class, interface, type, module, file)", valueHint: "kind" },
    path: { type: "string", description: "Only under this path", valueHint: "dir" },
    "include-tests": { type: "boolean", description: "Rank test and fixture entities too" },
    ...LIST.args,
  },
  notes: [
    { name: "dependents", text: "edges of any kind but CONTAINS into it, one per source and kind: callers, importers, type users, subtypes (explain counts the same)" },
    { name: "callers", text: "calls and hand-overs by name, counted as ix callers counts them" },
    { name: "importers", text: "distinct files importing it (files)" },
    { name: "members", text: "what it contains" },
    { name: "pagerank", text: "files only: PageRank (damping 0.85) over the directed file graph, user to used, written by the map's region step; as current as the architecture map" },
  ],
  examples: [
    { run: "ix rank --by callers --kind function --limit 10", why: "the ten most-called functions" },
    { run: "ix rank --by pagerank --path src", why: "the most central files under src" },
  ],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const shape = LIST.shape(args);
      const by = byOption(args.by);
      const kind = kindOption(args.kind);
      if (by === "pagerank" && kind !== undefined && kind !== "file") {
        throw invalidRequest("invalid_value", `--by pagerank ranks files; --kind ${kind} has none`, { option: "--kind", value: kind });
      }
      const path = args.path === undefined ? undefined : graphPath(session, args.path);
      presentRank(ctx.writer, await rankAnswer(session, { by, kind, path, includeTests: args["include-tests"] === true, limit: shape.limit }), shape);
    }),
});
