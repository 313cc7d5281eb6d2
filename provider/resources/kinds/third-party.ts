// The `thirdPartyRef` of Polling sources and of the HTTP variants (source-types sheet 6.1–6.4),
// typed: one resource whose serviceType is the source's contentType, a `path` and an
// `authentication` of the types that contentType allows. The API's own shape (DESIGN: args use
// the API's field names); the secrets of every authentication type are marked by path.
import { z } from "zod";
import type { FieldSpec } from "./fields";
import { booleanSchema, shaped, stringListSchema, stringSchema } from "./schemas";

const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(", ");

const obj = <S extends z.ZodRawShape>(shape: S, what: string) =>
  z.object(shape, { error: `${what} must be an object` });

const scanIntervalSchema = z
  .number({ error: "scanInterval must be a number of milliseconds" })
  .int({ error: "scanInterval must be a whole number of milliseconds" })
  .refine((ms) => ms === -1 || ms >= 1000, {
    error: "scanInterval must be at least 1000 milliseconds, or -1 (automatic)",
  });

export { scanIntervalSchema };

const regions = { limitToRegions: stringListSchema("limitToRegions").optional() };
const awsTagFilters = z.array(
  obj(
    {
      type: z
        .literal("TagFilters", { error: 'a tag filter\'s type must be "TagFilters"' })
        .optional(),
      namespace: stringSchema("a tag filter's namespace"),
      tags: stringListSchema("a tag filter's tags"),
    },
    'each tag filter ({ type: "TagFilters", namespace, tags: ["k=v"] })',
  ),
  { error: "tagFilters must be a list of { namespace, tags }" },
);

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

const O365_WORKLOADS = [
  "Audit.Exchange",
  "Audit.AzureActiveDirectory",
  "Audit.SharePoint",
  "Audit.General",
  "DLP.All",
] as const;

const pathOf = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  obj({ type: z.literal(type), ...shape }, "path");

/** `path.type` values (6.1, 6.3), by type. */
export const PATHS = {
  NoPathExpression: pathOf("NoPathExpression", {}),
  S3BucketPathExpression: pathOf("S3BucketPathExpression", {
    bucketName: stringSchema("path.bucketName"),
    pathExpression: stringSchema("path.pathExpression"),
    useVersionedApi: booleanSchema("path.useVersionedApi").optional(),
  }),
  CloudWatchPath: pathOf("CloudWatchPath", {
    ...regions,
    limitToNamespaces: stringListSchema("limitToNamespaces").optional(),
    tagFilters: awsTagFilters.optional(),
  }),
  AwsMetadataPath: pathOf("AwsMetadataPath", {
    ...regions,
    limitToNamespaces: z
      .array(z.literal("AWS/EC2", { error: 'limitToNamespaces may only hold "AWS/EC2"' }), {
        error: 'limitToNamespaces must be a list holding only "AWS/EC2"',
      })
      .optional(),
    tagFilters: stringListSchema("tagFilters (tag keys)").optional(),
  }),
  AwsInventoryPath: pathOf("AwsInventoryPath", {
    ...regions,
    limitToNamespaces: z
      .array(
        z.enum(INVENTORY_NAMESPACES, {
          error: `limitToNamespaces may only hold ${INVENTORY_NAMESPACES.join(", ")}`,
        }),
        { error: `limitToNamespaces must be a list of ${INVENTORY_NAMESPACES.join(", ")}` },
      )
      .optional(),
  }),
  AwsXRayPath: pathOf("AwsXRayPath", regions),
  GcpMetricsPath: pathOf("GcpMetricsPath", {
    ...regions,
    limitToServices: stringListSchema("limitToServices").optional(),
    customServices: z
      .array(
        z.string().regex(/^[^=;]+=[^=]*$/, {
          error: 'each of customServices must look like "name=prefix1;prefix2"',
        }),
        { error: "customServices must be a list of strings" },
      )
      .optional(),
  }),
  AzureEventHubPath: pathOf("AzureEventHubPath", {
    namespace: stringSchema("path.namespace"),
    eventHubName: stringSchema("path.eventHubName"),
    consumerGroup: stringSchema("path.consumerGroup"),
    region: z
      .enum(["Commercial", "US Gov"], { error: 'path.region must be "Commercial" or "US Gov"' })
      .optional(),
  }),
  AzureMetricsPath: pathOf("AzureMetricsPath", {
    environment: stringSchema("path.environment").optional(),
    ...regions,
    limitToNamespaces: stringListSchema("limitToNamespaces").optional(),
    tagFilters: z
      .array(
        obj(
          {
            type: z.literal("AzureTagFilters").optional(),
            namespace: stringSchema("a tag filter's namespace").optional(),
            tags: z
              .array(
                obj(
                  {
                    name: stringSchema("a tag's name"),
                    values: stringListSchema("a tag's values").optional(),
                  },
                  "each tag ({ name, values })",
                ),
              )
              .optional(),
          },
          "each tag filter",
        ),
      )
      .optional(),
  }),
  KinesisLogPath: pathOf("KinesisLogPath", {
    bucketName: stringSchema("path.bucketName").optional(),
    pathExpression: stringSchema("path.pathExpression").optional(),
    scanInterval: scanIntervalSchema.optional(),
  }),
  KinesisMetricPath: pathOf("KinesisMetricPath", { tagFilters: awsTagFilters.optional() }),
  RumPath: pathOf("RumPath", {
    serviceName: stringSchema("path.serviceName"),
    applicationName: stringSchema("path.applicationName").optional(),
    deploymentEnvironment: stringSchema("path.deploymentEnvironment").optional(),
    samplingRate: z
      .number({ error: "path.samplingRate must be a number from 0 to 1" })
      .min(0, { error: "path.samplingRate must be a number from 0 to 1" })
      .max(1, { error: "path.samplingRate must be a number from 0 to 1" })
      .optional(),
    ignoreUrls: stringListSchema("path.ignoreUrls").optional(),
    customTags: z
      .record(z.string(), z.string(), { error: "customTags must map names to strings" })
      .optional(),
    propagateTraceHeaderCorsUrls: stringListSchema("path.propagateTraceHeaderCorsUrls").optional(),
    selectedCountry: stringSchema("path.selectedCountry").optional(),
  }),
  O365NotificationPath: pathOf("O365NotificationPath", {
    workload: z.enum(O365_WORKLOADS, {
      error: `path.workload must be one of ${quoted(O365_WORKLOADS)}`,
    }),
    region: z
      .enum(["Commercial", "GCC", "GCC High"], {
        error: 'path.region must be "Commercial", "GCC" or "GCC High"',
      })
      .optional(),
  }),
} as const;

const authOf = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  obj({ type: z.literal(type), ...shape }, "authentication");

const appRegistration = {
  tenantId: stringSchema("authentication.tenantId"),
  clientId: stringSchema("authentication.clientId"),
  clientSecret: stringSchema("authentication.clientSecret"),
};
const optional = (what: string) => stringSchema(what).optional();

/** `authentication.type` values (6.4), by type. */
export const AUTHS = {
  NoAuthentication: authOf("NoAuthentication", {}),
  S3BucketAuthentication: authOf("S3BucketAuthentication", {
    awsId: stringSchema("authentication.awsId (the access key id)"),
    awsKey: stringSchema("authentication.awsKey (the secret access key)"),
    region: optional("authentication.region"),
  }),
  AWSRoleBasedAuthentication: authOf("AWSRoleBasedAuthentication", {
    roleARN: stringSchema("authentication.roleARN"),
    region: optional("authentication.region"),
  }),
  service_account: authOf("service_account", {
    project_id: stringSchema("authentication.project_id"),
    private_key_id: optional("authentication.private_key_id"),
    private_key: stringSchema("authentication.private_key"),
    client_email: stringSchema("authentication.client_email"),
    client_id: optional("authentication.client_id"),
    auth_uri: optional("authentication.auth_uri"),
    token_uri: optional("authentication.token_uri"),
    auth_provider_x509_cert_url: optional("authentication.auth_provider_x509_cert_url"),
    client_x509_cert_url: optional("authentication.client_x509_cert_url"),
  }),
  AzureEventHubAuthentication: authOf("AzureEventHubAuthentication", {
    sharedAccessPolicyName: stringSchema("authentication.sharedAccessPolicyName"),
    sharedAccessPolicyKey: stringSchema("authentication.sharedAccessPolicyKey"),
  }),
  AzureClientSecretAuthentication: authOf("AzureClientSecretAuthentication", appRegistration),
  O365AppRegistrationAuthentication: authOf("O365AppRegistrationAuthentication", appRegistration),
} as const;

/** The credentials of each authentication type: secrets, masked by the service on read. */
export const AUTH_SECRETS: Readonly<Record<keyof typeof AUTHS, readonly string[]>> = {
  NoAuthentication: [],
  S3BucketAuthentication: ["awsKey"],
  AWSRoleBasedAuthentication: [],
  service_account: ["private_key", "private_key_id"],
  AzureEventHubAuthentication: ["sharedAccessPolicyKey"],
  AzureClientSecretAuthentication: ["clientSecret"],
  O365AppRegistrationAuthentication: ["clientSecret"],
};

export type PathType = keyof typeof PATHS;
export type AuthType = keyof typeof AUTHS;
export const AWS_AUTH = ["S3BucketAuthentication", "AWSRoleBasedAuthentication"] as const;

type Union<K extends string, T extends Record<K, z.ZodType>> = z.ZodType<
  z.output<T[K]>,
  z.input<T[K]>
>;

function oneOf<K extends string, T extends Record<K, z.ZodObject>>(
  table: T,
  types: readonly K[],
  what: string,
): Union<K, T> {
  const options = types.map((type) => table[type]);
  const error = `${what}.type must be ${types.length === 1 ? `"${types[0]}"` : `one of ${quoted(types)}`} for this source`;
  const union =
    options.length === 1
      ? (options[0] as z.ZodObject)
      : z.discriminatedUnion("type", options as never, {
          error: (issue) =>
            issue.code === "invalid_union" ? error : `${what} must be an object { type, … }`,
        });
  // The union's own parse, with its messages reworded; its output is the value stripped of the
  // members the type does not have (e.g. the service's snsTopicOrSubscriptionArn).
  // The package schema shows one object with every member of the allowed types.
  const members = Object.assign({}, ...options.map((option) => option.shape));
  const shape = z.object({ ...members, type: z.enum(types as [K, ...K[]]) }).partial();
  const parse = z.unknown().transform((value, ctx) => {
    const result = union.safeParse(value);
    for (const issue of result.error?.issues ?? []) {
      const onType = issue.path.length === 1 && issue.path[0] === "type";
      ctx.addIssue({ code: "custom", message: onType ? error : issue.message, path: issue.path });
    }
    return result.success ? result.data : z.NEVER;
  });
  return shaped(parse, shape.required({ type: true })) as never;
}

/**
 * The spec of a typed thirdPartyRef: exactly one resource whose serviceType is `serviceType`, a
 * path of `paths` and an authentication of `auths` (both optional when `optionalParts`).
 */
export function thirdPartyRefSpec<P extends PathType, A extends AuthType>(options: {
  serviceType: string;
  paths: readonly P[];
  auths: readonly A[];
  optionalParts?: boolean;
  replace?: boolean;
}) {
  const { serviceType, paths, auths } = options;
  const path = oneOf(PATHS, paths, "path");
  const authentication = oneOf(AUTHS, auths, "authentication");
  const resource = z.object(
    {
      serviceType: z.literal(serviceType, {
        error: `serviceType must be "${serviceType}" (the source's contentType)`,
      }),
      path: options.optionalParts ? path.optional() : path,
      authentication: options.optionalParts ? authentication.optional() : authentication,
    },
    { error: "each resource must be an object { serviceType, path, authentication }" },
  );
  const schema = z.object(
    {
      resources: z.tuple([resource], {
        error: `resources must be a list of exactly one resource: [{ serviceType: "${serviceType}", path, authentication }]`,
      }),
    },
    {
      error:
        "thirdPartyRef must be an object { resources: [{ serviceType, path, authentication }] }",
    },
  );
  const secrets = [...new Set(auths.flatMap((type) => AUTH_SECRETS[type]))];
  const spec = {
    schema,
    subset: true,
    ...(options.replace ? { replace: true } : {}),
    ...(secrets.length > 0
      ? { secretPaths: secrets.map((key) => `resources[].authentication.${key}`) }
      : {}),
    doc:
      `{ resources: [{ serviceType: "${serviceType}", path: { type: ${quoted(paths)}, … }, ` +
      `authentication: { type: ${quoted(auths)}, … } }] }` +
      (secrets.length > 0 ? `; secret: ${secrets.join(", ")}` : ""),
  } satisfies FieldSpec;
  return spec;
}

/** Every secret key of every authentication type (for the generic Source's thirdPartyRef). */
export const ALL_AUTH_SECRET_PATHS = [...new Set(Object.values(AUTH_SECRETS).flat())].map(
  (key) => `resources[].authentication.${key}`,
);
