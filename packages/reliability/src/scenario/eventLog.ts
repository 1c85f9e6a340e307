import { isDeletedFinalStateUnknown } from '@rxkube/store';

/** The part of an object the logs keep. */
interface Meta {
  readonly metadata?: {
    readonly namespace?: string;
    readonly name?: string;
    resourceVersion?: string;
  };
}

/** One event as a handler saw it. */
interface LoggedEvent {
  readonly type: 'add' | 'update' | 'delete';
  readonly key: string;
  /** The object's resourceVersion (the tombstone's last known one for inferred deletes). */
  readonly rv: string | undefined;
  /** For updates: the old object's resourceVersion (undefined when the library gives none). */
  readonly oldRv?: string | undefined;
  /** For deletes: whether a relist inferred it (a `DeletedFinalStateUnknown`). */
  readonly tombstone?: boolean;
}

/** Cache contents as key → resourceVersion. */
export type CacheState = Map<string, string>;

/**
 * `namespace/name` of an object, as the informer keys it.
 *
 * @param obj - the object.
 * @returns the key.
 */
export function keyOf(obj: Meta): string {
  const { namespace, name } = obj.metadata ?? {};
  return namespace ? `${namespace}/${name ?? ''}` : (name ?? '');
}

/**
 * Records what one handler receives, in order.
 */
export class EventLog {
  /** Every event, in delivery order. */
  readonly events: LoggedEvent[] = [];

  /** @param keep - false counts nothing and keeps nothing (long runs). */
  constructor(private readonly keep = true) {}

  /**
   * Records an add.
   *
   * @param obj - the object.
   */
  add(obj: unknown): void {
    if (!this.keep) return;
    const o = obj as Meta;
    this.events.push({ type: 'add', key: keyOf(o), rv: o.metadata?.resourceVersion });
  }

  /**
   * Records an update.
   *
   * @param oldObj - the object before.
   * @param newObj - the object now.
   */
  update(oldObj: unknown, newObj: unknown): void {
    if (!this.keep) return;
    const n = newObj as Meta;
    this.events.push({
      type: 'update',
      key: keyOf(n),
      rv: n.metadata?.resourceVersion,
      oldRv: (oldObj as Meta | undefined)?.metadata?.resourceVersion,
    });
  }

  /**
   * Records a delete (an object or a tombstone).
   *
   * @param obj - what the handler received.
   */
  delete(obj: unknown): void {
    if (!this.keep) return;
    if (isDeletedFinalStateUnknown(obj)) {
      const last = obj.obj as Meta | undefined;
      this.events.push({
        type: 'delete',
        key: obj.key,
        rv: last?.metadata?.resourceVersion,
        tombstone: true,
      });
      return;
    }
    const o = obj as Meta;
    this.events.push({ type: 'delete', key: keyOf(o), rv: o.metadata?.resourceVersion });
  }
}

/** The result of replaying a handler's log from an empty cache. */
interface Replay {
  /** The cache the events build. */
  readonly state: CacheState;
  /** Every rule the log broke, with the event's position (empty when sound). */
  readonly violations: string[];
}

const rvNumber = (rv: string | undefined): number => (rv === undefined ? NaN : Number(rv));

/**
 * Replays a handler's events from an empty cache and checks that they make sense in order: no
 * update or delete of an unknown key, no add of a key already present (a delete or tombstone
 * must come between), every update's old object is the state the handler last saw, and a key's
 * resourceVersion never goes backwards.
 *
 * @param events - the log.
 * @param maxViolations - stop collecting after this many.
 * @returns the rebuilt cache and the violations.
 */
export function replay(events: readonly LoggedEvent[], maxViolations = 10): Replay {
  const state: CacheState = new Map();
  const violations: string[] = [];
  const violate = (i: number, e: LoggedEvent, problem: string): void => {
    if (violations.length < maxViolations)
      violations.push(`#${i} ${e.type} ${e.key}@${e.rv ?? '?'}: ${problem}`);
  };
  events.forEach((e, i) => {
    const current = state.get(e.key);
    switch (e.type) {
      case 'add':
        if (current !== undefined) violate(i, e, `add of a key already present at ${current}`);
        state.set(e.key, e.rv ?? '');
        return;
      case 'update':
        if (current === undefined) violate(i, e, 'update of an unknown key');
        else {
          if (e.oldRv !== undefined && e.oldRv !== current)
            violate(i, e, `old object at ${e.oldRv}, last seen ${current}`);
          if (rvNumber(e.rv) < rvNumber(current)) violate(i, e, `goes back from ${current}`);
        }
        state.set(e.key, e.rv ?? '');
        return;
      case 'delete':
        if (current === undefined) violate(i, e, 'delete of an unknown key');
        else if (!e.tombstone && rvNumber(e.rv) < rvNumber(current))
          violate(i, e, `delete older than ${current}`);
        state.delete(e.key);
        return;
    }
  });
  return { state, violations };
}

/**
 * Lists the differences between an expected and an actual cache.
 *
 * @param expected - what should be there (e.g. the server's objects).
 * @param actual - what is there.
 * @param max - at most this many lines.
 * @returns lines such as `missing a/p-1@42`, `extra a/p-2@40`, `stale a/p-3@41 (want 45)`.
 */
export function diffStates(expected: CacheState, actual: CacheState, max = 10): string[] {
  const lines: string[] = [];
  let count = 0;
  const note = (line: string): void => {
    count++;
    if (lines.length < max) lines.push(line);
  };
  for (const [key, rv] of expected) {
    const got = actual.get(key);
    if (got === undefined) note(`missing ${key}@${rv}`);
    else if (got !== rv) note(`stale ${key}@${got} (want ${rv})`);
  }
  for (const [key, rv] of actual) if (!expected.has(key)) note(`extra ${key}@${rv}`);
  if (count > lines.length) lines.push(`… ${count - lines.length} more`);
  return lines;
}
