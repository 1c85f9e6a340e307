import { DeletedFinalStateUnknown } from './deletedFinalStateUnknown.js';
import {
  ExplicitKey,
  KeyError,
  keyOf,
  deletionHandlingMetaNamespaceKeyFunc,
  metaNamespaceKeyFunc,
  splitMetaNamespaceKey,
} from './keys.js';

describe('metaNamespaceKeyFunc', () => {
  it('joins namespace and name for namespaced objects', () => {
    expect(metaNamespaceKeyFunc({ metadata: { namespace: 'default', name: 'web' } })).toBe(
      'default/web',
    );
  });

  it('uses the bare name for cluster-scoped objects', () => {
    expect(metaNamespaceKeyFunc({ metadata: { name: 'node-1' } })).toBe('node-1');
    expect(metaNamespaceKeyFunc({ metadata: { name: 'node-1', namespace: '' } })).toBe('node-1');
  });

  it('returns an ExplicitKey unchanged', () => {
    expect(metaNamespaceKeyFunc(new ExplicitKey('a/b'))).toBe('a/b');
  });

  it.each([
    ['null', null],
    ['a string', 'web'],
    ['an object without metadata', { spec: {} }],
    ['an object without a name', { metadata: { namespace: 'x' } }],
    ['a numeric name', { metadata: { name: 7 } }],
  ])('throws a KeyError for %s', (_label, obj) => {
    expect(() => metaNamespaceKeyFunc(obj)).toThrow(KeyError);
  });

  it('keeps the offending object on the error', () => {
    const bad = { metadata: {} };
    try {
      metaNamespaceKeyFunc(bad);
      throw new Error('expected a KeyError');
    } catch (err) {
      expect(err).toBeInstanceOf(KeyError);
      expect((err as KeyError).obj).toBe(bad);
    }
  });
});

describe('deletionHandlingMetaNamespaceKeyFunc', () => {
  it('reads the key of a tombstone without touching its object', () => {
    expect(
      deletionHandlingMetaNamespaceKeyFunc(new DeletedFinalStateUnknown('ns/x', undefined)),
    ).toBe('ns/x');
  });

  it('falls back to the namespace key for ordinary objects', () => {
    expect(deletionHandlingMetaNamespaceKeyFunc({ metadata: { namespace: 'a', name: 'b' } })).toBe(
      'a/b',
    );
  });
});

describe('splitMetaNamespaceKey', () => {
  it('splits namespaced keys', () => {
    expect(splitMetaNamespaceKey('default/web')).toEqual({ namespace: 'default', name: 'web' });
  });

  it('returns an empty namespace for cluster-scoped keys', () => {
    expect(splitMetaNamespaceKey('node-1')).toEqual({ namespace: '', name: 'node-1' });
  });

  it.each(['a/b/c', '', 'ns/'])('rejects %j', (key) => {
    expect(() => splitMetaNamespaceKey(key)).toThrow(KeyError);
  });

  it('round-trips with metaNamespaceKeyFunc', () => {
    const key = metaNamespaceKeyFunc({ metadata: { namespace: 'n', name: 'm' } });
    expect(splitMetaNamespaceKey(key)).toEqual({ namespace: 'n', name: 'm' });
  });
});

describe('KeyError', () => {
  it('carries the error it was given as cause', () => {
    const cause = new RangeError('out of range');
    const err = new KeyError({ metadata: {} }, 'key function failed', { cause });
    expect(err.cause).toBe(cause);
    expect(err.message).toContain('key function failed');
  });
});

describe('keyOf', () => {
  it("returns the key function's key", () => {
    expect(keyOf(metaNamespaceKeyFunc, { metadata: { namespace: 'a', name: 'b' } })).toBe('a/b');
  });

  it('wraps what the key function throws in a KeyError with it as cause', () => {
    const cause = 'not even an Error';
    const obj = { metadata: { name: 'x' } };
    let err: unknown;
    try {
      keyOf(() => {
        throw cause;
      }, obj);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(KeyError);
    expect((err as KeyError).cause).toBe(cause);
    expect((err as KeyError).obj).toBe(obj);
  });
});
