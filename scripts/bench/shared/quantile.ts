// Latency and start-up benchmarks report a median and a tail from the same sorted samples.

/**
 * The sample at quantile q (0 to 1) of samples sorted in ascending order, by nearest rank (no
 * interpolation: every figure printed is one that was measured); 0 when there is none.
 */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
