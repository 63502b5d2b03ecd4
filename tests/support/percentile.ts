/** The value under which a `share` (0 to 1) of `values` lie. */
export function percentile(values: number[], share: number): number {
  const sorted = values.toSorted((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0
}
