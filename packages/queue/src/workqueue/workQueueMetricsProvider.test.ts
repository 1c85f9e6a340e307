import { VirtualClock } from '@rxkube/devkit';
import { MemoryMetrics } from '../metrics/memoryMetrics.js';
import { DelayingQueue } from './delayingQueue.js';
import { WorkQueue } from './workQueue.js';
import { workQueueDurationBuckets, workQueueMetricsProvider } from './workQueueMetricsProvider.js';

test("a queue given `metrics` reports client-go's workqueue series, labelled with its name", async () => {
  const clock = new VirtualClock();
  const metrics = new MemoryMetrics();
  const queue = new DelayingQueue<string>({
    scheduler: clock,
    name: 'pods',
    metrics,
    unfinishedWorkUpdatePeriodMs: 1000,
  });
  const pods = { name: 'pods' };
  queue.add('a');
  queue.add('b');
  clock.advance(500);
  const { item } = await queue.get(); // 'a' waited 0.5 s
  clock.advance(1000); // the update at t=1000 sees 'a' running for 0.5 s
  expect(metrics.value('workqueue_unfinished_work_seconds', pods)).toBe(0.5);
  expect(metrics.value('workqueue_longest_running_processor_seconds', pods)).toBe(0.5);
  queue.done(item as string); // worked 1 s
  queue.addAfter('c', 100);
  expect(metrics.value('workqueue_depth', pods)).toBe(1);
  expect(metrics.value('workqueue_adds_total', pods)).toBe(2);
  expect(metrics.value('workqueue_retries_total', pods)).toBe(1);
  expect(metrics.histogramValue('workqueue_queue_duration_seconds', pods)).toEqual({
    count: 1,
    sum: 0.5,
  });
  expect(metrics.histogramValue('workqueue_work_duration_seconds', pods)).toEqual({
    count: 1,
    sum: 1,
  });
  expect([...metrics.names()].sort()).toEqual([
    'workqueue_adds_total',
    'workqueue_depth',
    'workqueue_longest_running_processor_seconds',
    'workqueue_queue_duration_seconds',
    'workqueue_retries_total',
    'workqueue_unfinished_work_seconds',
    'workqueue_work_duration_seconds',
  ]);
  queue.shutDown();
  expect(clock.pending).toBe(0);
});

test('two queues on one provider are two series of the same families', () => {
  const metrics = new MemoryMetrics();
  const provider = workQueueMetricsProvider(metrics);
  const scheduler = new VirtualClock();
  const a = new WorkQueue<string>({ name: 'a', metricsProvider: provider, scheduler });
  const b = new WorkQueue<string>({ name: 'b', metricsProvider: provider, scheduler });
  a.add('x');
  expect(metrics.labelsOf('workqueue_depth')).toEqual([{ name: 'a' }, { name: 'b' }]);
  expect(metrics.value('workqueue_depth', { name: 'a' })).toBe(1);
  expect(metrics.value('workqueue_depth', { name: 'b' })).toBe(0);
  a.shutDown();
  b.shutDown();
});

test("the duration buckets are client-go's: 10 ns to 1,000 s, a power of ten apart", () => {
  expect(workQueueDurationBuckets).toHaveLength(12);
  expect(workQueueDurationBuckets[0]).toBeCloseTo(1e-8, 20);
  expect(workQueueDurationBuckets[11]).toBeCloseTo(1000, 6);
});

test('metrics and metricsProvider together are refused', () => {
  const metrics = new MemoryMetrics();
  expect(
    () => new WorkQueue({ metrics, metricsProvider: workQueueMetricsProvider(metrics) }),
  ).toThrow(RangeError);
});
