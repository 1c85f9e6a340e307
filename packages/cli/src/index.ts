/**
 * `@rxkube/cli`: the `rxkube` command, and the parts it is made of for programs that want them:
 * the embedded simulated cluster and the dashboard server.
 */
export { main } from './cli/main.js';
export type { CommandIo } from './commands/commandIo.js';
export { ExitCode } from './errors/exitCodes.js';
export type { ExitCodeValue } from './errors/exitCodes.js';
export { CliError } from './errors/cliError.js';
export { startSimulatedCluster } from './cluster/simulatedCluster.js';
export type { SimulatedCluster, SimulatedClusterOptions } from './cluster/simulatedCluster.js';
export { ClusterSimulation } from './cluster/clusterSimulation.js';
export type { ClusterSimulationOptions } from './cluster/clusterSimulation.js';
export { startDashboardServer } from './dashboard/dashboardServer.js';
export type {
  DashboardServer,
  DashboardServerOptions,
  DashboardStats,
} from './dashboard/dashboardServer.js';
export { ResourceFeed } from './dashboard/resourceFeed.js';
export type { ResourceFeedOptions, FeedStart } from './dashboard/resourceFeed.js';
export { projectPod, projectMetadata } from './dashboard/feedProjection.js';
export type { FeedProjection } from './dashboard/feedProjection.js';
export { redactObject } from './dashboard/redactObject.js';
export { AccessToken } from './dashboard/accessToken.js';
export { HostPolicy } from './dashboard/hostPolicy.js';
export type { SseStreamOptions, SseBacklog } from './dashboard/sseStream.js';
export type { FeedMessage, FeedObject, DashboardInfo } from './dashboard/feedProtocol.js';
export { TrackedInformers } from './informers/trackedInformers.js';
export type { InformerStatus } from './status/informerStatus.js';
