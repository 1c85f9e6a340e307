import { Injectable, signal, type OnDestroy } from '@angular/core';

/** How often ages are brought up to date. */
const tickMs = 5_000;

/** The current time as a signal, for ages: it changes every few seconds, not on every render. */
@Injectable({ providedIn: 'root' })
export class Clock implements OnDestroy {
  private readonly time = signal(Date.now());
  private readonly timer = setInterval(() => this.time.set(Date.now()), tickMs);

  /** Milliseconds since the epoch, as of the last tick. */
  readonly now = this.time.asReadonly();

  /** Stops the timer with the application. */
  ngOnDestroy(): void {
    clearInterval(this.timer);
  }
}
