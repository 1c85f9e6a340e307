import { formatAge, formatDuration } from './age.js';
import { columnsFor } from './columns.js';
import { summarizePod, statusTone } from './podStatus.js';

describe('formatDuration', () => {
  it('keeps the two most significant units, like kubectl', () => {
    expect(formatDuration(9_400)).toBe('9s');
    expect(formatDuration(125_000)).toBe('2m5s');
    expect(formatDuration(25 * 60_000)).toBe('25m');
    expect(formatDuration(3 * 3_600_000 + 4 * 60_000)).toBe('3h4m');
    expect(formatDuration(30 * 3_600_000)).toBe('30h');
    expect(formatDuration(4 * 86_400_000 + 2 * 3_600_000)).toBe('4d2h');
    expect(formatDuration(40 * 86_400_000)).toBe('40d');
  });

  it('reads creation timestamps', () => {
    const now = Date.parse('2025-01-01T00:10:00Z');
    expect(formatAge('2025-01-01T00:00:00Z', now)).toBe('10m');
    expect(formatAge(undefined, now)).toBe('<unknown>');
  });
});

describe('summarizePod', () => {
  it('prefers a container reason over the phase, and Terminating over both', () => {
    const crashing = {
      spec: { nodeName: 'n', containers: [{}, {}] },
      status: {
        phase: 'Running',
        containerStatuses: [
          { ready: true, restartCount: 1, state: {} },
          { ready: false, restartCount: 4, state: { waiting: { reason: 'CrashLoopBackOff' } } },
        ],
      },
    };
    expect(summarizePod(crashing)).toEqual({
      phase: 'Running',
      status: 'CrashLoopBackOff',
      ready: 1,
      containers: 2,
      restarts: 5,
    });
    expect(summarizePod({ ...crashing, metadata: { deletionTimestamp: 'x' } }).status).toBe(
      'Terminating',
    );
    expect(summarizePod({ spec: { nodeName: 'n' }, status: { phase: 'Pending' } }).status).toBe(
      'ContainerCreating',
    );
    expect(statusTone('CrashLoopBackOff')).toBe('bad');
    expect(statusTone('Running')).toBe('good');
  });

  it("tones a workload's READY ratio, an event's type and a finished job by what they mean", () => {
    expect(['3/3', '1/3', 'Normal', 'Warning', 'Complete', 'NotReady'].map(statusTone)).toEqual([
      'good',
      'progress',
      'good',
      'bad',
      'done',
      'bad',
    ]);
  });
});

describe('columnsFor', () => {
  it('has kubectl-like columns per kind, with NAMESPACE only across namespaces', () => {
    expect(columnsFor('Pod', true).headers).toEqual([
      'NAMESPACE',
      'NAME',
      'READY',
      'STATUS',
      'RESTARTS',
      'AGE',
      'NODE',
    ]);
    const deployments = columnsFor('Deployment', false);
    expect(deployments.headers).toEqual(['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE']);
    const cells = deployments.cells(
      {
        metadata: { name: 'web' },
        spec: { replicas: 3 },
        status: { readyReplicas: 2, updatedReplicas: 3, availableReplicas: 2 },
      } as never,
      0,
    );
    expect(cells.slice(0, 4)).toEqual(['web', '2/3', '3', '2']);
    expect(columnsFor('Widget', false).headers).toEqual(['NAME', 'AGE']);
  });
});
