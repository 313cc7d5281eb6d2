// The source resources: Source (any source type the service knows, by its sourceType, with every
// field this package models typed and checked, and anything else through `passthrough`) and a
// typed class per source type. Args and outputs come from the table (kinds/source-*.ts); a typed
// class is a few lines.
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { FieldSpecs } from "../kinds/fields";
import { GENERIC_OUTPUTS, GENERIC_SPECS } from "../kinds/generic-source";
import {
  COMMON_FIELDS,
  type dateFormatSchema,
  type filterSchema,
  SECRET_COMPUTED,
  TYPE_FIELDS,
} from "../kinds/source-fields";
import { SOURCE_ENTRIES, typedSpecs } from "../kinds/source-kinds";
import type { SourceType } from "../kinds/source-type";
import {
  type Adopt,
  type ArgsOf,
  CollectorsResource,
  type Members,
  type OutputsOf,
  type ResourceShape,
  secretFields,
  withOutputs,
} from "./resource";

export type SourceFilter = Members<z.input<typeof filterSchema>>;
export type DateFormat = Members<z.input<typeof dateFormatSchema>>;

type Common = typeof COMMON_FIELDS;
/** Every table entry: base types by sourceType, variants (S3Source, …) by contentType. */
type Types = typeof SOURCE_ENTRIES;
type TypeFields = typeof TYPE_FIELDS;

/** The args every source type takes. */
export type SourceCommonArgs = ArgsOf<Common> & SourceControlArgs;

/** The args of every source besides its fields. */
interface SourceControlArgs {
  /** The collector the source belongs to (a Hosted one, or an Installed one in UI mode). */
  collectorId: pulumi.Input<number | string>;
  /** Take over an existing source of the collector instead of creating one. */
  adopt?: pulumi.Input<Adopt>;
}

/** The common fields type T takes (all, unless its entry lists them: Universal only name). */
type CommonOf<T extends keyof Types> = Types[T] extends {
  common: readonly (infer C extends keyof Common)[];
}
  ? Pick<Common, C>
  : Common;

/** The fields of the type named T: its own, from the table, with the type's own specs of them. */
type OwnSpecs<T extends keyof Types> = Types[T] extends { own: infer O extends object }
  ? O
  : Record<never, never>;
type OwnFields<T extends keyof Types> = Omit<
  Pick<TypeFields, Types[T]["fields"][number]>,
  keyof OwnSpecs<T>
> &
  OwnSpecs<T>;
type RequiredOf<T extends keyof Types> = keyof Types[T]["required"];
/** The server-set outputs of a type (url, token), always set. */
type ServerSet<T extends keyof Types> = {
  readonly [K in Types[T] extends { computed: readonly (infer C extends string)[] }
    ? C
    : never]: pulumi.Output<string>;
};

/** The other server-set outputs of a type, with their shape. */
type PlainServerSet<T extends keyof Types> = Types[T] extends {
  outputs: infer O extends Record<string, z.ZodType>;
}
  ? { readonly [K in keyof O]: pulumi.Output<z.output<O[K]> | undefined> }
  : Record<never, never>;

/** The args of the typed class of source type T. */
export type SourceArgsOf<T extends keyof Types> = SourceControlArgs &
  ArgsOf<CommonOf<T>> &
  ArgsOf<OwnFields<T>, RequiredOf<T>>;

/** The outputs every source resource has. */
export interface SourceOutputs extends OutputsOf<Omit<Common, "name">> {
  readonly collectorId: pulumi.Output<number>;
  readonly sourceType: pulumi.Output<string>;
  readonly name: pulumi.Output<string>;
  readonly adopt: pulumi.Output<{ id?: number | string; name?: string } | undefined>;
}

/** The shape of a source class: common and own fields, server-assigned outputs, secrets. */
function shape(
  kind: string,
  own: readonly string[],
  computed: readonly string[],
  plainOutputs: readonly string[] = [],
  specs: FieldSpecs = GENERIC_SPECS,
): ResourceShape {
  const secrets = secretFields(specs, own);
  return {
    kind,
    fields: [...Object.keys(COMMON_FIELDS), ...own, "adopt"],
    outputs: ["collectorId", "sourceType", ...computed, ...plainOutputs, "etag", "unmanaged"],
    secretInputs: secrets,
    // `unmanaged` may hold credentials of fields this package does not model.
    secretOutputs: [...secrets, ...computed, "unmanaged"],
  };
}

type Constructor<A, O> = new (
  name: string,
  args: A,
  opts?: pulumi.CustomResourceOptions,
) => CollectorsResource & SourceOutputs & O;

/** The source types whose table entry names a typed class. */
type Typed = { [N in keyof Types]: Types[N] extends { kind: string } ? N : never }[keyof Types];

/** The base of the typed source class of source type T (its table entry names the class). */
export function typedSource<T extends Typed>(
  sourceType: T,
): Constructor<
  SourceArgsOf<T>,
  OutputsOf<OwnFields<T>, RequiredOf<T>> & ServerSet<T> & PlainServerSet<T>
> {
  const type: SourceType = SOURCE_ENTRIES[sourceType];
  const specs = typedSpecs(type);
  const resourceShape = shape(
    type.kind as string,
    Object.keys(specs).filter((key) => !Object.hasOwn(COMMON_FIELDS, key)),
    type.computed ?? [],
    Object.keys(type.outputs ?? {}),
    specs,
  );
  class TypedSource extends CollectorsResource {
    constructor(name: string, args: SourceArgsOf<T>, opts?: pulumi.CustomResourceOptions) {
      super(resourceShape, name, args, opts);
    }
  }
  return TypedSource as never;
}

/** The args of Source: sourceType, every field this package models, and the pass-through. */
export type SourceArgs = SourceCommonArgs &
  ArgsOf<TypeFields> & {
    /** The API's sourceType, e.g. "LocalFile", "Polling"; changing it replaces the source. */
    sourceType: pulumi.Input<string>;
    /** Fields of the source type this package does not model, sent as they are. Secret. */
    passthrough?: pulumi.Input<Record<string, unknown>>;
  };

const GENERIC = shape(
  "Source",
  [...Object.keys(TYPE_FIELDS), "passthrough"],
  SECRET_COMPUTED,
  Object.keys(GENERIC_OUTPUTS),
);

export class Source extends withOutputs<SourceOutputs & OutputsOf<TypeFields>>() {
  /** HTTP sources: the endpoint (secret). */
  declare readonly url: pulumi.Output<string | undefined>;
  /** Cloudsyslog sources, and plain, Zipkin, Otlp and KinesisLog HTTP ones: the token (secret). */
  declare readonly token: pulumi.Output<string | undefined>;
  /** Plain, Zipkin, Otlp and KinesisLog HTTP sources: where to send data with the token. */
  declare readonly baseUrl: pulumi.Output<string | undefined>;
  /** The type-specific fields the program set, by name, as last read. */
  declare readonly passthrough: pulumi.Output<Record<string, unknown> | undefined>;

  constructor(name: string, args: SourceArgs, opts?: pulumi.CustomResourceOptions) {
    super(GENERIC, name, args, opts);
  }
}

// The typed sources: one line each, the args and outputs from the table.

/**
 * An HTTP endpoint on a Hosted Collector; its URL holds a code and is a secret, and so is its
 * `token` (send it as the `x-sumo-token` header to `baseUrl` instead of using the URL).
 */
export class HttpSource extends typedSource("HTTP") {}
export type HttpSourceArgs = SourceArgsOf<"HTTP">;

/** Syslog over TLS to a Hosted Collector; its token is a secret. */
export class CloudSyslogSource extends typedSource("Cloudsyslog") {}
export type CloudSyslogSourceArgs = SourceArgsOf<"Cloudsyslog">;

/** Files on the host of an Installed Collector. */
export class LocalFileSource extends typedSource("LocalFile") {}
export type LocalFileSourceArgs = SourceArgsOf<"LocalFile">;

/** Files read over SSH by an Installed Collector (RemoteFileV2). */
export class RemoteFileSource extends typedSource("RemoteFileV2") {}
export type RemoteFileSourceArgs = SourceArgsOf<"RemoteFileV2">;

/** Syslog received by an Installed Collector on a port. */
export class SyslogSource extends typedSource("Syslog") {}
export type SyslogSourceArgs = SourceArgsOf<"Syslog">;

/** A script an Installed Collector runs on a schedule. */
export class ScriptSource extends typedSource("Script") {}
export type ScriptSourceArgs = SourceArgsOf<"Script">;

/** Host metrics (CPU, memory, disk, network) from an Installed Collector. */
export class SystemStatsSource extends typedSource("SystemStats") {}
export type SystemStatsSourceArgs = SourceArgsOf<"SystemStats">;

/** Container logs from the Docker engine on an Installed Collector's host. */
export class DockerLogSource extends typedSource("DockerLog") {}
export type DockerLogSourceArgs = SourceArgsOf<"DockerLog">;

/** Container metrics (CPU, memory, network, I/O) from the Docker engine on an Installed Collector's host. */
export class DockerStatsSource extends typedSource("DockerStats") {}
export type DockerStatsSourceArgs = SourceArgsOf<"DockerStats">;

/** Metrics pushed to an Installed Collector in Graphite, Carbon2 or Prometheus plaintext. */
export class StreamingMetricsSource extends typedSource("StreamingMetrics") {}
export type StreamingMetricsSourceArgs = SourceArgsOf<"StreamingMetrics">;

/** Windows event logs (Security, Application, …) of an Installed Collector's own host. */
export class WindowsEventLogSource extends typedSource("LocalWindowsEventLog") {}
export type WindowsEventLogSourceArgs = SourceArgsOf<"LocalWindowsEventLog">;

/** Windows event logs read from other hosts of the domain by an Installed Collector. */
export class RemoteWindowsEventLogSource extends typedSource("RemoteWindowsEventLog") {}
export type RemoteWindowsEventLogSourceArgs = SourceArgsOf<"RemoteWindowsEventLog">;

/** Windows performance counters (WMI queries) of an Installed Collector's own host. */
export class WindowsPerfMonSource extends typedSource("LocalWindowsPerfMon") {}
export type WindowsPerfMonSourceArgs = SourceArgsOf<"LocalWindowsPerfMon">;

/** Windows performance counters (WMI queries) of other hosts, read by an Installed Collector. */
export class RemoteWindowsPerfMonSource extends typedSource("RemoteWindowsPerfMon") {}
export type RemoteWindowsPerfMonSourceArgs = SourceArgsOf<"RemoteWindowsPerfMon">;

/** Active Directory objects (LDAP) scanned by an Installed Collector on Windows. */
export class ActiveDirectorySource extends typedSource("ActiveDirectory") {}
export type ActiveDirectorySourceArgs = SourceArgsOf<"ActiveDirectory">;

/** A Cloud-to-Cloud integration (Universal): `schemaRef` names it, `config` holds its settings. */
export class CloudToCloudSource extends typedSource("Universal") {}
export type CloudToCloudSourceArgs = SourceArgsOf<"Universal">;

// Polling (Hosted): one class per contentType, with its typed thirdPartyRef.

/** Objects of an S3 bucket (Polling AwsS3Bucket). */
export class S3Source extends typedSource("AwsS3Bucket") {}
export type S3SourceArgs = SourceArgsOf<"AwsS3Bucket">;

/** Elastic Load Balancing access logs in S3 (Polling AwsElbBucket). */
export class ElbSource extends typedSource("AwsElbBucket") {}
export type ElbSourceArgs = SourceArgsOf<"AwsElbBucket">;

/** CloudFront access logs in S3 (Polling AwsCloudFrontBucket). */
export class CloudFrontSource extends typedSource("AwsCloudFrontBucket") {}
export type CloudFrontSourceArgs = SourceArgsOf<"AwsCloudFrontBucket">;

/** CloudTrail logs in S3 (Polling AwsCloudTrailBucket). */
export class CloudTrailSource extends typedSource("AwsCloudTrailBucket") {}
export type CloudTrailSourceArgs = SourceArgsOf<"AwsCloudTrailBucket">;

/** S3 server access logs (Polling AwsS3AuditBucket). */
export class S3AuditSource extends typedSource("AwsS3AuditBucket") {}
export type S3AuditSourceArgs = SourceArgsOf<"AwsS3AuditBucket">;

/** A bucket of data archived by the service, read back (Polling AwsS3ArchiveBucket). */
export class S3ArchiveSource extends typedSource("AwsS3ArchiveBucket") {}
export type S3ArchiveSourceArgs = SourceArgsOf<"AwsS3ArchiveBucket">;

/** CloudWatch metrics (Polling AwsCloudWatch). */
export class CloudWatchMetricsSource extends typedSource("AwsCloudWatch") {}
export type CloudWatchMetricsSourceArgs = SourceArgsOf<"AwsCloudWatch">;

/** EC2 instance tags as metadata (Polling AwsMetadata). */
export class AwsMetadataSource extends typedSource("AwsMetadata") {}
export type AwsMetadataSourceArgs = SourceArgsOf<"AwsMetadata">;

/** An inventory of AWS resources (Polling AwsInventory; role-based access only). */
export class AwsInventorySource extends typedSource("AwsInventory") {}
export type AwsInventorySourceArgs = SourceArgsOf<"AwsInventory">;

/** AWS X-Ray traces (Polling AwsXRay). */
export class AwsXRaySource extends typedSource("AwsXRay") {}
export type AwsXRaySourceArgs = SourceArgsOf<"AwsXRay">;

/** Google Cloud metrics (Polling GcpMetrics; a service account key). */
export class GcpMetricsSource extends typedSource("GcpMetrics") {}
export type GcpMetricsSourceArgs = SourceArgsOf<"GcpMetrics">;

/** Logs from an Azure Event Hub (Polling AzureEventHubLog). */
export class AzureEventHubLogSource extends typedSource("AzureEventHubLog") {}
export type AzureEventHubLogSourceArgs = SourceArgsOf<"AzureEventHubLog">;

/** Azure Monitor metrics (Polling AzureMetrics). */
export class AzureMetricsSource extends typedSource("AzureMetrics") {}
export type AzureMetricsSourceArgs = SourceArgsOf<"AzureMetrics">;

// HTTP variants (Hosted) with a thirdPartyRef; Zipkin and OTLP are HttpSource's contentType.

/** Google Cloud logs pushed through Pub/Sub to an HTTP endpoint (HTTP GoogleCloudLogs). */
export class GcpLogsSource extends typedSource("GoogleCloudLogs") {}
export type GcpLogsSourceArgs = SourceArgsOf<"GoogleCloudLogs">;

/** Logs from Amazon Kinesis Data Firehose (HTTP KinesisLog). */
export class KinesisLogSource extends typedSource("KinesisLog") {}
export type KinesisLogSourceArgs = SourceArgsOf<"KinesisLog">;

/** CloudWatch metrics streamed through Kinesis Data Firehose (HTTP KinesisMetric). */
export class KinesisMetricsSource extends typedSource("KinesisMetric") {}
export type KinesisMetricsSourceArgs = SourceArgsOf<"KinesisMetric">;

/** OpenTelemetry data over OTLP/HTTP (HTTP Otlp): its url, and its token for `baseUrl`, are secrets. */
export class OtlpSource extends typedSource("Otlp") {}
export type OtlpSourceArgs = SourceArgsOf<"Otlp">;

/** Real user monitoring: browser traces (HTTP Rum). */
export class RumSource extends typedSource("Rum") {}
export type RumSourceArgs = SourceArgsOf<"Rum">;

/** Office 365 audit events (HTTP O365AuditNotification; an app registration's secret). */
export class O365AuditSource extends typedSource("O365AuditNotification") {}
export type O365AuditSourceArgs = SourceArgsOf<"O365AuditNotification">;
