import type { SharedIndexInformer } from '@rxkube/informer';
import type { KubeObject } from '@rxkube/store';
import { BehaviorSubject, NEVER } from 'rxjs';
import type { InformerStatus } from '../status/informerStatus.js';
import type { StatusTracker } from '../status/statusTracker.js';
import { ResourceFeed, type ResourceFeedOptions } from './resourceFeed.js';

// The details a feed serves of one object: a Secret's data never, whatever its `kind` says
// (items of a list, like the informer's, often carry none).

const secretWithoutKind = {
  metadata: { name: 'db', namespace: 'shop', resourceVersion: '3' },
  type: 'Opaque',
  data: { password: 'U0VDUkVULURBVEEtaHVudGVyMg==' },
  stringData: { p: 'SECRET-STRINGDATA' },
};
const configMapWithoutKind = {
  metadata: { name: 'settings', namespace: 'shop', resourceVersion: '4' },
  data: { mode: 'fast' },
};

/** A feed over an informer whose cache holds `objects` and that sends no event. */
function feedOver(objects: KubeObject[], options: ResourceFeedOptions): ResourceFeed {
  const byKey = new Map(objects.map((o) => [`${o.metadata?.namespace}/${o.metadata?.name}`, o]));
  const informer = {
    handle: () => NEVER,
    getStore: () => ({ getByKey: (key: string) => byKey.get(key) }),
  } as unknown as SharedIndexInformer<KubeObject>;
  const status$ = new BehaviorSubject({ synced: true } as InformerStatus);
  const tracker = { status: status$.value, status$ } as unknown as StatusTracker;
  return new ResourceFeed(informer, tracker, options);
}

test('a secrets feed never serves data or stringData, even of objects without kind', () => {
  const feed = feedOver([secretWithoutKind], { resource: { plural: 'secrets' } });
  expect(feed.details('shop/db')).toEqual({
    metadata: { name: 'db', namespace: 'shop', resourceVersion: '3' },
    type: 'Opaque',
  });
  feed.close();
});

test('a feed not told its resource drops every data and stringData; a known one keeps them', () => {
  const unknown = feedOver([secretWithoutKind, configMapWithoutKind], {});
  expect(JSON.stringify(unknown.details('shop/db'))).not.toMatch(/SECRET|U0VDUkVU/);
  expect(unknown.details('shop/settings')).not.toHaveProperty('data');
  const configMaps = feedOver([configMapWithoutKind], { resource: { plural: 'configmaps' } });
  expect(configMaps.details('shop/settings')).toHaveProperty('data', { mode: 'fast' });
  unknown.close();
  configMaps.close();
});
