import fc from 'fast-check';
import { DelayingQueue } from './delayingQueue.js';
import { VirtualClock, flushMicrotasks } from '@rxkube/devkit';
import type { WorkQueueGetResult } from './workQueue.js';

// Random histories of adds, delayed adds, gets, dones and clock ticks by a few workers, run
// against a DelayingQueue and a reference model (plain arrays and sets, written from client-go's
// description). After every step, each worker must hold exactly what the model says, and
// the invariants must hold: no item held by two workers, every add followed by a get of its
// item. At the end the queue is shut down and drained: nothing may be lost.

const WORKERS = 3;
const itemArb = fc.constantFrom('a', 'b', 'c', 'd');

type Step =
  | { readonly op: 'add'; readonly item: string }
  | { readonly op: 'addAfter'; readonly item: string; readonly delay: number }
  | { readonly op: 'get' | 'done'; readonly worker: number }
  | { readonly op: 'tick'; readonly ms: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('add' as const), item: itemArb }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('addAfter' as const),
      item: itemArb,
      delay: fc.integer({ min: -2, max: 20 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constantFrom('get' as const, 'done' as const),
      worker: fc.integer({ min: 0, max: WORKERS - 1 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('tick' as const), ms: fc.nat(15) }) },
);

/** What each worker is doing. */
type WorkerState = { kind: 'idle' } | { kind: 'waiting' } | { kind: 'holding'; item: string };

class Model {
  readonly queue: string[] = [];
  readonly dirty = new Set<string>();
  readonly processing = new Set<string>();
  readonly waiters: number[] = [];
  readonly workers: WorkerState[] = Array.from({ length: WORKERS }, () => ({ kind: 'idle' }));
  /** Delayed items: item → ready time (the earliest wins), with arrival order for ties. */
  readonly delayed = new Map<string, { readyAt: number; seq: number }>();
  private seq = 0;
  now = 0;

  add(item: string): void {
    if (this.dirty.has(item)) return;
    this.dirty.add(item);
    if (this.processing.has(item)) return;
    this.queue.push(item);
    this.dispatch();
  }

  addAfter(item: string, delay: number): void {
    if (delay <= 0) return this.add(item);
    const readyAt = this.now + delay;
    const existing = this.delayed.get(item);
    if (existing === undefined) this.delayed.set(item, { readyAt, seq: this.seq++ });
    else if (readyAt < existing.readyAt) existing.readyAt = readyAt;
  }

  get(worker: number): void {
    this.workers[worker] = { kind: 'waiting' };
    this.waiters.push(worker);
    this.dispatch();
  }

  done(worker: number, item: string): void {
    this.workers[worker] = { kind: 'idle' };
    this.processing.delete(item);
    if (this.dirty.has(item)) {
      this.queue.push(item);
      this.dispatch();
    }
  }

  /** @returns the delayed items released, in order */
  tick(ms: number): string[] {
    this.now += ms;
    const ready = [...this.delayed]
      .filter(([, entry]) => entry.readyAt <= this.now)
      .sort(([, x], [, y]) => x.readyAt - y.readyAt || x.seq - y.seq);
    for (const [item] of ready) {
      this.delayed.delete(item);
      this.add(item);
    }
    return ready.map(([item]) => item);
  }

  private dispatch(): void {
    while (this.waiters.length > 0 && this.queue.length > 0) {
      const worker = this.waiters.shift()!;
      const item = this.queue.shift()!;
      this.dirty.delete(item);
      this.processing.add(item);
      this.workers[worker] = { kind: 'holding', item };
    }
  }
}

async function run(steps: readonly Step[]): Promise<void> {
  const clock = new VirtualClock();
  const queue = new DelayingQueue<string>({ scheduler: clock });
  const model = new Model();
  const actual: WorkerState[] = Array.from({ length: WORKERS }, () => ({ kind: 'idle' }));
  const results: Promise<WorkQueueGetResult<string>>[] = [];
  // Items added (by step index) that no get has served since.
  const owed = new Map<string, number>();
  let gets = 0;
  let heldTwice = 0;
  let adds = 0;

  const startGet = (worker: number): void => {
    actual[worker] = { kind: 'waiting' };
    const result = queue.get();
    results[worker] = result;
    void result.then((r) => {
      if (r.shutdown) {
        actual[worker] = { kind: 'idle' };
        return;
      }
      gets += 1;
      // Exclusivity: no other worker holds this item.
      for (const state of actual)
        if (state.kind === 'holding' && state.item === r.item) heldTwice += 1;
      actual[worker] = { kind: 'holding', item: r.item };
      owed.delete(r.item);
    });
  };

  const check = (): void => {
    expect(heldTwice).toBe(0);
    expect(actual).toEqual(model.workers);
    expect(queue.len()).toBe(model.queue.length);
    expect(queue.metrics().depth).toBe(model.dirty.size);
  };

  for (const [index, step] of steps.entries()) {
    switch (step.op) {
      case 'add':
        queue.add(step.item);
        model.add(step.item);
        owed.set(step.item, index);
        adds += 1;
        break;
      case 'addAfter':
        queue.addAfter(step.item, step.delay);
        model.addAfter(step.item, step.delay);
        if (step.delay <= 0) owed.set(step.item, index);
        adds += 1;
        break;
      case 'tick':
        clock.advance(step.ms);
        for (const item of model.tick(step.ms)) owed.set(item, index);
        break;
      case 'get':
        if (actual[step.worker]!.kind !== 'idle') continue;
        startGet(step.worker);
        model.get(step.worker);
        break;
      case 'done': {
        const state = actual[step.worker]!;
        if (state.kind !== 'holding') continue;
        queue.done(state.item);
        model.done(step.worker, state.item);
        actual[step.worker] = { kind: 'idle' };
        break;
      }
    }
    await flushMicrotasks(10);
    check();
  }

  // Drain: let every delay expire, then keep working until nothing is left.
  clock.advance(1000);
  for (const item of model.tick(1000)) owed.set(item, steps.length);
  for (let round = 0; round < 4 * WORKERS + 20; round += 1) {
    await flushMicrotasks(10);
    for (let worker = 0; worker < WORKERS; worker += 1) {
      const state = actual[worker]!;
      if (state.kind === 'holding') {
        queue.done(state.item);
        actual[worker] = { kind: 'idle' };
      } else if (state.kind === 'idle') startGet(worker);
    }
  }
  await flushMicrotasks(10);
  // Everything added was handed out after its last add: nothing owed, nothing left.
  expect([...owed.keys()]).toEqual([]);
  expect(queue.len()).toBe(0);
  expect(actual.every((state) => state.kind === 'waiting')).toBe(true);
  expect(gets).toBeLessThanOrEqual(adds);

  // Shutting down releases every waiting worker and leaves no timer behind.
  queue.shutDown();
  for (const result of results) expect((await result).shutdown).toBe(true);
  expect(clock.pending).toBe(0);
}

describe('WorkQueue (property)', () => {
  it('matches the model, never hands an item out twice at once, and loses nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { maxLength: 40 }), (steps) => run(steps)),
      { numRuns: 150 },
    );
  });
});
