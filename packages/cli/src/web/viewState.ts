import { podTroubleKinds, type PodTrouble } from '../view/podTrouble.js';
import type { TableSort } from './views/virtualTable.js';

/**
 * What the page shows: the resource, namespace, filters and sort order. It lives in the page's
 * URL (`?resource=pods&namespace=shop&filter=web&trouble=crashloop&sort=-restarts`), so a reload
 * or a shared link shows the same view.
 */
export interface ViewState {
  /** The resource's plural name (`pods`). */
  readonly resource: string;
  /** The namespace shown; undefined: all of them. */
  readonly namespace: string | undefined;
  /** The table's text filter. */
  readonly text: string;
  /** Only pods in this phase. */
  readonly phase: string | undefined;
  /** Only pods in this trouble. */
  readonly trouble: PodTrouble | undefined;
  /** The table's sort order; undefined: by namespace and name. */
  readonly sort: TableSort | undefined;
}

/** The view of a page opened without parameters. */
export const defaultViewState: ViewState = {
  resource: 'pods',
  namespace: undefined,
  text: '',
  phase: undefined,
  trouble: undefined,
  sort: undefined,
};

/**
 * Reads the view from a URL's query. A parameter that is not understood (an unknown trouble,
 * an empty sort column) is left at its default: a mistyped link still opens the dashboard.
 *
 * @param search - `location.search`, with or without its `?`
 * @returns the view it names
 */
export function readViewState(search: string): ViewState {
  const query = new URLSearchParams(search);
  const value = (name: string): string | undefined => {
    const v = query.get(name);
    return v === null || v === '' ? undefined : v;
  };
  const trouble = value('trouble');
  const sort = value('sort');
  const column = sort?.replace(/^-/, '');
  return {
    resource: value('resource') ?? defaultViewState.resource,
    namespace: value('namespace'),
    text: query.get('filter') ?? '',
    phase: value('phase'),
    trouble: podTroubleKinds.find((kind) => kind === trouble),
    sort:
      sort === undefined || column === undefined || column === ''
        ? undefined
        : { column, direction: sort.startsWith('-') ? 'descending' : 'ascending' },
  };
}

/**
 * Writes a view as a URL query, in a stable order, leaving out what is at its default (except
 * the resource, always named).
 *
 * @param state - the view
 * @returns the query, starting with `?`
 */
export function viewStateQuery(state: ViewState): string {
  const query = new URLSearchParams({ resource: state.resource });
  if (state.namespace !== undefined) query.set('namespace', state.namespace);
  if (state.text !== '') query.set('filter', state.text);
  if (state.phase !== undefined) query.set('phase', state.phase);
  if (state.trouble !== undefined) query.set('trouble', state.trouble);
  if (state.sort !== undefined) {
    query.set('sort', `${state.sort.direction === 'descending' ? '-' : ''}${state.sort.column}`);
  }
  return `?${query.toString()}`;
}
