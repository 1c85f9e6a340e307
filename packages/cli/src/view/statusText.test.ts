import type { InformerSummary } from '../status/informerSummary.js';
import { statusParts } from './statusText.js';

const at = (hours: number, minutes: number, seconds: number): number =>
  new Date(2026, 0, 1, hours, minutes, seconds).getTime();
const now = at(14, 2, 30);

const watching: InformerSummary = {
  resource: 'pods',
  hasSynced: true,
  phase: 'watching',
  listPages: 1,
  listItems: 231,
  objects: 231,
  resourceVersion: '42',
  eventsPerSecond: 2,
  reconnects: 3,
  relists: 1,
  failures: 0,
};

/** @returns the words of the status line, without its figures after the phase and staleness */
const words = (status: InformerSummary): string[] =>
  statusParts(status, now)
    .map((part) => part.text)
    .filter((text) => !/^[\d,]+ objects$|^rv |ev\/s$|^reconnects /.test(text));

describe('statusParts', () => {
  it('says synced · watching only while the informer watches and its cache is current', () => {
    expect(words(watching)).toEqual(['synced · watching']);
  });

  it('counts down to the next attempt while the informer backs off, and says since when its data is stale', () => {
    const parts = statusParts(
      {
        ...watching,
        phase: 'backingOff',
        retryAt: now + 11_200,
        staleSince: at(14, 2, 10),
        failures: 2,
        lastError: { message: '410 Gone', at: at(14, 2, 10) },
      },
      now,
    );
    expect(parts.slice(0, 2)).toEqual([
      { text: 'reconnecting in 12 s (attempt 2)', tone: 'bad' },
      { text: 'stale since 14:02:10', tone: 'bad' },
    ]);
    expect(parts.at(-1)?.text).toBe('last error 20s ago: 410 Gone');
  });

  it('says stale since when while relisting, and while a re-opened watch has not delivered yet', () => {
    const stale = { staleSince: at(14, 2, 10) };
    expect([
      words({ ...watching, ...stale, phase: 'relisting', listPages: 2, listItems: 1000 }),
      words({ ...watching, ...stale }),
    ]).toEqual([
      ['relisting: page 2, 1,000 objects', 'stale since 14:02:10'],
      ['synced · watching', 'stale since 14:02:10'],
    ]);
  });

  it('counts down before the initial sync too, and never below zero', () => {
    expect(
      words({ ...watching, hasSynced: false, phase: 'backingOff', retryAt: now - 5, failures: 1 }),
    ).toEqual(['reconnecting in 0 s (attempt 1)']);
  });
});
