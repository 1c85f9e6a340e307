import { jest } from '@jest/globals';
import { ApiError } from './errors.js';
import { consoleFailureLogger } from './consoleFailureLogger.js';
import { unsafeCodePoints } from './printableText.js';
import { SharedIndexInformer } from './sharedIndexInformer.js';
import { FakeListerWatcher } from './testSupport/fakeListerWatcher.testing.js';
import type { TestPod } from './testSupport/pods.testing.js';
import { VirtualClock } from '@rxkube/devkit';

/** A console that records what it is given. */
function recordingConsole(): {
  lines: string[];
  warn(text: string): void;
  error(text: string): void;
} {
  const lines: string[] = [];
  return {
    lines,
    warn: (text) => lines.push(`warn ${text}`),
    error: (text) => lines.push(`error ${text}`),
  };
}

test('writes a failure once, counts its repeats and writes it again with the count after the interval', () => {
  let time = 0;
  const out = recordingConsole();
  const logger = consoleFailureLogger({ intervalMs: 10_000, now: () => time, console: out });
  for (; time < 25_000; time += 1000) logger.warn('list pods: 401 Unauthorized');
  expect(out.lines).toEqual([
    'warn rxkube: list pods: 401 Unauthorized',
    'warn rxkube: list pods: 401 Unauthorized (repeated 9 times since last logged)',
    'warn rxkube: list pods: 401 Unauthorized (repeated 9 times since last logged)',
  ]);
});

test('distinct failures are limited separately; debug and info are dropped', () => {
  const out = recordingConsole();
  const logger = consoleFailureLogger({ now: () => 0, console: out });
  logger.warn('a');
  logger.error('a');
  logger.warn('b');
  logger.warn('a');
  logger.debug('listing');
  logger.info('relisting');
  expect(out.lines).toEqual(['warn rxkube: a', 'error rxkube: a', 'warn rxkube: b']);
});

test('remembers at most maxDistinct messages, forgetting the least recently written', () => {
  const out = recordingConsole();
  const logger = consoleFailureLogger({ now: () => 0, console: out, maxDistinct: 2 });
  for (const message of ['a', 'b', 'c', 'a', 'c']) logger.warn(message);
  expect(out.lines).toEqual([
    'warn rxkube: a',
    'warn rxkube: b',
    'warn rxkube: c',
    'warn rxkube: a',
  ]);
});

test('by default an informer writes its failures to the console, rate-limited, with nobody on errors$', () => {
  const scheduler = new VirtualClock();
  const lw = new FakeListerWatcher<TestPod>();
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const informer = new SharedIndexInformer(lw, {
    scheduler,
    reflector: {
      random: () => 0,
      backoff: { initialMs: 1000, maxMs: 1000 },
      streamingList: false,
    },
  });
  informer.start();
  const unauthorized = (): ApiError =>
    new ApiError(
      {
        code: 401,
        status: { reason: 'Unauthorized', message: 'Unauthorized' },
        verb: 'list',
        source: 'response',
      },
      { resource: 'fakes' },
    );
  try {
    // Fails every second for 70 s: written at once, then once more after a minute.
    for (let i = 0; i < 70; i++) {
      lw.lastList().subject.error(unauthorized());
      scheduler.advance(1000);
    }
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      'rxkube: list fakes: 401 Unauthorized: Unauthorized',
      'rxkube: list fakes: 401 Unauthorized: Unauthorized (repeated 59 times since last logged)',
    ]);
  } finally {
    informer.stop();
    warn.mockRestore();
  }
});

test('writes what a server sent escaped, capped and without the credentials it echoed', () => {
  const out = recordingConsole();
  const logger = consoleFailureLogger({ now: () => 0, console: out });
  const hostile =
    'list pods: 500 InternalError: \x1b]0;owned\x07\x1b[2J\x9b31m\u202e' +
    'Authorization: Bearer sekrit-token-ABC123 via https://admin:pw@10.0.0.1/ ' +
    'x'.repeat(1_000_000);
  logger.error(hostile);
  expect(out.lines).toHaveLength(1);
  const [line] = out.lines as [string];
  unsafeCodePoints.lastIndex = 0;
  expect(unsafeCodePoints.test(line)).toBe(false);
  expect(line).toContain('\\x1b]0;owned\\x07\\x1b[2J\\x9b31m\\u202e');
  expect(line).not.toMatch(/sekrit-token-ABC123|admin:pw/);
  expect(line).toContain('Bearer ***');
  expect(line.length).toBeLessThan(1100);
  expect(line.endsWith('…')).toBe(true);
});
