import { harness } from './controllerHarness.testing.js';
import { FakeInformer, thing, written, type Thing } from './fakeInformer.testing.js';
import { ControllerConfigError } from './controllerOptions.js';
import { controllerOwnerOf, refersTo } from './ownerMapping.js';
import { controller } from './reconcileController.js';
import type { OwnerReference } from './objectMeta.js';

const widget = { apiVersion: 'example.com/v1', kind: 'Widget' };
const ref = (name: string, extra: Partial<OwnerReference> = {}): OwnerReference => ({
  ...widget,
  name,
  uid: `uid-${name}`,
  controller: true,
  ...extra,
});
const child = (name: string, ownerReferences: OwnerReference[]) => thing(name, { ownerReferences });
const targets = (obj: Thing, mapper = controllerOwnerOf(widget)) => [...mapper(obj)];

test('an object maps to its controller owner of the primary kind only', () => {
  expect(targets(child('c', [ref('w')]))).toEqual([{ namespace: 'ns', name: 'w' }]);
  // Plain owners, other kinds and other groups are not this controller's business.
  expect(targets(child('c', [ref('w', { controller: false })]))).toEqual([]);
  expect(targets(child('c', [ref('w', { controller: undefined })]))).toEqual([]);
  expect(targets(child('c', [ref('w', { kind: 'Gadget' })]))).toEqual([]);
  expect(targets(child('c', [ref('w', { apiVersion: 'other.io/v1' })]))).toEqual([]);
  expect(targets(child('c', []))).toEqual([]);
  expect(targets({ metadata: { name: 'x', namespace: 'ns' } })).toEqual([]);
  // The version is not compared: the same group and kind is the same owner.
  expect(targets(child('c', [ref('w', { apiVersion: 'example.com/v1beta1' })]))).toHaveLength(1);
  // Of several owners, the controller wins.
  expect(targets(child('c', [ref('plain', { controller: false }), ref('boss')]))).toEqual([
    { namespace: 'ns', name: 'boss' },
  ]);
  // A cluster-scoped owner is named without a namespace.
  const cluster = controllerOwnerOf({ ...widget, namespaced: false });
  expect(targets(child('c', [ref('w')]), cluster)).toEqual([{ namespace: '', name: 'w' }]);
});

test('refersTo compares group and kind; the core group is the empty one', () => {
  const configMap = { apiVersion: 'v1', kind: 'ConfigMap' };
  expect(refersTo({ ...configMap, name: 'c', uid: 'u' }, configMap)).toBe(true);
  expect(
    refersTo({ apiVersion: 'apps/v1', kind: 'ConfigMap', name: 'c', uid: 'u' }, configMap),
  ).toBe(false);
});

test('events of owned objects reconcile their owner, also when the owner changes or the child goes', async () => {
  const h0 = harness();
  const children = new FakeInformer(h0.clock);
  const h = harness({ kind: widget, owns: [children], scheduler: h0.clock });
  const running = h.ctrl.run().subscribe();
  const c = child('c', [ref('w1')]);
  children.set(c);
  children.set(child('stray', [ref('w9', { controller: false })]));
  await h.finishAll();
  expect(h.keys()).toEqual(['ns/w1']);
  // Handed over from w1 to w2: both are reconciled.
  const moved = written(c, { ownerReferences: [ref('w2')] });
  children.set(moved);
  await h.finishAll();
  expect(h.keys().slice(1).sort()).toEqual(['ns/w1', 'ns/w2']);
  children.delete(moved, true);
  await h.finishAll();
  expect(h.keys().slice(3)).toEqual(['ns/w2']);
  running.unsubscribe();
});

test('owns takes predicates per informer', async () => {
  const h0 = harness();
  const children = new FakeInformer(h0.clock);
  const h = harness({
    kind: widget,
    owns: [{ informer: children, predicates: [(e) => e.type === 'delete'] }],
    scheduler: h0.clock,
  });
  const running = h.ctrl.run().subscribe();
  const c = child('c', [ref('w')]);
  children.set(c);
  children.set(written(c));
  await h.finishAll();
  expect(h.calls).toHaveLength(0);
  children.delete(c);
  await h.finishAll();
  expect(h.keys()).toEqual(['ns/w']);
  running.unsubscribe();
});

test('owns without the primary kind is a configuration error', () => {
  const h = harness();
  const build = () =>
    controller({ for: h.informer, owns: [h.informer], reconcile: () => undefined });
  expect(build).toThrow(ControllerConfigError);
  expect(build).toThrow(/^kind: /);
});
