import { EventBuffer } from './eventBuffer.js';

/** The array the buffer holds its elements in, whatever its name. */
const backingArray = (buffer: EventBuffer<unknown>): unknown =>
  Object.values(buffer).find((value) => Array.isArray(value));

describe('EventBuffer', () => {
  it('hands elements out in the order they were pushed, across fills, drains and compactions', () => {
    const buffer = new EventBuffer<number>();
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
    const buffer = new EventBuffer<number>();
    const arrays = new Set<unknown>();
    for (let turn = 0; turn < 500; turn++) {
      for (let i = 0; i < 20; i++) buffer.push(i);
      while (buffer.shift() !== undefined) arrays.add(backingArray(buffer));
    }
    expect(arrays.size).toBe(1);
  });

  it('holds no more than a small array once a large backlog is delivered, keeping nothing delivered', () => {
    const buffer = new EventBuffer<{ readonly id: number }>();
    for (let i = 0; i < 10_000; i++) buffer.push({ id: i });
    for (let i = 0; i < 9_999; i++) buffer.shift();
    const held = backingArray(buffer) as unknown[];
    expect(held.filter((slot) => slot !== undefined)).toEqual([{ id: 9_999 }]);
    buffer.shift();
    expect((backingArray(buffer) as unknown[]).length).toBeLessThanOrEqual(1024);
  });
});
