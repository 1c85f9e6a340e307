import fc from 'fast-check';
import type { Logger } from './logger.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { FakeListerWatcher } from './testSupport/fakeListerWatcher.testing.js';
import { pod, type TestPod } from './testSupport/pods.testing.js';
import { VirtualClock, flushMicrotasks } from '@rxkube/devkit';

/** One step of a run: a watch event, a bookmark, a relist, or letting the queue drain. */
type Step =
  | { readonly kind: 'write'; readonly name: string; readonly remove: boolean }
  | { readonly kind: 'bookmark' }
  | { readonly kind: 'relist' }
  | { readonly kind: 'drain' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('write' as const),
      name: fc.constantFrom('a', 'b', 'c', 'd'),
      remove: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'bookmark' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'relist' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'drain' as const }) },
);

/** A key's state from stream position `from` on: its object's version, or absent. */
interface KeyState {
  readonly from: number;
  readonly version: string | undefined;
}

// Versions go DOWN with every input, so nothing in the informer may order them as numbers: a
// snapshot's version must come from the order of the stream alone.
const versionAt = (position: number): string => String(1_000_000 - position);

/** A logger that keeps the warnings, so that the relists' expected failures are asserted, not printed. */
function recordingLogger(): Logger & { readonly warnings: string[] } {
  const warnings: string[] = [];
  const ignore = (): void => {};
  return { warnings, debug: ignore, info: ignore, warn: (m) => warnings.push(m), error: ignore };
}

test.each(['real', 'delta'] as const)(
  'every snapshot holds every input up to its version, and versions never go back along the stream (fifo: %s)',
  async (fifo) => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const scheduler = new VirtualClock();
        const lw = new FakeListerWatcher<TestPod>();
        const logger = recordingLogger();
        const informer = new SharedIndexInformer(lw, {
          scheduler,
          logger,
          reflector: { random: () => 0, streamingList: false },
          fifo,
        });
        const names = ['a', 'b', 'c', 'd'];
        // The stream as the server sent it: each input's position, and each key's history.
        const positionOf = new Map<string, number>();
        const history = new Map<string, KeyState[]>(
          names.map((n) => [n, [{ from: 0, version: undefined }]]),
        );
        const current = new Map<string, string>();
        let position = 0;
        const next = (): string => {
          position++;
          const version = versionAt(position);
          positionOf.set(version, position);
          return version;
        };
        const emitted: { position: number; state: Map<string, string> }[] = [];
        informer.indexer$.subscribe((snapshot) => {
          if (snapshot.resourceVersion === '') return; // before the first list
          const at = positionOf.get(snapshot.resourceVersion);
          if (at === undefined) throw new Error(`unknown version ${snapshot.resourceVersion}`);
          const state = new Map(
            snapshot.list().map((p) => [p.metadata.name, p.metadata.resourceVersion ?? '']),
          );
          emitted.push({ position: at, state });
        });
        informer.start();
        positionOf.set(versionAt(0), 0);
        lw.respondList([], versionAt(0));
        await flushMicrotasks();

        for (const s of steps) {
          if (s.kind === 'drain') {
            await flushMicrotasks();
          } else if (s.kind === 'bookmark') {
            lw.emit({ type: 'BOOKMARK', object: { metadata: { resourceVersion: next() } } });
          } else if (s.kind === 'relist') {
            lw.emit({ type: 'ERROR', object: { code: 410, reason: 'Expired' } });
            scheduler.advance(120_000);
            const version = next();
            lw.respondList(
              [...current].map(([n, v]) => pod(n, v)),
              version,
            );
            for (const n of names)
              history.get(n)!.push({ from: position, version: current.get(n) });
          } else {
            const present = current.has(s.name);
            if (s.remove && !present) continue;
            const version = next();
            const type = s.remove ? 'DELETED' : present ? 'MODIFIED' : 'ADDED';
            lw.emit({ type, object: pod(s.name, version) });
            if (s.remove) current.delete(s.name);
            else current.set(s.name, version);
            history.get(s.name)!.push({ from: position, version: s.remove ? undefined : version });
          }
        }
        await flushMicrotasks();

        let last = 0;
        for (const { position: at, state } of emitted) {
          expect(at).toBeGreaterThanOrEqual(last);
          last = at;
          for (const n of names) {
            // The key's state must be the one in effect at `at`, or a later one.
            const states = history.get(n)!;
            const inEffect = states.filter((k) => k.from <= at).pop()!;
            const allowed = [inEffect, ...states.filter((k) => k.from > at)].map((k) => k.version);
            expect(allowed).toContain(state.get(n));
          }
        }
        // Drained: the last snapshot is the server's state at the last version.
        const final = informer.indexer$.value;
        expect(final.resourceVersion).toBe(versionAt(position));
        expect(
          new Map(final.list().map((p) => [p.metadata.name, p.metadata.resourceVersion])),
        ).toEqual(current);
        // Each relist was forced by a 410, reported once; nothing else failed.
        const relists = steps.filter((s) => s.kind === 'relist').length;
        expect(logger.warnings).toEqual(Array(relists).fill('watch fakes: 410 Expired: HTTP 410'));
        informer.stop();
      }),
      { numRuns: 200 },
    );
  },
);
