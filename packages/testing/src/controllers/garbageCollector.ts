import type { KubeObject, OwnerReference } from '../api/types.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import type { ResourceRegistry } from '../registry/resourceRegistry.js';
import { foregroundDeletionFinalizer, orphanFinalizer } from '../storage/deletion.js';
import type { StoredEvent } from '../storage/eventHistory.js';
import type { ObjectStore } from '../storage/objectStore.js';

/** The field manager of the collector's writes, as kube-controller-manager's. */
export const garbageCollectorManager = 'generic-garbage-collector';

/** Where a dependent lives. */
interface DependentRef {
  readonly resource: string;
  readonly namespace: string | undefined;
  readonly name: string;
}

/**
 * Owner-reference garbage collection, as kube-controller-manager's garbage collector does it,
 * run on the store's committed writes:
 *
 * - an owner deleted (Background) takes its dependents with it, after it: each is deleted,
 *   unless another of its owners still exists, in which case it only loses the reference;
 * - an owner marked with the `orphan` finalizer (Orphan) has the references to it removed from
 *   its dependents, then the finalizer, which deletes it;
 * - an owner marked with the `foregroundDeletion` finalizer (Foreground) has its dependents
 *   deleted (Foreground again for those that own others), and loses the finalizer once no
 *   dependent whose reference sets `blockOwnerDeletion` is left.
 *
 * Objects whose owners never existed are left alone (the real collector deletes them).
 */
export class GarbageCollector {
  // Owner uid → its dependents by `resource|key`; kept from every committed write.
  private readonly dependents = new Map<string, Map<string, DependentRef>>();

  /**
   * @param store - the objects.
   * @param registry - the served resources, to resolve owner references.
   */
  constructor(
    private readonly store: ObjectStore,
    private readonly registry: ResourceRegistry,
  ) {}

  /**
   * Starts collecting.
   *
   * @returns a function that stops.
   */
  start(): () => void {
    return this.store.react((event) => this.observe(event));
  }

  private observe(event: StoredEvent): void {
    const { object, previous } = event;
    const where: DependentRef = {
      resource: event.resource,
      namespace: object.metadata.namespace,
      name: object.metadata.name ?? '',
    };
    const before = previous?.metadata.ownerReferences ?? [];
    const after = event.type === 'DELETED' ? [] : (object.metadata.ownerReferences ?? []);
    const id = `${event.resource}|${event.key}`;
    for (const ref of before) this.unlink(ref.uid, id);
    for (const ref of after) this.link(ref.uid, id, where);
    // An owner waiting in the foreground may have lost its last blocking dependent.
    for (const ref of before) {
      const owner = this.ownerOf(ref, object.metadata.namespace);
      if (owner !== undefined) this.settleForeground(owner);
    }
    const uid = object.metadata.uid ?? '';
    if (event.type === 'DELETED') {
      this.collect(uid);
      return;
    }
    if (object.metadata.deletionTimestamp === undefined) return;
    const finalizers = object.metadata.finalizers ?? [];
    const self = { def: this.definition(event.resource), object };
    if (self.def === undefined) return;
    if (finalizers.includes(orphanFinalizer)) {
      for (const dependent of this.liveDependents(uid)) this.dropReference(dependent, uid);
      this.removeFinalizer(self.def, object, orphanFinalizer);
    } else if (finalizers.includes(foregroundDeletionFinalizer)) {
      for (const dependent of this.liveDependents(uid)) {
        if (dependent.object.metadata.deletionTimestamp !== undefined) continue;
        const ownsOthers = this.dependentsOf(dependent.object.metadata.uid ?? '').size > 0;
        this.store.delete(
          dependent.def,
          dependent.object.metadata.namespace,
          dependent.object.metadata.name ?? '',
          {
            propagationPolicy: ownsOthers ? 'Foreground' : 'Background',
          },
        );
      }
      this.settleForeground({ def: self.def, object: this.current(self.def, object) ?? object });
    }
  }

  /** Background: the owner is gone; its dependents go too, unless another owner holds them. */
  private collect(uid: string): void {
    for (const dependent of this.liveDependents(uid)) {
      const { def, object } = dependent;
      const others = (object.metadata.ownerReferences ?? []).filter(
        (ref) => ref.uid !== uid && this.ownerOf(ref, object.metadata.namespace) !== undefined,
      );
      if (others.length > 0) this.dropReference(dependent, uid);
      else if (object.metadata.deletionTimestamp === undefined) {
        this.store.delete(def, object.metadata.namespace, object.metadata.name ?? '', {
          propagationPolicy: 'Background',
        });
      }
    }
  }

  /** Removes the `foregroundDeletion` finalizer once no blocking dependent is left. */
  private settleForeground(owner: { def: ResourceDefinition; object: KubeObject }): void {
    const { def, object } = owner;
    if (!(object.metadata.finalizers ?? []).includes(foregroundDeletionFinalizer)) return;
    if (object.metadata.deletionTimestamp === undefined) return;
    const uid = object.metadata.uid ?? '';
    const blocked = this.liveDependents(uid).some(({ object: dependent }) =>
      (dependent.metadata.ownerReferences ?? []).some(
        (ref) => ref.uid === uid && ref.blockOwnerDeletion === true,
      ),
    );
    if (!blocked) this.removeFinalizer(def, object, foregroundDeletionFinalizer);
  }

  private dropReference(
    dependent: { def: ResourceDefinition; object: KubeObject },
    uid: string,
  ): void {
    const { def, object } = dependent;
    const kept = (object.metadata.ownerReferences ?? []).filter((ref) => ref.uid !== uid);
    const { ownerReferences: _dropped, ...metadata } = object.metadata;
    this.store.update(
      def,
      { ...object, metadata: kept.length > 0 ? { ...metadata, ownerReferences: kept } : metadata },
      garbageCollectorManager,
    );
  }

  private removeFinalizer(def: ResourceDefinition, object: KubeObject, finalizer: string): void {
    const current = this.current(def, object);
    if (current === undefined) return;
    const kept = (current.metadata.finalizers ?? []).filter((f) => f !== finalizer);
    const { finalizers: _dropped, ...metadata } = current.metadata;
    this.store.update(
      def,
      { ...current, metadata: kept.length > 0 ? { ...metadata, finalizers: kept } : metadata },
      garbageCollectorManager,
    );
  }

  /** The dependents of an owner that still exist and still name it. */
  private liveDependents(uid: string): Array<{ def: ResourceDefinition; object: KubeObject }> {
    const found = [];
    for (const where of [...this.dependentsOf(uid).values()]) {
      const def = this.definition(where.resource);
      const object = def && this.store.get(def, where.namespace, where.name);
      if (def === undefined || object === undefined) continue;
      if ((object.metadata.ownerReferences ?? []).some((ref) => ref.uid === uid)) {
        found.push({ def, object });
      }
    }
    return found;
  }

  private ownerOf(
    ref: OwnerReference,
    namespace: string | undefined,
  ): { def: ResourceDefinition; object: KubeObject } | undefined {
    const def = this.registry.lookupKind(ref.apiVersion, ref.kind);
    if (def === undefined) return undefined;
    const object = this.store.get(def, def.namespaced ? namespace : undefined, ref.name);
    return object?.metadata.uid === ref.uid ? { def, object } : undefined;
  }

  private current(def: ResourceDefinition, object: KubeObject): KubeObject | undefined {
    const found = this.store.get(def, object.metadata.namespace, object.metadata.name ?? '');
    return found?.metadata.uid === object.metadata.uid ? found : undefined;
  }

  private definition(resource: string): ResourceDefinition | undefined {
    const [group = '', version = '', plural = ''] = resource.split('/');
    return this.registry.lookup(group, version, plural);
  }

  private dependentsOf(uid: string): ReadonlyMap<string, DependentRef> {
    return this.dependents.get(uid) ?? none;
  }

  private link(uid: string, id: string, where: DependentRef): void {
    let found = this.dependents.get(uid);
    if (found === undefined) {
      found = new Map();
      this.dependents.set(uid, found);
    }
    found.set(id, where);
  }

  // Empty entries are dropped, so the index holds only owners that have dependents.
  private unlink(uid: string, id: string): void {
    const found = this.dependents.get(uid);
    if (found?.delete(id) === true && found.size === 0) this.dependents.delete(uid);
  }
}

const none: ReadonlyMap<string, DependentRef> = new Map();
