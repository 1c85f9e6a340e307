/**
 * `@rxkube/reliability`: fault-injection convergence, soak and leak suites for rxkube's
 * informers, run against the fake API server of `@rxkube/testing`.
 */
export { describeFault, faultTypes, planFaults } from './faults/faultPlan.js';
export type { FaultStep, FaultType } from './faults/faultPlan.js';
export { injectFault } from './faults/faultDriver.js';
export type { ClientObservation, FaultExpectation } from './faults/faultDriver.js';
export { ciScenario, runScenario } from './scenario/runScenario.js';
export type { ScenarioOptions, ScenarioResult } from './scenario/runScenario.js';
export type { ClientUnderTest } from './scenario/clientUnderTest.js';
export { startRxkube } from './scenario/rxkubeClient.js';
export { startClientNode } from './scenario/clientNodeClient.js';
export { variants } from './scenario/variants.js';
export type { InformerVariant } from './scenario/variants.js';
export { EventLog, diffStates, replay } from './scenario/eventLog.js';
export type { CacheState, LoggedEvent, Replay } from './scenario/eventLog.js';
export { runChaos, seedLine } from './chaos/chaosRun.js';
export type { ChaosOptions, ChaosSummary, StartClient } from './chaos/chaosRun.js';
export { shrink } from './chaos/shrink.js';
export { compareClientNode } from './chaos/clientNodeComparison.js';
