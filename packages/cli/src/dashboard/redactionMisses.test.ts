import { redactObject, redacted } from './redactObject.js';

// Every place a credential can sit in an object the dashboard serves: each row puts the same
// random-looking value somewhere, and the redacted copy must not hold it anywhere.

const secret = 'S3cr3t-Value-9f1c';

const container = (fields: Record<string, unknown>) => ({ name: 'app', image: 'app:1', ...fields });
const podSpec = (fields: Record<string, unknown>) => ({ containers: [container(fields)] });
const envOf = { env: [{ name: 'DB_PASSWORD', value: secret }] };
const probe = {
  httpGet: {
    path: '/healthz',
    port: 8080,
    httpHeaders: [{ name: 'Authorization', value: `Bearer ${secret}` }],
  },
};

const cases: Array<[string, object]> = [
  [
    'env in a PodTemplate (template.spec)',
    { kind: 'PodTemplate', template: { spec: podSpec(envOf) } },
  ],
  [
    'env in a ControllerRevision (data.spec.template.spec)',
    { kind: 'ControllerRevision', data: { spec: { template: { spec: podSpec(envOf) } } } },
  ],
  [
    "env in a CronJob's job template",
    { kind: 'CronJob', spec: { jobTemplate: { spec: { template: { spec: podSpec(envOf) } } } } },
  ],
  [
    'env in a custom resource with a nested pod template',
    { kind: 'Rollout', spec: { workload: { template: { spec: podSpec(envOf) } } } },
  ],
  ['a liveness probe header', { kind: 'Pod', spec: podSpec({ livenessProbe: probe }) }],
  ['a readiness probe header', { kind: 'Pod', spec: podSpec({ readinessProbe: probe }) }],
  ['a startup probe header', { kind: 'Pod', spec: podSpec({ startupProbe: probe }) }],
  ['a lifecycle hook header', { kind: 'Pod', spec: podSpec({ lifecycle: { preStop: probe } }) }],
  [
    'a lifecycle exec command',
    {
      kind: 'Pod',
      spec: podSpec({
        lifecycle: { postStart: { exec: { command: ['sh', '-c', `login --password ${secret}`] } } },
      }),
    },
  ],
  [
    'an exec probe command',
    {
      kind: 'Pod',
      spec: podSpec({ livenessProbe: { exec: { command: ['check', `--token=${secret}`] } } }),
    },
  ],
  ['--pass=', { kind: 'Pod', spec: podSpec({ args: [`--pass=${secret}`] }) }],
  [
    '--passphrase x (two items)',
    { kind: 'Pod', spec: podSpec({ args: ['--passphrase', secret] }) },
  ],
  [
    '--passphrase x (one shell string)',
    { kind: 'Pod', spec: podSpec({ command: ['sh', '-c', `gpg --passphrase ${secret} -d f`] }) },
  ],
  ['-pSECRET', { kind: 'Pod', spec: podSpec({ args: ['mysql', '-u', 'root', `-p${secret}`] }) }],
  [
    '-pSECRET in a shell string',
    { kind: 'Pod', spec: podSpec({ command: ['sh', '-c', `mysql -uroot -p${secret} shop`] }) },
  ],
  [
    'a quoted flag value',
    { kind: 'Pod', spec: podSpec({ command: ['sh', '-c', `run --password "x ${secret}"`] }) },
  ],
  [
    'user:password@ in a URL argument',
    { kind: 'Pod', spec: podSpec({ args: [`--db=postgres://app:${secret}@db:5432/shop`] }) },
  ],
  [
    'user:password@ in a URL annotation',
    {
      kind: 'Pod',
      metadata: {
        annotations: { 'example.com/upstream': `https://app:${secret}@git.example/x.git` },
      },
    },
  ],
  [
    'export DB_PASSWORD= in a shell string',
    { kind: 'Pod', spec: podSpec({ command: ['sh', '-c', `export DB_PASSWORD=${secret}; run`] }) },
  ],
  [
    'PGPASSWORD= before a command',
    { kind: 'Pod', spec: podSpec({ args: ['sh', '-c', `PGPASSWORD='${secret}' psql`] }) },
  ],
  [
    'Authorization: Bearer in a shell string',
    {
      kind: 'Pod',
      spec: podSpec({ command: ['sh', '-c', `curl -H "Authorization: Bearer ${secret}" x`] }),
    },
  ],
  [
    'kapp.k14s.io/original',
    {
      kind: 'Secret',
      metadata: {
        annotations: { 'kapp.k14s.io/original': JSON.stringify({ data: { p: secret } }) },
      },
    },
  ],
  [
    'objectset.rio.cattle.io/applied',
    { kind: 'Secret', metadata: { annotations: { 'objectset.rio.cattle.io/applied': secret } } },
  ],
  [
    'last-applied-configuration',
    {
      kind: 'Secret',
      metadata: {
        annotations: {
          'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify({
            stringData: { p: secret },
          }),
        },
      },
    },
  ],
  [
    'a JSON config in an annotation',
    {
      kind: 'Pod',
      metadata: {
        annotations: { 'example.com/config': JSON.stringify({ db: { password: secret } }) },
      },
    },
  ],
  [
    'annotations of a pod template',
    {
      kind: 'Deployment',
      spec: { template: { metadata: { annotations: { 'example.com/api-token': secret } } } },
    },
  ],
];

describe('redactObject finds every credential', () => {
  it.each(cases)('%s', (_name, object) => {
    const before = JSON.stringify(object);
    const copy = redactObject(object);
    expect(JSON.stringify(copy)).not.toContain(secret);
    expect(JSON.stringify(object)).toBe(before); // the cache's object is untouched
  });

  it('keeps what names no credential', () => {
    const pod = {
      kind: 'Pod',
      metadata: { annotations: { 'example.com/repo': 'https://git.example/x.git' } },
      spec: podSpec({
        args: ['-port', '8080', '-path=/data', '--profile', 'dev', 'http://host:8080/x'],
        livenessProbe: { exec: { command: ['cat', '/tmp/ready'] } },
      }),
    };
    expect(redactObject(pod)).toEqual(pod);
  });

  it(`replaces what it removes from strings with ${redacted}`, () => {
    const copy = redactObject({
      spec: podSpec({
        args: [`--db=postgres://app:${secret}@db/shop`, `-p${secret}`],
        livenessProbe: probe,
      }),
    }) as { spec: { containers: Array<Record<string, unknown>> } };
    const app = copy.spec.containers[0]!;
    expect(app['args']).toEqual([`--db=postgres://app:${redacted}@db/shop`, `-p${redacted}`]);
    expect(app['livenessProbe']).toEqual({
      httpGet: {
        path: '/healthz',
        port: 8080,
        httpHeaders: [{ name: 'Authorization', value: redacted }],
      },
    });
  });
});

describe('redactObject on the deepest objects the API server accepts', () => {
  it('copies and redacts an object nested 10,000 levels deep', () => {
    const root: Record<string, unknown> = { kind: 'Pod', metadata: { name: 'deep' } };
    let level = root;
    for (let i = 0; i < 10_000; i += 1) {
      const next: Record<string, unknown> = {};
      level['x'] = [next];
      level = next;
    }
    level['env'] = [{ name: 'TOKEN', value: secret }];
    const copy = redactObject(root);
    let reached: unknown = copy;
    for (let i = 0; i < 10_000; i += 1) reached = (reached as { x: unknown[] }).x[0];
    expect(reached).toEqual({ env: [{ name: 'TOKEN', value: redacted }] });
  });

  it("keeps a `__proto__` key as a field, not as the copy's prototype", () => {
    const object = JSON.parse('{"metadata":{"labels":{"__proto__":{"polluted":"yes"}}}}') as object;
    const copy = redactObject(object) as { metadata: { labels: Record<string, unknown> } };
    expect(Object.getPrototypeOf(copy.metadata.labels)).toBe(Object.prototype);
    expect(Object.keys(copy.metadata.labels)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
