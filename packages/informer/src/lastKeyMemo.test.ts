import { memoizeLastKey } from './lastKeyMemo.js';

interface Named {
  name: string;
}

describe('memoizeLastKey', () => {
  it('computes the key once for the same object asked about in a row', () => {
    let calls = 0;
    const key = memoizeLastKey<Named>((obj) => {
      calls++;
      return `ns/${obj.name}`;
    });
    const a = { name: 'a' };
    expect([key(a), key(a), key(a)]).toEqual(['ns/a', 'ns/a', 'ns/a']);
    expect(calls).toBe(1);
  });

  it('computes it again for another object, even one with equal content', () => {
    let calls = 0;
    const key = memoizeLastKey<Named>((obj) => {
      calls++;
      return `ns/${obj.name}`;
    });
    expect(key({ name: 'a' })).toBe('ns/a');
    expect(key({ name: 'a' })).toBe('ns/a');
    expect(key({ name: 'b' })).toBe('ns/b');
    expect(calls).toBe(3);
  });

  it('remembers nothing from a key function that throws', () => {
    let fail = true;
    const key = memoizeLastKey<Named>((obj) => {
      if (fail) throw new Error('no key');
      return obj.name;
    });
    const a = { name: 'a' };
    expect(() => key(a)).toThrow('no key');
    fail = false;
    expect(key(a)).toBe('a');
  });

  it('answers about an object it was told the key of without computing it', () => {
    let calls = 0;
    const key = memoizeLastKey<Named>((obj) => {
      calls++;
      return `ns/${obj.name}`;
    });
    const a = { name: 'a' };
    key({ name: 'b' });
    key.remember(a, 'ns/a');
    expect(key(a)).toBe('ns/a');
    expect(calls).toBe(1);
  });
});
