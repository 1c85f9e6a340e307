import { MemoryMetrics } from '@rxkube/queue';
import { deferredMetrics } from './deferredMetrics.js';

const labels = { name: 'pods' };

test('series handed out before the binding show in the target with what happened to them', () => {
  const deferred = deferredMetrics();
  const lists = deferred.provider.counter({ name: 'lists', help: '', labels });
  const depth = deferred.provider.gauge({ name: 'depth', help: '', labels });
  const latency = deferred.provider.histogram({ name: 'latency', help: '', labels, buckets: [1] });
  deferred.provider.counter({ name: 'untouched', help: '', labels });
  lists.inc();
  lists.inc(2);
  depth.inc(7);
  depth.set(4);
  depth.dec();
  latency.observe(0.5);

  const target = new MemoryMetrics();
  deferred.bind(target);
  expect(target.value('lists', labels)).toBe(3);
  expect(target.value('depth', labels)).toBe(3);
  expect(target.histogramValue('latency', labels)).toMatchObject({ count: 1, sum: 0.5 });
  expect(target.value('untouched', labels)).toBe(0);

  // After the binding, changes and new series go straight to the target.
  lists.inc();
  deferred.provider.gauge({ name: 'late', help: '', labels }).set(9);
  expect(target.value('lists', labels)).toBe(4);
  expect(target.value('late', labels)).toBe(9);
});

test('a second binding is ignored', () => {
  const deferred = deferredMetrics();
  const first = new MemoryMetrics();
  const second = new MemoryMetrics();
  deferred.bind(first);
  deferred.bind(second);
  deferred.provider.counter({ name: 'lists', help: '', labels }).inc();
  expect(first.value('lists', labels)).toBe(1);
  expect(second.names()).toEqual([]);
});
