import fc from 'fast-check';
import { redactRelayed } from './redactRelayed.js';
import { RedactingJsonStream } from './redactingJsonStream.js';

// Whatever JSON the API server sends and however its bytes are cut into chunks, the stream
// writes what redacting each whole value would give, or fails: it never passes on anything
// else.

/** Values shaped as the API server's: lists, Tables, watch events, objects, and anything. */
const anything = fc.jsonValue({ maxDepth: 4 });
const object = fc.dictionary(
  fc.constantFrom('metadata', 'spec', 'env', 'items', 'rows', 'x', 'kind'),
  anything,
);
const answer = fc.oneof(
  anything,
  object,
  fc.record({
    kind: fc.constantFrom('PodList', 'SecretList', 'List'),
    metadata: object,
    items: fc.array(object),
  }),
  fc.record({
    kind: fc.constant('Table'),
    columnDefinitions: fc.array(anything),
    rows: fc.array(fc.record({ cells: fc.array(anything), object })),
  }),
  fc.record({ type: fc.constantFrom('ADDED', 'MODIFIED'), object }),
);

/** The stream's output for the text cut at the given places. */
async function streamed(
  text: string,
  cuts: readonly number[],
): Promise<{ out: string; failed: boolean }> {
  const bytes = Buffer.from(text, 'utf8');
  const stream = new RedactingJsonStream({ secret: false });
  let out = '';
  let failed = false;
  stream.on('data', (chunk: Buffer | string) => (out += chunk.toString()));
  const ended = new Promise<void>((resolve) => {
    stream.on('end', resolve);
    stream.on('error', () => {
      failed = true;
      resolve();
    });
  });
  let from = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    stream.write(bytes.subarray(from, cut));
    from = cut;
  }
  stream.end(bytes.subarray(from));
  await ended;
  return { out, failed };
}

test('a sequence of values, cut anywhere, comes out as each value redacted, one a line', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(answer, { minLength: 1, maxLength: 3 }),
      fc.array(fc.nat(), { maxLength: 6 }),
      async (values, cuts) => {
        const text = values.map((value) => JSON.stringify(value)).join('\n');
        const { out, failed } = await streamed(text, cuts);
        expect(failed).toBe(false);
        const lines = out.split('\n').filter((line) => line !== '');
        // Compared as text: exactly what serializing each redacted value gives.
        expect(lines).toEqual(
          values.map((value) => JSON.stringify(redactRelayed(value, { secret: false }))),
        );
      },
    ),
    { numRuns: 300 },
  );
});
