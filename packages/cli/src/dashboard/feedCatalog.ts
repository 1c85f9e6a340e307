import type { KubeConfig } from '@kubernetes/client-node';
import type { SharedIndexInformer } from '@rxkube/informer';
import type { KubeObject } from '@rxkube/store';
import { dump } from 'js-yaml';
import { depthLimited } from '../view/depthLimited.js';
import { detailsDepth } from './detailsDepth.js';
import { TrackedInformers } from '../informers/trackedInformers.js';
import { qualifiedName, type ApiResource } from '../resources/apiResource.js';
import { containersOf, conditionsOf } from '../view/objectSummary.js';
import { ownerChain, type OwnerReference } from '../view/ownerChain.js';
import { relatedEvents } from '../view/relatedEvents.js';
import { FeedOpenRate, FeedOpenThrottled, type FeedOpenRateOptions } from './feedOpenRate.js';
import { projectionFor } from './feedProjection.js';
import type { FeedResource, ObjectDetails } from './feedProtocol.js';
import { redactObject } from './redactObject.js';
import { ResourceFeed, type ResourceFeedOptions } from './resourceFeed.js';

/** Where the dashboard server finds its feeds, and the details of one object. */
export interface FeedSource {
  /**
   * @param name - the feed's name (`pods`, `deployments.apps`)
   * @returns the feed, or undefined when there is no such resource
   * @throws FeedLimitReached when the feed would have to be opened and too many are open
   * @throws FeedOpenThrottled when the feed would have to be opened and feeds are being opened
   *   too fast
   */
  feed(name: string): ResourceFeed | undefined;
  /**
   * @param name - the feed's name
   * @param key - `namespace/name`, or `name`
   * @returns the object's details, or undefined when there is no such object
   */
  details(name: string, key: string): Promise<ObjectDetails | undefined>;
}

/** Thrown when a feed cannot be opened because {@link FeedCatalog}'s bound is reached. */
export class FeedLimitReached extends Error {
  override readonly name = 'FeedLimitReached';
  /** @param limit - the bound */
  constructor(readonly limit: number) {
    super(`${limit} resources are shown in open pages already; close one and retry`);
  }
}

/** Options of a {@link FeedCatalog}. */
export interface FeedCatalogOptions {
  /**
   * Feeds open at once (each is one informer: one list and one watch, and its cache). When
   * a new one is needed, the least recently used feed no browser reads is closed; when every
   * feed has a browser, the new one is refused. Default 12.
   */
  maxFeeds?: number;
  /** Feeds opened at start and never closed. Default `['pods']`. */
  pinned?: readonly string[];
  /** How long a detail request waits for an owner's or the events' cache to sync (ms). Default 5,000. */
  syncTimeoutMs?: number;
  /**
   * Core Secrets may be shown (`--allow-secrets`): their feed, their details (never their data).
   * Default false: no path opens an informer on them, and the picker does not offer them.
   */
  allowSecrets?: boolean;
  /**
   * How fast new feeds (informers) may be opened: a burst, then one per interval (see
   * {@link FeedOpenRate}); past it, opening throws `FeedOpenThrottled`. Default 8, then one
   * every 3 s. Pinned feeds do not count.
   */
  openRate?: FeedOpenRateOptions;
  /** Options of each feed (history, status pace). */
  feed?: Omit<ResourceFeedOptions, 'project' | 'resource'>;
}

interface OpenFeed {
  readonly feed: ResourceFeed;
  readonly informer: SharedIndexInformer<KubeObject>;
  readonly informers: TrackedInformers;
  readonly resource: ApiResource;
  used: number;
}

/**
 * The dashboard's feeds, one per resource the cluster serves, opened on demand: the resource
 * picker asks for `deployments.apps` and the catalog starts its informer (whole cluster,
 * projected for its table by `projectionFor`) and shares it with every browser. Bounded by
 * {@link FeedCatalogOptions.maxFeeds} and paced by {@link FeedCatalogOptions.openRate}. It also answers detail requests: the redacted object,
 * its YAML, and a summary whose owner chain and events are read from the catalog's caches
 * (opening the owners' and the events' feeds as needed).
 */
export class FeedCatalog implements FeedSource {
  /**
   * The resources a feed can be opened for: those that can be listed and watched (core Secrets
   * only with {@link FeedCatalogOptions.allowSecrets}).
   */
  readonly resources: readonly ApiResource[];
  private readonly open = new Map<string, OpenFeed>();
  private readonly maxFeeds: number;
  private readonly pinned: ReadonlySet<string>;
  private readonly syncTimeoutMs: number;
  private readonly openRate: FeedOpenRate;
  private uses = 0;

  /**
   * @param kubeConfig - the cluster
   * @param resources - what discovery found
   * @param options - bounds and feed options
   */
  constructor(
    private readonly kubeConfig: KubeConfig,
    resources: readonly ApiResource[],
    private readonly options: FeedCatalogOptions = {},
  ) {
    const secretsAllowed = options.allowSecrets === true;
    this.resources = resources.filter(
      (r) =>
        r.verbs.includes('list') &&
        r.verbs.includes('watch') &&
        (secretsAllowed || !isCoreSecrets(r)),
    );
    this.maxFeeds = options.maxFeeds ?? 12;
    this.pinned = new Set(options.pinned ?? ['pods']);
    this.syncTimeoutMs = options.syncTimeoutMs ?? 5_000;
    this.openRate = new FeedOpenRate(options.openRate);
    for (const name of this.pinned) this.entry(name, false);
  }

  /** @returns the resources for the page's picker */
  listed(): FeedResource[] {
    return this.resources.map((r) => ({
      name: qualifiedName(r),
      kind: r.kind,
      group: r.group,
      namespaced: r.namespaced,
      printerColumns: r.printerColumns,
    }));
  }

  /** @returns the names of the feeds open now */
  get openFeeds(): string[] {
    return [...this.open.keys()];
  }

  /** {@inheritDoc FeedSource.feed} */
  feed(name: string): ResourceFeed | undefined {
    return this.entry(name)?.feed;
  }

  /** {@inheritDoc FeedSource.details} */
  async details(name: string, key: string): Promise<ObjectDetails | undefined> {
    const entry = this.entry(name);
    if (entry === undefined) return undefined;
    await this.synced(entry);
    const whole = entry.informer.getStore().getByKey(key);
    if (whole === undefined) return undefined;
    const { resource } = entry;
    const object = redactObject(depthLimited(whole, detailsDepth), {
      secret: isCoreSecrets(resource),
    });
    const owners = await ownerChain(whole, (owner, namespace) => this.owner(owner, namespace));
    const events = await this.events();
    return {
      object,
      yaml: dump(object, { noRefs: true, lineWidth: -1, sortKeys: false }),
      summary: {
        kind: resource.kind,
        conditions: conditionsOf(whole),
        containers: containersOf(whole),
        owners,
        events: relatedEvents(whole, resource.kind, events),
      },
    };
  }

  /** Stops every feed and informer. */
  close(): void {
    for (const name of [...this.open.keys()]) this.closeFeed(name);
  }

  /**
   * @param name - the feed's name
   * @param limited - whether opening it takes from the open rate (pinned feeds at start do not)
   * @returns the open feed, opened now if need be; undefined for no such resource
   */
  private entry(name: string, limited = true): OpenFeed | undefined {
    const known = this.open.get(name);
    if (known !== undefined) {
      known.used = ++this.uses;
      return known;
    }
    const resource = this.resources.find((r) => qualifiedName(r) === name);
    if (resource === undefined) return undefined;
    // Checked before the rate, so a refusal for the bound takes no token.
    const full = this.open.size >= this.maxFeeds;
    if (full) this.evictable();
    if (limited) this.openRate.take();
    if (full) this.evict();
    const informers = new TrackedInformers(this.kubeConfig);
    const { informer, tracker } = informers.informerFor<KubeObject>(resource);
    const feed = new ResourceFeed(informer, tracker, {
      ...this.options.feed,
      project: projectionFor(resource),
      resource,
    });
    const entry: OpenFeed = { feed, informer, informers, resource, used: ++this.uses };
    this.open.set(name, entry);
    return entry;
  }

  /** Closes the least recently used feed no browser reads, or refuses. */
  private evict(): void {
    this.closeFeed(this.evictable());
  }

  /**
   * @returns the least recently used feed no browser reads
   * @throws FeedLimitReached when every feed has a browser
   */
  private evictable(): string {
    const idle = [...this.open.entries()]
      .filter(([name, e]) => !this.pinned.has(name) && e.feed.connections === 0)
      .sort(([, a], [, b]) => a.used - b.used);
    const oldest = idle[0];
    if (oldest === undefined) throw new FeedLimitReached(this.maxFeeds);
    return oldest[0];
  }

  private closeFeed(name: string): void {
    const entry = this.open.get(name);
    if (entry === undefined) return;
    this.open.delete(name);
    entry.feed.close();
    entry.informers.shutdown();
  }

  private async synced(entry: OpenFeed): Promise<boolean> {
    if (entry.informer.hasSynced()) return true;
    const timeout = AbortSignal.timeout(this.syncTimeoutMs);
    return entry.informer.waitForCacheSync(timeout).catch(() => false);
  }

  private async owner(owner: OwnerReference, namespace: string | undefined): Promise<unknown> {
    const group = owner.apiVersion.includes('/') ? owner.apiVersion.split('/')[0] : '';
    const resource = this.resources.find((r) => r.kind === owner.kind && r.group === group);
    if (resource === undefined) return undefined;
    const entry = this.tryEntry(qualifiedName(resource));
    if (entry === undefined || !(await this.synced(entry))) return undefined;
    const key =
      resource.namespaced && namespace !== undefined ? `${namespace}/${owner.name}` : owner.name;
    return entry.informer.getStore().getByKey(key);
  }

  private async events(): Promise<readonly unknown[]> {
    const entry = this.tryEntry('events');
    if (entry === undefined || !(await this.synced(entry))) return [];
    return entry.informer.getStore().list();
  }

  /** A feed for the details' own reads: none, rather than a failure, at the bound. */
  private tryEntry(name: string): OpenFeed | undefined {
    try {
      return this.entry(name);
    } catch (err) {
      if (err instanceof FeedLimitReached || err instanceof FeedOpenThrottled) return undefined;
      throw err;
    }
  }
}

/** Whether a resource is the core group's Secrets, whose objects are credentials. */
function isCoreSecrets(resource: ApiResource): boolean {
  return resource.group === '' && resource.plural === 'secrets';
}
