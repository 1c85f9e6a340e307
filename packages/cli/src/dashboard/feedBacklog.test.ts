import { FeedBacklog } from './feedBacklog.js';
import type { FeedMessage } from './feedProtocol.js';
import type { InformerSummary } from '../status/informerSummary.js';

const change = (
  n: number,
  key: string,
  kind: 'add' | 'update' | 'delete' = 'update',
): FeedMessage => ({
  type: 'change',
  id: `e-${n}`,
  change: kind,
  key,
  object: { metadata: { name: key, resourceVersion: String(n) } },
});
const status = (resourceVersion: string): FeedMessage => ({
  type: 'status',
  status: { resourceVersion } as InformerSummary,
});

function drain(backlog: FeedBacklog): string[] {
  const out: string[] = [];
  for (let m = backlog.shift(); m !== undefined; m = backlog.shift()) {
    out.push(m.type === 'status' ? `status ${m.status.resourceVersion}` : `${m.type} ${m.id}`);
  }
  return out;
}

describe('FeedBacklog', () => {
  it('keeps the latest change of each key, in the order of their ids', () => {
    const backlog = new FeedBacklog();
    for (const [n, key] of [
      [1, 'a'],
      [2, 'b'],
      [3, 'a'],
      [4, 'c'],
      [5, 'b'],
    ] as const) {
      backlog.add(change(n, key));
    }
    expect(backlog.size).toBe(3);
    expect(drain(backlog)).toEqual(['change e-3', 'change e-4', 'change e-5']);
    expect(backlog.size).toBe(0);
  });

  it('keeps a deletion as the latest change of its key, and a re-creation after it', () => {
    const backlog = new FeedBacklog();
    backlog.add(change(1, 'a', 'add'));
    backlog.add(change(2, 'a', 'delete'));
    backlog.add(change(3, 'b', 'delete'));
    backlog.add(change(4, 'b', 'add'));
    const taken = [backlog.shift(), backlog.shift()] as Array<
      Extract<FeedMessage, { type: 'change' }>
    >;
    expect(taken.map((m) => `${m.key} ${m.change} ${m.id}`)).toEqual(['a delete e-2', 'b add e-4']);
  });

  it('keeps only the latest status, after the changes', () => {
    const backlog = new FeedBacklog();
    backlog.add(status('1'));
    backlog.add(change(1, 'a'));
    backlog.add(status('2'));
    expect(drain(backlog)).toEqual(['change e-1', 'status 2']);
  });

  it('lets a snapshot replace the changes before it and go first', () => {
    const backlog = new FeedBacklog();
    backlog.add(change(1, 'a'));
    backlog.add({ type: 'snapshot', id: 'e-1', objects: [] });
    backlog.add(change(2, 'b'));
    expect(drain(backlog)).toEqual(['snapshot e-1', 'change e-2']);
  });
});
