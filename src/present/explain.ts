// explain as records: the graph's verdict first when it is not whole, then the entity, what it
// is for and how much rests on it, its counts (zeros kept: they are the answer; "unknown" where
// a damaged graph cannot tell a zero from a loss), where it sits, and the first rows to open.
import type { ExplainAnswer } from "../answers/explain";
import type { GraphEdge, GraphNode } from "../store";
import type { Fields } from "../wire/record";
import type { Writer } from "../wire/writer";
import { entityFields } from "./entity";
import { graphFields } from "./health";

/** Claims shown at most: explain stays one screen. */
export const CLAIMS_SHOWN = 8;

const lines = (node: GraphNode) => `${node.startLine}-${node.endLine}`;
const short = (node: GraphNode) => node.id.slice(0, 8);

function refRow(node: GraphNode, extra: Fields = {}): Fields {
  return { name: node.kind === "file" ? undefined : node.name, kind: node.kind, path: node.path, lines: node.kind === "file" ? undefined : lines(node), ...extra };
}

/** How an edge that is no call makes its source depend on the target. */
function useOf(edge: GraphEdge): string {
  if (edge.kind === "IMPORTS") return "imports";
  if (edge.kind === "EXTENDS") return "extends";
  if (edge.kind === "IMPLEMENTS") return "implements";
  return "type_ref";
}

export function presentExplain(writer: Writer, answer: ExplainAnswer): void {
  const { node, facts, health } = answer;
  const whole = health.health === "ok";
  const withheld = health.reason === "orphaned_target" ? "orphaned_target" : "graph_degraded";
  if (!whole) writer.record("graph", graphFields(health));
  writer.record("entity", { ...entityFields(node, answer.container, answer.stale), signature: undefined, rev: answer.rev });
  if (answer.role) {
    writer.record("role", { role: answer.role.value, confidence: answer.role.confidence, reason: answer.role.reasons });
  } else writer.record("role", { role: "unknown", confidence: "none", reason: withheld });
  if (answer.importance) {
    writer.record("importance", { level: answer.importance.level, category: answer.importance.category, reason: answer.importance.reasons });
  } else writer.record("importance", { level: "unknown", reason: withheld });
  // A count read off a damaged graph is a floor: an edge it has exists, a zero may be a loss.
  const count = (n: number) => (whole || n > 0 ? n : "unknown");
  writer.record("edges", {
    callers: count(facts.callers),
    callees: count(facts.callees),
    dependents: count(facts.dependents),
    importers: count(facts.importers),
    members: count(facts.members),
    downstream: count(facts.downstream),
    depth: answer.depth,
    history: answer.history,
    complete: whole,
    unresolved: facts.unresolved,
    type_refs: facts.typeReferences || undefined,
  });
  if (answer.container) writer.record("container", refRow(answer.container));
  const place = answer.location;
  if (place) {
    writer.record("location", {
      subsystem: place.subsystem?.label,
      module: place.module?.label,
      system_path: place.systemPath,
      map_current: place.current ? undefined : false,
    });
  }
  if (node.signature) writer.record("signature", { text: node.signature });
  writer.rows("caller", answer.topCallers.map((e) => refRow(e.node, { use: e.asValue ? "reference" : undefined })));
  writer.rows("dependent", answer.topDependents.map((e) => refRow(e.node, { use: useOf(e) })));
  writer.rows("member", answer.topMembers.map((m) => ({ name: m.node.name, kind: m.node.kind, path: m.node.path !== node.path ? m.node.path : undefined, lines: lines(m.node), uses: m.uses })));
  writer.record("used_by", { files: answer.usedBy.files, tests: answer.usedBy.tests });
  // Claims stay bounded: a long @param list is cut, the count says how many there are.
  const claims = answer.claims.slice(0, CLAIMS_SHOWN);
  writer.rows("claim", claims.map((c) => ({ kind: c.kind, text: c.text, line: c.line })));
  if (claims.length < answer.claims.length) {
    writer.record("diagnostic", { code: "results_truncated", message: `${answer.claims.length} claims; showing the first ${claims.length}.` });
  }
  writer.rows("conflict", answer.conflicts.map((c) => ({ rule: c.rule, claim: c.claim, code: c.code, recommendation: c.recommendation })));
  if (facts.unresolved > 0) {
    writer.record("note", {
      text: `${facts.unresolved} call site(s) name '${node.name}' but could not be bound to a definition: callers ix could not prove, so the true number may be higher.`,
    });
  }
  if (place && !place.current) writer.record("note", { text: "The architecture map is older than the graph: subsystem and module are the last map's." });
  if (answer.downstreamCut) {
    writer.record("diagnostic", { code: "results_truncated", message: `downstream counted up to ${answer.facts.downstream} entities within ${answer.depth} hops; there are more.` });
  }
  const target = node.kind === "file" ? node.path : short(node);
  if (facts.callers > 0) writer.next(["ix", "callers", target], `who calls ${node.name}`);
  if (facts.callees > 0) writer.next(["ix", "callees", target], `what ${node.name} calls`);
  if (node.kind === "file" && facts.importers > 0) writer.next(["ix", "imported-by", node.path], "the files importing it");
  if (facts.members > 0) writer.next(["ix", "contains", target], `what ${node.name} holds`);
  // Before a change: what it can break. Only where something depends on it.
  if (facts.dependents > 0 || facts.callers > 0 || facts.importers > 0) writer.next(["ix", "impact", target], `what a change to ${node.name} can break`);
  if (node.kind !== "file") writer.next(["ix", "read", `${node.path}:${lines(node)}`], "read its source");
  else writer.next(["ix", "overview", node.path], "the file at a glance");
}
