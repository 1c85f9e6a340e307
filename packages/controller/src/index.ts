/**
 * `@rxkube/controller`: building blocks for Kubernetes operators as Observables. Lease-based
 * leader election (client-go's `tools/leaderelection`), so that several replicas of an operator
 * can run for availability while one of them does the work.
 */
export { LeaderElector } from './leaderelection/leaderElector.js';
export { leaderElection } from './leaderelection/leaderElection.js';
export { whileLeader } from './leaderelection/whileLeader.js';
export type { LeadershipSource } from './leaderelection/whileLeader.js';
export { jitterFactor } from './leaderelection/leaderElectionOptions.js';
export type {
  LeaderElectionOptions,
  LeaseLockRef,
} from './leaderelection/leaderElectionOptions.js';
export type {
  LeadershipLoss,
  LeadershipLossReason,
  LeadershipState,
} from './leaderelection/leadershipState.js';
export type { LeaseApi, LeaseApiSource } from './leaderelection/leaseApi.js';
export { LeaderElectionConfigError, LeaseApiError } from './leaderelection/errors.js';
export type { LeaseVerb } from './leaderelection/errors.js';
