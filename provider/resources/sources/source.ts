// Source: any source type the service knows, by its sourceType. The types this package models
// have their fields typed here (and checked); anything else goes through `passthrough`.
import type * as pulumi from "@pulumi/pulumi";
import { genericSourceShape, type SourceCommonArgs, SourceResource } from "./base";

type In<T> = pulumi.Input<T>;
type List<T> = pulumi.Input<pulumi.Input<T>[]>;

export interface SourceArgs extends SourceCommonArgs {
  /** The API's sourceType, e.g. "LocalFile", "Polling"; changing it replaces the source. */
  sourceType: In<string>;
  // HTTP
  messagePerRequest?: In<boolean>;
  // LocalFile, RemoteFileV2 (a string for Windows event logs)
  pathExpression?: In<string>;
  denylist?: List<string> | In<string>;
  encoding?: In<string>;
  // RemoteFileV2, RemoteWindowsPerfMon
  remoteHosts?: List<string>;
  remotePort?: In<number>;
  remoteUser?: In<string>;
  authMethod?: In<"password" | "key">;
  /** Secret. */
  remotePassword?: In<string>;
  keyPath?: In<string>;
  /** Secret. */
  keyPassword?: In<string>;
  // LocalWindowsEventLog, RemoteWindowsEventLog
  logNames?: List<string>;
  renderMessages?: In<boolean>;
  eventFormat?: In<number>;
  eventMessage?: In<number>;
  allowlist?: In<string> | List<string>;
  domain?: In<string>;
  username?: In<string>;
  /** Secret. */
  password?: In<string>;
  hosts?: List<string>;
  // LocalWindowsPerfMon, RemoteWindowsPerfMon
  wmiQueries?: List<{ name: In<string>; query: In<string> }>;
  // ActiveDirectory
  nameSuffixes?: List<string>;
  filter?: In<string>;
  additionalAttr?: In<string> | List<string>;
  excludedAttr?: In<string> | List<string>;
  // SystemStats, ActiveDirectory: milliseconds
  interval?: In<number>;
  // Syslog, StreamingMetrics
  protocol?: In<"UDP" | "TCP">;
  port?: In<number>;
  // Script
  commands?: List<string>;
  file?: In<string>;
  workingDir?: In<string>;
  timeout?: In<number>;
  script?: In<string>;
  cronExpression?: In<string>;
  // DockerLog, DockerStats
  uri?: In<string>;
  allContainers?: In<boolean>;
  specifiedContainers?: List<string>;
  certPath?: In<string>;
  collectEvents?: In<boolean>;
  pollInterval?: In<number>;
  // SystemStats, DockerStats
  metrics?: List<string>;
  // Polling, StreamingMetrics
  contentType?: In<string>;
  scanInterval?: In<number>;
  paused?: In<boolean>;
  /** Polling sources: bucket, path and authentication. Secret. */
  thirdPartyRef?: In<Record<string, unknown>>;
  /** Fields of the source type this package does not model, sent as they are. Secret. */
  passthrough?: In<Record<string, unknown>>;
}

const SHAPE = genericSourceShape("Source");

export class Source extends SourceResource {
  /** HTTP sources: the endpoint (secret). */
  declare readonly url: pulumi.Output<string | undefined>;
  /** Cloudsyslog sources: the token (secret). */
  declare readonly token: pulumi.Output<string | undefined>;
  /** The type-specific fields the program set, by name, as last read. */
  declare readonly passthrough: pulumi.Output<Record<string, unknown> | undefined>;
  declare readonly pathExpression: pulumi.Output<string | undefined>;
  declare readonly messagePerRequest: pulumi.Output<boolean | undefined>;
  declare readonly interval: pulumi.Output<number | undefined>;
  declare readonly metrics: pulumi.Output<string[] | undefined>;
  declare readonly contentType: pulumi.Output<string | undefined>;
  declare readonly protocol: pulumi.Output<string | undefined>;
  declare readonly port: pulumi.Output<number | undefined>;

  constructor(name: string, args: SourceArgs, opts?: pulumi.CustomResourceOptions) {
    super(SHAPE, name, args, opts);
  }
}
