import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import {
  initialInformerStatus,
  unsafeCodePoints,
  type InformerStatus,
  type SharedIndexInformer,
} from '@rxkube/informer';
import { ConnectionError } from '@rxkube/informer/errors';
import type { KubeObject } from '@rxkube/store';
import { VirtualClock } from '@rxkube/devkit';
import { BehaviorSubject, NEVER, Subject, of } from 'rxjs';
import { StatusTracker } from '../status/statusTracker.js';
import { formatClockTime } from '../view/clockTime.js';
import { columnsFor } from '../view/columns.js';
import { LiveScreen } from './liveScreen.js';
import { makeStyle } from './style.js';
import { displayWidth } from './terminalWidth.js';
import type { ViewAction } from './viewState.js';
import { WatchModel } from './watchModel.js';

// The live screen on a TTY-like pair of streams: an output with columns and rows that records
// what is drawn, and an input the test types keys into (raw mode is recorded). No pty library
// installs here without a compiler, so the terminal is this injected one; the screen is read
// back from the last frame drawn, and time is virtual.

/** A sized terminal: output recorded, keys typed in. */
class FakeTerminal extends EventEmitter {
  readonly output = Object.assign(new PassThrough(), { isTTY: true, columns: 80, rows: 24 });
  readonly input = Object.assign(new PassThrough(), {
    isTTY: true,
    raw: false,
    setRawMode(raw: boolean) {
      this.raw = raw;
    },
  });
  private written = '';

  constructor(columns: number, rows: number) {
    super();
    this.output.columns = columns;
    this.output.rows = rows;
    this.output.on('data', (chunk: Buffer) => (this.written += chunk.toString('utf8')));
  }

  /** Types keys (each a chunk, as a terminal sends them). */
  type(...keys: string[]): void {
    for (const key of keys) this.input.write(key);
  }

  /** The lines of the last frame drawn, without our own control sequences. */
  screen(): string[] {
    const frame = this.written.split('\x1b[H').at(-1) ?? '';
    return frame
      .replace(ownSequences, '')
      .split('\r\n')
      .map((line) => line.replace(/ +$/, ''));
  }

  /** Everything written, for the sequences that enter and leave the screen. */
  get raw(): string {
    return this.written;
  }
}

// eslint-disable-next-line no-control-regex -- ESC starts the sequences to remove
const ownSequences = /\x1b\[[0-9;?]*[A-Za-z]/g;

const now = Date.parse('2026-11-24T12:00:00Z');

function pod(namespace: string, name: string, status = 'Running', restarts = 0): KubeObject {
  return {
    metadata: {
      namespace,
      name,
      resourceVersion: '1',
      creationTimestamp: new Date(now - restarts * 60_000).toISOString(),
    },
    spec: { nodeName: 'worker-1', containers: [{ name: 'c' }] },
    status: {
      phase: status,
      containerStatuses: [{ name: 'c', ready: true, restartCount: restarts }],
    },
  } as KubeObject;
}

/** An informer as the model and tracker read it, holding these pods. */
function informerOf(pods: KubeObject[], errors = new Subject<ConnectionError>()) {
  return {
    indexer$: of({ list: () => pods }),
    handle: () => NEVER,
    hasSynced$: new BehaviorSubject(true),
    status$: new BehaviorSubject({ ...initialInformerStatus, phase: 'watching', hasSynced: true }),
    errors$: errors,
    metrics: () => ({ cached: pods.length, events: 0, lastResourceVersion: '42' }),
  } as unknown as SharedIndexInformer<KubeObject>;
}

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const thing of opened.splice(0).reverse()) thing.close();
});

/** Opens the screen on a terminal of this size, showing these pods of every namespace. */
function open(
  pods: KubeObject[],
  columns: number,
  rows: number,
  errors?: Subject<ConnectionError>,
) {
  const terminal = new FakeTerminal(columns, rows);
  const clock = new VirtualClock();
  const informer = informerOf(pods, errors);
  const tracker = new StatusTracker('pods');
  tracker.attach(informer);
  const model = new WatchModel(informer);
  opened.push(tracker, model);
  const screen = new LiveScreen(terminal.output, {
    cluster: 'context \x1b]0;owned\x07kind',
    style: makeStyle(false),
    input: terminal.input,
    scheduler: clock,
    now: () => now,
  });
  opened.push(screen);
  const actions: ViewAction[] = [];
  screen.actions$.subscribe((action) => actions.push(action));
  screen.show({ model, tracker, columns: columnsFor('Pod', true), title: 'rxkube watch pods -A' });
  return { terminal, screen, actions, clock, informer };
}

const many = Array.from({ length: 200 }, (_, i) =>
  pod(
    i % 2 === 0 ? 'shop' : 'kube-system',
    `web-${String(i).padStart(3, '0')}`,
    i % 7 === 0 ? 'Pending' : 'Running',
    i % 5,
  ),
);

describe('LiveScreen', () => {
  it('fits 200 rows in 80×24: header and status stay, no line is wider than the terminal', () => {
    const { terminal } = open(many, 80, 24);
    const lines = terminal.screen();
    expect({
      lines: lines.length,
      widest: Math.max(...lines.map(displayWidth)),
      title: lines[0],
      status: lines[1]?.split('  ·  ').slice(0, 2),
      header: lines[2]?.trim().split(/\s+/),
      first: lines[3]?.trim().split(/\s+/).slice(0, 2),
      last: lines.at(-1)?.endsWith('1–20 of 200'),
      alternate: terminal.raw.startsWith('\x1b[?1049h'),
      raw: terminal.input.raw,
    }).toEqual({
      lines: 24,
      widest: expect.any(Number),
      title: 'rxkube watch pods -A  context \\x1b]0;owned\\x07kind',
      status: ['● synced · watching', '200 objects'],
      header: ['NAMESPACE', 'NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE', 'NODE'],
      first: ['kube-system', 'web-001'],
      last: true,
      alternate: true,
      raw: true,
    });
    expect(Math.max(...lines.map(displayWidth))).toBeLessThanOrEqual(80);
  });

  it('scrolls with j/k, the arrows and PgDn/PgUp, within the rows', () => {
    const { terminal } = open(many, 80, 24);
    const firstName = () => terminal.screen()[3]?.trim().split(/\s+/)[1];
    const seen: (string | undefined)[] = [];
    terminal.type('j', 'j');
    seen.push(firstName());
    terminal.type('\x1b[A');
    seen.push(firstName());
    terminal.type('\x1b[6~');
    seen.push(firstName());
    terminal.type('G');
    seen.push(firstName(), terminal.screen().at(-1)?.split('  ').at(-1));
    terminal.type('\x1b[5~', 'g', 'k');
    seen.push(firstName());
    // 100 pods of kube-system (odd numbers) come first, then shop's.
    expect(seen).toEqual(['web-005', 'web-003', 'web-043', 'web-160', '181–200 of 200', 'web-001']);
  });

  it('sorts by the next column with s, and reverses with S', () => {
    const pods = [
      pod('b', 'zeta', 'Running', 3),
      pod('a', 'alpha', 'Pending', 12),
      pod('c', 'mu', 'Failed', 1),
    ];
    const { terminal } = open(pods, 80, 10);
    const names = () =>
      terminal
        .screen()
        .slice(3, 6)
        .map((l) => l.trim().split(/\s+/)[1]);
    const header = () => terminal.screen()[2]?.trim().split(/\s+/);
    terminal.type('s', 's');
    const byName = { header: header()?.[1], names: names() };
    terminal.type('S');
    const reversed = { header: header()?.[1], names: names() };
    terminal.type('s', 's', 's');
    const byRestarts = { header: header()?.[4], names: names() };
    expect({ byName, reversed, byRestarts }).toEqual({
      byName: { header: 'NAME↑', names: ['alpha', 'mu', 'zeta'] },
      reversed: { header: 'NAME↓', names: ['zeta', 'mu', 'alpha'] },
      byRestarts: { header: 'RESTARTS↑', names: ['mu', 'zeta', 'alpha'] },
    });
  });

  it('filters as / is typed, and Esc clears the filter', () => {
    const { terminal } = open(many, 100, 30);
    terminal.type('/', 'w', 'e', 'b', '-', '0', '0', '7');
    const typing = terminal.screen();
    terminal.type('\r');
    const applied = terminal.screen();
    terminal.type('\x1b');
    const cleared = terminal.screen();
    expect({
      typingRows: typing.slice(3, -1).map((l) => l.trim().split(/\s+/)[1]),
      prompt: typing.at(-1),
      applied: applied.at(-1)?.split('  ').at(-1),
      cleared: cleared.at(-1)?.split('  ').at(-1),
    }).toEqual({
      typingRows: ['web-007'],
      prompt: '/web-007▏',
      applied: '1–1 of 1 /web-007',
      cleared: '1–26 of 200',
    });
  });

  it('asks the command for a namespace with n or :ns, a resource with :, and quits with q', () => {
    const { terminal, actions } = open(many, 80, 24);
    terminal.type('n', 's', 'h', 'o', 'p', '\r');
    terminal.type(':', 'n', 's', ' ', 'a', 'l', 'l', '\r');
    terminal.type(':', 'd', 'e', 'p', 'l', 'o', 'y', '\r');
    terminal.type(':', 'n', 's', '\r');
    terminal.type('q');
    expect(actions).toEqual([
      { type: 'namespace', namespace: 'shop' },
      { type: 'namespace', namespace: undefined },
      { type: 'resource', name: 'deploy' },
      { type: 'resource', name: 'ns' },
      { type: 'quit' },
    ]);
  });

  it('gives the terminal back on close: main screen, cursor, cooked input', () => {
    const { terminal, screen } = open(many, 80, 24);
    screen.close();
    expect({
      left: terminal.raw.endsWith('\x1b[?25h\x1b[?1049l'),
      raw: terminal.input.raw,
    }).toEqual({
      left: true,
      raw: false,
    });
  });

  it('shows cluster text escaped, and wide names cut without breaking the columns', () => {
    const hostile = {
      ...pod('shop', 'web-1\x1b]8;;http://evil.example/\x1b\\'),
      status: { phase: 'Running', reason: 'Evicted\x1b[2J\x1b[H' },
    } as KubeObject;
    const wide = pod('商店', `${'商品'.repeat(30)}-1`);
    const { terminal } = open([hostile, wide], 60, 10);
    const lines = terminal.screen();
    expect({
      raw: lines.flatMap((line) => line.match(unsafeCodePoints) ?? []),
      widths: lines.map(displayWidth).every((w) => w <= 60),
      hostile: lines.find((l) => l.includes('web-1'))?.includes('web-1\\x1b]8;;http'),
      cut: lines.some((l) => /[商品]…/.test(l)),
    }).toEqual({ raw: [], widths: true, hostile: true, cut: true });
  });

  it('cuts a long error in the status line to the width', () => {
    const errors = new Subject<ConnectionError>();
    const { terminal, clock } = open(many, 80, 24, errors);
    errors.next(
      new ConnectionError('watch', { resource: 'pods' }, new Error(`disk ${'full '.repeat(2000)}`)),
    );
    // A change of status is drawn within a tenth of a second.
    clock.advance(100);
    const status = terminal.screen()[1] ?? '';
    expect({ fits: displayWidth(status) <= 80, cut: status.endsWith('…') }).toEqual({
      fits: true,
      cut: true,
    });
  });

  it('counts down to the next attempt while the informer backs off, and says since when the data is stale', () => {
    const { terminal, clock, informer } = open(many, 120, 24);
    const status$ = informer.status$ as BehaviorSubject<InformerStatus>;
    status$.next({
      ...status$.value,
      phase: 'backingOff',
      retryAt: now + 12_000,
      staleSince: now - 20_000,
    });
    clock.advance(100);
    const status = terminal.screen()[1] ?? '';
    expect({
      countdown: status.includes('reconnecting in 12 s'),
      stale: status.includes(`stale since ${formatClockTime(now - 20_000)}`),
      live: status.includes('synced · watching'),
    }).toEqual({ countdown: true, stale: true, live: false });
  });
});
