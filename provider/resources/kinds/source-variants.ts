// The source types that share a sourceType with a base type and differ by contentType (Polling
// S3Source, …; HTTP KinesisLogSource, …), by that contentType: each has its class, its fixed
// contentType and its thirdPartyRef typed for that contentType (third-party.ts).
import { AUTH_HEADER_OUTPUTS, TYPE_FIELDS, type TypeFieldName } from "./source-fields";
import { messagePerRequest } from "./source-rules";
import { checkedTable, type RefOptions, type SourceType } from "./source-type";
import { type AuthType, AWS_AUTH, type PathType, thirdPartyRefSpec } from "./third-party";

/** A Polling type of one contentType (sheet 6.2, 6.3): scanInterval, paused and thirdPartyRef. */
function polling<P extends PathType, A extends AuthType>(
  contentType: string,
  kind: string,
  ref: RefOptions<P, A>,
) {
  return {
    sourceType: "Polling",
    collector: "Hosted",
    kind,
    fields: ["scanInterval", "paused", "thirdPartyRef"],
    own: { thirdPartyRef: thirdPartyRefSpec({ serviceType: contentType, ...ref }) },
    required: {
      thirdPartyRef: `{ resources: [{ serviceType: "${contentType}", path, authentication }] }`,
    },
    fixed: { contentType },
    defaults: { scanInterval: 300000, paused: false },
    computed: ["url"],
    ref,
  } as const satisfies SourceType;
}

/** An HTTP variant with a thirdPartyRef (sheet 6.1). */
function httpVariant<
  P extends PathType,
  A extends AuthType,
  F extends TypeFieldName = never,
  O extends boolean = false,
>(contentType: string, kind: string, ref: RefOptions<P, A, O>, fields: readonly F[] = []) {
  return {
    sourceType: "HTTP",
    collector: "Hosted",
    kind,
    fields: [...fields, "thirdPartyRef"],
    own: { thirdPartyRef: thirdPartyRefSpec({ serviceType: contentType, ...ref }) },
    required: {
      thirdPartyRef: `{ resources: [{ serviceType: "${contentType}", path, authentication }] }`,
    },
    fixed: { contentType },
    computed: ["url"],
    refine: messagePerRequest,
    ref,
  } as const satisfies SourceType;
}

/** Event Hub logs are pushed, not scanned: scanInterval is -1 unless given (TF forces it). */
function azureEventHubLog() {
  const base = polling("AzureEventHubLog", "AzureEventHubLogSource", {
    paths: ["AzureEventHubPath"],
    auths: ["AzureEventHubAuthentication"],
  });
  const scanInterval = {
    ...TYPE_FIELDS.scanInterval,
    default: -1,
    doc: "Milliseconds between scans, at least 1000, or -1 (automatic: event-driven).",
  };
  return {
    ...base,
    own: { ...base.own, scanInterval },
    defaults: { scanInterval: -1, paused: false },
    decision:
      "scanInterval defaults to -1 (event-driven), as the vendor's Terraform provider sets it.",
  } as const;
}

const S3_FAMILY = { paths: ["S3BucketPathExpression"], auths: AWS_AUTH } as const;
const ROLE = ["AWSRoleBasedAuthentication"] as const;

/**
 * The types that share a sourceType with a base type and differ by contentType (Polling, HTTP),
 * by that contentType: each has its class, its fixed contentType and its typed thirdPartyRef.
 */
const VARIANTS = {
  AwsS3Bucket: polling("AwsS3Bucket", "S3Source", S3_FAMILY),
  AwsElbBucket: polling("AwsElbBucket", "ElbSource", S3_FAMILY),
  AwsCloudFrontBucket: polling("AwsCloudFrontBucket", "CloudFrontSource", S3_FAMILY),
  AwsCloudTrailBucket: polling("AwsCloudTrailBucket", "CloudTrailSource", S3_FAMILY),
  AwsS3AuditBucket: polling("AwsS3AuditBucket", "S3AuditSource", S3_FAMILY),
  AwsS3ArchiveBucket: polling("AwsS3ArchiveBucket", "S3ArchiveSource", S3_FAMILY),
  AwsCloudWatch: polling("AwsCloudWatch", "CloudWatchMetricsSource", {
    paths: ["CloudWatchPath"],
    auths: AWS_AUTH,
  }),
  AwsMetadata: polling("AwsMetadata", "AwsMetadataSource", {
    paths: ["AwsMetadataPath"],
    auths: AWS_AUTH,
  }),
  AwsInventory: polling("AwsInventory", "AwsInventorySource", {
    paths: ["AwsInventoryPath"],
    auths: ROLE,
  }),
  AwsXRay: polling("AwsXRay", "AwsXRaySource", { paths: ["AwsXRayPath"], auths: AWS_AUTH }),
  GcpMetrics: polling("GcpMetrics", "GcpMetricsSource", {
    paths: ["GcpMetricsPath"],
    auths: ["service_account"],
  }),
  AzureEventHubLog: azureEventHubLog(),
  AzureMetrics: polling("AzureMetrics", "AzureMetricsSource", {
    paths: ["AzureMetricsPath"],
    auths: ["AzureClientSecretAuthentication"],
  }),
  GoogleCloudLogs: {
    ...httpVariant(
      "GoogleCloudLogs",
      "GcpLogsSource",
      {
        paths: ["NoPathExpression"],
        auths: ["NoAuthentication"],
        // `as const`: a plain `true` in an object literal widens to boolean, and the class would
        // then require the two members (as `undefined`) instead of letting a program leave them out.
        optionalParts: true as const,
        replace: true,
      },
      ["messagePerRequest"],
    ),
    required: {},
    decision: `contentType "GoogleCloudLogs" is sent (as the vendor's Terraform provider does); thirdPartyRef is optional and not modifiable (a change replaces the source).`,
  },
  KinesisLog: {
    ...httpVariant(
      "KinesisLog",
      "KinesisLogSource",
      {
        paths: ["NoPathExpression", "KinesisLogPath"],
        auths: ["NoAuthentication", ...AWS_AUTH],
      },
      ["messagePerRequest"],
    ),
    required: {},
    computed: ["url", "token"],
    outputs: AUTH_HEADER_OUTPUTS,
    decision:
      "thirdPartyRef is optional: the vendor's Terraform provider creates a KinesisLog source without one in its tests against the live service.",
  },
  KinesisMetric: httpVariant("KinesisMetric", "KinesisMetricsSource", {
    paths: ["KinesisMetricPath"],
    auths: AWS_AUTH,
  }),
  Rum: httpVariant("Rum", "RumSource", { paths: ["RumPath"], auths: ["NoAuthentication"] }),
  Otlp: {
    sourceType: "HTTP",
    collector: "Hosted",
    kind: "OtlpSource",
    fields: ["messagePerRequest"],
    required: {},
    fixed: { contentType: "Otlp" },
    computed: ["url", "token"],
    outputs: AUTH_HEADER_OUTPUTS,
    refine: messagePerRequest,
    decision:
      'HttpSource keeps contentType "Otlp" (programs use it); export writes OtlpSource for an Otlp source.',
  },
  O365AuditNotification: {
    ...httpVariant(
      "O365AuditNotification",
      "O365AuditSource",
      { paths: ["O365NotificationPath"], auths: ["O365AppRegistrationAuthentication"] },
      ["messagePerRequest"],
    ),
    decision:
      "contentType is sent (the service would fill it in); Zipkin and Otlp are HttpSource's contentType.",
  },
} satisfies Record<string, SourceType>;

/** The types that share a base type's sourceType, by the contentType that selects them. */
export const SOURCE_VARIANTS = checkedTable(VARIANTS);
