import { podTroubles } from './podTrouble.js';
import type { PodLike } from './podStatus.js';

const pod = (
  phase: string,
  containers: { ready: boolean; waiting?: string }[],
  deleting = false,
): PodLike => ({
  metadata: deleting ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {},
  spec: { nodeName: 'worker-1', containers: containers.map(() => ({})) },
  status: {
    phase,
    containerStatuses: containers.map((c) => ({
      ready: c.ready,
      restartCount: 0,
      state: c.waiting === undefined ? {} : { waiting: { reason: c.waiting } },
    })),
  },
});

describe('podTroubles', () => {
  it('finds a crash-looping pod, which is also not ready, in the Running phase', () => {
    expect(podTroubles(pod('Running', [{ ready: false, waiting: 'CrashLoopBackOff' }]))).toEqual([
      'crashloop',
      'notready',
    ]);
  });

  it('finds image pull failures whatever the phase', () => {
    expect(podTroubles(pod('Pending', [{ ready: false, waiting: 'ImagePullBackOff' }]))).toEqual([
      'imagepull',
      'pending',
    ]);
    expect(
      podTroubles(pod('Running', [{ ready: true }, { ready: false, waiting: 'ErrImagePull' }])),
    ).toEqual(['imagepull', 'notready']);
  });

  it('finds none in a ready, finished or terminating pod', () => {
    expect(podTroubles(pod('Running', [{ ready: true }, { ready: true }]))).toEqual([]);
    expect(podTroubles(pod('Succeeded', [{ ready: false }]))).toEqual([]);
    expect(
      podTroubles(pod('Running', [{ ready: false, waiting: 'CrashLoopBackOff' }], true)),
    ).toEqual([]);
  });

  it('finds none in a pod that has no status yet', () => {
    expect(podTroubles({})).toEqual([]);
  });
});
