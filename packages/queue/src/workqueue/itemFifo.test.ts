import { ItemFifo } from './itemFifo.js';

/** The arrays the queue holds: its backing store, whatever its name. */
const backingArrays = (fifo: ItemFifo<number>): unknown[] =>
  Object.values(fifo).filter((value) => Array.isArray(value));

describe('ItemFifo', () => {
  it('hands values out in the order they were pushed, across many fills and drains', () => {
    const fifo = new ItemFifo<number>();
    const out: number[] = [];
    let next = 0;
    for (const burst of [3, 17, 40, 1, 100, 5]) {
      for (let i = 0; i < burst; i++) fifo.push(next++);
      for (let i = 0; i < burst - 1; i++) out.push(fifo.shift() as number);
    }
    while (fifo.length > 0) out.push(fifo.shift() as number);
    expect(out).toEqual(Array.from({ length: next }, (_, i) => i));
    expect(fifo.shift()).toBeUndefined();
  });

  it('puts a value back at the front, reads by position and replaces the last, as it wraps', () => {
    const fifo = new ItemFifo<number>();
    for (let i = 0; i < 14; i++) fifo.push(i);
    for (let i = 0; i < 12; i++) fifo.shift();
    for (let i = 14; i < 30; i++) fifo.push(i); // wraps around the end of a 16-slot array
    fifo.unshift(11);
    expect(fifo.replaceLast(99)).toBe(true);
    expect([fifo.at(0), fifo.at(1), fifo.at(fifo.length - 1), fifo.at(fifo.length)]).toEqual([
      11,
      12,
      99,
      undefined,
    ]);
    expect(fifo.at(-1)).toBeUndefined();
    expect(fifo.toArray()).toEqual([
      11,
      12,
      13,
      ...Array.from({ length: 15 }, (_, i) => 14 + i),
      99,
    ]);
    expect(new ItemFifo<number>().replaceLast(1)).toBe(false);
  });

  it('keeps one backing array for a queue that fills and empties in bursts', () => {
    const fifo = new ItemFifo<number>();
    const seen = new Set<unknown>();
    for (let burst = 0; burst < 500; burst++) {
      for (let i = 0; i < 20; i++) fifo.push(i);
      while (fifo.shift() !== undefined) seen.add(backingArrays(fifo)[0]);
    }
    // Growing to hold the first burst may take a new array; draining never does.
    expect(seen.size).toBe(1);
  });

  it('gives back the memory of a large burst once it has drained, and keeps nothing it handed out', () => {
    const fifo = new ItemFifo<{ readonly id: number }>();
    for (let i = 0; i < 100_000; i++) fifo.push({ id: i });
    while (fifo.length > 0) fifo.shift();
    const [slots] = Object.values(fifo).filter((value) => Array.isArray(value)) as unknown[][];
    expect(slots!.length).toBeLessThanOrEqual(2048);
    expect(slots!.every((slot) => slot === undefined)).toBe(true);
  });
});

/** The array the buffer holds its elements in, whatever its name (as a handler buffer sees it). */
const bufferArray = (buffer: ItemFifo<unknown>): unknown =>
  Object.values(buffer).find((value) => Array.isArray(value));

describe('ItemFifo as a handler buffer', () => {
  it('hands elements out in the order they were pushed, across fills, drains and compactions', () => {
    const buffer = new ItemFifo<number>();
    const out: number[] = [];
    let next = 0;
    for (const burst of [3, 2000, 1, 5000, 7]) {
      for (let i = 0; i < burst; i++) buffer.push(next++);
      for (let i = 0; i < burst - 1; i++) out.push(buffer.shift() as number);
    }
    while (buffer.length > 0) out.push(buffer.shift() as number);
    expect(out).toEqual(Array.from({ length: next }, (_, i) => i));
    expect(buffer.shift()).toBeUndefined();
  });

  it('refills one array for a listener that receives events a turn at a time', () => {
    const buffer = new ItemFifo<number>();
    const arrays = new Set<unknown>();
    for (let turn = 0; turn < 500; turn++) {
      for (let i = 0; i < 20; i++) buffer.push(i);
      while (buffer.shift() !== undefined) arrays.add(bufferArray(buffer));
    }
    expect(arrays.size).toBe(1);
  });

  it('holds no more than a small array once a large backlog is delivered, keeping nothing delivered', () => {
    const buffer = new ItemFifo<{ readonly id: number }>();
    for (let i = 0; i < 10_000; i++) buffer.push({ id: i });
    for (let i = 0; i < 9_999; i++) buffer.shift();
    const held = bufferArray(buffer) as unknown[];
    expect(held.filter((slot) => slot !== undefined)).toEqual([{ id: 9_999 }]);
    buffer.shift();
    expect((bufferArray(buffer) as unknown[]).length).toBeLessThanOrEqual(1024);
  });
});
