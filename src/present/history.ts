// history, patches and diff as records: a header, then one patch row per revision (history,
// patches) or one entity row per entity (diff), and diff's hunks from git.
import type { DiffAnswer } from "../answers/diff";
import type { HistoryAnswer, HistoryEntry, PatchesAnswer } from "../answers/history";
import type { RevisionRow } from "../store";
import type { Writer } from "../wire/writer";

/** A commit as a row shows it: whole in json and toon, the first 12 characters where tokens count. */
const commit = (writer: Writer, head: string | null | undefined) => (head ? (writer.format === "json" || writer.format === "toon" ? head : head.slice(0, 12)) : undefined);

/** What every row about a revision says of it: when, what made it, why, and git's HEAD then. */
function revisionFields(writer: Writer, r: RevisionRow | undefined) {
  return {
    ts: r?.at,
    source: r?.source ?? undefined,
    intent: r?.intent ?? undefined,
    head: commit(writer, r?.head),
    dirty: r?.dirty ?? undefined,
  };
}

/** A path or a qualified name: how a row names an entity so it reads alone. */
const label = (e: { name: string; path: string; kind?: string }) => (e.kind === "file" ? e.path : e.name);

function entryFields(writer: Writer, e: HistoryEntry, target: HistoryAnswer["target"]) {
  const moved = e.change === "added" && e.renamedFrom;
  return {
    rev: e.rev,
    ...revisionFields(writer, e.revision),
    change: moved ? "moved" : e.change,
    what: e.what.length > 0 ? e.what : undefined,
    baseline: e.baseline || undefined,
    // Only where it differs from the target's: the names it had before a move or rename.
    name: target.kind !== "file" && e.name !== target.name ? e.name : undefined,
    path: e.path !== target.path ? e.path : undefined,
    renamed_from: moved ? label({ ...e.renamedFrom!, kind: target.kind }) : undefined,
    renamed_from_path: moved && target.kind !== "file" && e.renamedFrom!.path !== e.path ? e.renamedFrom!.path : undefined,
    signature: e.what.includes("signature") ? e.signature : undefined,
  };
}

export function presentHistory(writer: Writer, answer: HistoryAnswer): void {
  const { target, entries, total } = answer;
  writer.record("history", {
    target: label(target),
    kind: target.kind,
    path: target.kind === "file" ? undefined : target.path,
    id: target.id,
    count: total,
    shown: entries.length < total ? entries.length : undefined,
    removed_at: target.removedAt,
    since: answer.complete ? undefined : answer.since,
  });
  writer.rows("patch", entries.map((e) => entryFields(writer, e, target)));
  if (entries.length < total) {
    writer.record("diagnostic", { code: "results_truncated", message: `${total} revisions changed it; showing the newest ${entries.length}. Raise --limit to see the rest, or pass --full.` });
  }
  if (!answer.complete) {
    writer.record("note", {
      text:
        answer.since === undefined
          ? "No revision is kept: history starts with the next map."
          : `Its first appearance is older than revision ${answer.since}, the oldest kept (history_keep).`,
    });
  }
  if (total === 0) writer.record("hint", { text: "No kept revision changed it." });
  const last = entries[0];
  const short = target.kind === "file" ? target.path : target.id.slice(0, 8);
  if (last && last.change === "changed" && last.rev > 1) writer.next(["ix", "diff", last.rev - 1, last.rev, short, "--content"], `the text of its last change`);
  if (target.node) writer.next(["ix", "read", target.kind === "file" ? target.path : `${target.path}:${target.node.startLine}-${target.node.endLine}`], "read it as it is now");
}

export function presentPatches(writer: Writer, answer: PatchesAnswer): void {
  const rows = answer.rows.map((r) => ({
    rev: r.rev,
    ...revisionFields(writer, r),
    files_added: r.filesAdded,
    files_changed: r.filesChanged,
    files_deleted: r.filesDeleted,
    baseline: r.baseline || undefined,
  }));
  writer.list("patches", { rev: answer.rev }, "patch", rows, { total: answer.total, noun: "revisions kept" });
  if (answer.total === 0) writer.record("hint", { text: "No revision is kept yet: a map writes the first." });
  const newest = answer.rows[0];
  if (newest && newest.rev > 1 && !newest.baseline) writer.next(["ix", "diff", newest.rev - 1, newest.rev], "what the last revision changed");
}

export interface DiffView {
  summary: boolean;
}

export function presentDiff(writer: Writer, answer: DiffAnswer, view: DiffView): void {
  const { counts, files, target } = answer;
  writer.record("diff", {
    from: answer.from,
    to: answer.to,
    target: target ? label(target) : undefined,
    kind: target?.kind,
    added: counts.added,
    changed: counts.changed,
    removed: counts.removed,
    moved: counts.moved,
    files_added: target ? undefined : files.added,
    files_modified: target ? undefined : files.modified,
    files_deleted: target ? undefined : files.deleted,
    shown: !view.summary && answer.entities.length < answer.total ? answer.entities.length : undefined,
  });
  if (answer.baselines.length > 0) {
    writer.record("note", {
      text: `Revision ${answer.baselines.join(", ")} was a first map: its entities appeared with it, one row each is not kept, so they are not counted here.`,
    });
  }
  if (!view.summary) {
    writer.rows(
      "entity",
      answer.entities.map((e) => ({
        change: e.change,
        name: e.kind === "file" ? undefined : e.name,
        kind: e.kind,
        path: e.path,
        what: e.what.length > 0 ? e.what : undefined,
        renamed_from: e.renamedFrom ? label({ ...e.renamedFrom, kind: e.kind }) : undefined,
        renamed_from_path: e.renamedFrom && e.kind !== "file" && e.renamedFrom.path !== e.path ? e.renamedFrom.path : undefined,
      })),
    );
    if (answer.entities.length < answer.total) {
      writer.record("diagnostic", { code: "results_truncated", message: `${answer.total} entities changed; showing ${answer.entities.length}. Raise --limit to see the rest, or pass --full.` });
    }
  }
  const content = answer.content;
  if (content) {
    writer.record("content", {
      from_head: commit(writer, content.fromHead),
      to_head: commit(writer, content.toHead),
      available: content.unavailable ? false : undefined,
      reason: content.unavailable,
      hunks: content.unavailable ? undefined : content.total,
      shown: content.hunks.length < content.total ? content.hunks.length : undefined,
    });
    writer.rows("hunk", content.hunks.map((h) => ({ path: h.path, old: h.old, new: h.new, text: h.text })));
  }
  if (answer.total === 0 && !content) writer.record("hint", { text: target ? "No revision in this range changed it." : "No revision in this range changed an entity." });
  const first = answer.entities.find((e) => e.change !== "removed");
  if (!view.summary && first && !content) writer.next(["ix", "history", first.kind === "file" ? first.path : first.id.slice(0, 8)], `every change of ${label(first)}`);
}
