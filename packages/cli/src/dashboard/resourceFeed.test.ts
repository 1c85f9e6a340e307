import type { SharedIndexInformer } from '@rxkube/informer';
import type { KubeObject } from '@rxkube/store';
import { BehaviorSubject, NEVER } from 'rxjs';
import type { InformerSummary } from '../status/informerSummary.js';
import type { StatusTracker } from '../status/statusTracker.js';
import type { FeedMessage } from './feedProtocol.js';
import { ResourceFeed, type ResourceFeedOptions } from './resourceFeed.js';
import { SseEncoder } from './sseEncoder.js';

// What a feed serves: the details of one object (a Secret's data never, whatever its `kind`
// says: items of a list, like the informer's, often carry none), and one snapshot per version.

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
  const status$ = new BehaviorSubject({ hasSynced: true } as InformerSummary);
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

test('browsers connecting at one version get the same snapshot, serialised once', () => {
  const feed = feedOver([], {});
  const snapshots: FeedMessage[] = [];
  const keep = (message: FeedMessage) => {
    if (message.type === 'snapshot') snapshots.push(message);
  };
  feed.connect(undefined, keep);
  feed.connect(undefined, keep);
  expect(snapshots).toHaveLength(2);
  expect(snapshots[1]).toBe(snapshots[0]);
  const encoder = new SseEncoder();
  const bytes = encoder.encode(snapshots[0]!);
  expect(encoder.encode(snapshots[1]!)).toBe(bytes);
  expect(bytes.toString()).toBe(
    `id: ${feed.epoch}-0\nevent: snapshot\ndata: {"id":"${feed.epoch}-0","objects":[]}\n\n`,
  );
  feed.close();
});
