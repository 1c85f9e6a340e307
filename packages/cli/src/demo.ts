import { Subject } from 'rxjs';
import { applyDeltas, deltaFifo, type FifoInput } from '@rxkube/queue';
import {
  Indexer,
  NamespaceIndex,
  metaNamespaceIndexFunc,
  selectByIndex,
  type IndexerSnapshot,
} from '@rxkube/store';
import { describeEvent, renderSnapshot } from './demo/render.js';
import { demoScript } from './demo/script.js';
import type { DemoPod } from './demo/pods.js';

/**
 * Feeds the scripted watch sequence through `deltaFifo` into an Indexer and prints, per step,
 * the handler events, the `shop` namespace selector's emissions and the resulting snapshot.
 */
async function main(): Promise<void> {
  const indexer = new Indexer<DemoPod>({ indexers: { [NamespaceIndex]: metaNamespaceIndexFunc } });
  const inputs$ = new Subject<FifoInput<DemoPod>>();
  const out = (line = ''): void => void process.stdout.write(`${line}\n`);

  // The handler is slow while `busy` is pending: the FIFO coalesces what arrives meanwhile.
  let busy: Promise<void> | undefined;
  let popsThisStep = 0;
  const events$ = inputs$.pipe(
    deltaFifo({
      knownObjects: indexer,
      emitDeltaTypeReplaced: true,
      process: async (deltas, isInInitialList) => {
        popsThisStep += 1;
        if (busy) await busy;
        // One batch per key: the snapshot stream emits once for the whole history of the key.
        const events = indexer.batch(() => applyDeltas(indexer, deltas, isInInitialList));
        return summarise(deltas.length, events.map(describeEvent));
      },
    }),
  );
  const lines: string[] = [];
  const done = new Promise<void>((resolve, reject) =>
    events$.subscribe({
      next: (popped) => lines.push(...popped),
      complete: resolve,
      error: reject,
    }),
  );

  let shopEmissions = 0;
  const shop = indexer.indexer$
    .pipe(selectByIndex<DemoPod>(NamespaceIndex, 'shop'))
    .subscribe(() => (shopEmissions += 1));

  out('rxkube demo: a scripted watch sequence → deltaFifo → Indexer snapshots (no cluster needed)');
  const snapshots: IndexerSnapshot<DemoPod>[] = [];
  for (const [i, step] of demoScript.entries()) {
    out();
    out(`── step ${i + 1}: ${step.caption}`);
    popsThisStep = 0;
    shopEmissions = 0;
    let release = (): void => undefined;
    if (step.slowConsumer) busy = new Promise((resolve) => (release = resolve));
    for (const input of step.inputs) inputs$.next(input);
    busy = undefined;
    release();
    await settle();
    // Once a relist is applied the cache reflects the list's version, as a Reflector records it.
    for (const input of step.inputs) {
      if (input.type === 'replace') indexer.setResourceVersion(input.resourceVersion);
    }
    for (const line of lines.splice(0)) out(`   ${line}`);
    out(`   queue pops: ${popsThisStep} for ${step.inputs.length} input(s)`);
    out(`   "shop" namespace selector emitted ${shopEmissions} time(s)`);
    const snapshot = indexer.indexer$.value;
    snapshots.push(snapshot);
    for (const line of renderSnapshot(snapshot)) out(`   ${line}`);
  }
  inputs$.complete();
  await done;
  shop.unsubscribe();
  indexer.close();

  out();
  const first = snapshots[0];
  if (first)
    out(
      `Snapshots are immutable: the first one still holds ${first.size} pods at rv ${first.resourceVersion}.`,
    );
}

/**
 * Shortens the event lines of one popped key: a long history shows its first and last events.
 *
 * @param deltaCount - how many deltas the key had
 * @param events - one line per handler event
 * @returns the lines to print
 */
function summarise(deltaCount: number, events: string[]): string[] {
  if (deltaCount === 1) return events;
  const head = `${deltaCount} deltas for one key, popped as one entry:`;
  if (events.length <= 3) return [head, ...events.map((e) => `  ${e}`)];
  const hidden = events.length - 2;
  return [head, `  ${events[0]}`, `  … ${hidden} more updates …`, `  ${events[events.length - 1]}`];
}

/** Lets the pop loop drain: processing runs on promise callbacks and timers, never on I/O. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 20));
}

main().catch((err: unknown) => {
  process.stderr.write(
    `demo failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exitCode = 1;
});
