import type { FakeApiServer } from '@rxkube/testing';
import {
  eventManifest,
  type ObjectReference,
  type PodSpecShape,
  type PodStage,
} from './manifests.js';

/** Events kept: the oldest are deleted past this, as the API server's TTL would. */
const maxEvents = 400;

/** A simulated pod as its events describe it. */
type EventfulPod = PodSpecShape & { readonly uid?: string | undefined };

/** The event a pod's move to a stage records, as the kubelet or scheduler would. */
const podEvents: Partial<
  Record<
    PodStage,
    { type: 'Normal' | 'Warning'; reason: string; message: (pod: EventfulPod) => string }
  >
> = {
  creating: {
    type: 'Normal',
    reason: 'Scheduled',
    message: (pod) => `Successfully assigned ${pod.namespace}/${pod.name} to ${pod.node ?? ''}`,
  },
  running: { type: 'Normal', reason: 'Started', message: (pod) => `Started container ${pod.app}` },
  crashing: {
    type: 'Warning',
    reason: 'BackOff',
    message: (pod) =>
      `Back-off restarting failed container ${pod.app} (last exit: ${pod.lastTermination?.reason ?? 'Error'})`,
  },
  terminating: {
    type: 'Normal',
    reason: 'Killing',
    message: (pod) => `Stopping container ${pod.app}`,
  },
};

/**
 * The events of the simulated cluster on its server: the latest {@link maxEvents}, the oldest
 * deleted first, named as kube-apiserver names them (`<object>.<hex counter>`).
 */
export class SimulatedEvents {
  /** The events on the server, oldest first. */
  private readonly kept: { namespace: string; name: string }[] = [];
  private count = 0;

  /**
   * @param server - where the events are written
   * @param now - the clock of their timestamps
   */
  constructor(
    private readonly server: FakeApiServer,
    private readonly now: () => Date,
  ) {}

  /**
   * Records an event about an object, deleting the oldest past the bound.
   *
   * @param about - the object
   * @param type - `Normal` or `Warning`
   * @param reason - the machine-readable reason
   * @param message - the text
   */
  record(
    about: ObjectReference,
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
  ): void {
    this.count += 1;
    const name = `${about.name}.${this.count.toString(16).padStart(8, '0')}`;
    this.server.create(eventManifest(name, about, type, reason, message, this.now()));
    this.kept.push({ namespace: about.namespace, name });
    while (this.kept.length > maxEvents) {
      const oldest = this.kept.shift();
      if (oldest !== undefined) this.server.delete({ apiVersion: 'v1', kind: 'Event', ...oldest });
    }
  }

  /**
   * Records what the kubelet or scheduler would when a pod reaches a stage, if anything.
   *
   * @param pod - the pod
   * @param stage - the stage it reached
   */
  podMovedTo(pod: EventfulPod, stage: PodStage): void {
    const what = podEvents[stage];
    if (what === undefined) return;
    const about = {
      apiVersion: 'v1',
      kind: 'Pod',
      namespace: pod.namespace,
      name: pod.name,
      uid: pod.uid,
    };
    this.record(about, what.type, what.reason, what.message(pod));
  }
}
