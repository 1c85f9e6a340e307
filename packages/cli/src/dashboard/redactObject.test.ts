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
