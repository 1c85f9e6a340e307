import { firstValueFrom, toArray } from 'rxjs';
import { DecodeError } from '../errors.js';
import type { FetchResponseLike } from './apiGet.js';
import { httpListerWatcher } from './httpListerWatcher.js';

// Fields of the wrong JSON type in what the server sends are undecodable answers, as client-go's
// typed decoding makes them: never read as absent, never passed on to throw later.

function answering(text: string): ReturnType<typeof httpListerWatcher<unknown>> {
  const response = (): FetchResponseLike => ({
    status: 200,
    headers: { get: () => null },
    text: () => Promise.resolve(text),
    body: (async function* () {
      yield text;
    })(),
  });
  return httpListerWatcher<unknown>(() => Promise.resolve(response()), 'pods', {});
}

const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (err: unknown) => err,
  );

test('a list whose continue token is not a string is a DecodeError, not the last page', async () => {
  const lw = answering(
    JSON.stringify({ kind: 'PodList', metadata: { resourceVersion: '5', continue: 7 }, items: [] }),
  );
  const failure = await failureOf(firstValueFrom(lw.list({ limit: 1 })));
  expect(failure).toBeInstanceOf(DecodeError);
  expect((failure as DecodeError).message).toContain('metadata.continue is not a string');
});

test('a watch ERROR event whose Status has a field of the wrong type is a DecodeError', async () => {
  const line = '{"type":"ERROR","object":{"kind":"Status","code":500,"message":{"text":"x"}}}\n';
  const failure = await failureOf(
    firstValueFrom(answering(line).watch({ resourceVersion: '1' }).pipe(toArray())),
  );
  expect(failure).toBeInstanceOf(DecodeError);
  expect((failure as DecodeError).message).toContain('ERROR event: message is object, not string');
});

test('a valid ERROR event arrives with its Status typed, unknown fields dropped', async () => {
  const line =
    '{"type":"ERROR","object":{"kind":"Status","code":410,"reason":"Expired","message":null,"extra":{}}}\n';
  const events = await firstValueFrom(
    answering(line).watch({ resourceVersion: '1' }).pipe(toArray()),
  );
  expect(events).toEqual([
    { type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired' } },
  ]);
});

test('a bookmark whose resourceVersion is not a string is a DecodeError', async () => {
  const line = '{"type":"BOOKMARK","object":{"metadata":{"resourceVersion":5}}}\n';
  const failure = await failureOf(
    firstValueFrom(answering(line).watch({ resourceVersion: '1' }).pipe(toArray())),
  );
  expect(failure).toBeInstanceOf(DecodeError);
  expect((failure as DecodeError).message).toContain('metadata.resourceVersion is not a string');
});
