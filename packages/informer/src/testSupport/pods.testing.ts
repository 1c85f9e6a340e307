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
