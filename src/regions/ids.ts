// Region ids that survive a re-map: each new region takes the id of the previous revision's
// region of its level it overlaps most, when they share most of their files; the rest get an id
// from their level and files.
import { createHash } from "node:crypto";

export interface IdCandidate {
  level: number;
  root: boolean;
  files: readonly string[];
}

export interface PreviousRegion {
  id: string;
  level: number;
  root: boolean;
  files: readonly string[];
}

/** Two regions are one when their files' Jaccard similarity reaches this. */
export const SAME_REGION = 0.5;

function freshId(candidate: IdCandidate, used: Set<string>): string {
  for (let salt = 0; ; salt++) {
    const id = createHash("sha256").update(`${candidate.level}\0${salt}\0${candidate.files.join("\0")}`).digest("hex").slice(0, 8);
    if (!used.has(id)) return id;
  }
}

export function assignIds(candidates: readonly IdCandidate[], previous: readonly PreviousRegion[]): string[] {
  const ids = new Array<string | undefined>(candidates.length);
  const taken = new Set<string>();
  const oldRoot = previous.find((p) => p.root);
  const newRoot = candidates.findIndex((c) => c.root);
  if (oldRoot && newRoot >= 0) {
    ids[newRoot] = oldRoot.id;
    taken.add(oldRoot.id);
  }
  const levels = new Set(candidates.map((c) => c.level));
  for (const level of [...levels].sort((a, b) => a - b)) {
    const old = previous.filter((p) => p.level === level && !p.root);
    const ownerOf = new Map<string, number>();
    for (const [j, p] of old.entries()) for (const file of p.files) ownerOf.set(file, j);
    const pairs: { i: number; j: number; jaccard: number }[] = [];
    for (const [i, c] of candidates.entries()) {
      if (c.level !== level || c.root) continue;
      const overlap = new Map<number, number>();
      for (const file of c.files) {
        const j = ownerOf.get(file);
        if (j !== undefined) overlap.set(j, (overlap.get(j) ?? 0) + 1);
      }
      for (const [j, shared] of overlap) {
        const jaccard = shared / (c.files.length + old[j]!.files.length - shared);
        if (jaccard >= SAME_REGION) pairs.push({ i, j, jaccard });
      }
    }
    pairs.sort((a, b) => b.jaccard - a.jaccard || a.i - b.i || a.j - b.j);
    for (const { i, j } of pairs) {
      const id = old[j]!.id;
      if (ids[i] !== undefined || taken.has(id)) continue;
      ids[i] = id;
      taken.add(id);
    }
  }
  // Ids are handed out after the matches, so no fresh id takes one a later match needs.
  for (const p of previous) taken.add(p.id);
  return candidates.map((c, i) => {
    if (ids[i] === undefined) {
      ids[i] = freshId(c, taken);
      taken.add(ids[i]!);
    }
    return ids[i]!;
  });
}
