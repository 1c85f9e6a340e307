import type { FaultKind } from '@rxkube/testing';

/**
 * Checks that the errors an informer library reported are exactly what the injected faults
 * explain: no internal, object or handler errors; one decode error per malformed line; idle
 * errors only for stalled watches and requests caught in restarts, dropped connections or
 * event-loop freezes; and as many 429/500/503 API errors as error responses were
 * sent. Anything unexplained is a problem.
 *
 * @param tally - reported errors by type (`api 410`, `stream`…).
 * @param fired - the server's fault counters.
 * @param freezes - times the process's event loop froze long enough to trip idle detection.
 * @param drops - times every connection was dropped (the server does not count these).
 * @returns the problems found (empty when every error is accounted for).
 */
export function accountForErrors(
  tally: Readonly<Record<string, number>>,
  fired: Readonly<Record<FaultKind, number>>,
  freezes = 0,
  drops = 0,
): string[] {
  const problems: string[] = [];
  const n = (type: string): number => tally[type] ?? 0;
  for (const type of ['internal', 'object', 'handler', 'watchList']) {
    if (n(type) > 0) problems.push(`${n(type)} unexpected ${type} error(s)`);
  }
  if (n('decode') !== fired.malformedLine) {
    problems.push(`${n('decode')} decode errors for ${fired.malformedLine} malformed lines`);
  }
  // A request caught in a restart or a dropped connection may hang until the idle timeout gives
  // up on it (a list cut off mid-answer among them); a frozen event loop starves the watch of
  // its bookmarks (the server runs in the same process).
  const hangs = fired.stallWatch + fired.restart + drops + freezes;
  if (n('idle') > hangs) {
    problems.push(
      `${n('idle')} idle errors for ${fired.stallWatch} stalled watches, ${fired.restart} restarts, ${drops} dropped connections and ${freezes} event-loop freezes`,
    );
  }
  const responses = n('api 429') + n('api 500') + n('api 503');
  if (responses !== fired.errorResponse) {
    problems.push(`${responses} 429/500/503 errors for ${fired.errorResponse} error responses`);
  }
  const explained = new Set([
    'api 410',
    'api 429',
    'api 500',
    'api 503',
    'decode',
    'idle',
    'stream',
    'connection',
    'shortWatch',
    'internal',
    'object',
    'handler',
    'watchList',
  ]);
  for (const type of Object.keys(tally)) {
    if (!explained.has(type)) problems.push(`${n(type)} unexplained ${type} error(s)`);
  }
  return problems;
}
