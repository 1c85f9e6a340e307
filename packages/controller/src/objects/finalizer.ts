import type { KubernetesObject } from '@kubernetes/client-node';
import { FinalizerError, type FinalizerStep } from './errors.js';
import type { JsonPatchOperation, ObjectApi, ObjectReference } from './objectApi.js';

/** What {@link finalizer} runs, depending on the object's state. */
export interface FinalizerCallbacks<T, R> {
  /** The object is live and carries the finalizer: make the world match it. */
  apply(object: T): R | PromiseLike<R>;
  /**
   * The object is being deleted and still carries the finalizer: release what it holds. The
   * finalizer is removed once this succeeds; if it throws, it stays and the API server keeps
   * the object, so the next reconcile tries again.
   */
  cleanup(object: T): R | PromiseLike<R>;
}

/** Options of {@link finalizer}. */
export interface FinalizerOptions {
  /** The manager recorded in `managedFields` for the finalizer patches. */
  fieldManager?: string;
}

async function step<R>(name: string, which: FinalizerStep, run: () => R | PromiseLike<R>) {
  try {
    return await run();
  } catch (error: unknown) {
    throw new FinalizerError(which, name, error);
  }
}

/**
 * Runs `apply` or `cleanup` for an object guarded by a finalizer, in kube-rs's
 * `runtime::finalizer` shape, so that cleanup is guaranteed to run before the object is gone:
 *
 * | the object…                                      | then                                                               |
 * | ------------------------------------------------ | ------------------------------------------------------------------ |
 * | is live, without the finalizer                   | adds it (its own write, before anything else is done), then `apply` |
 * | is live, with the finalizer                      | `apply`                                                            |
 * | is being deleted (`deletionTimestamp`), with it  | `cleanup`, then removes the finalizer (the API server then deletes it) |
 * | is being deleted, without it                     | nothing                                                            |
 *
 * Both writes are JSON patches guarded by a `test` operation, so that a concurrent change
 * fails them (422) instead of being overwritten: the finalizer is added only if the
 * finalizers are what the object showed (or, when it had none, if its resourceVersion is
 * unchanged), and removed only if it is still at the index it was read at.
 *
 * @typeParam T - the object type
 * @typeParam R - what the callbacks return, e.g. a reconcile result
 * @param client - an {@link ObjectApi} (for its JSON patches)
 * @param name - the finalizer, e.g. `example.com/cleanup`
 * @param object - the object as the reconcile read it
 * @param callbacks - `apply` and `cleanup`
 * @param options - field manager
 * @returns what `apply` or `cleanup` returned; `undefined` when nothing ran
 * @throws {@link FinalizerError} naming the step that failed, with the cause
 * @example
 * ```ts
 * reconcile: ({ object, deleted }) =>
 *   deleted
 *     ? undefined
 *     : finalizer(client, 'example.com/bucket', object, {
 *         apply: (app) => ensureBucket(app),
 *         cleanup: (app) => deleteBucket(app),
 *       }),
 * ```
 */
export async function finalizer<T extends KubernetesObject, R>(
  client: ObjectApi,
  name: string,
  object: T,
  callbacks: FinalizerCallbacks<T, R>,
  options: FinalizerOptions = {},
): Promise<R | undefined> {
  const metadata = object.metadata ?? {};
  const invalid =
    name === ''
      ? 'the finalizer name is empty'
      : metadata.name === undefined || metadata.name === ''
        ? 'the object has no name'
        : // The finalizer's first write is guarded by it: an object not read from the server
          // could overwrite finalizers written meanwhile.
          metadata.resourceVersion === undefined || metadata.resourceVersion === ''
          ? 'the object has no resourceVersion: pass it as read from the API server'
          : undefined;
  if (invalid !== undefined || metadata.name === undefined)
    throw new FinalizerError('invalid', name, new TypeError(invalid));
  const reference: ObjectReference = {
    apiVersion: object.apiVersion ?? '',
    kind: object.kind ?? '',
    metadata: {
      name: metadata.name,
      ...(metadata.namespace === undefined ? {} : { namespace: metadata.namespace }),
    },
  };
  const finalizers = metadata.finalizers ?? [];
  const index = finalizers.indexOf(name);
  const patch = (operations: JsonPatchOperation[]) =>
    client.jsonPatch<T>(reference, operations, options.fieldManager);

  if (metadata.deletionTimestamp === undefined || metadata.deletionTimestamp === null) {
    let current = object;
    if (index < 0)
      current = await step(name, 'addFinalizer', () =>
        patch(
          finalizers.length > 0
            ? [
                // The API server does not de-duplicate finalizers: fail if anyone changed them.
                { op: 'test', path: '/metadata/finalizers', value: finalizers },
                { op: 'add', path: '/metadata/finalizers/-', value: name },
              ]
            : [
                // kube-rs tests for a null list; the resourceVersion is as strict, and every
                // server treats it the same.
                { op: 'test', path: '/metadata/resourceVersion', value: metadata.resourceVersion },
                { op: 'add', path: '/metadata/finalizers', value: [name] },
              ],
        ),
      );
    return step(name, 'apply', () => callbacks.apply(current));
  }
  if (index < 0) return undefined;
  const result = await step(name, 'cleanup', () => callbacks.cleanup(object));
  await step(name, 'removeFinalizer', () =>
    patch([
      { op: 'test', path: `/metadata/finalizers/${index}`, value: name },
      { op: 'remove', path: `/metadata/finalizers/${index}` },
    ]),
  );
  return result;
}
