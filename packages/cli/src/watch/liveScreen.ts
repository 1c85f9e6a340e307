import {
  Subject,
  Subscription,
  asyncScheduler,
  interval,
  merge,
  throttleTime,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import type { StatusTracker } from '../status/statusTracker.js';
import type { ColumnSet } from '../view/columns.js';
import { keypresses } from './keyInput.js';
import { screenFrame } from './screenFrame.js';
import type { Style } from './style.js';
import {
  initialViewState,
  transition,
  type ViewAction,
  type ViewBounds,
  type ViewState,
} from './viewState.js';
import type { WatchModel } from './watchModel.js';

/** One resource on the live screen: its rows, its informer's status, and how to show them. */
export interface ScreenView {
  readonly model: WatchModel;
  readonly tracker: StatusTracker;
  readonly columns: ColumnSet;
  /** The command it stands for, e.g. `rxkube watch pods -A`. */
  readonly title: string;
}

/** A terminal to draw on: its size, and `resize` events when it changes. */
export type TerminalOutput = NodeJS.WritableStream & {
  readonly columns?: number;
  readonly rows?: number;
  on(event: 'resize', listener: () => void): unknown;
  off(event: 'resize', listener: () => void): unknown;
};

/** A terminal's input: raw mode is set on it when it has one. */
export type TerminalInput = NodeJS.ReadableStream & {
  isTTY?: boolean;
  setRawMode?: (raw: boolean) => unknown;
};

/** Options of {@link LiveScreen}. */
interface LiveScreenOptions {
  /** Which cluster, for the title line. */
  readonly cluster: string;
  readonly style: Style;
  /** Where keys come from; none for a screen that only shows. */
  readonly input?: TerminalInput | undefined;
  /** Times the redraws of data changes and the ages' ticking (virtual time in tests). */
  readonly scheduler?: SchedulerLike;
  /** The clock for ages and highlights (ms). */
  readonly now?: () => number;
}

// Alternate screen and hidden cursor while shown; synchronised output around each frame, so a
// terminal that knows it paints a frame at once.
const enter = '\x1b[?1049h\x1b[?25l';
const leave = '\x1b[?25h\x1b[?1049l';
const frameStart = '\x1b[?2026h\x1b[H';
const frameEnd = '\x1b[J\x1b[?2026l';

/**
 * The full-screen view of `rxkube watch`, k9s-like: on the terminal's alternate screen, a frame
 * of exactly the terminal's size ({@link screenFrame}) redrawn when the data change (at most ten
 * times a second), every second for the ages, at once on a key or a resize. Keys scroll, sort
 * and filter the table ({@link transition}); those that ask for another resource or namespace,
 * or to quit, come out of {@link LiveScreen.actions$} for the command to carry out.
 */
export class LiveScreen {
  private readonly subscriptions = new Subscription();
  private readonly actions = new Subject<ViewAction>();
  private readonly redraws = new Subject<void>();
  private view: ViewState = initialViewState;
  private bounds: ViewBounds = { rows: 0, page: 0, columns: 0 };
  private shown: ScreenView | undefined;
  private viewSubscription = new Subscription();
  private message: string | undefined;
  private readonly now: () => number;

  /**
   * Takes over the terminal (alternate screen, raw input) until {@link LiveScreen.close}.
   *
   * @param output - the terminal
   * @param options - cluster name, style, input, scheduler, clock
   */
  constructor(
    private readonly output: TerminalOutput,
    private readonly options: LiveScreenOptions,
  ) {
    this.now = options.now ?? Date.now;
    const scheduler = options.scheduler ?? asyncScheduler;
    output.write(enter);
    const onResize = (): void => this.draw();
    output.on('resize', onResize);
    this.subscriptions.add(() => output.off('resize', onResize));
    this.subscriptions.add(
      merge(this.redraws, interval(1000, scheduler))
        .pipe(throttleTime(100, scheduler, { leading: true, trailing: true }))
        .subscribe(() => this.draw()),
    );
    if (options.input !== undefined) {
      this.subscriptions.add(
        keypresses(options.input).subscribe((key) => {
          this.message = undefined;
          const next = transition(this.view, key, this.bounds);
          this.view = next.state;
          this.draw();
          if (next.action !== undefined) this.actions.next(next.action);
        }),
      );
    }
  }

  /** What the keys ask of the command: quit, another namespace, another resource. */
  get actions$(): Observable<ViewAction> {
    return this.actions.asObservable();
  }

  /**
   * Shows a resource (in place of the one shown): from the first row, filter and sort kept
   * when the columns are the same.
   *
   * @param view - rows, status, columns and title
   */
  show(view: ScreenView): void {
    const sameColumns = this.shown?.columns.headers.join() === view.columns.headers.join();
    this.viewSubscription.unsubscribe();
    this.shown = view;
    this.view = sameColumns
      ? { ...this.view, scroll: 0 }
      : { ...initialViewState, filter: this.view.filter };
    this.viewSubscription = merge(view.model.changes$, view.tracker.status$).subscribe(() =>
      this.redraws.next(),
    );
    this.draw();
  }

  /**
   * A word for the user in the last line until the next key (a resource that does not exist).
   *
   * @param message - the text (escaped when drawn)
   */
  say(message: string): void {
    this.message = message;
    this.draw();
  }

  /** Stops drawing and reading keys, and gives the terminal back as it was. */
  close(): void {
    if (this.subscriptions.closed) return;
    this.subscriptions.unsubscribe();
    this.viewSubscription.unsubscribe();
    this.actions.complete();
    this.output.write(leave);
  }

  private draw(): void {
    const shown = this.shown;
    if (shown === undefined || this.subscriptions.closed) return;
    const now = this.now();
    const { lines, bounds } = screenFrame({
      width: this.output.columns ?? 80,
      height: this.output.rows ?? 24,
      title: shown.title,
      cluster: this.options.cluster,
      status: shown.tracker.status,
      columns: shown.columns,
      rows: shown.model.rows(now),
      changes: shown.model.changes(),
      view: this.view,
      message: this.message,
      now,
      style: this.options.style,
    });
    this.bounds = bounds;
    this.output.write(
      `${frameStart}${lines.map((line) => `${line}\x1b[K`).join('\r\n')}${frameEnd}`,
    );
  }
}
