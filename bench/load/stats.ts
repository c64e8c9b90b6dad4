// Latency figures for the load benchmarks: nearest-rank percentiles and medians.

export interface Spread {
  n: number;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  max: number | null;
}

/** The nearest-rank percentile of ascending values (null when there are none). */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (value: number | null): number | null => (value === null ? null : Math.round(value * 10) / 10);
  return { n: sorted.length, p50: round(percentile(sorted, 50)), p90: round(percentile(sorted, 90)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? null) };
}

export function median(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[middle]! : (known[middle - 1]! + known[middle]!) / 2;
}
