import { redacted } from '../dashboard/redactObject.js';
import { RedactingJsonStream } from './redactingJsonStream.js';

const secret = 'env-S3cret-value';
const pod = (name: string) => ({
  metadata: { name, annotations: { 'kubectl.kubernetes.io/last-applied-configuration': secret } },
  spec: { containers: [{ name: 'app', env: [{ name: 'P', value: secret }] }] },
});

/** A stream fed the chunks, and what it wrote after each; its failure, if any. */
function run(chunks: readonly string[], secretResource = false) {
  const stream = new RedactingJsonStream({ secret: secretResource, maxValueBytes: 4096 });
  const after: string[] = [];
  let text = '';
  let failure: Error | undefined;
  stream.on('data', (chunk: Buffer | string) => (text += chunk.toString()));
  stream.on('error', (err: Error) => (failure = err));
  for (const chunk of chunks) {
    stream.write(Buffer.from(chunk, 'utf8'));
    after.push(text);
  }
  const ended = new Promise<void>((resolve) => {
    stream.on('end', resolve);
    stream.on('error', () => resolve());
  });
  stream.end();
  return { after, text: () => text, failure: () => failure, ended };
}

function bytes(text: string): string[] {
  return [...Buffer.from(text, 'utf8')].map((b) => String.fromCharCode(b));
}

describe('RedactingJsonStream', () => {
  it('redacts a list item by item, the same whatever the chunks', () => {
    const list = JSON.stringify({
      kind: 'PodList',
      apiVersion: 'v1',
      metadata: { resourceVersion: '7' },
      items: [pod('a'), pod('b')],
    });
    const whole = run([list]).text();
    expect(whole).not.toContain(secret);
    const parsed = JSON.parse(whole) as {
      items: Array<{ spec: { containers: Array<{ env: unknown }> } }>;
    };
    expect(parsed.items.map((item) => item.spec.containers[0]!.env)).toEqual([
      [{ name: 'P', value: redacted }],
      [{ name: 'P', value: redacted }],
    ]);
    expect(run(bytes(list)).text()).toBe(whole);
  });

  it('passes a list item on when it completes, before the list ends', () => {
    const head = '{"kind":"PodList","metadata":{},"items":[';
    const { after } = run([head, JSON.stringify(pod('a')), ',', JSON.stringify(pod('b')), ']}']);
    expect(after[2]).toContain('"name":"a"');
    expect(after[2]).not.toContain('"name":"b"');
    expect(after[4]).toContain('"name":"b"');
  });

  it('passes each watch event on when its line completes', () => {
    const event = (name: string) => `${JSON.stringify({ type: 'ADDED', object: pod(name) })}\n`;
    const { after, text } = run([event('a'), event('b')]);
    expect(after[0]).toContain('"name":"a"');
    expect(after[0]!.endsWith('\n')).toBe(true);
    expect(text()).not.toContain(secret);
    expect(
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).type),
    ).toEqual(['ADDED', 'ADDED']);
  });

  it("redacts a Table's row objects, and a SecretList's data", () => {
    const table = JSON.stringify({
      kind: 'Table',
      columnDefinitions: [],
      rows: [{ cells: ['a'], object: pod('a') }],
    });
    const secrets = JSON.stringify({
      kind: 'SecretList',
      items: [{ metadata: { name: 's' }, data: { p: secret } }],
    });
    expect(run([table]).text()).not.toContain(secret);
    expect(run([table]).text()).toContain('"cells":["a"]');
    expect(run([secrets]).text()).not.toContain(secret);
    expect(
      run([JSON.stringify({ items: [{ data: { p: secret } }], kind: 'List' })], true).text(),
    ).not.toContain(secret);
  });

  it('redacts an object nested 10,000 levels deep', () => {
    let inner = `{"env":[{"name":"P","value":"${secret}"}]}`;
    for (let i = 0; i < 10_000; i += 1) inner = `{"x":${inner}}`;
    const stream = new RedactingJsonStream({ secret: false });
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    stream.end(Buffer.from(`{"type":"ADDED","object":${inner}}\n`));
    expect(text).toContain(`"value":"${redacted}"`);
    expect(text).not.toContain(secret);
  });

  it('fails, passing nothing on, on what is not JSON or is over the bound', async () => {
    const html = run(['<html><script>alert(1)</script></html>']);
    await html.ended;
    expect(html.failure()).toBeInstanceOf(Error);
    expect(html.text()).toBe('');
    const huge = run([`{"kind":"Pod","big":"${'x'.repeat(5000)}"}`]);
    await huge.ended;
    expect(huge.failure()?.message).toContain('over 4096 bytes');
    expect(huge.text()).toBe('');
  });
});

describe('RedactingJsonStream on lists no API server sends', () => {
  const data = { b: 'U2VjcmV0LWRhdGE=' };
  const secretObject = { kind: 'Secret', data };
  const text = (...fields: string[]) => `{${fields.join(',')}}`;
  const field = (name: string, value: unknown) =>
    `${JSON.stringify(name)}:${JSON.stringify(value)}`;

  it.each([
    [
      'items twice',
      text(field('kind', 'PodList'), field('items', []), field('items', [secretObject])),
    ],
    [
      "a SecretList's items twice, without kinds",
      text(field('kind', 'SecretList'), field('items', [{ data }]), field('items', [{ data }])),
    ],
    [
      'items twice, the second no list',
      text(field('kind', 'SecretList'), field('items', []), field('items', { x: { data } })),
    ],
    [
      'rows twice',
      text(field('kind', 'Table'), field('rows', []), field('rows', [{ object: secretObject }])),
    ],
    [
      'rows after items',
      text(field('kind', 'PodList'), field('items', []), field('rows', [{ object: secretObject }])),
    ],
    [
      'a Secret in a list in a list',
      text(field('kind', 'List'), field('items', [{ kind: 'List', items: [secretObject] }])),
    ],
    [
      'a Secret in a list in an event',
      JSON.stringify({ type: 'ADDED', object: { kind: 'List', items: [secretObject] } }),
    ],
  ])('never relays the data of a Secret in %s', async (_name, answer) => {
    for (const chunks of [[answer], bytes(answer)]) {
      const stream = run(chunks);
      await stream.ended;
      expect(stream.failure()).toBeUndefined();
      expect(stream.text()).not.toContain(data.b);
      expect(() => JSON.parse(stream.text())).not.toThrow();
    }
  });
});
