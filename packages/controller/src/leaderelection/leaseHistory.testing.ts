/** A committed Lease write, reduced to what the election invariants need. */
export interface HistoryEntry {
  readonly holder: string;
  readonly leaseTransitions: number;
  readonly leaseDurationSeconds?: number;
  /** Who wrote it, and when (virtual time only: wall-clock times are not checked). */
  readonly by?: string;
  readonly at?: number;
}

/**
 * Checks a Lease's write history against the election's rules and lists every breach:
 * - a renewal (same holder) or a release (empty holder) keeps `leaseTransitions`;
 * - a change of holder to a candidate increments it by exactly one;
 * - with times: a candidate takes the Lease from another (not released) holder only when a full
 *   lease duration has passed since that holder's last write (edits by non-candidates exempt).
 */
export function leaseHistoryViolations(history: readonly HistoryEntry[]): string[] {
  const problems: string[] = [];
  for (let i = 1; i < history.length; i += 1) {
    const previous = history[i - 1]!;
    const entry = history[i]!;
    const takeover = entry.holder !== '' && entry.holder !== previous.holder;
    const expected = previous.leaseTransitions + (takeover ? 1 : 0);
    if (entry.leaseTransitions !== expected) {
      problems.push(
        `write ${i} (${previous.holder || '-'} → ${entry.holder || '-'}): ` +
          `leaseTransitions ${entry.leaseTransitions}, expected ${expected}`,
      );
    }
    // Only candidates wait for expiry; an edit by someone else (entry.by ≠ holder) does not.
    const byHolder = entry.by === undefined || entry.by === entry.holder;
    if (!takeover || !byHolder || previous.holder === '' || entry.at === undefined) continue;
    let last = i - 1;
    while (last > 0 && history[last]!.by !== previous.holder) last -= 1;
    const waited = entry.at - history[last]!.at!;
    const required = (previous.leaseDurationSeconds ?? 0) * 1000;
    if (waited < required) {
      problems.push(
        `write ${i}: ${entry.holder} took the lease from ${previous.holder} ${waited} ms after ` +
          `its last write (lease duration ${required} ms)`,
      );
    }
  }
  return problems;
}
