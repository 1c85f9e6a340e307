/** A minimal pod for tests (a type alias, so it fits index-signature parameters). */
export type TestPod = {
  apiVersion?: string;
  kind?: string;
  metadata: {
    name: string;
    namespace?: string;
    resourceVersion?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: { nodeName?: string };
  status?: { phase?: string };
};

/** A pod named `name` in `default` at resource version `rv`. */
export function pod(name: string, rv: string, extra: Partial<TestPod> = {}): TestPod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    ...extra,
    metadata: { name, namespace: 'default', resourceVersion: rv, ...extra.metadata },
  };
}

/**
 * A pod whose `spec` getter throws a value that cannot even be described (turning it into text
 * throws): no JSON object has one, so reading it (as freezing does) fails, and so does
 * reporting that failure, where nothing expects a failure, like a defect in the informer's own
 * code. (A getter that throws an ordinary error makes an object that cannot be frozen, which
 * the informer skips and reports.)
 */
export function defectivePod(name: string, rv: string): TestPod {
  const defective = pod(name, rv);
  const indescribable = {
    toString: (): string => {
      throw new TypeError('defect');
    },
  };
  Object.defineProperty(defective, 'spec', {
    enumerable: true,
    get: () => {
      throw indescribable;
    },
  });
  return defective;
}
