import { printableText, type InformerEvent, type SharedIndexInformer } from '@rxkube/informer';
import { DeletedFinalStateUnknown, type KubeObject } from '@rxkube/store';
import type { Subscription } from 'rxjs';
import type { ColumnSet } from '../view/columns.js';
import { columnGap } from './tableLayout.js';
import { displayWidth, padToWidth } from './terminalWidth.js';

/**
 * The table for pipes and logs, like `kubectl get -w`: the header once, the cached objects one
 * line each, then one line per change (an object added, changed or deleted, in its last known
 * state) as it happens; nothing is ever printed again. Columns keep the widths of the first
 * lines (a longer cell later widens its own line only), and cells are escaped cluster text.
 * Scripts that need the type of each change use `-o json`.
 *
 * @param stream - where to print (stdout)
 * @param informer - a synced informer
 * @param columns - the kind's columns
 * @param now - the clock for ages (ms)
 * @returns a subscription that stops printing
 */
export function startPlainLines(
  stream: NodeJS.WritableStream,
  informer: SharedIndexInformer<KubeObject>,
  columns: ColumnSet,
  now: () => number = Date.now,
): Subscription {
  const rows = [...informer.getIndexer().list()].sort(byNamespaceAndName);
  const cellsOf = (obj: KubeObject): string[] =>
    columns.cells(obj, now()).map((cell) => printableText(cell));
  const initial = rows.map(cellsOf);
  const widths = columns.headers.map((header, column) =>
    initial.reduce(
      (max, cells) => Math.max(max, displayWidth(cells[column] ?? '')),
      displayWidth(header),
    ),
  );
  const print = (cells: readonly string[]): void => {
    const line = cells
      .map((cell, column) =>
        displayWidth(cell) >= (widths[column] ?? 0) ? cell : padToWidth(cell, widths[column] ?? 0),
      )
      .join(' '.repeat(columnGap));
    stream.write(`${line.replace(/ +$/, '')}\n`);
  };
  print(columns.headers);
  for (const cells of initial) print(cells);
  // A handler added after the sync is first told of the cached objects (`isInInitialList`):
  // those lines are printed above.
  return informer.handle({ name: 'watch-lines' }).subscribe((event: InformerEvent<KubeObject>) => {
    if (event.type === 'add' && event.isInInitialList) return;
    // A resync or a relist finding an object unchanged is no change.
    if (
      event.type === 'update' &&
      event.oldObject.metadata?.resourceVersion === event.object.metadata?.resourceVersion
    ) {
      return;
    }
    const obj = event.object instanceof DeletedFinalStateUnknown ? event.object.obj : event.object;
    if (obj !== undefined) print(cellsOf(obj));
  });
}

function byNamespaceAndName(a: KubeObject, b: KubeObject): number {
  const key = (o: KubeObject): string => `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}
