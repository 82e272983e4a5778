// What changed between two revisions: each entity once, its first and last rows in the range
// folded (added then removed is nothing; a move is one row naming what it was), the files from
// the patch rows, and, asked for, the text hunks git has between the two revisions' commits.
import { IxError, invalidRequest } from "../model/errors";
import type { EntityChange, PatchRow, RevisionRow } from "../store";
import { git } from "../util/git";
import { changeChain, type HistoryTarget } from "./history";
import type { Session } from "./session";

export interface DiffRequest {
  from: number;
  to: number;
  target?: HistoryTarget;
  content: boolean;
  limit: number;
}

export interface DiffEntity {
  id: string;
  kind: string;
  name: string;
  path: string;
  change: "added" | "changed" | "removed" | "moved";
  what: EntityChange["what"];
  /** moved: what it was. */
  renamedFrom?: { id: string; name: string; path: string };
}

export interface DiffCounts {
  added: number;
  changed: number;
  removed: number;
  moved: number;
}

export interface Hunk {
  path: string;
  /** "start,count" on each side, as git's hunk header says. */
  old: string;
  new: string;
  text: string;
}

export interface DiffContent {
  hunks: Hunk[];
  /** How many hunks there were before the limit. */
  total: number;
  /** Why there are none from git: a revision with no commit, or one mapped from a dirty tree. */
  unavailable?: string;
  fromHead?: string;
  toHead?: string;
}

export interface DiffAnswer {
  from: number;
  to: number;
  target?: HistoryTarget;
  counts: DiffCounts;
  files: { added: number; modified: number; deleted: number };
  /** At most the limit, in the order the revisions made them. */
  entities: DiffEntity[];
  total: number;
  /** Baseline revisions in the range (first maps): they keep no row per entity, so their entities are not listed. */
  baselines: number[];
  content?: DiffContent;
}

/** Rows read for one range: past this the counts say so rather than read on. */
const MAX_ROWS = 200_000;

export async function diffAnswer(session: Session, request: DiffRequest): Promise<DiffAnswer> {
  const { graph } = session;
  const { from, to } = request;
  if (from >= to) throw invalidRequest("invalid_value", `diff takes an older revision first: ${from} is not before ${to}`, { from, to });
  const current = await graph.rev();
  if (to > current) throw new IxError("revision_not_found", `Revision ${to} does not exist: the graph is at revision ${current}`, { rev: to, current });
  const kept = await graph.revisions();
  const revisions = kept.filter((r) => r.rev > from && r.rev <= to);
  const oldest = kept[0]?.rev ?? current + 1;
  if (from + 1 < oldest) {
    throw new IxError("revision_pruned", `Revisions before ${oldest} are no longer kept (the history_keep setting keeps more): a diff must start at ${oldest - 1} or later`, { from, oldest });
  }
  const chain = request.target ? await changeChain(session, request.target.id) : undefined;
  const rows = chain ? chain.filter((c) => c.rev > from && c.rev <= to) : await graph.changesBetween(from, to, MAX_ROWS);
  const entities = fold(rows);
  const counts: DiffCounts = { added: 0, changed: 0, removed: 0, moved: 0 };
  for (const e of entities) counts[e.change]++;
  const patches = request.target ? [] : (await Promise.all(revisions.map((r) => graph.patches(r.rev)))).flat();
  return {
    from,
    to,
    target: request.target,
    counts,
    files: fileCounts(patches),
    entities: entities.slice(0, request.limit),
    total: entities.length,
    baselines: revisions.filter((r) => r.baseline).map((r) => r.rev),
    content: request.content ? contentBetween(session, await graph.revision(from), await graph.revision(to), request, current, chain && pathsOf(chain, request)) : undefined,
  };
}

/** Where the target was at each end of the range: a moved entity's text is in its old file before the move. */
function pathsOf(chain: EntityChange[], { from, to, target }: DiffRequest): string[] {
  const at = (rev: number) => chain.filter((c) => c.rev <= rev).at(-1)?.path ?? chain[0]?.path ?? target!.path;
  return [...new Set([at(from), at(to)])];
}

/** Each path once, by its first and last patch in the range. */
function fileCounts(patches: PatchRow[]): DiffAnswer["files"] {
  const byPath = new Map<string, { first: PatchRow; last: PatchRow }>();
  for (const p of patches) {
    const seen = byPath.get(p.path);
    if (seen) seen.last = p;
    else byPath.set(p.path, { first: p, last: p });
  }
  const counts = { added: 0, modified: 0, deleted: 0 };
  for (const { first, last } of byPath.values()) {
    if (first.op === "add" && last.op === "delete") continue;
    if (first.op === "add") counts.added++;
    else if (last.op === "delete") counts.deleted++;
    else counts.modified++;
  }
  return counts;
}

/** Each entity once: its first and last rows in the range decide what the range did to it. */
export function fold(rows: EntityChange[]): DiffEntity[] {
  const byId = new Map<string, { first: EntityChange; last: EntityChange; what: Set<string> }>();
  for (const c of rows) {
    const seen = byId.get(c.id);
    if (seen) {
      seen.last = c;
      for (const w of c.what) seen.what.add(w);
    } else byId.set(c.id, { first: c, last: c, what: new Set(c.what) });
  }
  const out: DiffEntity[] = [];
  const movedAway = new Set<string>();
  for (const { first, last } of byId.values()) if (first.change === "added" && first.renamedFrom && last.change !== "removed") movedAway.add(first.renamedFrom);
  for (const [id, { first, last, what }] of byId) {
    if (first.change === "added" && last.change === "removed") continue;
    const base = { id, kind: last.kind, name: last.name, path: last.path };
    if (first.change === "added" && first.renamedFrom && byId.get(first.renamedFrom)?.last.change === "removed") {
      const before = byId.get(first.renamedFrom)!.last;
      out.push({ ...base, change: "moved", what: [...what] as DiffEntity["what"], renamedFrom: { id: before.id, name: before.name, path: before.path } });
    } else if (first.change === "added") out.push({ ...base, change: "added", what: [] });
    else if (last.change === "removed") {
      if (!movedAway.has(id)) out.push({ ...base, change: "removed", what: [] });
    } else out.push({ ...base, change: "changed", what: (first.change === "removed" ? ["signature", "body"] : [...what]) as DiffEntity["what"] });
  }
  return out;
}

/**
 * The text hunks between two revisions, from git, when both were mapped from a clean work
 * tree at a commit: then the graph's files at each revision are those commits' files. A
 * target's hunks are those of its file, cut to its lines when the later revision is the
 * graph's own (its span is known only there).
 */
function contentBetween(
  session: Session,
  fromRow: RevisionRow | undefined,
  toRow: RevisionRow | undefined,
  request: DiffRequest,
  current: number,
  paths: string[] | undefined,
): DiffContent {
  const { from, to } = request;
  const none = (unavailable: string): DiffContent => ({ hunks: [], total: 0, unavailable, fromHead: fromRow?.head ?? undefined, toHead: toRow?.head ?? undefined });
  if (!fromRow) return none(from === 0 ? "revision 0 is the empty graph, before the first map: no commit holds it" : `revision ${from} is no longer kept`);
  if (!toRow) return none(`revision ${to} is no longer kept`);
  for (const row of [fromRow, toRow]) {
    if (!row.head) return none(`revision ${row.rev} was mapped outside a git repository, or before its first commit: no commit to take its text from`);
    if (row.dirty !== false) {
      return none(
        row.dirty === null
          ? `revision ${row.rev} has no record of whether its tracked files matched commit ${row.head.slice(0, 12)}`
          : `revision ${row.rev} was mapped with uncommitted changes to tracked files: its text is not commit ${row.head.slice(0, 12)}'s`,
      );
    }
  }
  const heads = { fromHead: fromRow.head!, toHead: toRow.head! };
  if (heads.fromHead === heads.toHead) return { hunks: [], total: 0, ...heads };
  const result = git(["--literal-pathspecs", "diff", "--no-color", "--no-ext-diff", "--no-textconv", "-U3", heads.fromHead, heads.toHead, ...(paths ? ["--", ...paths] : [])], session.ws.root);
  if (!result?.success) return none(`git could not diff ${heads.fromHead.slice(0, 12)} and ${heads.toHead.slice(0, 12)} here (is the commit still in the repository?)`);
  let hunks = parseHunks(result.stdout);
  const node = request.target?.node;
  if (node && node.kind !== "file" && to === current) {
    // Its span is known in its file now; in a file it moved from, every hunk is its own.
    hunks = hunks.filter((h) => !(h.path === node.path || h.path.endsWith(`/${node.path}`)) || overlaps(h.new, node.startLine, node.endLine));
  }
  return { hunks: hunks.slice(0, request.limit), total: hunks.length, ...heads };
}

function overlaps(range: string, start: number, end: number): boolean {
  const [at, count] = range.split(",").map(Number) as [number, number | undefined];
  const last = at + Math.max((count ?? 1) - 1, 0);
  return at <= end && last >= start;
}

/** git's unified diff as hunks, each with its file's path (the new one; the old one for a deletion). */
export function parseHunks(text: string): Hunk[] {
  const hunks: Hunk[] = [];
  let path = "";
  let oldPath = "";
  let current: { hunk: Hunk; lines: string[] } | undefined;
  const close = () => {
    if (current) hunks.push({ ...current.hunk, text: current.lines.join("\n") });
    current = undefined;
  };
  for (const line of text.split("\n")) {
    if (line.startsWith("diff --git ")) {
      close();
      path = oldPath = "";
    } else if (!current && line.startsWith("--- ")) oldPath = line.slice(4).replace(/^a\//, "");
    else if (!current && line.startsWith("+++ ")) {
      const next = line.slice(4);
      path = next === "/dev/null" ? oldPath : next.replace(/^b\//, "");
    } else if (line.startsWith("@@")) {
      close();
      const m = /^@@ -(\d+(?:,\d+)?) \+(\d+(?:,\d+)?) @@/.exec(line);
      if (m) current = { hunk: { path, old: m[1]!, new: m[2]!, text: "" }, lines: [] };
    } else if (current && (line.startsWith(" ") || line.startsWith("+") || line.startsWith("-") || line.startsWith("\\"))) current.lines.push(line);
  }
  close();
  return hunks;
}
