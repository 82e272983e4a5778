// An entity's history, the revisions kept, and what changed between two of them: read from the
// rows each revision keeps per entity it added, changed (signature or text) or removed
// (GraphReader.changesOf). An entity moved whole, or its file renamed, has a new id; its first
// row names the one it came from (renamedFrom), and its history follows that one back.
import type { EntityChange, GraphNode, RevisionRow } from "../store";
import { TargetError } from "./errors";
import { graphPath, type Session } from "./session";
import { resolveTarget, type TargetOptions } from "./target";

/** An entity of the graph now, or one a kept revision removed. */
export interface HistoryTarget {
  id: string;
  name: string;
  kind: string;
  path: string;
  /** Removed: the revision that removed it. */
  removedAt?: number;
  /** The current node, when it is in the graph. */
  node?: GraphNode;
}

export interface HistoryEntry {
  rev: number;
  revision?: RevisionRow;
  change: EntityChange["change"];
  what: EntityChange["what"];
  name: string;
  path: string;
  signature: string;
  /** added: the entity it was before a move or rename. */
  renamedFrom?: { id: string; name: string; path: string };
  /** added: not a row of its own; the entity was there at a baseline revision (a first map). */
  baseline?: boolean;
}

export interface HistoryAnswer {
  target: HistoryTarget;
  /** Newest first, at most the limit. */
  entries: HistoryEntry[];
  total: number;
  /** The oldest revision kept; what came before it is no longer known (undefined: none kept). */
  since?: number;
  /** Whether its first appearance is among the revisions kept. */
  complete: boolean;
}

/** How many moves a history follows back: a chain longer than this is cut, not walked forever. */
const MAX_MOVES = 32;

/**
 * The target as the resolver reads it; a target that names nothing in the graph now may name
 * an entity a kept revision removed (by name, qualified name, path or id prefix).
 */
export async function historyTarget(session: Session, raw: string, opts: TargetOptions): Promise<HistoryTarget> {
  try {
    const node = await resolveTarget(session, raw, opts);
    return { id: node.id, name: node.name, kind: node.kind, path: node.path, node };
  } catch (error) {
    if (!(error instanceof TargetError) || error.code !== "unresolved_target") throw error;
    const gone = await removedNamed(session, raw, opts);
    if (gone.length === 0) throw error;
    if (gone.length === 1 || opts.pick !== undefined) {
      const chosen = gone[(opts.pick ?? 1) - 1];
      if (chosen) return { id: chosen.id, name: chosen.name, kind: chosen.kind, path: chosen.path, removedAt: chosen.rev };
    }
    const candidates = gone.map(asNode);
    throw new TargetError(
      "ambiguous_target",
      `${gone.length} removed entities match '${raw}'`,
      { target: raw, candidates: gone.length },
      { candidates, health: error.findings.health },
      { invalidRequest: opts.pick !== undefined },
    );
  }
}

async function removedNamed(session: Session, raw: string, opts: TargetOptions): Promise<EntityChange[]> {
  const path = graphPath(session, raw);
  const rows = [...(await session.graph.changesNamed(raw, 20)), ...(path !== raw ? await session.graph.changesNamed(path, 20) : [])];
  const seen = new Set<string>();
  return rows.filter((c) => {
    if (seen.has(c.id) || c.change !== "removed") return false;
    seen.add(c.id);
    if (opts.kind && c.kind !== opts.kind) return false;
    return !opts.path || c.path === opts.path || c.path.startsWith(`${opts.path.replace(/\/$/, "")}/`);
  });
}

/** A removed entity as a candidate row: what the resolver's candidates show. */
function asNode(c: EntityChange): GraphNode {
  return { id: c.id, kind: c.kind, name: c.name, qname: c.qname, path: c.path, startLine: 0, endLine: 0, lang: null, signature: c.signature, exported: false, role: "", parentId: null };
}

/** The target's changes, its predecessors' before each move included, oldest first. */
export async function changeChain(session: Session, id: string): Promise<EntityChange[]> {
  const chain: EntityChange[] = [];
  let rows = await session.graph.changesOf([id]);
  const seen = new Set([id]);
  for (let hop = 0; ; hop++) {
    chain.unshift(...rows);
    const from = rows.find((c) => c.change === "added" && c.renamedFrom);
    if (!from?.renamedFrom || hop >= MAX_MOVES || seen.has(from.renamedFrom)) break;
    seen.add(from.renamedFrom);
    // Its removal in the revision that moved it is the move itself, already told by the newcomer's row.
    rows = (await session.graph.changesOf([from.renamedFrom])).filter((c) => c.rev < from.rev);
  }
  return chain;
}

export async function historyAnswer(session: Session, target: HistoryTarget, limit: number): Promise<HistoryAnswer> {
  const { graph } = session;
  const chain = await changeChain(session, target.id);
  const revisions = await graph.revisions();
  const oldest = revisions[0];
  const entries: HistoryEntry[] = chain.map((c) => ({ rev: c.rev, change: c.change, what: c.what, name: c.name, path: c.path, signature: c.signature }));
  // Names of the predecessors, from their own removal rows in the same revision.
  for (const [i, c] of chain.entries()) {
    if (!c.renamedFrom) continue;
    const before = chain.find((b) => b.id === c.renamedFrom && b.change === "removed" && b.rev === c.rev) ?? (await graph.changesOf([c.renamedFrom])).at(-1);
    entries[i]!.renamedFrom = { id: c.renamedFrom, name: before?.name ?? "", path: before?.path ?? "" };
  }
  // No row says when it came: it was there at the last baseline before its first row, if one is kept.
  const first = entries[0];
  let complete = first?.change === "added" && !first.renamedFrom;
  if (!complete) {
    const baseline = revisions.filter((r) => r.baseline && r.rev <= (first?.rev ?? Number.MAX_SAFE_INTEGER)).at(-1);
    if (baseline) {
      // Before a move it had the names it moved from.
      const was = first?.renamedFrom ?? first;
      entries.unshift({ rev: baseline.rev, change: "added", what: [], name: was?.name ?? target.name, path: was?.path ?? target.path, signature: first?.signature ?? target.node?.signature ?? "", baseline: true });
      complete = true;
    }
  }
  const newest = entries.reverse();
  const shown = newest.slice(0, limit);
  const byRev = new Map(revisions.map((r) => [r.rev, r]));
  for (const entry of shown) entry.revision = byRev.get(entry.rev);
  return { target, entries: shown, total: newest.length, since: oldest?.rev, complete };
}

export interface PatchesAnswer {
  rows: RevisionRow[];
  total: number;
  rev: number;
}

export async function patchesAnswer(session: Session, limit: number): Promise<PatchesAnswer> {
  const { rows, total } = await session.graph.recentRevisions(limit);
  return { rows, total, rev: await session.graph.rev() };
}
