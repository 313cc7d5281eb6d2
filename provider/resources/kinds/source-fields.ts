// The fields of sources: those every source type has (COMMON_FIELDS) and every type's own
// (TYPE_FIELDS: a name means the same in every type that has it), with the server-set outputs
// every source may carry. The source-type table (source-types.ts) says which type takes which.
import { z } from "zod";
import {
  dateFormatOutput,
  dockerMetric,
  FILTER_TYPES,
  filterOutput,
  sourceSchema,
} from "../../api";
import type { FieldSpecs } from "./fields";
import {
  booleanSchema,
  categorySchema,
  cutoffRelativeTimeSchema,
  cutoffTimestampSchema,
  descriptionSchema,
  hostNameSchema,
  metadataFieldsSchema,
  nameSchema,
  portSchema,
  positiveIntSchema,
  serviceDoc,
  stringListSchema,
  stringSchema,
  timeZoneSchema,
} from "./schemas";
import { ALL_AUTH_SECRET_PATHS, scanIntervalSchema } from "./third-party";

const filterDoc = (key?: string) => serviceDoc(filterOutput, key);

export const filterSchema = z
  .object(
    {
      name: stringSchema("a filter's name").describe(filterDoc("name")),
      filterType: z
        .enum(FILTER_TYPES, {
          error: (issue) =>
            `filterType ${JSON.stringify(issue.input)} is not one of ${FILTER_TYPES.join(", ")}`,
        })
        .describe(filterDoc("filterType")),
      regexp: stringSchema("a filter's regexp").describe(filterDoc("regexp")),
      mask: z.string({ error: "mask must be a string" }).optional().describe(filterDoc("mask")),
    },
    { error: "each filter must be an object { name, filterType, regexp, mask? }" },
  )
  .refine((filter) => filter.filterType !== "Mask" || !!filter.mask, {
    error: "a Mask filter needs `mask`: the text that replaces what regexp matches",
    path: ["mask"],
  })
  .describe(filterDoc());

export const dateFormatSchema = z
  .object(
    {
      format: stringSchema("a date format's format").describe(
        serviceDoc(dateFormatOutput, "format"),
      ),
      locator: z.string().optional().describe(serviceDoc(dateFormatOutput, "locator")),
    },
    { error: "each default date format must be an object { format, locator? }" },
  )
  .describe(serviceDoc(dateFormatOutput));

/** A DockerStats metric, as the service's schema describes it. */
export const dockerMetricSchema = z
  .object(
    {
      category: stringSchema("a metric's category").describe(serviceDoc(dockerMetric, "category")),
      metric: stringSchema("a metric's name").describe(serviceDoc(dockerMetric, "metric")),
    },
    {
      error:
        'each metric must be an object { category, metric }, e.g. { category: "CPU", metric: "cpu_usage.percpu_usage" }',
    },
  )
  .describe(serviceDoc(dockerMetric));

const listOf = <T extends z.ZodType>(item: T, what: string) =>
  z.array(item, { error: `${what} must be a list` });

/** Fields every source type has. */
export const COMMON_FIELDS = {
  name: {
    schema: nameSchema,
    keepWhenUnset: true,
    doc: "Unique on its collector, at most 128 characters. Default: the logical name plus 7 hex characters of a hash of the resource's URN, the same in every run.",
  },
  description: { schema: descriptionSchema },
  category: { schema: categorySchema },
  hostName: { schema: hostNameSchema },
  timeZone: { schema: timeZoneSchema },
  forceTimeZone: { schema: booleanSchema("forceTimeZone"), default: false },
  automaticDateParsing: { schema: booleanSchema("automaticDateParsing"), default: true },
  multilineProcessingEnabled: {
    schema: booleanSchema("multilineProcessingEnabled"),
    default: true,
  },
  useAutolineMatching: { schema: booleanSchema("useAutolineMatching"), default: true },
  manualPrefixRegexp: { schema: stringSchema("manualPrefixRegexp") },
  defaultDateFormats: { schema: listOf(dateFormatSchema, "defaultDateFormats") },
  filters: { schema: listOf(filterSchema, "filters") },
  hashAlgorithm: {
    schema: z.enum(["MD5", "SHA-256"], { error: 'hashAlgorithm must be "MD5" or "SHA-256"' }),
  },
  cutoffTimestamp: { schema: cutoffTimestampSchema, default: 0 },
  cutoffRelativeTime: { schema: cutoffRelativeTimeSchema, replace: true, keepInput: true },
  fields: { schema: metadataFieldsSchema },
} as const satisfies FieldSpecs;

export type CommonFieldName = keyof typeof COMMON_FIELDS;

/** A credential: `doc` says what it is, and the description that it is a secret. */
const secret = (what: string, doc: string) => ({
  schema: stringSchema(what),
  doc: `${doc} A secret.`,
  secret: true,
  // The service may mask credentials when read back: compare with what the program gave.
  keepInput: true,
});

/** Every type's own fields (a name means the same in every type that has it). */
export const TYPE_FIELDS = {
  // HTTP
  messagePerRequest: {
    schema: booleanSchema("messagePerRequest"),
    default: false,
    doc: "One message per request; needs multilineProcessingEnabled: false.",
  },
  // LocalFile, RemoteFileV2
  pathExpression: { schema: stringSchema("pathExpression") },
  denylist: {
    schema: z.union([stringListSchema("denylist"), z.string()], {
      error: "denylist must be a list of path expressions (or, for Windows event logs, a string)",
    }),
  },
  encoding: { schema: stringSchema("encoding"), default: "UTF-8" },
  // RemoteFileV2, RemoteWindowsPerfMon
  remoteHosts: {
    schema: stringListSchema("remoteHosts").min(1, "remoteHosts must not be empty"),
    doc: "The hosts to read from: names or IP addresses.",
  },
  remotePort: { schema: portSchema("remotePort"), doc: "The SSH port, e.g. 22." },
  remoteUser: {
    schema: stringSchema("remoteUser"),
    doc: "The user to connect as (SSH or Windows).",
  },
  authMethod: {
    schema: z.enum(["password", "key"], { error: 'authMethod must be "password" or "key"' }),
    doc: '"password" (with remotePassword) or "key" (with keyPath).',
  },
  remotePassword: secret("remotePassword", "The user's password."),
  keyPath: {
    schema: stringSchema("keyPath"),
    doc: "The SSH private key's path on the collector's host.",
  },
  keyPassword: secret("keyPassword", "The passphrase of the SSH private key."),
  // LocalWindowsEventLog, RemoteWindowsEventLog
  logNames: {
    schema: stringListSchema("logNames").min(1, "logNames must not be empty"),
    doc: 'The event logs to read, e.g. ["Security", "Application"]; not Analytic or Debug logs.',
  },
  renderMessages: {
    schema: booleanSchema("renderMessages"),
    doc: "Whether to render the event messages (legacy XML format only; the service's default is true).",
  },
  eventFormat: {
    schema: z.union([z.literal(0), z.literal(1)], {
      error: "eventFormat must be 0 (legacy XML) or 1 (JSON)",
    }),
    doc: "0 legacy XML (needs eventMessage), 1 JSON.",
  },
  eventMessage: {
    schema: z.union([z.literal(0), z.literal(1), z.literal(2)], {
      error: "eventMessage must be 0 (full message), 1 (title line) or 2 (metadata only)",
    }),
    doc: "With eventFormat 0: 0 the full message, 1 its title line, 2 metadata only.",
  },
  allowlist: {
    schema: z.union([z.string(), stringListSchema("allowlist")]),
    doc: "The event IDs to collect, comma-separated (or a list); absent: all.",
  },
  domain: { schema: stringSchema("domain"), doc: "The Windows domain." },
  username: { schema: stringSchema("username"), doc: "The Windows user to connect as." },
  password: secret("password", "The Windows user's password."),
  hosts: {
    schema: stringListSchema("hosts").min(1, "hosts must not be empty"),
    doc: "The Windows hosts to read from.",
  },
  // LocalWindowsPerfMon, RemoteWindowsPerfMon
  wmiQueries: {
    schema: listOf(
      z
        .object(
          {
            name: stringSchema("a WMI query's name").describe("The query's name."),
            query: stringSchema("a WMI query").describe(
              'The WQL query, e.g. "select * from Win32_PerfFormattedData_PerfOS_Processor".',
            ),
          },
          { error: "each WMI query must be an object { name, query }" },
        )
        .describe("A Windows Management Instrumentation query to run."),
      "wmiQueries",
    ).min(1, "wmiQueries must not be empty"),
    doc: "The performance counters to read, as WMI queries: `[{ name, query }]`.",
  },
  // ActiveDirectory
  nameSuffixes: {
    schema: z.union([z.string(), stringListSchema("nameSuffixes")], {
      error: "nameSuffixes must be a string (;-separated) or a list of strings",
    }),
    doc: "Distinguished-name suffixes to skip, ;-separated or a list.",
  },
  filter: {
    schema: z.string({ error: "filter must be a string" }),
    doc: 'An LDAP filter, e.g. "(objectClass=user)".',
  },
  additionalAttr: {
    schema: z.union([z.string(), stringListSchema("additionalAttr")]),
    doc: "Further LDAP attributes to collect, ;-separated or a list.",
  },
  excludedAttr: {
    schema: z.union([z.string(), stringListSchema("excludedAttr")]),
    doc: "LDAP attributes to leave out, ;-separated or a list.",
  },
  // SystemStats, ActiveDirectory
  interval: { schema: positiveIntSchema("interval", " of milliseconds") },
  // Syslog, StreamingMetrics
  protocol: {
    schema: z.enum(["UDP", "TCP"], { error: 'protocol must be "UDP" or "TCP"' }),
    doc: '"UDP" or "TCP".',
  },
  port: {
    schema: portSchema("port"),
    doc: "The port to listen on, 1–65535, e.g. 514 (syslog) or 2003 (Graphite).",
  },
  // Script
  commands: {
    schema: stringListSchema("commands").min(1, "commands must not be empty"),
    doc: 'The interpreter and its arguments, e.g. ["/bin/bash"].',
  },
  file: { schema: stringSchema("file"), doc: "The script's path on the host (instead of script)." },
  workingDir: { schema: stringSchema("workingDir"), doc: "The directory the script runs in." },
  timeout: {
    schema: z.number({ error: "timeout must be a number of milliseconds" }).int().min(0),
    doc: "Milliseconds the script may run before it is stopped; 0: no limit.",
  },
  script: { schema: stringSchema("script"), doc: "The script itself, when there is no file." },
  cronExpression: {
    schema: stringSchema("cronExpression").refine(
      (cron) => [6, 7].includes(cron.trim().split(/\s+/).length),
      {
        error:
          'cronExpression must be a Quartz expression of 6 or 7 fields, e.g. "0 0/15 * * * ? *"',
      },
    ),
    doc: 'A Quartz expression, e.g. "0 0/15 * * * ? *".',
  },
  // DockerLog, DockerStats
  uri: {
    schema: stringSchema("uri").regex(/^(unix|tcp|https?):\/\/\S+$/, {
      error:
        'uri must be a Docker endpoint such as "unix:///var/run/docker.sock" or "https://host:2376"',
    }),
    doc: 'The Docker engine, e.g. "unix:///var/run/docker.sock" or "https://host:2376" (https needs certPath).',
  },
  allContainers: {
    schema: booleanSchema("allContainers"),
    doc: "Every container; false: only specifiedContainers.",
  },
  specifiedContainers: {
    schema: stringListSchema("specifiedContainers"),
    doc: "Container names or filter expressions, with allContainers false.",
  },
  certPath: {
    schema: stringSchema("certPath"),
    doc: "The directory of the TLS certificates, for an https uri.",
  },
  collectEvents: {
    schema: booleanSchema("collectEvents"),
    doc: "Whether to collect Docker events as well.",
  },
  pollInterval: {
    schema: z
      .number({ error: "pollInterval must be a number of milliseconds" })
      .int({ error: "pollInterval must be a whole number of milliseconds" })
      .refine((ms) => ms === 0 || ms >= 1000, {
        error: "pollInterval must be 0 (continuous) or at least 1000 milliseconds",
      }),
    doc: "Milliseconds between polls, at least 1000; 0 or absent: continuous.",
  },
  // SystemStats, DockerStats
  metrics: {
    schema: stringListSchema("metrics"),
    doc: 'Host metric names, e.g. ["CPU_User", "CPU_Sys"]; absent: all.',
  },
  // Polling, StreamingMetrics
  contentType: { schema: stringSchema("contentType") },
  scanInterval: { schema: scanIntervalSchema, default: 300000 },
  paused: { schema: booleanSchema("paused"), default: false, doc: "Stops scanning while true." },
  thirdPartyRef: {
    schema: z.record(z.string(), z.unknown(), { error: "thirdPartyRef must be an object" }),
    secret: true,
    subset: true,
    secretPaths: ALL_AUTH_SECRET_PATHS,
    doc: "Polling sources: bucket, path and authentication (access keys or a role ARN).",
  },
} as const satisfies FieldSpecs;

export type TypeFieldName = keyof typeof TYPE_FIELDS;

/** Server-assigned outputs that hold a secret token. */
export const SECRET_COMPUTED = ["url", "token"] as const;

/**
 * What an HTTP source of a variant with auth-header ingestion (plain, Zipkin, Otlp, KinesisLog:
 * sheet 5 and the live facts) also gets: `token` (a secret, in `computed`) and its `baseUrl`.
 */
export const AUTH_HEADER_OUTPUTS = { baseUrl: sourceSchema.shape.baseUrl };

/** What check asks for when a source's collectorId is missing. */
export const COLLECTOR_ID_HINT = "the id of the collector the source belongs to, e.g. collector.id";
