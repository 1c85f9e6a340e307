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
 * A pod whose `spec` getter throws: no JSON object has one, so reading it (as freezing does)
 * fails. The informer skips such an object and reports it as an `ObjectError`; reporting the
 * failure describes any thrown value, so it stays an object's fault, never the pipeline's.
 */
export function defectivePod(name: string, rv: string): TestPod {
  const defective = pod(name, rv);
  Object.defineProperty(defective, 'spec', {
    enumerable: true,
    get: () => {
      throw new TypeError('defect');
    },
  });
  return defective;
}
