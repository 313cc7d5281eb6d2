// The `thirdPartyRef` of Polling sources and of the HTTP variants (source-types sheet, 6.1–6.4):
// one small table of path types, one of authentication types, and per contentType the path and
// authentication types it allows.
import { checkSent } from "./server-set";
import {
  bool,
  entryOf,
  intAtLeast,
  invalid,
  isAbsent,
  isObject,
  type Json,
  listOf,
  listOfRule,
  missing,
  num,
  oneOf,
  type Rule,
  readFields,
  str,
  stringMap,
  strList,
  withUnknownKeys,
} from "./values";

/** One `path` or `authentication` type: its fields, the required ones, secrets, server-set ones. */
export interface RefPart {
  fields: Record<string, Rule>;
  required?: string[];
  /** Masked as `********` on every read (sheet 6.4 and 9). */
  secrets?: string[];
  /**
   * Set by the service, with the value it shows: a sent one is never taken, and a PUT may not
   * change it (sheet 8; see server-set.ts for what counts as a change).
   */
  serverSet?: Json;
}

/** What an S3-family Polling source shows until an SNS subscription is confirmed (sheet 6.3). */
export const SNS_NONE = { isSuccess: false, arn: null };

/** Polling scan interval (6.2): at least 1000 ms, or -1 for automatic / event-driven. */
export const scanInterval: Rule = intAtLeast(1000, -1);

/** `"name=prefix1;prefix2"`: a GCP custom service and its metric type prefixes (6.3). */
const customService: Rule = (value, path) => {
  const s = str(value, path) as string;
  return /^[^=;]+=[^=]*$/.test(s) ? s : invalid(path, 'must look like "name=prefix1;prefix2"');
};

const regions = strList;
const tagFilters = listOf({ type: oneOf("TagFilters"), namespace: str, tags: strList });
const INVENTORY_NAMESPACES = [
  "EC2",
  "AutoScaling",
  "EBS",
  "ELB",
  "ApplicationELB",
  "NetworkELB",
  "Lambda",
  "RDS",
  "Dynamodb",
  "ECS",
  "Elasticache",
  "Redshift",
  "Kinesis",
].map((n) => `AWS/${n}`);

const s3Path: RefPart = {
  fields: { bucketName: str, pathExpression: str, useVersionedApi: bool },
  required: ["bucketName", "pathExpression"],
  serverSet: { snsTopicOrSubscriptionArn: SNS_NONE },
};

/** `path.type` values (6.1, 6.3). */
export const PATH_TYPES: Record<string, RefPart> = {
  NoPathExpression: { fields: {} },
  S3BucketPathExpression: s3Path,
  CloudWatchPath: {
    fields: { limitToRegions: regions, limitToNamespaces: strList, tagFilters },
  },
  AwsMetadataPath: {
    fields: {
      limitToRegions: regions,
      limitToNamespaces: listOfRule(oneOf("AWS/EC2"), 'an array holding only "AWS/EC2"'),
      tagFilters: strList,
    },
  },
  AwsInventoryPath: {
    fields: {
      limitToRegions: regions,
      limitToNamespaces: listOfRule(oneOf(...INVENTORY_NAMESPACES)),
    },
  },
  AwsXRayPath: { fields: { limitToRegions: regions } },
  GcpMetricsPath: {
    fields: {
      limitToRegions: regions,
      limitToServices: strList,
      customServices: listOfRule(customService, "an array of strings"),
    },
  },
  AzureEventHubPath: {
    fields: {
      namespace: str,
      eventHubName: str,
      consumerGroup: str,
      region: oneOf("Commercial", "US Gov"),
    },
    required: ["namespace", "eventHubName", "consumerGroup"],
  },
  AzureMetricsPath: {
    fields: {
      environment: str,
      limitToRegions: regions,
      limitToNamespaces: strList,
      tagFilters: listOf({
        type: oneOf("AzureTagFilters"),
        namespace: str,
        tags: listOf({ name: str, values: strList }, ["name"]),
      }),
    },
  },
  KinesisLogPath: { fields: { bucketName: str, pathExpression: str, scanInterval } },
  KinesisMetricPath: { fields: { tagFilters } },
  RumPath: {
    fields: {
      serviceName: str,
      applicationName: str,
      deploymentEnvironment: str,
      samplingRate: num(0, 1),
      ignoreUrls: strList,
      customTags: stringMap,
      propagateTraceHeaderCorsUrls: strList,
      selectedCountry: str,
    },
    required: ["serviceName"],
  },
  O365NotificationPath: {
    fields: {
      workload: oneOf(
        "Audit.Exchange",
        "Audit.AzureActiveDirectory",
        "Audit.SharePoint",
        "Audit.General",
        "DLP.All",
      ),
      region: oneOf("Commercial", "GCC", "GCC High"),
    },
    required: ["workload"],
  },
};

const GCP_KEY_FIELDS = [
  "project_id",
  "private_key_id",
  "private_key",
  "client_email",
  "client_id",
  "auth_uri",
  "token_uri",
  "auth_provider_x509_cert_url",
  "client_x509_cert_url",
];
const appRegistration: RefPart = {
  fields: { tenantId: str, clientId: str, clientSecret: str },
  required: ["tenantId", "clientId", "clientSecret"],
  secrets: ["clientSecret"],
};

/** `authentication.type` values (6.4). */
export const AUTH_TYPES: Record<string, RefPart> = {
  NoAuthentication: { fields: {} },
  S3BucketAuthentication: {
    fields: { awsId: str, awsKey: str, region: str },
    required: ["awsId", "awsKey"],
    secrets: ["awsKey"],
  },
  AWSRoleBasedAuthentication: { fields: { roleARN: str, region: str }, required: ["roleARN"] },
  service_account: {
    fields: Object.fromEntries(GCP_KEY_FIELDS.map((key) => [key, str])),
    required: ["project_id", "private_key", "client_email"],
    secrets: ["private_key", "private_key_id"],
  },
  AzureEventHubAuthentication: {
    fields: { sharedAccessPolicyName: str, sharedAccessPolicyKey: str },
    required: ["sharedAccessPolicyName", "sharedAccessPolicyKey"],
    secrets: ["sharedAccessPolicyKey"],
  },
  AzureClientSecretAuthentication: appRegistration,
  O365AppRegistrationAuthentication: appRegistration,
};

/** The path and authentication types one contentType (= serviceType) allows. */
export interface RefVariant {
  paths: string[];
  auths: string[];
  /** GCP logs: `path` and `authentication` may be left out. */
  optionalParts?: boolean;
  /** The whole thirdPartyRef may be left out (KinesisLog: the live facts). */
  optionalRef?: boolean;
}

const AWS_AUTH = ["S3BucketAuthentication", "AWSRoleBasedAuthentication"];
const S3_FAMILY: RefVariant = { paths: ["S3BucketPathExpression"], auths: AWS_AUTH };

/** Polling contentTypes (6.3). */
export const POLLING_VARIANTS: Record<string, RefVariant> = {
  AwsS3Bucket: S3_FAMILY,
  AwsElbBucket: S3_FAMILY,
  AwsCloudFrontBucket: S3_FAMILY,
  AwsCloudTrailBucket: S3_FAMILY,
  AwsS3AuditBucket: S3_FAMILY,
  AwsS3ArchiveBucket: S3_FAMILY,
  AwsCloudWatch: { paths: ["CloudWatchPath"], auths: AWS_AUTH },
  AwsMetadata: { paths: ["AwsMetadataPath"], auths: AWS_AUTH },
  AwsInventory: { paths: ["AwsInventoryPath"], auths: ["AWSRoleBasedAuthentication"] },
  AwsXRay: { paths: ["AwsXRayPath"], auths: AWS_AUTH },
  GcpMetrics: { paths: ["GcpMetricsPath"], auths: ["service_account"] },
  AzureEventHubLog: { paths: ["AzureEventHubPath"], auths: ["AzureEventHubAuthentication"] },
  AzureMetrics: { paths: ["AzureMetricsPath"], auths: ["AzureClientSecretAuthentication"] },
};

/** HTTP variants that carry a thirdPartyRef (6.1). */
export const HTTP_REF_VARIANTS: Record<string, RefVariant> = {
  GoogleCloudLogs: {
    paths: ["NoPathExpression"],
    auths: ["NoAuthentication"],
    optionalParts: true,
  },
  KinesisLog: {
    paths: ["NoPathExpression", "KinesisLogPath"],
    auths: ["NoAuthentication", ...AWS_AUTH],
    optionalRef: true,
  },
  KinesisMetric: { paths: ["KinesisMetricPath"], auths: AWS_AUTH },
  Rum: { paths: ["RumPath"], auths: ["NoAuthentication"] },
  O365AuditNotification: {
    paths: ["O365NotificationPath"],
    auths: ["O365AppRegistrationAuthentication"],
  },
};

function quoted(values: string[]): string {
  return values.map((v) => `"${v}"`).join(", ");
}

function readPart(
  value: unknown,
  at: string,
  table: Record<string, RefPart>,
  allowed: string[],
  optional: boolean,
): Json | undefined {
  if (isAbsent(value)) {
    if (optional) return undefined;
    missing(at);
  }
  if (!isObject(value)) invalid(at, "must be a JSON object");
  if (isAbsent(value.type)) missing(`${at}.type`);
  const type = value.type;
  const part =
    typeof type === "string" && allowed.includes(type) ? entryOf(table, type) : undefined;
  if (!part) invalid(`${at}.type`, `must be one of ${quoted(allowed)} for this contentType`);
  const fields = { ...part.fields, type: str };
  // The service's own values replace whatever was sent (an update checked it first: checkSentRef).
  return {
    ...withUnknownKeys(value, readFields(value, fields, part.required ?? [], at), {
      ...fields,
      ...part.serverSet,
    }),
    ...part.serverSet,
  };
}

/**
 * Checks a thirdPartyRef against the variant of `serviceType`: exactly one resource whose
 * serviceType equals the source's contentType, and a path and authentication of allowed types.
 */
export function readThirdPartyRef(value: unknown, serviceType: string, variant: RefVariant): Json {
  const at = "source.thirdPartyRef";
  if (!isObject(value)) invalid(at, 'must be a JSON object such as {"resources": [{...}]}');
  const { resources } = value;
  if (isAbsent(resources)) missing(`${at}.resources`);
  if (!Array.isArray(resources) || resources.length !== 1)
    invalid(`${at}.resources`, "must be an array of exactly one resource");
  const r = resources[0];
  const rAt = `${at}.resources[0]`;
  if (!isObject(r)) invalid(rAt, "must be a JSON object");
  if (isAbsent(r.serviceType)) missing(`${rAt}.serviceType`);
  if (r.serviceType !== serviceType)
    invalid(`${rAt}.serviceType`, `must equal the source's contentType "${serviceType}"`);
  const optional = variant.optionalParts === true;
  const path = readPart(r.path, `${rAt}.path`, PATH_TYPES, variant.paths, optional);
  const auth = readPart(
    r.authentication,
    `${rAt}.authentication`,
    AUTH_TYPES,
    variant.auths,
    optional,
  );
  const resource: Json = { ...r, serviceType };
  if (path) resource.path = path;
  else delete resource.path;
  if (auth) resource.authentication = auth;
  else delete resource.authentication;
  return { ...value, resources: [resource] };
}

/**
 * On PUT: the server-set members of each sent resource's path and authentication against the
 * stored ones (sheet 8: snsTopicOrSubscriptionArn is not modifiable). An echo, an empty value
 * (`{"isSuccess": false, "arn": ""}`) or none passes; a different one is refused.
 */
export function checkSentRef(sent: unknown, stored: unknown): void {
  const resources = (ref: unknown) =>
    isObject(ref) && Array.isArray(ref.resources) ? ref.resources : [];
  const before = resources(stored);
  resources(sent).forEach((resource, i) => {
    if (!isObject(resource)) return;
    for (const [key, table] of [
      ["path", PATH_TYPES],
      ["authentication", AUTH_TYPES],
    ] as const) {
      const part = resource[key];
      const was = isObject(before[i]) ? before[i][key] : undefined;
      if (!isObject(part) || typeof part.type !== "string" || !isObject(was)) continue;
      for (const member of Object.keys(entryOf(table, part.type)?.serverSet ?? {})) {
        const at = `source.thirdPartyRef.resources[${i}].${key}.${member}`;
        checkSent(part[member], was[member], "notModifiable", at);
      }
    }
  });
}

/** Paths (inside the source body) of the thirdPartyRef's secret authentication fields. */
export function thirdPartySecretPaths(config: Json): (string | number)[][] {
  const ref = config.thirdPartyRef;
  if (!isObject(ref) || !Array.isArray(ref.resources)) return [];
  return ref.resources.flatMap((r, i) => {
    const auth = isObject(r) ? r.authentication : undefined;
    if (!isObject(auth) || typeof auth.type !== "string") return [];
    const part = entryOf(AUTH_TYPES, auth.type);
    return (part?.secrets ?? []).map((key) => [
      "thirdPartyRef",
      "resources",
      i,
      "authentication",
      key,
    ]);
  });
}
