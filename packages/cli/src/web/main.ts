import { NamespaceIndex, selectByIndex, selectList } from '@rxkube/store';
import {
  BehaviorSubject,
  Subscription,
  animationFrameScheduler,
  auditTime,
  combineLatest,
  interval,
  map,
  startWith,
  switchMap,
  throttleTime,
} from 'rxjs';
import type { DashboardInfo } from '../dashboard/feedProtocol.js';
import type { InformerStatus } from '../status/informerStatus.js';
import { summarizePod } from '../view/podStatus.js';
import { $, setText } from './dom.js';
import { FeedClient, type LinkStatus } from './feedClient.js';
import { PhaseIndex, PodCache, phases, type AppliedChange, type Pod } from './podCache.js';
import { renderBanner } from './views/banner.js';
import { EventFeed } from './views/eventFeed.js';
import { renderNamespaces } from './views/namespaceList.js';
import { PhaseChart } from './views/phaseChart.js';
import { ObjectDetails } from './views/objectDetails.js';
import { renderPhaseCards } from './views/phaseCards.js';
import { PodTable } from './views/podTable.js';
import { renderStatusBar } from './views/statusBar.js';
import { ResourceTable } from './views/resourceTable.js';
import { renderResourcePicker } from './views/resourcePicker.js';
import { ObjectCache, keyOf } from './objectCache.js';
import { resourceColumns, type ResourceColumn } from '../view/resourceColumns.js';
import type { FeedObject, FeedResource } from '../dashboard/feedProtocol.js';
// esbuild bundles these into app.css, next to app.js.
import './styles/base.css';
import './styles/widgets.css';

/** What the user filters the table by. */
interface Filter {
  readonly text: string;
  readonly namespace: string | undefined;
  readonly phase: string | undefined;
}

const frame = <T>() =>
  throttleTime<T>(0, animationFrameScheduler, { leading: true, trailing: true });

async function main(): Promise<void> {
  // Opened with the access token in the URL: the server answered with a cookie that carries it
  // from now on, so the token leaves the address bar (and the history, and screenshots).
  if (new URLSearchParams(location.search).has('token')) {
    history.replaceState(null, '', location.pathname);
  }
  const info = (await (await fetch('/api/info')).json()) as DashboardInfo;
  setText($('#cluster'), info.banner);

  const podFeed = info.feeds[0] ?? 'pods';
  const cache = new PodCache();
  const client = new FeedClient(`/api/feeds/${encodeURIComponent(podFeed)}`);
  const filter = new BehaviorSubject<Filter>({ text: '', namespace: undefined, phase: undefined });
  const pendingChanges: AppliedChange[] = [];
  /** The resource the table shows, and its view's subscriptions (none for pods). */
  const shown = { name: podFeed, view: new Subscription() };
  let status: InformerStatus | undefined;
  let link: LinkStatus = { state: 'connecting', attempt: 0 };
  const chrome = new BehaviorSubject<void>(undefined);

  client.messages$.subscribe((message) => {
    if (message.type === 'status') {
      status = message.status;
      chrome.next();
      return;
    }
    const applied = cache.apply(message);
    if (applied !== undefined) pendingChanges.push(applied);
  });
  client.link$.subscribe((next) => {
    link = next;
    document.body.dataset['link'] = next.state;
    chrome.next();
  });

  // Banner and status bar: on every status or link change, and each second for "… ago".
  combineLatest([chrome, interval(1000).pipe(startWith(0))])
    .pipe(frame())
    .subscribe(() => {
      renderBanner($('#banner'), link, status);
      renderStatusBar($('#statusbar'), link, status);
      const pill = $('#link');
      pill.dataset['state'] = link.state;
      setText(
        pill,
        link.state === 'live' ? 'live' : link.state === 'down' ? 'reconnecting' : 'connecting',
      );
    });

  // The table: the namespace's pods from the namespace index (or all pods), then the phase and
  // text filters; re-rendered at most once per frame, and each second for the ages.
  const table = new PodTable($('#pods tbody'), $('#pods-empty'));
  const visible$ = filter.pipe(
    switchMap((f) =>
      (f.namespace === undefined
        ? cache.indexer$.pipe(selectList<Pod>())
        : cache.indexer$.pipe(selectByIndex<Pod>(NamespaceIndex, f.namespace))
      ).pipe(map((pods) => sortPods(pods.filter(matches(f))))),
    ),
  );
  combineLatest([visible$, interval(1000).pipe(startWith(0))])
    .pipe(frame())
    .subscribe(([pods]) => {
      table.render(pods, Date.now());
      if (shown.name === podFeed)
        setText($('#pods-shown'), `${pods.length.toLocaleString('en-US')} shown`);
    });

  // Counts per phase, each from its own index bucket.
  const counts$ = combineLatest(
    phases.map((phase) =>
      cache.indexer$.pipe(
        selectByIndex<Pod>(PhaseIndex, phase),
        map((pods) => [phase, pods.length] as const),
      ),
    ),
  ).pipe(map((entries) => new Map<string, number>(entries)));
  combineLatest([counts$, filter])
    .pipe(frame())
    .subscribe(([counts, f]) =>
      renderPhaseCards($('#cards'), counts, cache.indexer$.value.size, f.phase, (phase) =>
        filter.next({ ...filter.value, phase }),
      ),
    );

  combineLatest([cache.indexer$.pipe(auditTime(100)), filter]).subscribe(([snapshot, f]) =>
    renderNamespaces($('#namespaces'), snapshot, f.namespace, (namespace) =>
      filter.next({ ...filter.value, namespace }),
    ),
  );

  const chart = new PhaseChart($('#chart'), 180);
  let latestCounts = new Map<string, number>();
  counts$.subscribe((counts) => (latestCounts = counts));
  interval(1000)
    .pipe(startWith(0))
    .subscribe(() => {
      if (cache.indexer$.value.size > 0) chart.add({ at: Date.now(), counts: latestCounts });
    });

  const feed = new EventFeed($('#feed'));
  interval(0, animationFrameScheduler).subscribe(() => {
    if (pendingChanges.length > 0) feed.add(pendingChanges.splice(0));
  });

  const details = new ObjectDetails(
    $<HTMLDialogElement>('#details'),
    $('#details-title'),
    $('#details-body'),
    info.resources !== undefined,
  );
  const openDetails = (feedName: string) => (event: Event) => {
    const row = (event.target as Element).closest<HTMLElement>('tr[data-key]');
    const key = row?.dataset['key'];
    if (key !== undefined) void details.show(feedName, key);
  };
  $('#pods tbody').addEventListener('click', openDetails(podFeed));
  $('#objects tbody').addEventListener('click', (event) => openDetails(shown.name)(event));

  // Any other resource: its own feed, opened while it is picked, in a table of its columns.
  const resources = info.resources ?? [];
  const picker = $<HTMLSelectElement>('#resource');
  picker.hidden = resources.length === 0;
  renderResourcePicker(picker, resources, podFeed);
  const objects = new ResourceTable($<HTMLTableElement>('#objects'), $('#objects-empty'));
  const show = (resource: FeedResource | undefined): void => {
    shown.view.unsubscribe();
    shown.name = resource?.name ?? podFeed;
    const pods = resource === undefined || resource.name === podFeed;
    $('#pods').hidden = !pods;
    $('#objects').hidden = pods;
    $('#objects-empty').hidden = true;
    // The pod table keeps rendering (its counts feed the cards); its "no pods" line stays out.
    $('.table-scroll').dataset['showing'] = pods ? 'pods' : 'objects';
    document.body.dataset['resource'] = shown.name;
    setText($('#table-title'), pods ? 'Pods' : resource.kind);
    if (pods) {
      shown.view = new Subscription();
      filter.next(filter.value); // re-render the pod count
      return;
    }
    const objectFeed = new FeedClient(`/api/feeds/${encodeURIComponent(resource.name)}`);
    const objectCache = new ObjectCache();
    const columns = resourceColumns(resource, {
      withNamespace: resource.namespaced,
      now: Date.now,
    }) as ResourceColumn<FeedObject>[];
    objects.setColumns(columns);
    const view = new Subscription(() => objectFeed.close());
    view.add(objectFeed.messages$.subscribe((message) => objectCache.apply(message)));
    view.add(
      combineLatest([objectCache.objects$, filter, interval(1000).pipe(startWith(0))])
        .pipe(frame())
        .subscribe(([all, f]) => {
          const rows = [...all.values()].filter(matchesObject(f, columns)).sort(byKey);
          objects.render(rows);
          setText($('#pods-shown'), `${rows.length.toLocaleString('en-US')} shown`);
        }),
    );
    shown.view = view;
    objectFeed.open();
  };
  picker.addEventListener('change', () => show(resources.find((r) => r.name === picker.value)));

  const search = $<HTMLInputElement>('#filter');
  search.addEventListener('input', () => filter.next({ ...filter.value, text: search.value }));
  document.addEventListener('keydown', (event) => {
    if (event.key === '/' && document.activeElement !== search) {
      event.preventDefault();
      search.focus();
    }
  });

  client.open();
}

function matches(f: Filter): (pod: Pod) => boolean {
  const terms = f.text
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => t !== '');
  return (pod) => {
    if (f.phase !== undefined && (pod.status?.phase ?? 'Unknown') !== f.phase) return false;
    if (terms.length === 0) return true;
    const haystack = [
      pod.metadata?.namespace,
      pod.metadata?.name,
      pod.spec?.nodeName,
      summarizePod(pod).status,
    ]
      .join(' ')
      .toLowerCase();
    return terms.every((t) => haystack.includes(t));
  };
}

/** Any other resource's rows: the namespace picked, and the text in any column. */
function matchesObject(
  f: Filter,
  columns: readonly ResourceColumn<FeedObject>[],
): (object: FeedObject) => boolean {
  const terms = f.text
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => t !== '');
  return (object) => {
    const namespace = object.metadata?.namespace;
    if (f.namespace !== undefined && namespace !== undefined && namespace !== f.namespace) {
      return false;
    }
    if (terms.length === 0) return true;
    const haystack = columns
      .map((c) => c.cell(object))
      .join(' ')
      .toLowerCase();
    return terms.every((t) => haystack.includes(t));
  };
}

function byKey(a: FeedObject, b: FeedObject): number {
  const x = keyOf(a);
  const y = keyOf(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function sortPods(pods: Pod[]): Pod[] {
  const key = (p: Pod): string => `${p.metadata?.namespace ?? ''}/${p.metadata?.name ?? ''}`;
  return pods.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

main().catch((err: unknown) => {
  const banner = document.querySelector<HTMLElement>('#banner');
  if (banner !== null) {
    banner.hidden = false;
    banner.dataset['state'] = 'error';
    banner.textContent = `The dashboard failed to start: ${String(err)}`;
  }
});
