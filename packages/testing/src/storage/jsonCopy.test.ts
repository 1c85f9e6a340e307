import { copyJsonData, jsonCopy } from './jsonCopy.js';

const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

test('a copy holds what a JSON round trip would', () => {
  const odd = {
    text: 'é ✓ \u2028',
    n: 1.5,
    nan: NaN,
    inf: -Infinity,
    nothing: undefined,
    fn: () => 1,
    date: new Date(0),
    list: [1, undefined, () => 2, NaN, [null]],
    nested: { deep: { x: [{ y: 'z' }] } },
    [Symbol('hidden')]: 1,
  };
  const copy = jsonCopy(odd);
  expect(copy).toStrictEqual(viaJson(odd));
  expect(JSON.stringify(copy)).toBe(JSON.stringify(odd));
});

test('a member named __proto__ stays a member, as JSON.parse leaves it', () => {
  const value = JSON.parse('{"__proto__":{"a":1},"b":2}') as Record<string, unknown>;
  const copy = jsonCopy(value) as Record<string, unknown>;
  expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  expect(Object.keys(copy)).toEqual(['__proto__', 'b']);
  const shared = jsonCopy(value, { b: 2 }) as Record<string, unknown>;
  expect(JSON.stringify(shared)).toBe('{"__proto__":{"a":1},"b":2}');
  expect(Object.getPrototypeOf(shared)).toBe(Object.prototype);
});

test('a copy shares the unchanged parts of the previous value and nothing with the input', () => {
  const previous = jsonCopy({
    metadata: { name: 'a', labels: { app: 'x' } },
    spec: { containers: [{ name: 'c' }] },
    status: { phase: 'Running' },
  }) as Record<string, Record<string, unknown>>;
  const input = viaJson(previous) as Record<string, Record<string, unknown>>;
  input['status']!['phase'] = 'Pending';
  const copy = jsonCopy(input, previous) as Record<string, Record<string, unknown>>;
  expect(copy).toEqual(input);
  expect(copy['spec']).toBe(previous['spec']);
  expect(copy['metadata']).toBe(previous['metadata']);
  expect(copy['status']).not.toBe(previous['status']);
  expect(copy['status']).not.toBe(input['status']);
  expect(previous['status']!['phase']).toBe('Running');
  // Equal members in another order are not shared: the copy keeps the input's order.
  const reordered = jsonCopy({ status: input['status'], spec: input['spec'] }, previous);
  expect(Object.keys(reordered as object)).toEqual(['status', 'spec']);
  // Fewer members, or a shorter array, make a new object.
  expect(jsonCopy({ metadata: input['metadata'] }, previous)).toEqual({
    metadata: previous['metadata'],
  });
  expect(jsonCopy([1], [1, 2])).toEqual([1]);
});

test('copyJsonData makes an independent deep copy of JSON data', () => {
  const data = jsonCopy({ a: [{ b: 1 }], c: { d: 'e' } }) as { a: { b: number }[]; c: object };
  const copy = copyJsonData(data);
  expect(copy).toStrictEqual(data);
  expect(copy.a).not.toBe(data.a);
  expect(copy.a[0]).not.toBe(data.a[0]);
  expect(copy.c).not.toBe(data.c);
});
