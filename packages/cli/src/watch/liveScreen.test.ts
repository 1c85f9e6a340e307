import { PassThrough } from 'node:stream';
import { unsafeCodePoints, type SharedIndexInformer } from '@rxkube/informer';
import { ConnectionError } from '@rxkube/informer/errors';
import type { KubeObject } from '@rxkube/store';
import { BehaviorSubject, NEVER, Subject, of } from 'rxjs';
import { StatusTracker } from '../status/statusTracker.js';
import { columnsFor } from '../view/columns.js';
import { startLiveScreen } from './liveScreen.js';
import { makeStyle } from './style.js';
import { WatchModel } from './watchModel.js';

// The live screen drawn once on a fake terminal: an informer that has one pod in its cache and
// has reported one error, and a stream that records what log-update writes.

/** A sized terminal that records its output. */
function terminal(columns: number): NodeJS.WriteStream & { output: () => string } {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return Object.assign(stream, {
    isTTY: true,
    columns,
    rows: 40,
    output: () => chunks.join(''),
  }) as unknown as NodeJS.WriteStream & { output: () => string };
}

/** Our own control sequences: log-update's cursor moves and synchronised output, CSI only. */
// eslint-disable-next-line no-control-regex -- ESC starts the sequences to remove
const ownSequences = /\x1b\[[0-9;?]*[A-Za-z]/g;

function drawOnce(
  pod: KubeObject,
  errorCause: string,
  columns: number,
  link: 'relisting' | 'watching' = 'relisting',
): string[] {
  const errors = new Subject<ConnectionError>();
  const informer = {
    indexer$: of({ list: () => [pod] }),
    handle: () => NEVER,
    hasSynced$: new BehaviorSubject(true),
    errors$: errors,
    metrics: () => ({ cached: 1, events: 0, lastResourceVersion: '42' }),
  } as unknown as SharedIndexInformer<KubeObject>;
  const tracker = new StatusTracker('pods');
  tracker.attach(informer);
  // A watch opened through the tracker's lister-watcher: the link reads `● synced · watching`.
  const watch =
    link === 'watching'
      ? tracker
          .wrap({ description: 'pods', list: () => NEVER, watch: () => NEVER })
          .watch({} as never)
          .subscribe()
      : undefined;
  errors.next(
    new ConnectionError('watch', { resource: 'pods' }, Object.assign(new Error(errorCause), {})),
  );
  const model = new WatchModel(informer);
  const screen = terminal(columns);
  // The first frame is drawn at once, from the current status and rows.
  const live = startLiveScreen(
    screen,
    model,
    tracker,
    columnsFor('Pod', true),
    { title: 'rxkube watch pods -A', cluster: 'context \x1b]0;owned\x07kind' },
    makeStyle(false),
  );
  live.unsubscribe();
  watch?.unsubscribe();
  model.close();
  tracker.close();
  return screen.output().replace(ownSequences, '').split('\n');
}

const hostilePod = {
  metadata: {
    namespace: 'shop',
    name: 'web-1\x1b]8;;http://evil.example/\x1b\\',
    creationTimestamp: new Date().toISOString(),
  },
  spec: { nodeName: 'worker\x9b2J\u202e1', containers: [{}] },
  status: { phase: 'Running', reason: 'Evicted\x1b[2J\x1b[H' },
} as KubeObject;

describe('startLiveScreen', () => {
  it('shows cluster text escaped in the header, the cells and the status line', () => {
    const lines = drawOnce(hostilePod, 'reset by \x1b]0;owned\x07peer', 400);
    const row = lines.find((line) => line.includes('web-1')) ?? '';
    expect({
      raw: lines.flatMap((line) => line.match(unsafeCodePoints) ?? []),
      header: lines[0],
      row: row.trim().split(/\s{2,}/),
      error: lines[1]?.split('  ·  ').at(-1),
    }).toEqual({
      raw: [],
      header: 'rxkube watch pods -A  context \\x1b]0;owned\\x07kind',
      row: [
        'shop',
        'web-1\\x1b]8;;http://evil.example/\\x1b\\',
        '0/1',
        'Evicted\\x1b[2J\\x1b[H',
        '0',
        expect.stringMatching(/^\d+s$/),
        'worker\\x9b2J\\u202e1',
      ],
      error: expect.stringMatching(
        /^last error \d+s ago: watch pods: connection failed: reset by \\x1b\]0;owned\\x07peer$/,
      ),
    });
  });

  it('cuts a long error to fit, and keeps the rest of the status line readable', () => {
    const columns = 100;
    const status = drawOnce(hostilePod, `disk ${'full '.repeat(2000)}`, columns)[1] ?? '';
    const parts = status.split('  ·  ');
    expect({
      fits: [...status].length <= columns - 1,
      first: parts[0],
      objects: parts[1],
      error: parts.at(-1),
    }).toEqual({
      fits: true,
      // A synced informer that has not watched yet reads as relisting.
      first: 'relisting: page 0, 0 objects',
      objects: '0 objects',
      error: expect.stringMatching(
        /^last error \d+s ago: watch pods: connection failed: d[isk ful]*…$/,
      ),
    });
  });

  it('fits the status line, the `●` of a healthy link included, at any width', () => {
    const widths = [40, 61, 80, 100, 133, 160, 200];
    // log-update wraps a line wider than the terminal: a status line too wide would leave its
    // end, the `…`, on a line of its own (the header may wrap on a narrow one: found by content).
    const lines = widths.map((columns) =>
      drawOnce(hostilePod, `disk ${'full '.repeat(2000)}`, columns, 'watching').find((line) =>
        line.startsWith('● synced · watching'),
      ),
    );
    expect(
      lines.map((line, i) => ({
        columns: widths[i],
        starts: line !== undefined,
        cut: line?.endsWith('…'),
        fits: [...(line ?? '')].length <= (widths[i] ?? 0) - 1,
      })),
    ).toEqual(widths.map((columns) => ({ columns, starts: true, cut: true, fits: true })));
  });
});
