/**
 * Work a replica does on the hashes of its shard, as its `ShardCoordinator` needs to
 * know it to hand ranges over safely: a range the replica stops working on stays claimed in its
 * Lease while work on one of its hashes is still in flight, so no other replica starts it
 * before that work ends. A sharded controller registers one (see the `shards` option of
 * `controller`).
 */
export interface ShardWork {
  /** The hashes (of the shard field) with work in flight now. */
  hashesInFlight(): Iterable<bigint>;
  /** Resolves once no work is in flight (at once when none is). */
  idle(): Promise<void>;
}
