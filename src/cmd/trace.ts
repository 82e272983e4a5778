// ix trace <target>: the neighbourhood of an entity upstream, downstream or both, along one
// kind of relation; with --to, the shortest path between two entities.
import { withSession } from "../answers/session";
import { resolveTarget } from "../answers/target";
import { pathAnswer, traceAnswer, TRACE_KINDS, type TraceKind } from "../answers/trace";
import type { Direction } from "../answers/walk";
import { invalidRequest } from "../model/errors";
import { NODE_KINDS } from "../model/facts";
import { defineIx } from "./command";
import { TARGET_ARGS, targetOptions } from "./options";
import { walkArgs, walkBounds } from "./walk-options";
import { presentPath, presentTrace } from "../present/walk";

const DEPTH = { default: 2, max: 10 };
const PATH_DEPTH = 6;
const CAP = 500;

/**
 * --kind names the relation to follow, as the issue spells trace; an entity kind still narrows
 * the target, as on every command that takes one (the two sets of words are disjoint).
 */
function kindsOf(value: string | undefined): { relation?: TraceKind; entity?: string } {
  if (value === undefined) return {};
  if (TRACE_KINDS.includes(value as TraceKind)) return { relation: value as TraceKind };
  if (NODE_KINDS.includes(value)) return { entity: value };
  throw invalidRequest("invalid_value", `Invalid value for --kind: "${value}". Expected a relation (${TRACE_KINDS.join(", ")}) or an entity kind (${NODE_KINDS.join(", ")})`, {
    option: "--kind",
    value,
  });
}

export default defineIx({
  meta: { name: "trace", description: "What an entity reaches and what reaches it, along calls, imports or containment; --to: the shortest path to another" },
  args: {
    ...TARGET_ARGS,
    upstream: { type: "boolean", description: "Only what reaches the target (callers, importers, containers)" },
    downstream: { type: "boolean", description: "Only what the target reaches (callees, imports, members)" },
    kind: { type: "string", description: `The relation to follow: ${TRACE_KINDS.join(", ")} (default calls; imports for a file); or an entity kind, to narrow the target`, valueHint: "kind" },
    to: { type: "string", description: "Another entity: the shortest path from the target to it (or no_path)", valueHint: "target" },
    ...walkArgs(DEPTH, CAP),
  },
  examples: [
    { run: "ix trace main --downstream --depth 3", why: "what main reaches, three calls deep" },
    { run: "ix trace main --to parseArgs", why: "the chain of calls from main to parseArgs" },
  ],
  notes: [
    {
      name: "Relations",
      text: "--kind calls follows calls and hand-overs by name; imports, file imports; contains, containment (members downstream, containers upstream); all, those and type references, extends and implements. An entity kind (function, class, …) narrows the target instead, as on every command.",
    },
    {
      name: "Paths",
      text: `With --to the search goes downstream first (the target reaches the other), then upstream, within --depth hops (default ${PATH_DEPTH}) and --cap entities; no_path says cut=depth or cut=cap when a bound, not the graph, ended the search.`,
    },
  ],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const { relation, entity } = kindsOf(args.kind);
      const directions: Direction[] = args.upstream && !args.downstream ? ["up"] : args.downstream && !args.upstream ? ["down"] : ["up", "down"];
      const target = await resolveTarget(session, args.target, targetOptions({ ...args, kind: entity }));
      // A file is called by nothing and holds its calls in its entities: its relation is imports.
      const kind = relation ?? (target.kind === "file" ? "imports" : "calls");
      if (args.to !== undefined) {
        const bounds = walkBounds(args, { default: PATH_DEPTH, max: DEPTH.max }, CAP * 10);
        const to = await resolveTarget(session, args.to, {});
        presentPath(ctx.writer, await pathAnswer(session, target, to, directions, kind, bounds.depth, bounds.cap));
        return;
      }
      const bounds = walkBounds(args, DEPTH, CAP);
      presentTrace(ctx.writer, await traceAnswer(session, target, directions, kind, bounds.depth, bounds.cap));
    }),
});
