import { DeletedFinalStateUnknown, type IndexerSnapshot } from '@rxkube/store';
import type { ResourceEvent } from '@rxkube/queue';
import type { DemoPod } from './pods.js';

/**
 * Describes one handler event in a line.
 *
 * @param event - the event
 * @returns e.g. `update shop/web-1 Pending → Running (Updated)`
 */
export function describeEvent(event: ResourceEvent<DemoPod>): string {
  switch (event.type) {
    case 'add':
      return `add    ${keyOf(event.obj)} ${event.obj.status.phase}${event.isInInitialList ? ' (initial list)' : ''}`;
    case 'update':
      return `update ${keyOf(event.newObj)} ${event.oldObj.status.phase} → ${event.newObj.status.phase} (${event.deltaType}, rv ${event.newObj.metadata.resourceVersion})`;
    case 'delete':
      return event.obj instanceof DeletedFinalStateUnknown
        ? `delete ${event.obj.key} (tombstone: deletion inferred by the relist)`
        : `delete ${keyOf(event.obj)}`;
  }
}

/**
 * Renders a snapshot as a table sorted by key.
 *
 * @param snapshot - the snapshot
 * @returns the lines of the table
 */
export function renderSnapshot(snapshot: IndexerSnapshot<DemoPod>): string[] {
  const rows = [...snapshot.list()]
    .sort((a, b) => keyOf(a).localeCompare(keyOf(b)))
    .map((p) => [
      p.metadata.namespace,
      p.metadata.name,
      p.status.phase,
      p.metadata.resourceVersion,
    ]);
  const table = [['NAMESPACE', 'NAME', 'PHASE', 'RV'], ...rows];
  const widths = [0, 1, 2].map((col) => Math.max(...table.map((row) => (row[col] ?? '').length)));
  return [
    `snapshot: ${snapshot.size} pods, resourceVersion ${snapshot.resourceVersion}`,
    ...table.map((row) => row.map((cell, col) => cell.padEnd(widths[col] ?? 0)).join('  ')),
  ];
}

function keyOf(p: DemoPod): string {
  return `${p.metadata.namespace}/${p.metadata.name}`;
}
