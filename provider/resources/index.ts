// pulumi-collectors' Pulumi resources and look-up functions.

export { compareVersions, latest } from "./kinds/version";
export {
  type CollectorSettingsArgs,
  HostedCollector,
  type HostedCollectorArgs,
  InstalledCollector,
  type InstalledCollectorArgs,
} from "./program/collectors";
export * from "./program/functions";
export type { Adopt } from "./program/resource";
export * from "./program/sources";
export { ResourceError, type ResourceErrorCode } from "./steps/errors";
