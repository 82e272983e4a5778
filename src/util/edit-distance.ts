/**
 * Levenshtein distance, one row at a time: for "did you mean" suggestions. With `bound`, stops
 * as soon as the distance must exceed it and returns bound + 1: most candidates are far away.
 */
export function editDistance(a: string, b: string, bound = Infinity): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] as number;
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      const here = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      row[j] = here;
      if (here < best) best = here;
      diagonal = above;
    }
    if (best > bound) return bound + 1;
  }
  return Math.min(row[b.length] as number, bound + 1);
}
