import { conditionsOf, containersOf } from './objectSummary.js';
import { relatedEvents } from './relatedEvents.js';

describe('containersOf', () => {
  it("gives each container's restarts, state and the reason it last terminated", () => {
    const pod = {
      spec: {
        initContainers: [{ name: 'init' }],
        containers: [{ name: 'app' }, { name: 'sidecar' }],
      },
      status: {
        initContainerStatuses: [
          { name: 'init', ready: false, state: { terminated: { reason: 'Completed' } } },
        ],
        containerStatuses: [
          {
            name: 'app',
            image: 'app:1',
            ready: false,
            restartCount: 14,
            state: { waiting: { reason: 'CrashLoopBackOff' } },
            lastState: { terminated: { reason: 'OOMKilled', exitCode: 137 } },
          },
        ],
      },
    };
    expect(containersOf(pod)).toEqual([
      {
        name: 'init',
        image: undefined,
        init: true,
        ready: false,
        restarts: 0,
        state: 'terminated: Completed',
        lastTerminationReason: undefined,
        lastTerminationExitCode: undefined,
      },
      {
        name: 'app',
        image: 'app:1',
        init: false,
        ready: false,
        restarts: 14,
        state: 'waiting: CrashLoopBackOff',
        lastTerminationReason: 'OOMKilled',
        lastTerminationExitCode: 137,
      },
      {
        name: 'sidecar',
        image: undefined,
        init: false,
        ready: false,
        restarts: 0,
        state: 'unknown',
        lastTerminationReason: undefined,
        lastTerminationExitCode: undefined,
      },
    ]);
  });
});

describe('conditionsOf', () => {
  it('lists the conditions, leaving out fields that are not text', () => {
    expect(
      conditionsOf({
        status: {
          conditions: [
            { type: 'Ready', status: 'False', reason: { x: 1 }, message: 'containers not ready' },
          ],
        },
      }),
    ).toEqual([
      {
        type: 'Ready',
        status: 'False',
        reason: undefined,
        message: 'containers not ready',
        lastTransitionTime: undefined,
      },
    ]);
    expect(conditionsOf({ status: { conditions: 'nope' } })).toEqual([]);
  });
});

describe('relatedEvents', () => {
  it('keeps the events about the object (by uid, else by kind and name), latest first', () => {
    const pod = { metadata: { name: 'p', namespace: 'shop', uid: 'u1' } };
    const events = [
      {
        reason: 'Pulled',
        type: 'Normal',
        message: 'old',
        involvedObject: { kind: 'Pod', name: 'p', namespace: 'shop', uid: 'u1' },
        lastTimestamp: '2026-01-01T10:00:00Z',
      },
      {
        reason: 'BackOff',
        type: 'Warning',
        note: 'new',
        count: 3,
        regarding: { kind: 'Pod', name: 'p', namespace: 'shop', uid: 'u1' },
        eventTime: '2026-01-01T11:00:00Z',
      },
      {
        reason: 'Killing',
        type: 'Normal',
        message: 'no uid',
        involvedObject: { kind: 'Pod', name: 'p', namespace: 'shop' },
        lastTimestamp: '2026-01-01T09:00:00Z',
      },
      {
        reason: 'Other',
        involvedObject: { kind: 'Pod', name: 'p', namespace: 'shop', uid: 'an-older-pod' },
      },
      { reason: 'Elsewhere', involvedObject: { kind: 'Pod', name: 'p', namespace: 'default' } },
    ];
    expect(relatedEvents(pod, 'Pod', events).map((e) => [e.reason, e.message, e.count])).toEqual([
      ['BackOff', 'new', 3],
      ['Pulled', 'old', 1],
      ['Killing', 'no uid', 1],
    ]);
  });
});
