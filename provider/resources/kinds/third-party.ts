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
  })
  .describe("Milliseconds between scans, at least 1000, or -1 (automatic).");

export { scanIntervalSchema };

const regions = {
  limitToRegions: stringListSchema("limitToRegions")
    .optional()
    .describe("The regions to read; absent: all."),
};
const awsTagFilters = z
  .array(
    obj(
      {
        type: z
          .literal("TagFilters", { error: 'a tag filter\'s type must be "TagFilters"' })
          .optional()
          .describe('"TagFilters".'),
        namespace: stringSchema("a tag filter's namespace").describe(
          'The namespace it applies to, e.g. "AWS/EC2", or "All".',
        ),
        tags: stringListSchema("a tag filter's tags").describe(
          'The tags to match, each "key=value" or "key=value1;value2".',
        ),
      },
      'each tag filter ({ type: "TagFilters", namespace, tags: ["k=v"] })',
    ).describe("Collect only the resources of a namespace that carry these tags."),
    { error: "tagFilters must be a list of { namespace, tags }" },
  )
  .describe("Tag filters: `[{ namespace, tags }]`; absent: everything.");

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

// Members more than one path type has.
const bucketName = stringSchema("path.bucketName").describe("The S3 bucket.");
const bucketPath = stringSchema("path.pathExpression").describe(
  'The objects to read in the bucket, `*` a wildcard, e.g. "AWSLogs/*".',
);

/** `path.type` values (6.1, 6.3), by type. */
export const PATHS = {
  NoPathExpression: pathOf("NoPathExpression", {}),
  S3BucketPathExpression: pathOf("S3BucketPathExpression", {
    bucketName,
    pathExpression: bucketPath,
    useVersionedApi: booleanSchema("path.useVersionedApi")
      .optional()
      .describe(
        "Whether to read through S3's versioned API (default true; false for Cisco Umbrella buckets).",
      ),
  }),
  CloudWatchPath: pathOf("CloudWatchPath", {
    ...regions,
    limitToNamespaces: stringListSchema("limitToNamespaces")
      .optional()
      .describe('The namespaces to read, e.g. "AWS/EC2" or a custom one; absent: all.'),
    tagFilters: awsTagFilters.optional(),
  }),
  AwsMetadataPath: pathOf("AwsMetadataPath", {
    ...regions,
    limitToNamespaces: z
      .array(z.literal("AWS/EC2", { error: 'limitToNamespaces may only hold "AWS/EC2"' }), {
        error: 'limitToNamespaces must be a list holding only "AWS/EC2"',
      })
      .optional()
      .describe('Only ["AWS/EC2"].'),
    tagFilters: stringListSchema("tagFilters (tag keys)")
      .optional()
      .describe("The EC2 tag keys to collect; absent: all."),
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
      .optional()
      .describe(`The namespaces to read, of ${INVENTORY_NAMESPACES.join(", ")}; absent: all.`),
  }),
  AwsXRayPath: pathOf("AwsXRayPath", regions),
  GcpMetricsPath: pathOf("GcpMetricsPath", {
    ...regions,
    limitToServices: stringListSchema("limitToServices")
      .optional()
      .describe('The services to read, by display name, e.g. "Compute Engine"; absent: all.'),
    customServices: z
      .array(
        z.string().regex(/^[^=;]+=[^=]*$/, {
          error: 'each of customServices must look like "name=prefix1;prefix2"',
        }),
        { error: "customServices must be a list of strings" },
      )
      .optional()
      .describe('Custom services, each "name=prefix1;prefix2" (metric type prefixes).'),
  }),
  AzureEventHubPath: pathOf("AzureEventHubPath", {
    namespace: stringSchema("path.namespace").describe("The Event Hubs namespace."),
    eventHubName: stringSchema("path.eventHubName").describe("The event hub to read."),
    consumerGroup: stringSchema("path.consumerGroup").describe(
      'The consumer group, e.g. "$Default".',
    ),
    region: z
      .enum(["Commercial", "US Gov"], { error: 'path.region must be "Commercial" or "US Gov"' })
      .optional()
      .describe('"Commercial" (the default) or "US Gov".'),
  }),
  AzureMetricsPath: pathOf("AzureMetricsPath", {
    environment: stringSchema("path.environment")
      .optional()
      .describe('The Azure environment, e.g. "Azure".'),
    ...regions,
    limitToNamespaces: stringListSchema("limitToNamespaces")
      .optional()
      .describe('The namespaces to read, e.g. "Microsoft.Compute/virtualMachines"; absent: all.'),
    tagFilters: z
      .array(
        obj(
          {
            type: z.literal("AzureTagFilters").optional().describe('"AzureTagFilters".'),
            namespace: stringSchema("a tag filter's namespace")
              .optional()
              .describe("The namespace it applies to."),
            tags: z
              .array(
                obj(
                  {
                    name: stringSchema("a tag's name").describe("The tag's name."),
                    values: stringListSchema("a tag's values")
                      .optional()
                      .describe("The values to match; absent: any."),
                  },
                  "each tag ({ name, values })",
                ).describe("A tag to match."),
              )
              .optional()
              .describe("The tags to match: `[{ name, values }]`."),
          },
          "each tag filter",
        ).describe("Collect only the resources of a namespace that carry these tags."),
      )
      .optional()
      .describe("Tag filters: `[{ namespace, tags }]`; absent: everything."),
  }),
  KinesisLogPath: pathOf("KinesisLogPath", {
    bucketName: bucketName.optional(),
    pathExpression: bucketPath.optional(),
    scanInterval: scanIntervalSchema.optional(),
  }),
  KinesisMetricPath: pathOf("KinesisMetricPath", { tagFilters: awsTagFilters.optional() }),
  RumPath: pathOf("RumPath", {
    serviceName: stringSchema("path.serviceName").describe("The traced service's name."),
    applicationName: stringSchema("path.applicationName")
      .optional()
      .describe("The application the service belongs to."),
    deploymentEnvironment: stringSchema("path.deploymentEnvironment")
      .optional()
      .describe('The deployment environment, e.g. "prod".'),
    samplingRate: z
      .number({ error: "path.samplingRate must be a number from 0 to 1" })
      .min(0, { error: "path.samplingRate must be a number from 0 to 1" })
      .max(1, { error: "path.samplingRate must be a number from 0 to 1" })
      .optional()
      .describe("The share of traces kept, from 0 to 1."),
    ignoreUrls: stringListSchema("path.ignoreUrls").optional().describe("URLs not to trace."),
    customTags: z
      .record(z.string(), z.string(), { error: "customTags must map names to strings" })
      .optional()
      .describe("Tags added to every span: names to values."),
    propagateTraceHeaderCorsUrls: stringListSchema("path.propagateTraceHeaderCorsUrls")
      .optional()
      .describe("Other origins' URLs to send trace headers to."),
    selectedCountry: stringSchema("path.selectedCountry")
      .optional()
      .describe("The country the RUM settings select."),
  }),
  O365NotificationPath: pathOf("O365NotificationPath", {
    workload: z
      .enum(O365_WORKLOADS, {
        error: `path.workload must be one of ${quoted(O365_WORKLOADS)}`,
      })
      .describe(`The audit log to read: ${quoted(O365_WORKLOADS)}.`),
    region: z
      .enum(["Commercial", "GCC", "GCC High"], {
        error: 'path.region must be "Commercial", "GCC" or "GCC High"',
      })
      .optional()
      .describe('"Commercial", "GCC" or "GCC High".'),
  }),
} as const;

const authOf = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  obj({ type: z.literal(type), ...shape }, "authentication");

const appRegistration = {
  tenantId: stringSchema("authentication.tenantId").describe("The Azure AD tenant's id."),
  clientId: stringSchema("authentication.clientId").describe("The app registration's client id."),
  clientSecret: stringSchema("authentication.clientSecret").describe(
    "The app registration's client secret. A secret.",
  ),
};
const optional = (what: string, doc: string) => stringSchema(what).optional().describe(doc);
const awsRegion = optional(
  "authentication.region",
  "The region to authenticate in, for a non-standard partition (e.g. GovCloud).",
);
/** A member of a GCP key file, as the file names it. */
const keyFile = (key: string) => optional(`authentication.${key}`, `The key file's ${key}.`);

/** `authentication.type` values (6.4), by type. */
export const AUTHS = {
  NoAuthentication: authOf("NoAuthentication", {}),
  S3BucketAuthentication: authOf("S3BucketAuthentication", {
    awsId: stringSchema("authentication.awsId (the access key id)").describe(
      "The AWS access key id.",
    ),
    awsKey: stringSchema("authentication.awsKey (the secret access key)").describe(
      "The AWS secret access key. A secret.",
    ),
    region: awsRegion,
  }),
  AWSRoleBasedAuthentication: authOf("AWSRoleBasedAuthentication", {
    roleARN: stringSchema("authentication.roleARN").describe(
      "The ARN of the AWS role to assume (not in AWS China).",
    ),
    region: awsRegion,
  }),
  service_account: authOf("service_account", {
    project_id: stringSchema("authentication.project_id").describe("The GCP project's id."),
    private_key_id: optional(
      "authentication.private_key_id",
      "The service account key's id. A secret.",
    ),
    private_key: stringSchema("authentication.private_key").describe(
      "The service account's private key (PEM). A secret.",
    ),
    client_email: stringSchema("authentication.client_email").describe(
      "The service account's email address.",
    ),
    client_id: keyFile("client_id"),
    auth_uri: keyFile("auth_uri"),
    token_uri: keyFile("token_uri"),
    auth_provider_x509_cert_url: keyFile("auth_provider_x509_cert_url"),
    client_x509_cert_url: keyFile("client_x509_cert_url"),
  }),
  AzureEventHubAuthentication: authOf("AzureEventHubAuthentication", {
    sharedAccessPolicyName: stringSchema("authentication.sharedAccessPolicyName").describe(
      "The shared access policy's name.",
    ),
    sharedAccessPolicyKey: stringSchema("authentication.sharedAccessPolicyKey").describe(
      "The shared access policy's key. A secret.",
    ),
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

const ONE_OF_DOCS = {
  path: "Where to read: a type, and the members of that type.",
  authentication: "How to authenticate: a type, and the members of that type.",
};

function oneOf<K extends string, T extends Record<K, z.ZodObject>>(
  table: T,
  types: readonly K[],
  what: keyof typeof ONE_OF_DOCS,
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
  const type = z
    .enum(types as [K, ...K[]])
    .describe(`Its type: ${types.length === 1 ? quoted(types) : `one of ${quoted(types)}`}.`);
  const shape = z
    .object({ ...members, type })
    .partial()
    .required({ type: true })
    .describe(ONE_OF_DOCS[what]);
  const parse = z.unknown().transform((value, ctx) => {
    const result = union.safeParse(value);
    for (const issue of result.error?.issues ?? []) {
      const onType = issue.path.length === 1 && issue.path[0] === "type";
      ctx.addIssue({ code: "custom", message: onType ? error : issue.message, path: issue.path });
    }
    return result.success ? result.data : z.NEVER;
  });
  return shaped(parse, shape) as never;
}

/**
 * The spec of a typed thirdPartyRef: exactly one resource whose serviceType is `serviceType`, a
 * path of `paths` and an authentication of `auths` (both optional when `optionalParts`).
 */
export function thirdPartyRefSpec<
  P extends PathType,
  A extends AuthType,
  Optional extends boolean = false,
>(options: {
  serviceType: string;
  paths: readonly P[];
  auths: readonly A[];
  optionalParts?: Optional;
  replace?: boolean;
}) {
  const { serviceType, paths, auths } = options;
  // Typed by `Optional` itself: a conditional value alone would type the members as required
  // keys that may hold undefined, which a program leaving them out does not satisfy.
  const maybe = <T extends z.ZodType>(part: T) =>
    (options.optionalParts ? part.optional() : part) as Optional extends true
      ? z.ZodOptional<T>
      : T;
  const path = maybe(oneOf(PATHS, paths, "path"));
  const authentication = maybe(oneOf(AUTHS, auths, "authentication"));
  const resource = z
    .object(
      {
        serviceType: z
          .literal(serviceType, {
            error: `serviceType must be "${serviceType}" (the source's contentType)`,
          })
          .describe(`"${serviceType}", the source's contentType.`),
        path,
        authentication,
      },
      { error: "each resource must be an object { serviceType, path, authentication }" },
    )
    .describe("The third-party resource the source reads.");
  const schema = z
    .object(
      {
        resources: z
          .tuple([resource], {
            error: `resources must be a list of exactly one resource: [{ serviceType: "${serviceType}", path, authentication }]`,
          })
          .describe("Exactly one resource."),
      },
      {
        error:
          "thirdPartyRef must be an object { resources: [{ serviceType, path, authentication }] }",
      },
    )
    .describe("What the source reads, and how it authenticates there.");
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
