/**
 * The dashboard's frame benchmark: opens the dashboard in real Chromium on a fake API server of
 * 10,000 pods (by default), changes 100 of them per second, scrolls the table, and reports the
 * frame times (gaps between `requestAnimationFrame` callbacks) and the long tasks
 * (`PerformanceObserver` 'longtask'). Targets: p95 frame time ≤ 50 ms, no long task over
 * 200 ms. A measurement to run by hand (`npm run frame-bench -w @rxkube/cli`), not a test.
 *
 * Options: `--pods N`, `--rate N` (changes per second), `--seconds N` (measured time).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '@rxkube/devkit';
import type { KubeObject as CachedObject } from '@rxkube/store';
import { FakeApiServer, type KubeObject } from '@rxkube/testing';
import { buildWebBundle } from '../build/webBundle.js';
import { podManifest, type PodStage } from '../cluster/manifests.js';
import { startDashboardServer } from '../dashboard/dashboardServer.js';
import { projectPod } from '../dashboard/feedProjection.js';
import { ResourceFeed } from '../dashboard/resourceFeed.js';
import { TrackedInformers } from '../informers/trackedInformers.js';

/** What the page measured. */
interface PageMeasures {
  /** Gaps between animation frames, ms. */
  readonly frames: number[];
  /** Long tasks' durations, ms. */
  readonly longTasks: number[];
}

const { values } = parseArgs({
  options: {
    pods: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '20' },
  },
});
const podCount = Number(values.pods);
const rate = Number(values.rate);
const seconds = Number(values.seconds);

const namespaces = Array.from({ length: 20 }, (_, i) => `team-${String(i).padStart(2, '0')}`);
const podAt = (i: number): { namespace: string; name: string } => ({
  namespace: namespaces[i % namespaces.length] ?? 'default',
  name: `app-${String(i).padStart(5, '0')}`,
});

function manifest(i: number, stage: PodStage, restarts: number): KubeObject {
  const { namespace, name } = podAt(i);
  return podManifest(
    {
      namespace,
      name,
      app: 'app',
      image: 'registry.example.com/app:1.0.0',
      owner: { kind: 'ReplicaSet', name: `app-${namespace}` },
      stage,
      node: `worker-${i % 50}`,
      ip: '10.0.0.9',
      restarts,
    },
    new Date(),
  );
}

/** Percentile of sorted values (nearest rank). */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function main(): Promise<void> {
  const cleanups: Array<() => unknown> = [];
  try {
    const webRoot = await buildWebBundle(mkdtempSync(join(tmpdir(), 'rxkube-frame-bench-')), {
      minify: true,
    });
    cleanups.push(() => rmSync(webRoot, { recursive: true, force: true }));
    const api = await FakeApiServer.start({ bookmarkIntervalMs: 10_000 });
    cleanups.push(() => api.stop());
    for (let i = 0; i < podCount; i += 1) api.create(manifest(i, 'running', 0));
    const informers = new TrackedInformers(api.kubeConfig());
    cleanups.push(() => informers.shutdown());
    const pods = { version: 'v1', plural: 'pods' };
    const { informer, tracker } = informers.informerFor<CachedObject>(pods);
    await informer.waitForCacheSync();
    const feed = new ResourceFeed(informer, tracker, { project: projectPod, resource: pods });
    cleanups.push(() => feed.close());
    const dashboard = await startDashboardServer({
      port: 0,
      webRoot,
      feeds: { pods: feed },
      info: { cluster: 'bench', banner: `frame benchmark · ${podCount} pods`, feeds: ['pods'] },
    });
    cleanups.push(() => dashboard.close());

    const browser = await launchChromium();
    cleanups.push(() => browser.close());
    const { page } = browser;
    await page.addInitScript(() => {
      const w = window as unknown as { measures: PageMeasures };
      w.measures = { frames: [], longTasks: [] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.measures.longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
      let last = performance.now();
      const tick = (now: number): void => {
        w.measures.frames.push(now - last);
        last = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const loadStart = Date.now();
    await page.goto(dashboard.url);
    await page.waitForFunction(
      (n) =>
        document.querySelector('#pods-shown')?.textContent === `${n.toLocaleString('en-US')} shown`,
      podCount,
      { timeout: 120_000 },
    );
    const loadMs = Date.now() - loadStart;
    const initial = await page.evaluate(() => {
      const w = window as unknown as { measures: PageMeasures };
      const longest = Math.max(0, ...w.measures.longTasks);
      w.measures = { frames: [], longTasks: [] };
      return { longest };
    });

    // The churn: `rate` pods a second change stage (running ⇄ crash-looping, restarts counted),
    // while the page scrolls the table every half second.
    const restarts = new Map<number, number>();
    let changes = 0;
    const start = Date.now();
    const change = (): void => {
      const i = Math.floor(Math.random() * podCount);
      const count = (restarts.get(i) ?? 0) + 1;
      restarts.set(i, count);
      const { namespace, name } = podAt(i);
      const next = manifest(i, count % 2 === 1 ? 'crashing' : 'running', count);
      api.patch({ apiVersion: 'v1', kind: 'Pod', namespace, name }, (obj) => {
        obj['status'] = next['status'];
      });
      changes += 1;
    };
    // Timers fire late on a busy machine: each tick makes the changes due by now.
    const churn = setInterval(() => {
      const due = Math.floor(((Date.now() - start) * rate) / 1000);
      while (changes < due) change();
    }, 10);
    await page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('#pods-scroll');
      setInterval(() => {
        if (scroller === null) return;
        scroller.scrollTop =
          scroller.scrollTop + 900 >= scroller.scrollHeight ? 0 : scroller.scrollTop + 900;
      }, 500);
    });
    await page.waitForTimeout(seconds * 1000);
    clearInterval(churn);
    const measured = await page.evaluate(
      () => (window as unknown as { measures: PageMeasures }).measures,
    );
    const frames = [...measured.frames].sort((a, b) => a - b);
    const report = {
      pods: podCount,
      changesPerSecond: Math.round(changes / seconds),
      seconds,
      loadMs,
      longestLongTaskDuringLoadMs: Math.round(initial.longest),
      frames: frames.length,
      frameP50Ms: Number(percentile(frames, 50).toFixed(1)),
      frameP95Ms: Number(percentile(frames, 95).toFixed(1)),
      frameMaxMs: Number((frames.at(-1) ?? 0).toFixed(1)),
      longTasks: measured.longTasks.length,
      longestLongTaskMs: Math.round(Math.max(0, ...measured.longTasks)),
    };
    const pass = report.frameP95Ms <= 50 && report.longestLongTaskMs <= 200;
    console.log(JSON.stringify(report, null, 2));
    console.log(
      `p95 frame ${report.frameP95Ms} ms (target ≤ 50), longest long task ${report.longestLongTaskMs} ms (target ≤ 200): ${pass ? 'within targets' : 'OVER TARGET'}`,
    );
    if (browser.errors.length > 0) console.log('page errors:', browser.errors);
    process.exitCode = pass ? 0 : 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

await main();
