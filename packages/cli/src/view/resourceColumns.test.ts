import { columnsFor } from './columns.js';
import { deeplyNested } from '@rxkube/testing';
import { tooDeep } from './depthLimited.js';
import {
  cellValueDepth,
  fieldsRead,
  resourceColumns,
  type TableObject,
} from './resourceColumns.js';

const now = Date.parse('2026-01-01T12:00:00Z');
const clock = (): number => now;
const table = (kind: string, group: string, obj: object, withNamespace = false) => {
  const columns = resourceColumns({ kind, group }, { withNamespace, now: clock });
  return {
    titles: columns.map((c) => c.title),
    cells: columns.map((c) => c.cell(obj as TableObject)),
  };
};
const created = { creationTimestamp: '2026-01-01T11:55:00Z' };

describe('resourceColumns', () => {
  it('shows a deployment as kubectl get deployments does', () => {
    const deployment = {
      metadata: { name: 'web', namespace: 'shop', ...created },
      spec: { replicas: 3 },
      status: { readyReplicas: 2, updatedReplicas: 3, availableReplicas: 2 },
    };
    expect(table('Deployment', 'apps', deployment, true)).toEqual({
      titles: ['NAMESPACE', 'NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE'],
      cells: ['shop', 'web', '2/3', '3', '2', '5m'],
    });
  });

  it("sorts pods by READY as a share, fewest ready first, not by the ratio's text", () => {
    const ready = resourceColumns({ kind: 'Pod' }, { withNamespace: false, now: clock }).find(
      (c) => c.id === 'ready',
    );
    const pod = (name: string, readiness: boolean[]): TableObject =>
      ({
        metadata: { name },
        spec: { containers: readiness.map((_, i) => ({ name: `c${i}` })) },
        status: { containerStatuses: readiness.map((r) => ({ ready: r, restartCount: 0 })) },
      }) as TableObject;
    // As text, "1/1" < "1/3" < "2/10": a half-ready pod would sort among the fully ready ones.
    const pods = [
      pod('all', [true]),
      pod('two-of-ten', [true, true, ...Array<boolean>(8).fill(false)]),
      pod('one-of-three', [true, false, false]),
      pod('none', [false, false, false]),
    ];
    const value = (p: TableObject): string | number => ready?.sortValue?.(p) ?? ready!.cell(p);
    const byValue = [...pods].sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      return typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x) < String(y)
          ? -1
          : 1;
    });
    expect(byValue.map((p) => p.metadata?.name)).toEqual([
      'none',
      'two-of-ten',
      'one-of-three',
      'all',
    ]);
  });

  it('shows replica sets, stateful sets, daemon sets, jobs, nodes, services and config maps with their own columns', () => {
    expect(
      table('ReplicaSet', 'apps', {
        spec: { replicas: 4 },
        status: { replicas: 4, readyReplicas: 1 },
      }).titles,
    ).toEqual(['NAME', 'DESIRED', 'CURRENT', 'READY', 'AGE']);
    expect(
      table('StatefulSet', 'apps', { spec: { replicas: 2 }, status: { readyReplicas: 2 } })
        .cells[1],
    ).toBe('2/2');
    expect(
      table('DaemonSet', 'apps', {
        spec: { template: { spec: { nodeSelector: { os: 'linux' } } } },
      }).cells,
    ).toContain('os=linux');
    expect(
      table('Job', 'batch', {
        spec: { completions: 1 },
        status: {
          succeeded: 1,
          startTime: '2026-01-01T11:00:00Z',
          completionTime: '2026-01-01T11:01:30Z',
          conditions: [{ type: 'Complete', status: 'True' }],
        },
      }).cells.slice(1, 4),
    ).toEqual(['Complete', '1/1', '1m30s']);
    expect(
      table('Node', '', {
        metadata: { labels: { 'node-role.kubernetes.io/control-plane': '' } },
        status: {
          conditions: [{ type: 'Ready', status: 'True' }],
          nodeInfo: { kubeletVersion: 'v1.33.1' },
        },
      }).cells,
    ).toEqual(['', 'Ready', 'control-plane', '<unknown>', 'v1.33.1']);
    expect(
      table('Service', '', {
        spec: {
          type: 'NodePort',
          clusterIP: '10.0.0.7',
          ports: [{ port: 80, nodePort: 30080, protocol: 'TCP' }],
        },
      }).cells.slice(1, 5),
    ).toEqual(['NodePort', '10.0.0.7', '<none>', '80:30080/TCP']);
    expect(
      table('ConfigMap', '', { data: { a: 'x', b: 'y' }, binaryData: { c: '' } }).cells[1],
    ).toBe('3');
  });

  it('shows core and events.k8s.io events with the object they are about', () => {
    const core = {
      type: 'Warning',
      reason: 'BackOff',
      message: 'back-off restarting',
      involvedObject: { kind: 'Pod', name: 'web-1' },
      lastTimestamp: '2026-01-01T11:59:00Z',
    };
    expect(table('Event', '', core)).toEqual({
      titles: ['NAME', 'LAST SEEN', 'TYPE', 'REASON', 'OBJECT', 'MESSAGE'],
      cells: ['', '1m', 'Warning', 'BackOff', 'pod/web-1', 'back-off restarting'],
    });
    const modern = {
      type: 'Normal',
      reason: 'Pulled',
      note: 'pulled',
      regarding: { kind: 'Pod', name: 'a' },
      eventTime: '2026-01-01T11:59:30Z',
    };
    expect(table('Event', 'events.k8s.io', modern).cells.slice(1)).toEqual([
      '30s',
      'Normal',
      'Pulled',
      'pod/a',
      'pulled',
    ]);
  });

  it("shows any other resource's printer columns by their JSONPath, then AGE", () => {
    const widget = {
      metadata: { name: 'w', ...created },
      spec: { size: 3, parts: [{ name: 'a' }, { name: 'b' }] },
      status: {
        conditions: [
          { type: 'Synced', status: 'False' },
          { type: 'Ready', status: 'True' },
        ],
      },
    };
    const columns = resourceColumns(
      {
        kind: 'Widget',
        group: 'example.com',
        printerColumns: [
          { name: 'Size', type: 'integer', jsonPath: '.spec.size' },
          {
            name: 'Ready',
            type: 'string',
            jsonPath: '.status.conditions[?(@.type=="Ready")].status',
          },
          { name: 'Parts', type: 'string', jsonPath: '.spec.parts[*].name' },
          { name: 'Hidden', type: 'string', jsonPath: '.spec.size', priority: 1 },
          { name: 'Odd', type: 'string', jsonPath: '.spec..size' },
          { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
        ],
      },
      { withNamespace: false, now: clock },
    );
    expect(columns.map((c) => c.title)).toEqual(['NAME', 'SIZE', 'READY', 'PARTS', 'AGE']);
    expect(columns.map((c) => c.cell(widget))).toEqual(['w', '3', 'True', 'a,b', '5m']);
    expect(fieldsRead(columns)).toEqual([
      'metadata.name',
      'spec.size',
      'status.conditions',
      'spec.parts',
      'metadata.creationTimestamp',
    ]);
  });

  it('shows an object-valued cell nested 10,000 levels deep as its first levels and a marker', () => {
    const [, deep] = resourceColumns(
      {
        kind: 'Widget',
        group: 'example.com',
        printerColumns: [{ name: 'Deep', type: 'string', jsonPath: '.spec.deep' }],
      },
      { withNamespace: false, now: clock },
    );
    const widget = { metadata: { name: 'w' }, spec: { deep: deeplyNested(10_000, 'objects') } };
    expect(deep!.cell(widget)).toBe(
      `${'{"a":'.repeat(cellValueDepth)}"${tooDeep}"${'}'.repeat(cellValueDepth)}`,
    );
  });

  it('gives a resource without printer columns NAME, NAMESPACE and AGE', () => {
    expect(
      table(
        'Lease',
        'coordination.k8s.io',
        { metadata: { name: 'l', namespace: 'n', ...created } },
        true,
      ),
    ).toEqual({
      titles: ['NAMESPACE', 'NAME', 'AGE'],
      cells: ['n', 'l', '5m'],
    });
  });
});

describe('columnsFor (the terminal table)', () => {
  it("shows a custom resource's printer columns, dropping them before NAMESPACE", () => {
    const columns = columnsFor(
      {
        kind: 'Widget',
        group: 'example.com',
        printerColumns: [{ name: 'Size', type: 'integer', jsonPath: '.spec.size' }],
      },
      true,
    );
    expect(columns.headers).toEqual(['NAMESPACE', 'NAME', 'SIZE', 'AGE']);
    expect(
      columns.cells(
        { metadata: { name: 'w', namespace: 'n' }, spec: { size: 12 } } as TableObject,
        now,
      )[2],
    ).toBe('12');
    expect(columns.dropOrder.map((i) => columns.headers[i])).toEqual(['AGE', 'SIZE', 'NAMESPACE']);
    const small = { spec: { size: 9 } } as TableObject;
    const large = { spec: { size: 10 } } as TableObject;
    expect(columns.compare(small, large, 2, now)).toBeLessThan(0);
  });
});
