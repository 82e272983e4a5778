// context as records (spec: "ix context"): one header, the graph record when the graph is not
// whole, then the ranked evidence. llm and text stop there — the ranked evidence is what they
// exist to deliver — while json and toon carry the entities, relationships and claims in full.
// The header's counts and truncated_* keep their zeros: "measured, and none" is the answer.
import type { Budgets, ContextBundle, Evidence } from "../answers/context";
import type { Investigation, InvestigationDiff, InvestigationListing } from "../answers/investigations";
import { quiet, type Fields } from "../wire/record";
import type { Writer } from "../wire/writer";
import { remedyCommand } from "./remedy";

const isFull = (writer: Writer) => writer.format === "json" || writer.format === "toon";

/** The header: freshness as stale= and classification=, or graph=degraded on a damaged graph. */
function headerFields(bundle: ContextBundle): Fields {
  const degraded = bundle.freshness.classification === "degraded";
  return {
    target: bundle.target.name,
    target_kind: bundle.target.kind,
    target_path: bundle.target.path,
    target_id: undefined,
    graph: degraded ? bundle.graph.status : undefined,
    stale: degraded ? undefined : bundle.freshness.stale,
    classification: bundle.freshness.classification,
    entities: bundle.entities.length,
    relationships: bundle.relationships.length,
    claims: bundle.claims.length,
    decisions: bundle.decisions,
    conflicts: bundle.conflicts,
    intents: bundle.intents,
    evidence: bundle.evidence.length,
    truncated_entities: bundle.truncation.entities,
    truncated_relationships: bundle.truncation.relationships,
    truncated_evidence: bundle.truncation.evidence,
    truncated_chars: bundle.truncation.chars,
  };
}

function evidenceRow(item: Evidence, full: boolean): Fields {
  return {
    score: item.score,
    kind: item.kind,
    title: item.title,
    path: item.path,
    lines: item.lines,
    ...(full ? { id: item.id, reason: item.reason, refs: item.refs } : {}),
  };
}

const budgetFields = (b: Partial<Budgets>): Fields => ({ entities: b.entities, relationships: b.relationships, evidence: b.evidence, chars: b.chars });

/** The bundle's records: header, graph verdict when not whole, (json, toon: budgets, entities, relationships, claims), evidence. */
export function presentContext(writer: Writer, bundle: ContextBundle): void {
  const full = isFull(writer);
  writer.record("context", { ...headerFields(bundle), target_id: full ? bundle.target.id : undefined, rev: full ? bundle.rev : undefined });
  if (bundle.graph.status !== "ok") {
    const { status, reason, message, fix } = bundle.graph;
    writer.record("graph", { status, reason, message, fix: fix && remedyCommand(fix) });
  }
  if (full) {
    writer.record("budgets", budgetFields(bundle.budgets));
    writer.rows("entity", bundle.entities.map((e) => ({ id: e.id, name: e.name, kind: e.kind, path: e.path, lines: e.lines, stale: e.stale })));
    writer.rows("relationship", bundle.relationships.map((r) => ({ src: r.src, pred: r.predicate, dst: r.dst })));
    writer.rows("claim", bundle.claims.map((c) => ({ id: c.id, entity: c.entity, kind: c.kind, status: c.status, statement: c.statement, path: c.path, line: c.line })));
  }
  writer.rows("evidence", bundle.evidence.map((item) => evidenceRow(item, full)));
}

/** Budgets a flag asked for but the command could not honour as given: clamped to their range. */
export function presentClamped(writer: Writer, clamped: { option: string; asked: number; applied: number }[]): void {
  for (const c of clamped) {
    writer.record("diagnostic", { code: "budget_clamped", message: `${c.option} ${c.asked} is outside its range; ${c.applied} was applied.`, option: c.option, value: c.applied });
  }
}

export function presentSaved(writer: Writer, investigation: Investigation, file: string): void {
  writer.record("saved", { id: investigation.id, saved_at: investigation.savedAt, file });
  writer.next(["ix", "context", "--resume", investigation.id], "read it back later, without the graph");
  writer.next(["ix", "context", "--diff", investigation.id], "what changed since it was saved");
}

export function presentResumed(writer: Writer, investigation: Investigation, file: string): void {
  writer.record("resumed", { id: investigation.id, saved_at: investigation.savedAt, file: isFull(writer) ? file : undefined });
  presentContext(writer, investigation.bundle);
}

export function presentListing(writer: Writer, listing: InvestigationListing): void {
  writer.record("investigations", { total: listing.investigations.length, skipped: quiet(listing.skipped) });
  writer.rows(
    "investigation",
    listing.investigations.map(({ investigation: { id, savedAt, bundle }, file }) => ({
      id,
      saved_at: savedAt,
      target: bundle.target.name,
      target_kind: bundle.target.kind,
      classification: bundle.freshness.classification,
      stale: bundle.freshness.stale,
      entities: bundle.entities.length,
      relationships: bundle.relationships.length,
      evidence: bundle.evidence.length,
      truncated_entities: bundle.truncation.entities,
      truncated_relationships: bundle.truncation.relationships,
      truncated_evidence: bundle.truncation.evidence,
      truncated_chars: bundle.truncation.chars,
      // The name on disk, when the id is not it: both forms load.
      file: file === `${id}.json` ? undefined : file,
    })),
  );
  if (listing.investigations.length === 0) writer.record("hint", { text: "No investigation is saved yet: ix context <target> --save <id> keeps one." });
}

export function presentDiff(writer: Writer, diff: InvestigationDiff): void {
  const full = isFull(writer);
  writer.record("diff", {
    investigation: diff.investigation,
    target: diff.target.name,
    saved_at: diff.savedAt,
    generated_at: diff.generatedAt,
    freshness_previous: diff.freshness.previous,
    freshness_current: diff.freshness.current,
  });
  writer.row("budgets", { scope: "saved", ...budgetFields(diff.budgets.saved) });
  if (diff.budgets.requested) writer.row("budgets", { scope: "requested", ...budgetFields(diff.budgets.requested), applied: diff.budgets.requestedApplied });
  writer.row("budgets", { scope: "effective", ...budgetFields(diff.budgets.effective) });
  const { added, removed } = diff;
  writer.record("count", {
    added_entities: added.entities.length,
    removed_entities: removed.entities.length,
    added_relationships: added.relationships.length,
    removed_relationships: removed.relationships.length,
    added_evidence: added.evidence.length,
    removed_evidence: removed.evidence.length,
    added_claims: added.claims.length,
    removed_claims: removed.claims.length,
  });
  const sides = [["added", added], ["removed", removed]] as const;
  writer.rows("entity", sides.flatMap(([change, c]) => c.entities.map((e) => ({ change, id: e.id, kind: e.kind, name: e.name, path: e.path }))));
  writer.rows("relationship", sides.flatMap(([change, c]) => c.relationships.map((r) => ({ change, src: r.src, pred: r.predicate, dst: r.dst }))));
  writer.rows("evidence", sides.flatMap(([change, c]) => c.evidence.map((e) => ({ change, ...evidenceRow(e, full) }))));
  writer.rows("claim", sides.flatMap(([change, c]) => c.claims.map((cl) => ({ change, id: cl.id, entity: cl.entity, status: cl.status, statement: cl.statement }))));
}
