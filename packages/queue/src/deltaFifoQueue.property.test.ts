import fc from 'fast-check';
import { applyDeltas } from './applyDeltas.js';
import { DeltaFIFO } from './deltaFifoQueue.js';
import { DeltaType, type Deltas } from './deltas.js';
import { FIFOClosedError, RequeueError } from './errors.js';
import { MapStore, obj, type TestObj } from './fixtures.testing.js';

// Random producer/consumer histories against a model: `truth` is the world as the producer last
// described it, `store` the Indexer the popped deltas are applied to (and the queue's
// knownObjects). The queue's invariants are checked after every step, and once everything is
// drained the store must equal the truth.

const keyArb = fc.constantFrom('a', 'b', 'c', 'd', 'e');

type Write =
  | { readonly op: 'add' | 'update' | 'delete'; readonly key: string }
  | { readonly op: 'replace'; readonly keys: readonly string[] }
  | { readonly op: 'resync' };

type Step =
  | Write
  // Pop and apply; `during` runs inside process (before applying), while the key is in flight.
  | {
      readonly op: 'pop';
      readonly requeue: boolean;
      readonly async: boolean;
      readonly during: readonly Write[];
    };

const writeArb: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    op: fc.constantFrom('add' as const, 'update' as const, 'delete' as const),
    key: keyArb,
  }),
  fc.record({
    op: fc.constant('replace' as const),
    keys: fc.uniqueArray(keyArb, { maxLength: 5 }),
  }),
  fc.record({ op: fc.constant('resync' as const) }),
);

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: writeArb },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('pop' as const),
      requeue: fc.boolean(),
      async: fc.boolean(),
      during: fc.array(writeArb, { maxLength: 3 }),
    }),
  },
);

class Model {
  readonly store = new MapStore<TestObj>();
  readonly truth = new Map<string, TestObj>();
  readonly fifo: DeltaFIFO<TestObj>;
  populated = false;
  initialCount = 0;
  private version = 0;

  constructor(emitDeltaTypeReplaced: boolean) {
    this.fifo = new DeltaFIFO({ knownObjects: this.store, emitDeltaTypeReplaced });
  }

  synced(): boolean {
    return this.populated && this.initialCount === 0;
  }

  write(w: Write): void {
    const before = this.fifo.listKeys();
    const v = ++this.version;
    switch (w.op) {
      case 'add':
      case 'update':
        this.fifo[w.op](obj(w.key, v));
        this.truth.set(w.key, obj(w.key, v));
        break;
      case 'delete': {
        const expectSkip = !before.includes(w.key) && this.knownAfterInFlight(w.key) === false;
        this.fifo.delete(obj(w.key, v));
        this.truth.delete(w.key);
        if (expectSkip) expect(this.fifo.listKeys()).toEqual(before);
        break;
      }
      case 'replace': {
        const items = w.keys.map((key) => obj(key, v));
        this.fifo.replace(items, String(v));
        this.truth.clear();
        for (const item of items) this.truth.set(item.metadata.name, item);
        if (!this.populated) this.initialCount = this.fifo.size;
        break;
      }
      case 'resync':
        this.fifo.resync(); // the only write that does not populate the queue
        this.checkInvariants(before);
        return;
    }
    this.populated = true;
    this.checkInvariants(before);
  }

  async pop(step: Extract<Step, { op: 'pop' }>): Promise<void> {
    const before = this.fifo.listKeys();
    const front = before[0];
    if (front === undefined) return;
    const expectInitial = !this.synced();
    if (this.initialCount > 0) this.initialCount--;
    let inFlightKey: string | undefined;
    await this.fifo.pop(async (deltas, isInInitialList) => {
      expect(isInInitialList).toBe(expectInitial);
      inFlightKey = this.fifo.keyOf(deltas);
      expect(inFlightKey).toBe(front);
      this.inFlight = deltas;
      if (step.async) await Promise.resolve();
      for (const w of step.during) this.write(w);
      this.inFlight = undefined;
      if (step.requeue) throw new RequeueError();
      applyDeltas(this.store, deltas, isInInitialList);
    });
    if (step.requeue) this.populated = true;
    // The popped key left the front; keys queued meanwhile (including it, again) are newer.
    this.checkInvariants(before.slice(1));
  }

  async drain(): Promise<void> {
    this.fifo.close();
    for (;;) {
      try {
        await this.fifo.pop((deltas, init) => void applyDeltas(this.store, deltas, init));
      } catch (err) {
        if (err instanceof FIFOClosedError) return;
        throw err;
      }
    }
  }

  private inFlight: Deltas<TestObj> | undefined;

  /** Whether the key counts as known: what the store will hold once the in-flight key lands. */
  private knownAfterInFlight(key: string): boolean {
    if (this.inFlight !== undefined && this.fifo.keyOf(this.inFlight) === key) {
      return this.inFlight.newest()?.type !== DeltaType.Deleted;
    }
    return this.store.getByKey(key) !== undefined;
  }

  private checkInvariants(kept: readonly string[]): void {
    const keys = this.fifo.listKeys();
    // No duplicates; a key is queued iff it has deltas; one listed object per key.
    expect(new Set(keys).size).toBe(keys.length);
    expect(this.fifo.size).toBe(keys.length);
    expect(this.fifo.list()).toHaveLength(keys.length);
    for (const key of keys) {
      const deltas = this.fifo.getByKey(key)?.toArray() ?? [];
      expect(deltas.length).toBeGreaterThan(0);
      // Consecutive deletions are always merged.
      deltas.forEach((d, i) => {
        if (i > 0) expect([deltas[i - 1]?.type, d.type]).not.toEqual(['Deleted', 'Deleted']);
      });
    }
    // FIFO order of first arrival: the keys that were queued keep their order at the front.
    expect(keys.slice(0, kept.length)).toEqual(kept);
    for (const key of keys.slice(kept.length)) expect(kept).not.toContain(key);
    if (this.inFlight === undefined) expect(this.fifo.hasSynced()).toBe(this.synced());
  }
}

describe('DeltaFIFO (property)', () => {
  it('keeps its invariants under random histories and leaves the store equal to the truth', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(stepArb, { maxLength: 60 }),
        async (replaced, steps) => {
          const model = new Model(replaced);
          for (const step of steps) {
            if (step.op === 'pop') await model.pop(step);
            else model.write(step);
          }
          await model.drain();
          const byKey = (m: Map<string, TestObj>) =>
            [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
          expect(byKey(model.store.items)).toEqual(byKey(model.truth));
          expect(model.fifo.hasSynced()).toBe(model.populated);
        },
      ),
      { numRuns: 300 },
    );
  });
});
