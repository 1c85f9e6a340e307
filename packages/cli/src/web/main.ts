import { NamespaceIndex, type IndexerSnapshot } from '@rxkube/store';
import {
  BehaviorSubject,
  Observable,
  animationFrameScheduler,
  auditTime,
  combineLatest,
  distinctUntilChanged,
  first,
  interval,
  map,
  merge,
  startWith,
  switchMap,
  throttleTime,
} from 'rxjs';
import type { DashboardInfo } from '../dashboard/feedProtocol.js';
import type { InformerSummary } from '../status/informerSummary.js';
import { statusTone, summarizePod } from '../view/podStatus.js';
import { podTroubleKinds, podTroubleLabels } from '../view/podTrouble.js';
import { $, setText } from './dom.js';
import { FeedClient, type LinkStatus } from './feedClient.js';
import {
  PhaseIndex,
  PodCache,
  TroubleIndex,
  phases,
  type AppliedChange,
  type Pod,
} from './podCache.js';
import { readViewState, viewStateQuery, type ViewState } from './viewState.js';
import { renderBanner } from './views/banner.js';
import { renderCountCards } from './views/countCards.js';
import { EventFeed } from './views/eventFeed.js';
import { renderNamespaces } from './views/namespaceList.js';
import { ObjectDetails } from './views/objectDetails.js';
import { renderResourcePicker } from './views/resourcePicker.js';
import { SmallMultiples, type Series } from './views/smallMultiples.js';
import { renderStatusBar } from './views/statusBar.js';
import { VirtualTable, type TableColumn } from './views/virtualTable.js';
import { ObjectCache, keyOf } from './objectCache.js';
import { resourceColumns, type ColumnsSubject } from '../view/resourceColumns.js';
import type { FeedObject, FeedResource } from '../dashboard/feedProtocol.js';
// esbuild bundles these into app.css, next to app.js.
import './styles/base.css';
import './styles/widgets.css';

const frame = <T>() =>
  throttleTime<T>(0, animationFrameScheduler, { leading: true, trailing: true });

/** The trend chart's series: trouble first, then restarts, then the phases. */
const trendSeries: readonly Series[] = [
  ...podTroubleKinds.map((kind) => ({ id: kind, label: podTroubleLabels[kind], tone: 'trouble' })),
  { id: 'restarts', label: 'restarts', tone: 'restarts' },
  ...phases.map((phase) => ({
    id: phase,
    label: phase.toLowerCase(),
    tone: phase === 'Failed' ? 'trouble' : `phase-${phase}`,
  })),
];

async function main(): Promise<void> {
  // Opened with the access token in the URL: the server answered with a cookie that carries it
  // from now on, so the token leaves the address bar (and the history, and screenshots).
  const query = new URLSearchParams(location.search);
  if (query.has('token')) {
    query.delete('token');
    history.replaceState(null, '', `${location.pathname}?${query.toString()}`);
  }
  const view = new BehaviorSubject<ViewState>(readViewState(location.search));
  const update = (change: Partial<ViewState>): void => view.next({ ...view.value, ...change });
  // The view lives in the URL: a reload or a shared link shows the same.
  view.subscribe((state) => {
    const url = location.pathname + viewStateQuery(state);
    if (url !== location.pathname + location.search) history.replaceState(null, '', url);
  });

  const info = (await (await fetch('/api/info')).json()) as DashboardInfo;
  setText($('#cluster'), info.banner);

  const podFeed = info.feeds[0] ?? 'pods';
  const cache = new PodCache();
  const client = new FeedClient(`/api/feeds/${encodeURIComponent(podFeed)}`);
  const pendingChanges: AppliedChange[] = [];
  let status: InformerSummary | undefined;
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

  // Every view reads the cache at most once per frame: a burst of feed events costs one pass
  // over the pods, not one per event (each applied event makes a snapshot in O(log n)).
  const snapshots$ = cache.indexer$.pipe(frame());

  // One table for every resource: the picked resource's columns (the terminal's too), its rows
  // drawn incrementally, sorted by a header click.
  const resources = info.resources ?? [];
  const podSubject: ColumnsSubject = resources.find((r) => r.name === podFeed) ?? { kind: 'Pod' };
  const showsPods = (): boolean => view.value.resource === podFeed;
  const table = new VirtualTable<FeedObject>({
    scroller: $('#pods-scroll'),
    table: $<HTMLTableElement>('#pods'),
    empty: $('#pods-empty'),
    columns: columnsOf(podSubject, true),
    key: (object) => text(object.metadata?.['uid']) || keyOf(object),
    version: (object) => object.metadata?.resourceVersion ?? '',
    attributes: (object): Record<string, string> =>
      showsPods()
        ? { 'data-key': keyOf(object), 'data-phase': summarizePod(object as Pod).phase }
        : { 'data-key': keyOf(object) },
    tone: (column, cell) => (column.status === true ? statusTone(cell) : undefined),
  });
  // The sort lives in the view (the URL), the table follows it; a header click writes it back.
  view
    .pipe(
      map((state) => state.sort),
      distinctUntilChanged((a, b) => a?.column === b?.column && a?.direction === b?.direction),
    )
    .subscribe((sort) => table.setSort(sort));
  table.sort$.subscribe((sort) => update({ sort }));
  const filter$ = view.pipe(
    distinctUntilChanged(
      (a, b) =>
        a.namespace === b.namespace &&
        a.text === b.text &&
        a.phase === b.phase &&
        a.trouble === b.trouble,
    ),
  );
  const podRows$ = combineLatest([snapshots$, filter$]).pipe(
    map(([snapshot, state]) => visiblePods(snapshot, state)),
  );
  // A resource the server does not serve (an old link) shows the pods.
  if (!showsPods() && !resources.some((r) => r.name === view.value.resource))
    update({ resource: podFeed, sort: undefined });
  view
    .pipe(
      map((state) => state.resource),
      distinctUntilChanged(),
      switchMap((name) => {
        const resource = resources.find((r) => r.name === name);
        const pods = name === podFeed || resource === undefined;
        const columns = columnsOf(pods ? podSubject : resource, pods || resource.namespaced);
        // The previous kind's rows must not be drawn in this kind's columns.
        table.setRows([]);
        table.setColumns(columns);
        document.body.dataset['resource'] = name;
        setText($('#table-title'), pods ? 'Pods' : resource.kind);
        // The counts and trends are of pods: out of sight while another kind is shown.
        for (const panel of ['.overview', '.chart-panel']) $(panel).hidden = !pods;
        return pods ? podRows$ : objectRows(resource, columns, filter$);
      }),
    )
    .subscribe((rows) => {
      table.setRows(rows);
      setText($('#pods-shown'), `${rows.length.toLocaleString('en-US')} shown`);
    });
  // Ages move on: the rows in view are written again each second (unchanged cells are not).
  interval(1000).subscribe(() => table.refresh());

  // Counts: trouble first, then the total and each phase, each from its index bucket.
  combineLatest([snapshots$, view])
    .pipe(
      map(([snapshot, state]) => ({
        trouble: podTroubleKinds.map((kind) => ({
          id: kind,
          label: podTroubleLabels[kind],
          value: snapshot.byIndex(TroubleIndex, kind).length,
          className: 'trouble',
        })),
        phase: [
          { id: 'total', label: 'pods', value: snapshot.size, className: 'card-total' },
          ...phases.map((phase) => ({
            id: phase,
            label: phase.toLowerCase(),
            value: snapshot.byIndex(PhaseIndex, phase).length,
            className: `phase-${phase}`,
          })),
        ],
        selected: { trouble: state.trouble, phase: state.phase },
      })),
      distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
    )
    .subscribe((cards) => {
      renderCountCards($('#trouble'), 'trouble', cards.trouble, cards.selected.trouble, (id) =>
        update({ trouble: podTroubleKinds.find((kind) => kind === id) }),
      );
      for (const card of cards.trouble) {
        $(`[data-trouble-count="${card.id}"]`).dataset['alert'] = String(card.value > 0);
      }
      renderCountCards($('#cards'), 'phase', cards.phase, cards.selected.phase, (phase) =>
        update({ phase }),
      );
    });

  combineLatest([cache.indexer$.pipe(auditTime(250)), view]).subscribe(([snapshot, state]) =>
    renderNamespaces($('#namespaces'), snapshot, state.namespace, (namespace) =>
      update({ namespace }),
    ),
  );

  // The trends, sampled each second (and as soon as the first pods arrive, so the chart is never
  // blank next to full counts): troubles, restarts summed over pods, phases.
  const chart = new SmallMultiples($('#chart'), trendSeries);
  merge(interval(1000), snapshots$.pipe(first((snapshot) => snapshot.size > 0))).subscribe(() => {
    const snapshot = cache.indexer$.value;
    if (snapshot.size === 0) return;
    const values = new Map<string, number>();
    for (const kind of podTroubleKinds)
      values.set(kind, snapshot.byIndex(TroubleIndex, kind).length);
    for (const phase of phases) values.set(phase, snapshot.byIndex(PhaseIndex, phase).length);
    let restarts = 0;
    for (const pod of snapshot.list()) restarts += summarizePod(pod).restarts;
    values.set('restarts', restarts);
    chart.add({ at: Date.now(), values });
  });

  const feed = new EventFeed($('#feed'));
  view.subscribe((state) => {
    feed.follow(state.namespace);
    setText($('#feed-namespace'), state.namespace ?? 'all namespaces');
  });
  interval(0, animationFrameScheduler).subscribe(() => {
    if (pendingChanges.length > 0) feed.add(pendingChanges.splice(0));
  });
  const details = new ObjectDetails(
    $<HTMLDialogElement>('#details'),
    $('#details-title'),
    $('#details-body'),
    info.resources !== undefined,
  );
  $('#pods tbody').addEventListener('click', (event) => {
    const row = (event.target as Element).closest<HTMLElement>('tr[data-key]');
    const key = row?.dataset['key'];
    if (key !== undefined) void details.show(view.value.resource, key);
  });

  // The picker shows the view's resource and changes it; another kind starts unsorted (its
  // columns are not the pods').
  const picker = $<HTMLSelectElement>('#resource');
  picker.hidden = resources.length === 0;
  renderResourcePicker(picker, resources, view.value.resource);
  picker.addEventListener('change', () => update({ resource: picker.value, sort: undefined }));

  const search = $<HTMLInputElement>('#filter');
  search.value = view.value.text;
  search.addEventListener('input', () => update({ text: search.value }));
  document.addEventListener('keydown', (event) => {
    if (event.key === '/' && document.activeElement !== search) {
      event.preventDefault();
      search.focus();
    }
  });

  client.open();
}

/**
 * The pods the table shows, by namespace and name: read from the narrowest index the view
 * allows (the trouble's, else the namespace's, else all), then filtered by the rest.
 */
function visiblePods(snapshot: IndexerSnapshot<Pod>, state: ViewState): readonly Pod[] {
  const candidates =
    state.trouble !== undefined
      ? snapshot.byIndex(TroubleIndex, state.trouble)
      : state.namespace !== undefined
        ? snapshot.byIndex(NamespaceIndex, state.namespace)
        : snapshot.list();
  const terms = state.text
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => t !== '');
  return candidates
    .filter((pod) => {
      if (state.namespace !== undefined && pod.metadata?.namespace !== state.namespace)
        return false;
      if (state.phase !== undefined && (pod.status?.phase ?? 'Unknown') !== state.phase)
        return false;
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
    })
    .map((pod) => ({ pod, key: keyOf(pod) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((entry) => entry.pod);
}

/** A resource's columns on the page: the terminal's, NAMESPACE for a namespaced kind. */
function columnsOf(
  resource: ColumnsSubject,
  namespaced: boolean,
): readonly TableColumn<FeedObject>[] {
  return resourceColumns(resource, { withNamespace: namespaced, now: Date.now });
}

/**
 * Any other resource's rows while they are shown: its own feed, opened on subscription and
 * closed on unsubscription, filtered by the view's namespace and text, by namespace and name.
 */
function objectRows(
  resource: FeedResource,
  columns: readonly TableColumn<FeedObject>[],
  filter$: Observable<ViewState>,
): Observable<readonly FeedObject[]> {
  return new Observable<readonly FeedObject[]>((subscriber) => {
    const feed = new FeedClient(`/api/feeds/${encodeURIComponent(resource.name)}`);
    const cache = new ObjectCache();
    const subscription = feed.messages$.subscribe((message) => cache.apply(message));
    subscription.add(
      combineLatest([cache.objects$.pipe(frame()), filter$])
        .pipe(map(([all, state]) => [...all.values()].filter(matchesObject(state, columns))))
        .subscribe((rows) => subscriber.next(rows.sort(byKey))),
    );
    feed.open();
    return () => {
      subscription.unsubscribe();
      feed.close();
    };
  });
}

/** Any other resource's rows: the namespace picked, and the text in any column. */
function matchesObject(
  state: ViewState,
  columns: readonly TableColumn<FeedObject>[],
): (object: FeedObject) => boolean {
  const terms = state.text
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => t !== '');
  return (object) => {
    const namespace = object.metadata?.namespace;
    if (state.namespace !== undefined && namespace !== undefined && namespace !== state.namespace)
      return false;
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

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

main().catch((err: unknown) => {
  const banner = document.querySelector<HTMLElement>('#banner');
  if (banner !== null) {
    banner.hidden = false;
    banner.dataset['state'] = 'error';
    banner.textContent = `The dashboard failed to start: ${String(err)}`;
  }
});
