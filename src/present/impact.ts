// impact as records: the risk line, what flows through the target, the counts, the regions it
// reaches, the test files that reach it, then the dependents (callers of a leaf; a
// container's members, then what depends on it and them) and the next questions.
import type { ImpactAnswer } from "../answers/impact";
import type { WalkStep } from "../answers/walk";
import { quiet, type Fields } from "../wire/record";
import type { Writer } from "../wire/writer";
import { graphFields } from "./health";
import { rowFields, type RowShape } from "./shape";

export const CALLER_ROW = rowFields(["name", "kind", "path", "lines", "depth", "relation", "through", "parent", "id"], ["role", "signature"]);

/**
 * A caller row. Depth-1 rows hang under a root: the target (no parent= then), a container's
 * member (parent= its member row's id), or the interface member a method implements, which no
 * row shows, so that row names it (through=) instead.
 */
function callerRow(step: WalkStep, target: string, through: ReadonlyMap<string, string>, shape: RowShape): Fields {
  const { node } = step;
  const viaType = step.depth === 1 ? through.get(step.parent) : undefined;
  return CALLER_ROW.shape(
    {
      name: node.kind === "file" ? undefined : node.name,
      kind: node.kind,
      path: node.path,
      lines: node.kind === "file" ? undefined : `${node.startLine}-${node.endLine}`,
      depth: step.depth,
      // called_by is what a caller row is; any other relation says how it depends.
      relation: step.relation === "called_by" ? undefined : step.relation,
      through: viaType,
      parent: step.parent === target || viaType !== undefined ? undefined : step.parent,
      id: node.id,
    },
    shape,
    { role: node.role, signature: node.signature || undefined },
  );
}

export function presentImpact(writer: Writer, answer: ImpactAnswer, shape: RowShape): void {
  const { target, risk } = answer;
  const degraded = answer.health.health !== "ok";
  if (degraded) writer.record("graph", graphFields(answer.health));
  const rows = answer.affected.slice(0, shape.limit);
  writer.record("impact", {
    target: target.kind === "file" ? target.path : target.name,
    kind: target.kind,
    path: target.path,
    lines: target.kind === "file" ? undefined : `${target.startLine}-${target.endLine}`,
    risk: risk.level,
    category: risk.category,
    summary: risk.summary,
    depth: answer.depth,
    shown: rows.length,
    total: answer.affected.length,
    truncated: answer.walk.truncated || undefined,
  });
  for (const t of answer.through.slice(0, 3)) {
    const name = t.node.kind === "file" ? t.node.path : t.node.name;
    writer.row("behavior", { text: `${t.count} dependent(s) reach ${target.name} through ${name}`, via: name, path: t.node.path });
  }
  const perDepth = answer.walk.perDepth;
  // On a degraded graph a zero is unknown, a non-zero count a floor (spec "Graph health").
  const count = (n: number): number | string => (degraded && n === 0 ? "unknown" : n);
  // A hop past the one the cap cut was never walked: its count is unknown, not zero.
  const atDepth = (d: number): number | string | undefined =>
    answer.depth < d ? undefined : answer.walk.cutDepth !== undefined && d > answer.walk.cutDepth ? "unknown" : count(perDepth[d - 1] ?? 0);
  writer.record("counts", {
    callers: count(answer.callers),
    via_interface: quiet(answer.viaInterface),
    unresolved: quiet(answer.unresolved),
    callees: answer.container ? undefined : count(answer.callees),
    members: answer.container ? answer.members.length : undefined,
    member_callers: answer.container ? count(answer.members.reduce((sum, m) => sum + m.callers, 0)) : undefined,
    importers: answer.container ? count(answer.importers) : undefined,
    dependents: answer.container ? count(answer.dependents) : undefined,
    heirs: quiet(answer.heirs),
    depth_2: atDepth(2),
    depth_3: atDepth(3),
    affected: count(answer.affected.length),
    files: count(answer.files),
    regions: answer.buckets.length,
    tests: count(answer.tests.length),
  });
  writer.rows(
    "bucket",
    answer.buckets.map((b) => ({ region: b.region.label, kind: b.region.kind, count: b.count, id: b.region.id, own: b.own || undefined })),
  );
  writer.rows("test", answer.tests.map((t) => ({ path: t.path, depth: t.depth, via: t.via?.name })));
  if (answer.container) {
    writer.rows(
      "member",
      answer.members.slice(0, shape.limit).map((m) => ({ name: m.node.name, kind: m.node.kind, lines: `${m.node.startLine}-${m.node.endLine}`, callers: m.callers, id: m.node.id })),
    );
  }
  // A leaf's other roots are the interface members it implements.
  const through = new Map(answer.container ? [] : answer.walk.roots.filter((r) => r.id !== target.id).map((r) => [r.id, r.qname]));
  writer.rows("caller", rows.map((step) => callerRow(step, target.id, through, shape)));
  if (rows.length < answer.affected.length) {
    writer.record("diagnostic", {
      code: "results_truncated",
      message: `${answer.affected.length} dependents within ${answer.depth} hop(s); showing ${rows.length}. Raise --limit to see the rest, or pass --full.`,
    });
  }
  if (answer.walk.truncated) {
    writer.record("diagnostic", {
      code: "walk_truncated",
      message: `The walk stopped at --cap at depth ${answer.walk.cutDepth}: the counts are floors, and deeper hops were not walked. Raise --cap to walk further.`,
    });
  }
  const short = target.id.slice(0, 8);
  if (answer.affected.length > 0) writer.next(["ix", "depends", short, "--depth", answer.depth], `the tree of what depends on ${target.name}`);
  if (!answer.container && answer.callers > 0) writer.next(["ix", "callers", short], `${target.name}'s direct callers with their call sites`);
  if (answer.container) writer.next(["ix", "contains", short], `${target.kind === "file" ? target.path : target.name}'s members`);
  const test = answer.tests[0];
  if (test) writer.next(["ix", "read", test.path], `a test file that reaches ${target.name}: run it after the change`);
  if (target.kind !== "file") writer.next(["ix", "read", `${target.path}:${target.startLine}-${target.endLine}`], `read ${target.name}'s source`);
}
