import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KubeObject } from '@rxkube/store';
import { FakeApiServer, type FakeApiServerOptions } from '@rxkube/testing';
import { ApiProxy } from '../apiProxy/apiProxy.js';
import type { ResourceAllowlist } from '../apiProxy/resourceAllowlist.js';
import {
  startDashboardServer,
  type DashboardServer,
  type DashboardServerOptions,
} from '../dashboard/dashboardServer.js';
import { projectPod } from '../dashboard/feedProjection.js';
import { ResourceFeed, type ResourceFeedOptions } from '../dashboard/resourceFeed.js';
import { TrackedInformers } from '../informers/trackedInformers.js';

/** A dashboard server on a pod informer of a fake API server, as `rxkube dashboard` runs it. */
export interface DashboardUnderTest {
  readonly api: FakeApiServer;
  readonly feed: ResourceFeed;
  readonly dashboard: DashboardServer;
  /** Stops everything, in reverse order of start. */
  stop(): Promise<void>;
}

/** Options of {@link startDashboardUnderTest}. */
export interface DashboardUnderTestOptions {
  /** The folder of the browser app; default a folder with an empty page. */
  readonly webRoot?: string;
  readonly api?: FakeApiServerOptions;
  readonly feed?: ResourceFeedOptions;
  readonly server?: Partial<DashboardServerOptions>;
  /** Runs on the API server before the informer lists. */
  readonly populate?: (api: FakeApiServer) => void;
  /** Serve the API proxy under `/k8s/` with these resources, redacting as the command's does; default none. */
  readonly apiProxy?: ResourceAllowlist;
}

/**
 * Starts a fake API server, a synced pod informer, its feed (pods projected as the command does)
 * and the dashboard server on a free port of 127.0.0.1.
 *
 * @param options - what differs from the defaults
 * @returns the running parts
 */
export async function startDashboardUnderTest(
  options: DashboardUnderTestOptions = {},
): Promise<DashboardUnderTest> {
  const cleanups: Array<() => unknown> = [];
  const stop = async (): Promise<void> => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    let webRoot = options.webRoot;
    if (webRoot === undefined) {
      const dir = mkdtempSync(join(tmpdir(), 'rxkube-web-'));
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>dashboard</title>');
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      webRoot = dir;
    }
    const api = await FakeApiServer.start({ bookmarkIntervalMs: 1000, ...options.api });
    cleanups.push(() => api.stop());
    options.populate?.(api);
    const informers = new TrackedInformers(api.kubeConfig());
    cleanups.push(() => informers.shutdown());
    const { informer, tracker } = informers.informerFor<KubeObject>({
      version: 'v1',
      plural: 'pods',
    });
    await informer.waitForCacheSync();
    const feed = new ResourceFeed(informer, tracker, {
      statusThrottleMs: 100,
      project: projectPod,
      resource: { plural: 'pods' },
      ...options.feed,
    });
    cleanups.push(() => feed.close());
    const dashboard = await startDashboardServer({
      port: 0,
      webRoot,
      feeds: { pods: feed },
      ...(options.apiProxy === undefined
        ? {}
        : {
            apiProxy: new ApiProxy({
              kubeConfig: api.kubeConfig(),
              resources: options.apiProxy,
              redact: true,
            }),
          }),
      info: { cluster: 'test', banner: `fake API server · ${api.url}`, feeds: ['pods'] },
      ...options.server,
    });
    cleanups.push(() => dashboard.close());
    return { api, feed, dashboard, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
