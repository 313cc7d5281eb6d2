// pulumi-collectors' Pulumi resources and look-up functions.

export { HostedCollector, type HostedCollectorArgs } from "./collectors/hostedCollector";
export type { Adopt } from "./core/adopt";
export * from "./fleetFunctions";
export * from "./functions";
export {
  InstalledCollector,
  type InstalledCollectorArgs,
} from "./installed/installedCollector";
export { compareVersions, latest } from "./installed/version";
export type { DateFormat, SourceCommonArgs, SourceFilter } from "./sources/base";
export { CloudSyslogSource, type CloudSyslogSourceArgs } from "./sources/cloudSyslogSource";
export { DockerLogSource, type DockerLogSourceArgs } from "./sources/dockerLogSource";
export { HttpSource, type HttpSourceArgs } from "./sources/httpSource";
export { LocalFileSource, type LocalFileSourceArgs } from "./sources/localFileSource";
export { RemoteFileSource, type RemoteFileSourceArgs } from "./sources/remoteFileSource";
export { ScriptSource, type ScriptSourceArgs } from "./sources/scriptSource";
export { Source, type SourceArgs } from "./sources/source";
export { SyslogSource, type SyslogSourceArgs } from "./sources/syslogSource";
export { SystemStatsSource, type SystemStatsSourceArgs } from "./sources/systemStatsSource";
