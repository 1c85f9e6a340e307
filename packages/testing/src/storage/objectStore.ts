import { alreadyExists, conflict, internalError, notFound } from '../api/status.js';
import type { KubeObject, ManagedFieldsEntry } from '../api/types.js';
import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import { resourceId } from '../registry/resourceDefinition.js';
import type { StoredEvent } from './eventHistory.js';
import { EventHistory } from './eventHistory.js';
import { jsonCopy } from './jsonCopy.js';
import {
  defaultFieldManager,
  managedFieldsOfCreate,
  managedFieldsOfUpdate,
} from './managedFields.js';
import { forgetObjectJson, rememberObjectJson } from './objectJson.js';
import {
  equalButResourceVersion,
  objectKey,
  stampCreated,
  stampUpdated,
  validateIdentity,
  withResourceVersion,
} from './objectMeta.js';
import type { ResourceVersionFormat } from './resourceVersionFormat.js';
import type { WriteHook } from './writeHook.js';
import type { WriteScope } from './updateStrategy.js';
import { generationMoves, prepareForUpdate } from './updateStrategy.js';
import type { DeleteOptions } from './deletion.js';
import { checkFinalizersWhileDeleting, deletesOnUpdate, planDeletion } from './deletion.js';
import type { Snapshot } from './listSnapshots.js';
import { ListSnapshots } from './listSnapshots.js';
import { ReactionQueue } from './reactionQueue.js';

/** Options of an {@link ObjectStore}. */
export interface ObjectStoreOptions {
  /** The most events kept in the history. */
  historyLimit: number;
  /** The resourceVersion the store starts at. */
  initialResourceVersion: number;
  /** Randomness for generated names. */
  random: () => number;
  /** The clock for creation timestamps. */
  now: () => Date;
  /** How revisions are written as resourceVersions. */
  resourceVersions: ResourceVersionFormat;
  /**
   * Whether writes record `metadata.managedFields` (off: objects keep the managed fields the
   * writer gave, if any). Default true.
   */
  managedFields?: boolean;
}

/**
 * Every object of every resource, one global resourceVersion counter bumped by each write (like
 * an etcd revision), and the bounded history of writes that watches and list snapshots read.
 * Stored objects are never mutated: each write stores a new object, a JSON copy of what was
 * written that shares unchanged parts with the version before (see {@link jsonCopy}), so the
 * store never shares data with a writer.
 */
export class ObjectStore {
  private rv: number;
  private readonly objects = new Map<string, Map<string, KubeObject>>();
  private readonly history: EventHistory;
  private readonly listeners = new Set<(event: StoredEvent) => void>();
  private readonly snapshots: ListSnapshots;
  // By resource id; at most one per resource.
  private readonly hooks = new Map<string, WriteHook>();
  private readonly recordsManagedFields: boolean;
  private readonly reactions = new ReactionQueue();

  /**
   * @param options - history size, starting resourceVersion, randomness and clock.
   */
  constructor(private readonly options: ObjectStoreOptions) {
    this.recordsManagedFields = options.managedFields ?? true;
    this.rv = options.initialResourceVersion;
    this.history = new EventHistory(options.historyLimit, options.initialResourceVersion);
    this.snapshots = new ListSnapshots(this.history);
  }

  /**
   * The latest resourceVersion.
   *
   * @returns the global revision.
   */
  get resourceVersion(): number {
    return this.rv;
  }

  /**
   * The oldest resourceVersion a watch can start from or a list snapshot be read at.
   *
   * @returns the compaction revision.
   */
  get compactedRevision(): number {
    return this.history.compactedRevision;
  }

  /**
   * Forgets history up to `revision` (default: everything), so older watch starts and continue
   * tokens get 410.
   *
   * @param revision - the new compaction point; clamped to the current resourceVersion.
   */
  compact(revision: number = this.rv): void {
    this.history.compact(Math.min(revision, this.rv));
    this.snapshots.clear();
  }

  /**
   * Runs `hook` on every write of one resource from now on (see {@link WriteHook}).
   *
   * @param def - the resource.
   * @param hook - its checks and side effects.
   */
  setWriteHook(def: ResourceDefinition, hook: WriteHook): void {
    this.hooks.set(resourceId(def), hook);
  }

  /**
   * Calls `listener` synchronously after every committed write.
   *
   * @param listener - receives each event.
   * @returns a function that unsubscribes.
   */
  subscribe(listener: (event: StoredEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Calls `reactor` for every committed write once every listener has seen it, as a controller
   * watching the store would (the garbage collector). The writes it makes are committed before
   * the write that caused them returns, and reacted to in turn. A `StatusError` it throws (an
   * object gone meanwhile) drops that reaction; the write that caused it stands.
   *
   * @param reactor - receives each event.
   * @returns a function that unsubscribes.
   */
  react(reactor: (event: StoredEvent) => void): () => void {
    return this.reactions.add(reactor);
  }

  /**
   * The events after `revision` (for watches that start in the past).
   *
   * @param revision - exclusive lower bound.
   * @returns the events, or undefined when `revision` is below the compaction point.
   */
  eventsSince(revision: number): StoredEvent[] | undefined {
    return this.history.since(revision);
  }

  /**
   * Reads one object.
   *
   * @param def - the resource.
   * @param namespace - the namespace (ignored for cluster-scoped resources).
   * @param name - the name.
   * @returns the stored object, or undefined.
   */
  get(
    def: ResourceDefinition,
    namespace: string | undefined,
    name: string,
  ): KubeObject | undefined {
    return this.table(def).get(objectKey(def.namespaced ? namespace : undefined, name));
  }

  /**
   * The resource's objects at `rv`, rebuilt from the current state by undoing later writes.
   *
   * @param def - the resource.
   * @param rv - the snapshot revision (≤ the current one).
   * @returns the snapshot.
   * @throws StatusError 410 `Expired` when `rv` has been compacted.
   */
  snapshot(def: ResourceDefinition, rv: number = this.rv): Snapshot {
    return this.snapshots.at(resourceId(def), this.table(def), rv, this.rv);
  }

  /**
   * Creates an object.
   *
   * @param def - the resource.
   * @param obj - the object; `metadata.namespace` must be set for namespaced resources. It is
   *   not modified, and the store keeps a copy, not the object.
   * @param manager - the field manager recorded in `metadata.managedFields`.
   * @param managedFields - the entries to record instead of the manager's `Update` of every
   *   field (what a server-side apply computed).
   * @returns the stored object.
   * @throws StatusError 422 for a missing/invalid name, 409 `AlreadyExists`.
   */
  create(
    def: ResourceDefinition,
    obj: KubeObject,
    manager = defaultFieldManager,
    managedFields?: ManagedFieldsEntry[],
  ): KubeObject {
    const copy = jsonCopy(obj) as KubeObject;
    const draft: KubeObject = { ...copy, metadata: { ...copy.metadata } };
    validateIdentity(def, draft, this.options.random);
    const name = draft.metadata.name ?? '';
    const key = objectKey(draft.metadata.namespace, name);
    const table = this.table(def);
    if (table.has(key)) throw alreadyExists({ resource: def.plural, group: def.group, name });
    const now = this.options.now();
    const stamped = stampCreated(def, draft, this.format(this.rv + 1), now);
    if (this.recordsManagedFields) {
      // As kube-apiserver does, whatever managed fields the client sent are replaced.
      stamped.metadata.managedFields =
        managedFields ?? managedFieldsOfCreate(stamped, manager, now);
    }
    const stored = this.hooks.get(resourceId(def))?.admit(stamped, undefined) ?? stamped;
    this.commit(def, 'ADDED', key, stored, undefined);
    return stored;
  }

  /**
   * Replaces an object. A `metadata.resourceVersion` in `obj` is a precondition (409 when
   * stale); without one the update is unconditional. An update that changes nothing is not
   * written, as on kube-apiserver: no new resourceVersion, no watch event.
   *
   * @param def - the resource.
   * @param obj - the new state; name and namespace identify the object. It is not modified, and
   *   the store keeps a copy, not the object.
   * @param manager - the field manager recorded in `metadata.managedFields`.
   * @param managedFields - the entries to record instead of adding the changed fields to the
   *   manager's `Update` entry (what a server-side apply computed); a change of them alone is a
   *   change.
   * @param scope - what the write addresses: the main resource or `/status` (each resets the
   *   fields it may not change, see {@link prepareForUpdate}), or storage itself (every field).
   * @returns the stored object.
   * @throws StatusError 404 when missing, 409 `Conflict` on a stale resourceVersion.
   */
  update(
    def: ResourceDefinition,
    obj: KubeObject,
    manager = defaultFieldManager,
    managedFields?: ManagedFieldsEntry[],
    scope: WriteScope = 'storage',
  ): KubeObject {
    const name = obj.metadata.name ?? '';
    const key = objectKey(def.namespaced ? obj.metadata.namespace : undefined, name);
    const ref = { resource: def.plural, group: def.group, name };
    const table = this.table(def);
    const previous = table.get(key);
    if (previous === undefined) throw notFound(ref);
    const precondition = obj.metadata.resourceVersion;
    if (precondition && precondition !== previous.metadata.resourceVersion) throw conflict(ref);
    // Unchanged parts of the copy are `previous`'s own, so the comparisons below are mostly
    // identity checks.
    const next = prepareForUpdate(def, previous, jsonCopy(obj, previous) as KubeObject, scope);
    checkFinalizersWhileDeleting(def, previous, next);
    const generationMoved = generationMoves(def, previous, next, scope);
    const stamped = stampUpdated(def, previous, next, this.format(this.rv + 1), generationMoved);
    // The server keeps the managed fields; they change only when the object does.
    if (this.recordsManagedFields) {
      stamped.metadata.managedFields = managedFields ?? previous.metadata.managedFields;
    }
    // Before the no-op check, so that what the hook completes counts as unchanged.
    const candidate = this.hooks.get(resourceId(def))?.admit(stamped, previous) ?? stamped;
    if (equalButResourceVersion(candidate, previous)) return previous;
    if (this.recordsManagedFields && managedFields === undefined) {
      candidate.metadata.managedFields = managedFieldsOfUpdate(
        previous,
        candidate,
        manager,
        this.options.now(),
      );
    }
    if (deletesOnUpdate(previous, candidate)) {
      this.hooks.get(resourceId(def))?.deleting(previous);
      this.commit(def, 'DELETED', key, candidate, previous);
    } else this.commit(def, 'MODIFIED', key, candidate, previous);
    return candidate;
  }

  /**
   * Deletes an object as a DELETE does (see {@link planDeletion}): at once, or, when it has
   * finalizers, its propagation policy adds one or it is a scheduled Pod given a grace period,
   * by marking it with a `deletionTimestamp` (a MODIFIED write) and keeping it until an update
   * removes its last finalizer.
   *
   * @param def - the resource.
   * @param namespace - the namespace (ignored for cluster-scoped resources).
   * @param name - the name.
   * @param options - preconditions, grace period and propagation policy.
   * @returns the object's last state, stamped with the deletion's resourceVersion, or the marked
   *   (or unchanged) object when it is kept.
   * @throws StatusError 404 when missing, 409 when a precondition fails.
   */
  delete(
    def: ResourceDefinition,
    namespace: string | undefined,
    name: string,
    options: DeleteOptions = {},
  ): KubeObject {
    const key = objectKey(def.namespaced ? namespace : undefined, name);
    const ref = { resource: def.plural, group: def.group, name };
    const previous = this.table(def).get(key);
    if (previous === undefined) throw notFound(ref);
    const { resourceVersion, uid } = options.preconditions ?? {};
    if (
      (resourceVersion && resourceVersion !== previous.metadata.resourceVersion) ||
      (uid && uid !== previous.metadata.uid)
    ) {
      throw conflict(ref);
    }
    const plan = planDeletion(def, previous, options, this.options.now());
    if (plan.kind === 'keep') return previous;
    if (plan.kind === 'delete') return this.remove(def, key, previous);
    const marked = withResourceVersion(plan.object, this.format(this.rv + 1));
    this.commit(def, 'MODIFIED', key, marked, previous);
    return marked;
  }

  /**
   * Deletes an object at once, whatever its finalizers (what tearing down a resource's storage
   * does).
   *
   * @param def - the resource.
   * @param namespace - the namespace (ignored for cluster-scoped resources).
   * @param name - the name.
   * @returns the object's last state, or undefined when there was none.
   */
  purge(
    def: ResourceDefinition,
    namespace: string | undefined,
    name: string,
  ): KubeObject | undefined {
    const key = objectKey(def.namespaced ? namespace : undefined, name);
    const previous = this.table(def).get(key);
    return previous === undefined ? undefined : this.remove(def, key, previous);
  }

  private remove(def: ResourceDefinition, key: string, previous: KubeObject): KubeObject {
    this.hooks.get(resourceId(def))?.deleting(previous);
    // Stamped after the hook, whose own writes come first.
    const last = withResourceVersion(previous, this.format(this.rv + 1));
    this.commit(def, 'DELETED', key, last, previous);
    return last;
  }

  private commit(
    def: ResourceDefinition,
    type: StoredEvent['type'],
    key: string,
    object: KubeObject,
    previous: KubeObject | undefined,
  ): void {
    this.rv += 1;
    const table = this.table(def);
    if (type === 'DELETED') table.delete(key);
    else {
      table.set(key, object);
      rememberObjectJson(object);
    }
    const event: StoredEvent = {
      type,
      rv: this.rv,
      resource: resourceId(def),
      key,
      object,
      previous,
    };
    this.history.append(event);
    for (const listener of [...this.listeners]) listener(event);
    // The superseded version now lives only in the history; see objectJson.ts.
    if (previous !== undefined) {
      forgetObjectJson(previous, type === 'DELETED' ? undefined : object);
    }
    this.reactions.push(event);
  }

  /**
   * @param revision - a revision
   * @returns its resourceVersion text
   */
  format(revision: number): string {
    return this.options.resourceVersions.format(revision);
  }

  /**
   * @param resourceVersion - a resourceVersion from a request (not `""` or `"0"`)
   * @returns the revision it names
   * @throws StatusError 500, what kube-apiserver currently answers for a version it cannot parse
   */
  parse(resourceVersion: string): number {
    const revision = this.options.resourceVersions.parse(resourceVersion);
    if (revision === undefined) {
      throw internalError(`invalid resource version: "${resourceVersion}"`);
    }
    return revision;
  }

  private table(def: ResourceDefinition): Map<string, KubeObject> {
    const id = resourceId(def);
    let table = this.objects.get(id);
    if (table === undefined) {
      table = new Map();
      this.objects.set(id, table);
    }
    return table;
  }
}
