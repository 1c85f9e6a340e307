import type { InformerSummary } from '../../status/informerSummary.js';
import { bannerText } from './banner.js';

const at = (hours: number, minutes: number, seconds: number): number =>
  new Date(2026, 0, 1, hours, minutes, seconds).getTime();
const now = at(14, 2, 30);
const live = { state: 'live', attempt: 0 } as const;
const watching: InformerSummary = {
  resource: 'pods',
  hasSynced: true,
  phase: 'watching',
  listPages: 1,
  listItems: 231,
  objects: 231,
  resourceVersion: '42',
  eventsPerSecond: 2,
  reconnects: 0,
  relists: 0,
  failures: 0,
};

describe('bannerText', () => {
  it('is hidden while the informer watches and its pods are current', () => {
    expect(bannerText(live, watching, now)).toEqual({ state: 'ok', text: '' });
  });

  it('counts down to the next attempt while the informer backs off, with since when the pods are stale', () => {
    const banner = bannerText(
      live,
      {
        ...watching,
        phase: 'backingOff',
        retryAt: now + 12_000,
        staleSince: at(14, 2, 10),
        failures: 3,
        lastError: { message: '410 Gone', at: at(14, 2, 10) },
      },
      now,
    );
    expect(banner).toEqual({
      state: 'cluster-down',
      text: "The server's informer lost the cluster: 410 Gone — reconnecting in 12 s (attempt 3). The pods shown are stale since 14:02:10.",
    });
  });

  it('says the pods are stale while relisting and until a re-opened watch delivers', () => {
    const stale = { staleSince: at(14, 2, 10) };
    expect([
      bannerText(live, { ...watching, ...stale, phase: 'relisting' }, now).text,
      bannerText(live, { ...watching, ...stale }, now),
    ]).toEqual([
      expect.stringContaining('relisting') as unknown,
      {
        state: 'stale',
        text: "The server's informer is reconnecting its watch. The pods shown are stale since 14:02:10.",
      },
    ]);
  });
});
