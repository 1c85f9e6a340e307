import { KeyedQueue } from './keyedQueue.js';

describe('KeyedQueue', () => {
  it('queues new keys at the back and keeps the place of a key whose value changes', () => {
    const q = new KeyedQueue<number>();
    expect(q.set('a', 1)).toBe(true);
    expect(q.set('b', 1)).toBe(true);
    expect(q.set('a', 2)).toBe(false);
    expect(q.entries()).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });

  it('shifts from the front and deletes from anywhere', () => {
    const q = new KeyedQueue<string>();
    for (const key of ['a', 'b', 'c', 'd']) q.set(key, key.toUpperCase());
    expect(q.delete('c')).toBe(true);
    expect(q.delete('c')).toBe(false);
    expect(q.shift()).toMatchObject({ key: 'a', value: 'A' });
    expect(q.delete('d')).toBe(true);
    expect(q.keys()).toEqual(['b']);
    expect(q.shift()).toMatchObject({ key: 'b', value: 'B' });
    expect(q.shift()).toBeUndefined();
    expect(q.size).toBe(0);
  });

  it('requeues a removed key at the back', () => {
    const q = new KeyedQueue<number>();
    q.set('a', 1);
    q.set('b', 1);
    q.shift();
    q.set('a', 2);
    expect(q.keys()).toEqual(['b', 'a']);
    expect(q.has('a')).toBe(true);
    expect(q.get('a')).toBe(2);
  });

  it('stays consistent with an array model under heavy churn', () => {
    const q = new KeyedQueue<number>();
    const model: string[] = [];
    let seed = 7;
    const random = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let i = 0; i < 20_000; i++) {
      const key = `k${random(50)}`;
      const op = random(3);
      if (op === 0) {
        if (!model.includes(key)) model.push(key);
        q.set(key, i);
      } else if (op === 1) {
        const at = model.indexOf(key);
        if (at >= 0) model.splice(at, 1);
        q.delete(key);
      } else {
        expect(q.shift()?.key).toBe(model.shift());
      }
      expect(q.size).toBe(model.length);
    }
    expect(q.keys()).toEqual(model);
    q.clear();
    expect(q.entries()).toEqual([]);
  });

  it('stays consistent with a model when thousands of keys leave and come back and the queue never empties', () => {
    const q = new KeyedQueue<number>();
    const model = new Map<string, number>(); // insertion order is queue order
    q.set('anchor', -1);
    model.set('anchor', -1);
    // Thousands of keys queued, then mostly shifted: more keys have left than are queued.
    for (let i = 0; i < 3000; i++) {
      q.set(`k${i}`, i);
      model.set(`k${i}`, i);
    }
    let seed = 11;
    const random = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let i = 0; i < 60_000; i++) {
      const key = `k${random(5000)}`;
      // Fewer writes than shifts: the queue stays short while most keys have left it.
      if (random(3) === 0) {
        model.set(key, i);
        q.set(key, i);
      } else if (model.size > 1) {
        const [front, value] = model.entries().next().value as [string, number];
        model.delete(front);
        const entry = q.shift();
        expect([entry?.key, entry?.value]).toEqual([front, value]);
        // The anchor goes back at once, so the queue is never empty.
        if (front === 'anchor') {
          model.set('anchor', -1);
          q.set('anchor', -1);
        }
      }
      expect(q.size).toBe(model.size);
      expect(q.has(key)).toBe(model.has(key));
      expect(q.get(key)).toBe(model.get(key));
    }
    expect(q.entries()).toEqual([...model.entries()]);
  });
});
