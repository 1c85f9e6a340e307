import type { PrinterColumn } from '../resources/apiResource.js';
import { formatAge } from './age.js';
import { age, eventColumns, kinds, textColumn, type Clock, type Own } from './kindColumns.js';
import { SimpleJsonPath, UnsupportedJsonPath } from './simpleJsonPath.js';
import { depthLimited } from './depthLimited.js';

/**
 * How many levels of an object-valued cell are shown (as one line of JSON); deeper parts read
 * `<nested too deep>`. A column may read any field (a custom resource's printer columns come
 * from the cluster), and the field may hold an object nested 10,000 levels deep, which
 * `JSON.stringify` cannot write; nobody reads more than a few levels of a cell.
 */
export const cellValueDepth = 16;

/** Any Kubernetes object as a table reads it. */
export interface TableObject {
  metadata?:
    | { name?: string | undefined; namespace?: string | undefined; creationTimestamp?: unknown }
    | undefined;
}

/**
 * One column of a resource's table, for the terminal and the web page alike (the shape of the
 * page's `TableColumn`).
 */
export interface ResourceColumn<T = TableObject> {
  /** Stable id, `name`, `ready`, `status`: for CSS classes, the URL and sorting. */
  readonly id: string;
  /** The header, as kubectl prints it: `UP-TO-DATE`. */
  readonly title: string;
  /** 1 = always shown; higher numbers drop first on narrow screens. */
  readonly priority: number;
  /** Whether this column holds the object's status (coloured by tone). */
  readonly status?: boolean;
  /**
   * The fields the cell reads, as dotted paths through objects and arrays
   * (`status.containerStatuses.restartCount`); `#keys` at the end reads only the keys of a map.
   * A dashboard feed sends these fields and nothing else.
   */
  readonly reads: readonly string[];
  /**
   * @param row - the object
   * @returns the cell's text
   */
  cell(row: T): string;
  /**
   * @param row - the object
   * @returns what the column sorts by, when not its text (numbers, creation times)
   */
  sortValue?(row: T): string | number;
}

/** What {@link resourceColumns} needs to know of a resource. */
export interface ColumnsSubject {
  readonly kind: string;
  readonly group?: string | undefined;
  readonly printerColumns?: readonly PrinterColumn[] | undefined;
}

/**
 * The columns of a resource as `kubectl get` shows them: NAMESPACE (when several namespaces
 * are shown) and NAME, then the kind's own columns for the common kinds (pods, deployments,
 * replica sets, stateful sets, daemon sets, jobs, nodes, namespaces, services, config maps,
 * events), else a custom resource's printer columns and AGE. Used by `rxkube watch` and the
 * dashboard, so both show the same thing.
 *
 * @example
 * resourceColumns({ kind: 'Deployment', group: 'apps' }, { withNamespace: true, now: Date.now })
 *   .map((c) => c.title) // NAMESPACE NAME READY UP-TO-DATE AVAILABLE AGE
 * @param resource - kind, group, and printer columns of a custom resource
 * @param options - whether to show NAMESPACE, and the clock for ages
 * @returns the columns, in display order
 */
export function resourceColumns(
  resource: ColumnsSubject,
  options: { readonly withNamespace: boolean; readonly now: Clock },
): ResourceColumn[] {
  const own = builtIn(resource)?.(options.now) ?? genericColumns(resource, options.now);
  return [
    ...(options.withNamespace
      ? [
          textColumn(
            'namespace',
            'NAMESPACE',
            2,
            'metadata.namespace',
            (o) => o.metadata?.namespace,
          ),
        ]
      : []),
    textColumn('name', 'NAME', 1, 'metadata.name', (o) => o.metadata?.name),
    ...own,
  ];
}

/**
 * Every field a set of columns reads, plus an object's identity: what a feed sends.
 *
 * @param columns - the columns
 * @returns dotted paths, without repeats
 */
export function fieldsRead(columns: readonly ResourceColumn[]): string[] {
  return [...new Set(columns.flatMap((c) => c.reads))];
}

function builtIn(resource: ColumnsSubject): Own | undefined {
  const group = resource.group ?? '';
  const known = kinds[`${resource.kind}.${group}`];
  // events.k8s.io Events have the core one's columns under other field names.
  return known ?? (resource.kind === 'Event' ? eventColumns : undefined);
}

/**
 * Any other resource: a custom resource's printer columns of the default table (priority 0;
 * those with a JSONPath outside {@link SimpleJsonPath}'s subset are left out, as are any named
 * NAME or NAMESPACE), then AGE unless one of them is the age already.
 */
function genericColumns(resource: ColumnsSubject, clock: Clock): ResourceColumn[] {
  const printed: ResourceColumn[] = [];
  for (const column of resource.printerColumns ?? []) {
    if ((column.priority ?? 0) > 0) continue;
    if (['NAME', 'NAMESPACE'].includes(column.name.toUpperCase())) continue;
    let path: SimpleJsonPath;
    try {
      path = new SimpleJsonPath(column.jsonPath);
    } catch (err) {
      if (err instanceof UnsupportedJsonPath) continue;
      throw err;
    }
    if (
      column.type === 'date' &&
      path.path.replace(/[{}]/g, '') === '.metadata.creationTimestamp'
    ) {
      printed.push({ ...age(clock, 3 + printed.length), title: column.name.toUpperCase() });
      continue;
    }
    printed.push(printerColumn(column, path, 3 + printed.length, clock));
  }
  const hasAge = printed.some((c) => c.id === 'age');
  return hasAge ? printed : [...printed, age(clock, 3 + printed.length)];
}

function printerColumn(
  column: PrinterColumn,
  path: SimpleJsonPath,
  priority: number,
  clock: Clock,
): ResourceColumn {
  const values = (o: TableObject): unknown[] => path.evaluate(o);
  const numeric = column.type === 'integer' || column.type === 'number';
  return {
    id: `printer-${column.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    title: column.name.toUpperCase(),
    priority,
    reads: [path.prefix.join('.')].filter((p) => p !== ''),
    cell: (o) =>
      values(o)
        .map((v) =>
          column.type === 'date' && typeof v === 'string'
            ? formatAge(v, clock())
            : typeof v === 'object' && v !== null
              ? JSON.stringify(depthLimited(v, cellValueDepth))
              : String(v),
        )
        .join(','),
    ...(numeric
      ? { sortValue: (o: TableObject) => Number(values(o)[0] ?? Number.NEGATIVE_INFINITY) }
      : {}),
  };
}
