// Choosing the site to show among candidates: the graph's recorded lines are hints, so a
// candidate on (or nearest to) one wins; `also` keeps up to four more, on hint lines when
// the sites land on any.

export interface Candidate {
  /** 1-based. */
  line: number;
  /** Lower is better; only the best rank present is shown. */
  rank: number;
  /** Distance to the nearest hint, 0 when the candidate covers one. */
  hintDistance: number;
}

const MAX_ALSO = 4;

export function distanceToHints(start: number, end: number, hints: readonly number[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (const hint of hints) {
    const distance = hint < start ? start - hint : hint > end ? hint - end : 0;
    if (distance < best) best = distance;
  }
  return best;
}

export function pick(candidates: readonly Candidate[]): { line: number; also: number[]; more: number } | undefined {
  if (candidates.length === 0) return undefined;
  const bestRank = Math.min(...candidates.map((c) => c.rank));
  const byLine = new Map<number, Candidate>();
  for (const candidate of candidates) {
    if (candidate.rank !== bestRank) continue;
    const seen = byLine.get(candidate.line);
    if (!seen || candidate.hintDistance < seen.hintDistance) byLine.set(candidate.line, candidate);
  }
  const ordered = [...byLine.values()].sort((a, b) => a.hintDistance - b.hintDistance || a.line - b.line);
  const [primary, ...rest] = ordered;
  if (!primary) return undefined;
  // The lines the graph recorded are this edge's own; a use of the name off them is another
  // edge's (a method of one name on another receiver) or an unbound call. So when the sites
  // land on recorded lines, only those are further sites; past them, file order.
  const own = rest.filter((c) => c.hintDistance === 0);
  const further = own.length > 0 || primary.hintDistance === 0 ? own : rest;
  const also = further
    .slice(0, MAX_ALSO)
    .map((c) => c.line)
    .sort((a, b) => a - b);
  return { line: primary.line, also, more: further.length - also.length };
}
