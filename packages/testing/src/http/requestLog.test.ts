import { RequestLog } from './requestLog.js';

const url = (query: string): URL => new URL(`http://fake/api/v1/pods?${query}`);

test('records method, path and query of each request, oldest first', () => {
  const log = new RequestLog(10);
  log.record('GET', url('resourceVersion=5&resourceVersionMatch=Exact'));
  log.record('GET', url('continue=abc&limit=2'));
  expect(log.entries()).toEqual([
    {
      method: 'GET',
      path: '/api/v1/pods',
      query: { resourceVersion: '5', resourceVersionMatch: 'Exact' },
    },
    { method: 'GET', path: '/api/v1/pods', query: { continue: 'abc', limit: '2' } },
  ]);
});

test('keeps only the most recent requests: memory stays bounded under load', () => {
  const log = new RequestLog(3);
  for (let i = 1; i <= 7; i += 1) log.record('GET', url(`limit=${i}`));
  expect(log.entries().map((r) => r.query['limit'])).toEqual(['5', '6', '7']);
});

test('clear forgets everything; a capacity of 0 records nothing', () => {
  const log = new RequestLog(3);
  log.record('GET', url('limit=1'));
  log.clear();
  log.record('DELETE', url(''));
  expect(log.entries().map((r) => r.method)).toEqual(['DELETE']);
  const off = new RequestLog(0);
  off.record('GET', url('limit=1'));
  expect(off.entries()).toEqual([]);
});
