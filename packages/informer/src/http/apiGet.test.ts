import { ApiError } from '../errors.js';
import { apiGet, maxErrorBodyBytes, type FetchResponseLike } from './apiGet.js';

const request = {
  path: '/api/v1/pods',
  query: new URLSearchParams(),
  signal: new AbortController().signal,
  verb: 'watch' as const,
  context: { resource: 'pods', resourceVersion: '1' },
};

/** An answer with `status` whose body is `chunks` chunks of 64 KiB; counts what is pulled. */
function answer(status: number, chunks: number, first = '') {
  const read = { bytes: 0, released: false };
  const response: FetchResponseLike = {
    status,
    headers: { get: () => null },
    text: () => Promise.reject(new Error('the whole body must not be read')),
    body: (async function* () {
      try {
        if (first !== '') {
          read.bytes += first.length;
          yield first;
        }
        for (let i = 0; i < chunks; i++) {
          read.bytes += 65_536;
          yield new Uint8Array(65_536).fill(0x61);
        }
      } finally {
        read.released = true;
      }
    })(),
  };
  return { response, read };
}

test('an error answer is read up to a bound, then released: a huge body costs no memory', async () => {
  // 200 MiB of error body, as a misbehaving server or proxy could send.
  const { response, read } = answer(500, 3200);
  const error = await apiGet(async () => response, request).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).code).toBe(500);
  expect(read.bytes).toBeLessThanOrEqual(maxErrorBodyBytes + 65_536);
  expect(read.released).toBe(true);
});

test("an error answer's Status is still parsed, and a body that is no Status is quoted in part", async () => {
  const status = JSON.stringify({
    kind: 'Status',
    apiVersion: 'v1',
    status: 'Failure',
    reason: 'Expired',
    message: 'too old resource version',
    code: 410,
  });
  const expired = await apiGet(async () => answer(410, 0, status).response, request).catch(
    (e: unknown) => e,
  );
  expect((expired as ApiError).status).toMatchObject({ reason: 'Expired', code: 410 });

  const html = await apiGet(
    async () => answer(502, 0, '<html>bad gateway</html>').response,
    request,
  ).catch((e: unknown) => e);
  expect((html as ApiError).message).toContain('<html>bad gateway</html>');
});

test('a Status too long to read whole still gives its message, cut, with the escapes decoded', async () => {
  const message = `pods is forbidden: User "\u001b]0;owned\u0007${'x'.repeat(1_000_000)}"`;
  const status = JSON.stringify({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason: 'Forbidden',
    code: 403,
  });
  const error = await apiGet(async () => answer(403, 0, status).response, request).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { status: parsed } = error as ApiError;
  expect(parsed?.message?.startsWith('pods is forbidden: User "\u001b]0;owned\u0007xxx')).toBe(
    true,
  );
  expect(parsed?.message?.length).toBeLessThan(maxErrorBodyBytes);
  expect(parsed?.message?.length).toBeGreaterThan(maxErrorBodyBytes - 200);
});
