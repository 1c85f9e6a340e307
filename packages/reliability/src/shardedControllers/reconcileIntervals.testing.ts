/** One reconcile of a key by a replica, from its start to its end (monotonic ms). */
export interface ReconcileInterval {
  readonly replica: string;
  readonly key: string;
  readonly start: number;
  /** Its end; for a reconcile still running when its replica was killed, the kill's instant. */
  readonly end: number;
}

/** Two reconciles of one key that overlapped in time. */
export interface Overlap {
  readonly key: string;
  readonly first: ReconcileInterval;
  readonly second: ReconcileInterval;
}

/**
 * Collects the start and end reports of several replicas into intervals. A start with no end
 * ends at its replica's death (`killedAt`), or stays open (`Infinity`) for a live replica.
 */
export class ReconcileLog {
  private readonly open = new Map<string, number>();
  private readonly closed: ReconcileInterval[] = [];
  private readonly deaths = new Map<string, number>();

  /** Records a start or an end. */
  record(replica: string, phase: 'start' | 'end', key: string, at: number): void {
    const id = `${replica}\u0000${key}`;
    if (phase === 'start') {
      // Two starts in a row of one key in one replica are an overlap in that replica itself.
      const running = this.open.get(id);
      if (running !== undefined)
        this.closed.push({ replica, key, start: running, end: Number.POSITIVE_INFINITY });
      this.open.set(id, at);
      return;
    }
    const start = this.open.get(id);
    if (start === undefined) return;
    this.open.delete(id);
    this.closed.push({ replica, key, start, end: at });
  }

  /** A replica was killed at `at`: its open reconciles end then at the latest. */
  killed(replica: string, at: number): void {
    this.deaths.set(replica, at);
  }

  /** How many reconciles were recorded, ended or not. */
  get size(): number {
    return this.closed.length + this.open.size;
  }

  /** @returns every interval, the open ones ended at their replica's death or left open */
  intervals(): ReconcileInterval[] {
    const open = [...this.open].map(([id, start]): ReconcileInterval => {
      const [replica = '', key = ''] = id.split('\u0000');
      return { replica, key, start, end: this.deaths.get(replica) ?? Number.POSITIVE_INFINITY };
    });
    return [...this.closed, ...open];
  }
}

/**
 * The pairs of reconciles of one key that overlap in time, whichever replicas ran them.
 *
 * @param intervals - the reconciles
 * @returns the overlaps, in order of key and start
 */
export function overlaps(intervals: readonly ReconcileInterval[]): Overlap[] {
  const byKey = new Map<string, ReconcileInterval[]>();
  for (const interval of intervals) {
    const list = byKey.get(interval.key) ?? [];
    list.push(interval);
    byKey.set(interval.key, list);
  }
  const found: Overlap[] = [];
  for (const [key, list] of byKey) {
    list.sort((a, b) => a.start - b.start);
    let latest: ReconcileInterval | undefined;
    for (const interval of list) {
      if (latest !== undefined && interval.start < latest.end)
        found.push({ key, first: latest, second: interval });
      if (latest === undefined || interval.end > latest.end) latest = interval;
    }
  }
  return found;
}
