import { ownerChain, type OwnerLookup } from './ownerChain.js';

const owned = (kind: string, name: string, owner?: { kind: string; name: string }) => ({
  kind,
  metadata: {
    name,
    namespace: 'shop',
    ...(owner === undefined
      ? {}
      : { ownerReferences: [{ apiVersion: 'apps/v1', controller: true, ...owner }] }),
  },
});

/** A cache of objects by kind and name; records each lookup. */
function cache(...objects: ReturnType<typeof owned>[]): { lookup: OwnerLookup; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    lookup: async (ref, namespace) => {
      asked.push(`${ref.kind}/${namespace}/${ref.name}`);
      return objects.find((o) => o.kind === ref.kind && o.metadata.name === ref.name);
    },
  };
}

describe('ownerChain', () => {
  it('walks a pod to its replica set and the replica set to its deployment', async () => {
    const { lookup, asked } = cache(
      owned('ReplicaSet', 'web-7d9', { kind: 'Deployment', name: 'web' }),
      owned('Deployment', 'web'),
    );
    const pod = owned('Pod', 'web-7d9-abcde', { kind: 'ReplicaSet', name: 'web-7d9' });
    expect(await ownerChain(pod, lookup)).toEqual([
      { kind: 'ReplicaSet', name: 'web-7d9', found: true },
      { kind: 'Deployment', name: 'web', found: true },
    ]);
    expect(asked).toEqual(['ReplicaSet/shop/web-7d9', 'Deployment/shop/web']);
  });

  it('stops at an owner no cache holds, and says so', async () => {
    const { lookup } = cache();
    const pod = owned('Pod', 'p', { kind: 'ReplicaSet', name: 'gone' });
    expect(await ownerChain(pod, lookup)).toEqual([
      { kind: 'ReplicaSet', name: 'gone', found: false },
    ]);
  });

  it('stops when owners form a cycle, and ignores malformed references', async () => {
    const { lookup } = cache(
      owned('ReplicaSet', 'a', { kind: 'ReplicaSet', name: 'b' }),
      owned('ReplicaSet', 'b', { kind: 'ReplicaSet', name: 'a' }),
    );
    const chain = await ownerChain(owned('Pod', 'p', { kind: 'ReplicaSet', name: 'a' }), lookup);
    expect(chain.map((o) => o.name)).toEqual(['a', 'b']);
    const malformed = { metadata: { ownerReferences: [{ kind: 5 }, 'x', null] } };
    expect(await ownerChain(malformed, lookup)).toEqual([]);
  });
});
