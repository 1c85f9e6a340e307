import type { ResourceDefinition } from '../registry/resourceDefinition.js';
import type { WriteScope } from '../storage/updateStrategy.js';

/** The object a write to an item path addresses, and what part of it the write may change. */
export interface ItemTarget {
  /** The resource. */
  readonly def: ResourceDefinition;
  /** The path's namespace. */
  readonly namespace: string | undefined;
  /** The path's name. */
  readonly name: string;
  /** The main resource (`resource`) or its `/status` subresource (`status`). */
  readonly scope: Exclude<WriteScope, 'storage'>;
}
