import type { KubeObject } from '@rxkube/store';
import type { FakeApiServer } from '@rxkube/testing';
import { firstValueFrom } from 'rxjs';
import { listerWatcher } from './clientNode/clientNodeListerWatcher.js';
import { isExpired, isRejectedRequest } from './errorPredicates.js';
import { ApiError } from './errors.js';
import { fetchListerWatcher } from './fetch/fetchListerWatcher.js';
import type { ListerWatcher } from './listerWatcher.js';
import { fakeServerPerTest } from './testSupport/fakeServerPerTest.testing.js';
import { pod } from './testSupport/pods.testing.js';

// `resourceVersionMatch` on lists, over real HTTP, through every lister-watcher rxkube ships:
// both are the one HTTP core on their own transport, and each must put the parameter on the
// wire for the server to honour it.
let server: FakeApiServer;
fakeServerPerTest((s) => (server = s));

const pods = { version: 'v1', plural: 'pods' } as const;
const transports: Array<[string, () => ListerWatcher<KubeObject>]> = [
  ['listerWatcher (client-node)', () => listerWatcher<KubeObject>(server.kubeConfig(), pods)],
  [
    'fetchListerWatcher',
    () =>
      fetchListerWatcher<KubeObject>(server.url, pods, {
        headers: { Authorization: `Bearer ${server.token}` },
      }),
  ],
];

const names = (items: KubeObject[]): string[] => items.map((o) => o.metadata?.name ?? '');
const lastListQuery = (): Readonly<Record<string, string>> | undefined =>
  server
    .requests()
    .filter((r) => r.query['watch'] === undefined)
    .at(-1)?.query;

describe.each(transports)('%s', (_name, make) => {
  test('an Exact list answers the state at exactly that version, sending the parameter', async () => {
    server.create(pod('a', ''));
    const before = server.resourceVersion;
    server.create(pod('b', ''));
    const page = await firstValueFrom(
      make().list({ resourceVersion: before, resourceVersionMatch: 'Exact' }),
    );
    expect(lastListQuery()).toEqual({ resourceVersion: before, resourceVersionMatch: 'Exact' });
    expect(page.resourceVersion).toBe(before);
    expect(names(page.items)).toEqual(['a']);
  });

  test('a NotOlderThan list answers a state at least that new', async () => {
    server.create(pod('a', ''));
    const before = server.resourceVersion;
    server.create(pod('b', ''));
    const page = await firstValueFrom(
      make().list({ resourceVersion: before, resourceVersionMatch: 'NotOlderThan', limit: 1 }),
    );
    expect(lastListQuery()).toEqual({
      resourceVersion: before,
      resourceVersionMatch: 'NotOlderThan',
      limit: '1',
    });
    // With a limit and no match rule the same version would be an exact read of `a` alone.
    expect(page.resourceVersion).toBe(server.resourceVersion);
    expect(names(page.items)).toEqual(['a']);
    expect(page.continue).toBeTruthy();
  });

  test('an Exact list of a compacted version fails with a typed 410 Expired', async () => {
    const before = server.resourceVersion;
    server.create(pod('a', ''));
    server.compact();
    const failure = await firstValueFrom(
      make().list({ resourceVersion: before, resourceVersionMatch: 'Exact' }),
    ).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiError);
    expect(isExpired(failure)).toBe(true);
  });

  test('a match rule without a version is refused (422 Invalid), typed', async () => {
    const failure = await firstValueFrom(
      make().list({ resourceVersionMatch: 'NotOlderThan' }),
    ).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe(422);
    expect(isRejectedRequest(failure)).toBe(true);
  });
});
