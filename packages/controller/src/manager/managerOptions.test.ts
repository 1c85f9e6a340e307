import { KubeConfig } from '@kubernetes/client-node';
import { ManagerConfigError } from './errors.js';
import { manager } from './manager.js';
import type { ManagerOptions } from './managerOptions.js';
import { signalsOf } from './managerOptions.js';

const kubeConfig = new KubeConfig();

test.each<[string, Partial<ManagerOptions>]>([
  ['http.port', { http: { port: 70_000 } }],
  ['http.port', { http: { port: 1.5 } }],
  ['gracefulShutdownTimeout', { gracefulShutdownTimeout: -1 }],
  ['gracefulShutdownTimeout', { gracefulShutdownTimeout: Number.NaN }],
  ['kubeConfig', { kubeConfig: undefined as unknown as KubeConfig }],
])('%s that cannot work is a ManagerConfigError naming it', (option, options) => {
  let error: unknown;
  try {
    manager({ kubeConfig, ...options });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ManagerConfigError);
  expect(error).toMatchObject({ option });
});

test('stopOnSignals: true means SIGTERM and SIGINT; a list is taken as it is', () => {
  expect(signalsOf(true)).toEqual(['SIGTERM', 'SIGINT']);
  expect(signalsOf(undefined)).toEqual([]);
  expect(signalsOf(false)).toEqual([]);
  expect(signalsOf(['SIGHUP'])).toEqual(['SIGHUP']);
});
