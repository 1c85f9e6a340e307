import { MemoryMetrics } from './memoryMetrics.js';
import { discards, noopMetrics } from './metricsProvider.js';

const lists = { name: 'reflector_lists_total', help: 'lists' };

test('the same name and labels give the same series; other labels another one', () => {
  const metrics = new MemoryMetrics();
  metrics.counter({ ...lists, labels: { name: 'pods' } }).inc();
  metrics.counter({ ...lists, labels: { name: 'pods' } }).inc(2);
  metrics.counter({ ...lists, labels: { name: 'nodes' } }).inc();
  expect(metrics.value('reflector_lists_total', { name: 'pods' })).toBe(3);
  expect(metrics.value('reflector_lists_total', { name: 'nodes' })).toBe(1);
  expect(metrics.labelsOf('reflector_lists_total')).toEqual([{ name: 'pods' }, { name: 'nodes' }]);
  expect(metrics.names()).toEqual(['reflector_lists_total']);
});

test('gauges are set, raised and lowered; histograms keep count and sum', () => {
  const metrics = new MemoryMetrics();
  const depth = metrics.gauge({ name: 'depth', help: 'depth', labels: { name: 'q' } });
  depth.set(5);
  depth.inc();
  depth.dec(3);
  const latency = metrics.histogram({ name: 'latency', help: 'latency', labels: { name: 'q' } });
  latency.observe(0.5);
  latency.observe(1.5);
  expect(metrics.value('depth', { name: 'q' })).toBe(3);
  expect(metrics.histogramValue('latency', { name: 'q' })).toEqual({ count: 2, sum: 2 });
});

test('a series never created reads as undefined', () => {
  const metrics = new MemoryMetrics();
  expect(metrics.value('nothing', { name: 'q' })).toBeUndefined();
  expect(metrics.histogramValue('nothing', { name: 'q' })).toBeUndefined();
  expect(metrics.labelsOf('nothing')).toEqual([]);
});

test('a name reused as another kind, or with other label names, is a TypeError', () => {
  const metrics = new MemoryMetrics();
  metrics.counter({ ...lists, labels: { name: 'pods' } });
  expect(() => metrics.gauge({ ...lists, labels: { name: 'pods' } })).toThrow(TypeError);
  expect(() => metrics.counter({ ...lists, labels: { resource: 'pods' } })).toThrow(
    /labels \[name\], not \[resource\]/,
  );
});

test('the no-op provider accepts everything and keeps nothing', () => {
  const series = noopMetrics.gauge({ name: 'depth', help: 'depth', labels: {} });
  expect(() => {
    series.set(1);
    series.inc();
    series.dec();
    noopMetrics.counter({ name: 'c', help: 'c', labels: {} }).inc();
    noopMetrics.histogram({ name: 'h', help: 'h', labels: {} }).observe(1);
  }).not.toThrow();
});

test('only the series of the no-op provider are said to discard what they are told', () => {
  const description = { name: 'latency_seconds', help: 'latency', labels: {} };
  expect(discards(noopMetrics.histogram(description))).toBe(true);
  expect(discards(noopMetrics.gauge(description))).toBe(true);
  expect(discards(new MemoryMetrics().histogram(description))).toBe(false);
});
