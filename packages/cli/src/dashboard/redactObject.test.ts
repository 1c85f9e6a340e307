import { redactObject, redacted } from './redactObject.js';

describe('redactObject', () => {
  it("never keeps a Secret's data or stringData", () => {
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'db', namespace: 'shop' },
      type: 'Opaque',
      data: { password: 'aHVudGVyMg==' },
      stringData: { password: 'hunter2' },
    };
    expect(redactObject(secret)).toEqual({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'db', namespace: 'shop' },
      type: 'Opaque',
    });
    expect(secret.data).toEqual({ password: 'aHVudGVyMg==' }); // the cache's object is untouched
  });

  it("redacts env values in a workload's pod template and a CronJob's job template", () => {
    const env = [{ name: 'TOKEN', value: 'hunter2' }];
    const containers = [{ name: 'app', env }];
    const deployment = { kind: 'Deployment', spec: { template: { spec: { containers } } } };
    const cronJob = {
      kind: 'CronJob',
      spec: { jobTemplate: { spec: { template: { spec: { initContainers: containers } } } } },
    };
    expect(JSON.stringify([redactObject(deployment), redactObject(cronJob)])).not.toContain(
      'hunter2',
    );
    expect(JSON.stringify(redactObject(deployment))).toContain(`"value":"${redacted}"`);
  });
});

describe('redactObject and credentials outside env', () => {
  it('redacts the values of annotations whose key names a credential, whatever the case', () => {
    const pod = {
      metadata: {
        name: 'db',
        annotations: {
          'api-token': 'ANNOTATION-SECRET-TOKEN-XYZ',
          'example.com/DB_Password': 'p1',
          'vault.hashicorp.com/agent-inject-secret-db': 's1',
          'example.com/auth-header': 'Basic czM=',
          'example.com/credentials': 'c1',
          'example.com/ssh-key': 'k1',
          'example.com/passwd': 'p2',
          owner: 'team-a',
        },
      },
    };
    expect(redactObject(pod).metadata!['annotations']).toEqual({
      'api-token': redacted,
      'example.com/DB_Password': redacted,
      'vault.hashicorp.com/agent-inject-secret-db': redacted,
      'example.com/auth-header': redacted,
      'example.com/credentials': redacted,
      'example.com/ssh-key': redacted,
      'example.com/passwd': redacted,
      owner: 'team-a',
    });
  });

  it('redacts the values of credential flags in command and args, in every container list', () => {
    const container = {
      name: 'app',
      command: ['sh', '-c', 'mysql -u app --password hunter1 -h db && run --api-key=hunter2'],
      args: [
        '--password=ARGS-SECRET-PW',
        '-token',
        'hunter3',
        '--client-secret',
        'hunter4',
        '--verbose',
        '--port=8080',
        '-v',
        '3',
        '--Auth-Header=Bearer',
        7,
      ],
    };
    const pod = { spec: { containers: [container], initContainers: [container] } };
    const copy = redactObject(pod) as { spec: Record<string, Array<Record<string, unknown>>> };
    const expected = {
      name: 'app',
      command: [
        'sh',
        '-c',
        `mysql -u app --password ${redacted} -h db && run --api-key=${redacted}`,
      ],
      args: [
        `--password=${redacted}`,
        '-token',
        redacted,
        '--client-secret',
        redacted,
        '--verbose',
        '--port=8080',
        '-v',
        '3',
        `--Auth-Header=${redacted}`,
        7,
      ],
    };
    expect(copy.spec['containers']).toEqual([expected]);
    expect(copy.spec['initContainers']).toEqual([expected]);
    expect(container.args[0]).toBe('--password=ARGS-SECRET-PW'); // the cache's object is untouched
  });

  it("drops a Secret's data when told it is one, though it has no kind (a list item)", () => {
    const item = { metadata: { name: 'db' }, type: 'Opaque', data: { p: 'aHVudGVyMg==' } };
    expect(redactObject(item, { secret: true })).toEqual({
      metadata: { name: 'db' },
      type: 'Opaque',
    });
  });
});
