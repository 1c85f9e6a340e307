import type { InformerEvent } from '@rxkube/informer';
import { drain, VirtualClock } from '@rxkube/devkit';
import { harness } from './controllerHarness.testing.js';
import { ControllerConfigError } from './controllerOptions.js';
import { EventHandlerError } from './eventHandlerError.js';
import { watch } from './eventSource.js';
import { FakeInformer, thing, type Thing } from './fakeInformer.testing.js';
import type { ReconcileOutcome } from './reconcileOutcome.js';

/** Throws on objects labelled `bad`, to stand for a mapper or predicate with a bug. */
function explodesOnBad(object: Thing): void {
  if (object.metadata.labels?.['bad'] === 'true') throw new TypeError('cannot read the spec');
}

/** A predicate with that bug: it passes every event it does not throw on. */
function buggyPredicate(event: InformerEvent<Thing>): boolean {
  explodesOnBad(event.object as Thing);
  return true;
}

test('a throwing watch mapper is reported as an EventHandlerError, its event skipped, and the controller keeps reconciling', async () => {
  const secrets = new FakeInformer(new VirtualClock());
  const h = harness({
    watches: [
      watch(secrets, (secret) => {
        explodesOnBad(secret);
        return [secret.metadata.annotations?.['user'] ?? ''];
      }),
    ],
  });
  const errors: EventHandlerError[] = [];
  h.ctrl.errors$.subscribe((error) => errors.push(error));
  const running = h.ctrl.run().subscribe();
  secrets.set(thing('broken', { labels: { bad: 'true' }, annotations: { user: 'ns/x' } }));
  secrets.set(thing('fine', { annotations: { user: 'ns/a' } }));
  h.informer.set(thing('b'));
  await h.finishAll();

  expect(h.keys().sort()).toEqual(['ns/a', 'ns/b']);
  expect(h.failures).toEqual([]);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toBeInstanceOf(EventHandlerError);
  expect(errors[0]).toMatchObject({ stage: 'mapper', event: { type: 'add' } });
  expect((errors[0]?.cause as Error).message).toBe('cannot read the spec');
  running.unsubscribe();
});

test('a throwing predicate of the primary informer skips only its event and is reported', async () => {
  const h = harness({
    predicates: [buggyPredicate],
  });
  const errors: EventHandlerError[] = [];
  h.ctrl.errors$.subscribe((error) => errors.push(error));
  const running = h.ctrl.run().subscribe();
  h.informer.set(thing('bad', { labels: { bad: 'true' } }));
  h.informer.set(thing('good'));
  await h.finishAll();

  expect(h.keys()).toEqual(['ns/good']);
  expect(errors.map((error) => [error.stage, error.event.type])).toEqual([['predicate', 'add']]);
  expect(running.closed).toBe(false);
  running.unsubscribe();
});

test('a throwing watch predicate is reported with stage predicate', async () => {
  const secrets = new FakeInformer(new VirtualClock());
  const h = harness({
    watches: [
      watch(secrets, () => ['ns/a'], {
        predicates: [buggyPredicate],
      }),
    ],
  });
  const errors: EventHandlerError[] = [];
  h.ctrl.errors$.subscribe((error) => errors.push(error));
  const running = h.ctrl.run().subscribe();
  secrets.set(thing('s', { labels: { bad: 'true' } }));
  secrets.set(thing('t'));
  await h.finishAll();
  expect(h.keys()).toEqual(['ns/a']);
  expect(errors.map((error) => error.stage)).toEqual(['predicate']);
  running.unsubscribe();
});

test('outcomes$ replays the latest outcomes to a late subscriber, bounded by outcomeReplay', async () => {
  const h = harness({ outcomeReplay: 2 });
  const running = h.ctrl.run().subscribe();
  for (const name of ['a', 'b', 'c']) h.informer.set(thing(name));
  await h.finishAll();

  const late: ReconcileOutcome[] = [];
  h.ctrl.outcomes$.subscribe((outcome) => late.push(outcome));
  expect(late.map((outcome) => outcome.request.key)).toEqual(['ns/b', 'ns/c']);
  running.unsubscribe();
});

test('outcomes$ replays by default, and replays nothing with outcomeReplay 0', async () => {
  const byDefault = harness();
  const none = harness({ outcomeReplay: 0 });
  const runs = [byDefault, none].map((h) => {
    const running = h.ctrl.run().subscribe();
    h.informer.set(thing('a'));
    return running;
  });
  await byDefault.finishAll();
  await none.finishAll();
  await drain();
  const seen = [byDefault, none].map((h) => {
    const keys: string[] = [];
    h.ctrl.outcomes$.subscribe((outcome) => keys.push(outcome.request.key));
    return keys;
  });
  expect(seen).toEqual([['ns/a'], []]);
  for (const running of runs) running.unsubscribe();
});

test('outcomeReplay must be a non-negative integer', () => {
  expect(() => harness({ outcomeReplay: -1 })).toThrow(ControllerConfigError);
});
