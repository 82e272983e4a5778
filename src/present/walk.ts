// depends and trace as records: the header with its bounds and whether the cap cut the walk,
// then the walk's rows, each naming its parent (a reader re-trees from id and parent=), a
// cycle marked; text draws the tree. A path answer is its steps in order, or no_path.
import type { DependsAnswer, PathTraceAnswer, TraceAnswer } from "../answers/trace";
import type { Walk, WalkStep } from "../answers/walk";
import type { GraphNode } from "../store";
import type { Fields } from "../wire/record";
import type { Writer } from "../wire/writer";
import { graphFields } from "./health";

const nameOf = (node: GraphNode): string => (node.kind === "file" ? node.path : node.name);

export function stepFields(step: WalkStep, withDirection = false): Fields {
  const { node } = step;
  return {
    id: node.id,
    name: node.kind === "file" ? undefined : node.name,
    kind: node.kind,
    path: node.path,
    lines: node.kind === "file" ? undefined : `${node.startLine}-${node.endLine}`,
    depth: step.depth,
    relation: step.relation,
    direction: withDirection ? step.direction : undefined,
    parent: step.parent,
    cycle: step.cycle,
  };
}

function stepText(step: WalkStep): string {
  const { node } = step;
  const where = node.kind === "file" ? node.path : `${node.name} (${node.kind}) ${node.path}:${node.startLine}`;
  return `${step.relation} ${where}${step.cycle ? "  [cycle]" : ""}`;
}

/** The walk's rows in tree order (each under the row it was reached from), for text to draw; the others re-tree from parent=. */
function treeRows(walk: Walk, withDirection: boolean): { fields: Fields; depth: number; text: string }[] {
  const children = new Map<string, WalkStep[]>();
  for (const step of walk.steps) children.set(step.parent, [...(children.get(step.parent) ?? []), step]);
  const out: { fields: Fields; depth: number; text: string }[] = [];
  const stack: WalkStep[] = walk.roots.flatMap((r) => children.get(r.id) ?? []).reverse();
  while (stack.length > 0) {
    const step = stack.pop()!;
    out.push({ fields: stepFields(step, withDirection), depth: step.depth - 1, text: stepText(step) });
    if (!step.cycle) stack.push(...(children.get(step.node.id) ?? []).slice().reverse());
  }
  return out;
}

function cutDiagnostic(writer: Writer, walk: Walk, cap: number, what: string): void {
  if (!walk.truncated) return;
  writer.record("diagnostic", {
    code: "results_truncated",
    message: `${what}: the walk stopped at --cap ${cap} at depth ${walk.cutDepth}; more entities at that depth, and every deeper hop, were not walked. Raise --cap to see more.`,
  });
}

const walkHeader = (walk: Walk): Fields => ({
  shown: walk.steps.filter((s) => !s.cycle).length,
  truncated: walk.truncated || undefined,
  cycles: walk.steps.filter((s) => s.cycle).length || undefined,
});

export function presentDepends(writer: Writer, answer: DependsAnswer): void {
  const { target, walk } = answer;
  if (answer.health.health !== "ok") writer.record("graph", graphFields(answer.health));
  writer.record("depends", { target: nameOf(target), kind: target.kind, path: target.path, depth: answer.depth, cap: answer.cap, ...walkHeader(walk) });
  writer.tree("dependent", treeRows(walk, false));
  cutDiagnostic(writer, walk, answer.cap, `${nameOf(target)}'s dependents`);
  const short = target.id.slice(0, 8);
  if (walk.steps.length > 0) writer.next(["ix", "impact", short], `what a change to ${nameOf(target)} puts at risk`);
  if (answer.depth < 5 && walk.steps.some((s) => s.depth === answer.depth)) writer.next(["ix", "depends", short, "--depth", answer.depth + 1], "one hop further");
  if (target.kind !== "file") writer.next(["ix", "read", `${target.path}:${target.startLine}-${target.endLine}`], `read ${target.name}'s source`);
}

export function presentTrace(writer: Writer, answer: TraceAnswer): void {
  const { target } = answer;
  if (answer.health.health !== "ok") writer.record("graph", graphFields(answer.health));
  const steps = answer.walks.flatMap((w) => w.walk.steps);
  writer.record("trace", {
    target: nameOf(target),
    kind: target.kind,
    path: target.path,
    relation: answer.kind,
    direction: answer.walks.length === 2 ? "both" : answer.walks[0]!.direction === "up" ? "upstream" : "downstream",
    depth: answer.depth,
    cap: answer.cap,
    shown: steps.filter((s) => !s.cycle).length,
    truncated: answer.walks.some((w) => w.walk.truncated) || undefined,
    cycles: steps.filter((s) => s.cycle).length || undefined,
  });
  writer.tree(
    "step",
    answer.walks.flatMap((w) => treeRows(w.walk, true)),
  );
  for (const { direction, walk } of answer.walks) cutDiagnostic(writer, walk, answer.cap, direction === "up" ? "upstream" : "downstream");
  const short = target.id.slice(0, 8);
  writer.next(["ix", "depends", short], `the tree of what depends on ${nameOf(target)}`);
  if (target.kind !== "file") writer.next(["ix", "read", `${target.path}:${target.startLine}-${target.endLine}`], `read ${target.name}'s source`);
}

export function presentPath(writer: Writer, answer: PathTraceAnswer): void {
  const { from, to, path } = answer;
  if (answer.health.health !== "ok") writer.record("graph", graphFields(answer.health));
  if (!path) {
    writer.record("no_path", {
      from: nameOf(from),
      to: nameOf(to),
      relation: answer.kind,
      depth: answer.depth,
      searched: answer.searched,
      cut: answer.cut,
    });
    if (answer.cut === "depth") writer.next(["ix", "trace", from.id.slice(0, 8), "--to", to.id.slice(0, 8), "--depth", answer.depth + 2], "search further");
    else if (answer.cut === "cap") writer.next(["ix", "trace", from.id.slice(0, 8), "--to", to.id.slice(0, 8), "--cap", answer.cap * 4], "search more entities");
    return;
  }
  writer.record("path", {
    from: nameOf(from),
    to: nameOf(to),
    relation: answer.kind,
    direction: path.direction === "down" ? "downstream" : "upstream",
    length: path.steps.length,
    searched: answer.searched,
  });
  writer.rows("step", path.steps.map((step) => stepFields(step)));
  const last = path.steps.at(-1)?.node ?? to;
  if (last.kind !== "file") writer.next(["ix", "read", `${last.path}:${last.startLine}-${last.endLine}`], `read ${last.name}'s source`);
}
