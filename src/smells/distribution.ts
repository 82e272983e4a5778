// Where a value stands in the repository's own distribution: the thresholds of the rules that
// judge a file against the others rather than against a fixed number.

/** The nearest-rank quantile `q` (0..1) of `values`; 0 for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/**
 * A value far above the rest: at least the `q` quantile, `times` the median, and `floor`, so
 * that neither a uniform repository (where the top percentile is ordinary) nor a tiny one
 * flags its largest file.
 */
export function farAbove(values: readonly number[], { q, times, floor }: { q: number; times: number; floor: number }): number {
  return Math.max(quantile(values, q), times * median(values), floor);
}
