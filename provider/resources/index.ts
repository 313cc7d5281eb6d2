// pulumi-collectors' Pulumi resources and look-up functions.

export { ResourceError, type ResourceErrorCode } from "./kinds/errors";
export { compareVersions, latest } from "./kinds/version";
export {
  type CollectorSettingsArgs,
  HostedCollector,
  type HostedCollectorArgs,
  InstalledCollector,
  type InstalledCollectorArgs,
} from "./program/collectors";
export * from "./program/functions";
export {
  OtCollector,
  type OtCollectorArgs,
  SourceTemplate,
  type SourceTemplateArgs,
} from "./program/ot";
export type { Adopt } from "./program/resource";
export * from "./program/sources";
