import { CoreV1Api, EventsV1Api, type V1ConfigMap } from '@kubernetes/client-node';
import { VirtualClock } from '@rxkube/devkit';
import { FakeApiServer } from '@rxkube/testing';
import { eventRecorder, EventPublishError, type EventInput } from './eventRecorder.js';

let server: FakeApiServer;
let clock: VirtualClock;
let app: V1ConfigMap;
beforeEach(async () => {
  server = await FakeApiServer.start();
  clock = new VirtualClock();
  app = await server
    .kubeConfig()
    .makeApiClient(CoreV1Api)
    .createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'app' } } });
});
afterEach(() => server.stop());

function recorder(options: { cacheSize?: number; seriesWindowMs?: number } = {}) {
  const events = eventRecorder({
    client: server.kubeConfig().makeApiClient(EventsV1Api),
    reportingController: 'example.com/app-controller',
    reportingInstance: 'replica-1',
    scheduler: clock,
    ...options,
  });
  const errors: EventPublishError[] = [];
  events.errors$.subscribe((error) => errors.push(error));
  return { events, errors };
}

function stored() {
  return server.list('events.k8s.io/v1', 'Event', 'default') as {
    metadata: { name: string };
    reason: string;
    note?: string;
    regarding: { name: string; uid: string };
    series?: { count: number; lastObservedTime: string };
    eventTime: string;
    reportingController: string;
  }[];
}

const created = (): EventInput => ({
  regarding: app,
  type: 'Normal',
  reason: 'Created',
  action: 'Create',
  note: 'created the deployment',
});

test('publish writes an events.k8s.io/v1 Event about the object', async () => {
  const { events, errors } = recorder();
  await events.publish(created());
  expect(errors).toEqual([]);
  expect(stored()).toEqual([
    expect.objectContaining({
      reason: 'Created',
      action: 'Create',
      type: 'Normal',
      note: 'created the deployment',
      regarding: expect.objectContaining({
        kind: 'ConfigMap',
        name: 'app',
        uid: app.metadata?.uid,
      }) as object,
      reportingController: 'example.com/app-controller',
      reportingInstance: 'replica-1',
    }),
  ]);
  expect(stored()[0]?.series).toBeUndefined();
});

test('identical events within the window become a series on one Event', async () => {
  const { events } = recorder({ seriesWindowMs: 60_000 });
  await events.publish(created());
  clock.advance(10_000);
  await events.publish(created());
  clock.advance(10_000);
  await events.publish(created());
  expect(stored()).toHaveLength(1);
  expect(stored()[0]?.series).toEqual({
    count: 3,
    lastObservedTime: new Date(20_000).toISOString().replace('Z', '000Z'),
  });
  // A different reason is another event.
  await events.publish({ ...created(), reason: 'Updated', action: 'Update' });
  expect(stored()).toHaveLength(2);
});

test('a repeat after the window starts a new Event', async () => {
  const { events } = recorder({ seriesWindowMs: 60_000 });
  await events.publish(created());
  clock.advance(60_001);
  await events.publish(created());
  expect(stored().map((event) => event.series)).toEqual([undefined, undefined]);
});

test('repeats published without waiting still make one Event with the full count', async () => {
  const { events } = recorder();
  await Promise.all([
    events.publish(created()),
    events.publish(created()),
    events.publish(created()),
  ]);
  expect(stored()).toHaveLength(1);
  expect(stored()[0]?.series?.count).toBe(3);
});

test('the cache is bounded: an event pushed out of it starts a new Event when it comes back', async () => {
  const { events } = recorder({ cacheSize: 2 });
  for (const reason of ['A', 'B', 'C']) await events.publish({ ...created(), reason });
  await events.publish({ ...created(), reason: 'A' }); // forgotten: a new Event
  await events.publish({ ...created(), reason: 'C' }); // remembered: a repeat
  expect(
    stored()
      .map((event) => [event.reason, event.series?.count ?? 1])
      .sort(),
  ).toEqual([
    ['A', 1],
    ['A', 1],
    ['B', 1],
    ['C', 2],
  ]);
});

test('a failing write is reported on errors$, never thrown, and later events still go through', async () => {
  const { events, errors } = recorder();
  server.forbidNamespace('default');
  await expect(events.publish(created())).resolves.toBeUndefined();
  expect(errors).toHaveLength(1);
  expect(errors[0]).toBeInstanceOf(EventPublishError);
  expect(errors[0]?.event.reason).toBe('Created');
  server.allowNamespace('default');
  await events.publish({ ...created(), reason: 'Retried' });
  expect(stored().map((event) => event.reason)).toEqual(['Retried']);
});

test('an event the API server would refuse is reported without a request', async () => {
  const { events, errors } = recorder();
  server.clearRequests();
  await events.publish({ ...created(), reason: '' });
  await events.publish({ ...created(), note: 'x'.repeat(1025) });
  expect(errors.map((error) => (error.cause as Error).message)).toEqual([
    'reason must be 1 to 128 characters',
    'note must be at most 1 kB',
  ]);
  expect(server.requests()).toEqual([]);
});

test('a series whose Event was deleted meanwhile creates it again', async () => {
  const { events, errors } = recorder();
  await events.publish(created());
  const [first] = stored();
  server.delete({
    apiVersion: 'events.k8s.io/v1',
    kind: 'Event',
    namespace: 'default',
    name: first!.metadata.name,
  });
  await events.publish(created());
  expect(errors).toEqual([]);
  expect(stored().map((event) => event.series?.count)).toEqual([2]);
});

test('an event about nothing (no regarding object) is reported, not thrown', async () => {
  const { events, errors } = recorder();
  const malformed = { ...created(), regarding: undefined } as unknown as EventInput;
  await expect(events.publish(malformed)).resolves.toBeUndefined();
  expect(errors.map((error) => (error.cause as Error).message)).toEqual([
    'regarding must name an object',
  ]);
});
