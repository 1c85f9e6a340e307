import { defaultViewState, readViewState, viewStateQuery, type ViewState } from './viewState.js';

describe('the view state in the URL', () => {
  it('reads back what it writes', () => {
    const state: ViewState = {
      resource: 'pods',
      namespace: 'shop',
      text: 'web 1&2',
      phase: 'Running',
      trouble: 'crashloop',
      sort: { column: 'restarts', direction: 'descending' },
    };
    const query = viewStateQuery(state);
    expect(query).toBe(
      '?resource=pods&namespace=shop&filter=web+1%262&phase=Running&trouble=crashloop&sort=-restarts',
    );
    expect(readViewState(query)).toEqual(state);
  });

  it('names only the resource for the default view', () => {
    expect(viewStateQuery(defaultViewState)).toBe('?resource=pods');
    expect(readViewState('')).toEqual(defaultViewState);
  });

  it('leaves what it does not understand at its default', () => {
    expect(readViewState('?trouble=haunted&sort=-&namespace=&resource=')).toEqual(defaultViewState);
    expect(readViewState('?sort=age').sort).toEqual({ column: 'age', direction: 'ascending' });
  });
});
