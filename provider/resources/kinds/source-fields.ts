// The fields of sources: those every source type has (COMMON_FIELDS) and every type's own
// (TYPE_FIELDS: a name means the same in every type that has it), with the server-set outputs
// every source may carry. The source-type table (source-types.ts) says which type takes which.
import { z } from "zod";
import { FILTER_TYPES } from "../../api";
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
  stringListSchema,
  stringSchema,
  timeZoneSchema,
} from "./schemas";
import { ALL_AUTH_SECRET_PATHS, scanIntervalSchema } from "./third-party";

export const filterSchema = z
  .object(
    {
      name: stringSchema("a filter's name"),
      filterType: z.enum(FILTER_TYPES, {
        error: (issue) =>
          `filterType ${JSON.stringify(issue.input)} is not one of ${FILTER_TYPES.join(", ")}`,
      }),
      regexp: stringSchema("a filter's regexp"),
      mask: z.string({ error: "mask must be a string" }).optional(),
    },
    { error: "each filter must be an object { name, filterType, regexp, mask? }" },
  )
  .refine((filter) => filter.filterType !== "Mask" || !!filter.mask, {
    error: "a Mask filter needs `mask`: the text that replaces what regexp matches",
    path: ["mask"],
  });

export const dateFormatSchema = z.object(
  { format: stringSchema("a date format's format"), locator: z.string().optional() },
  { error: "each default date format must be an object { format, locator? }" },
);

const listOf = <T extends z.ZodType>(item: T, what: string) =>
  z.array(item, { error: `${what} must be a list` });

/** Fields every source type has. */
export const COMMON_FIELDS = {
  name: {
    schema: nameSchema,
    keepWhenUnset: true,
    doc: "Unique on its collector, at most 128 characters. Default: the logical name plus a random suffix.",
  },
  description: { schema: descriptionSchema },
  category: { schema: categorySchema, doc: "The `_sourceCategory` of the data." },
  hostName: {
    schema: hostNameSchema,
    doc: "The `_sourceHost` of the data, at most 128 characters.",
  },
  timeZone: { schema: timeZoneSchema, doc: 'A tz database name, e.g. "UTC".' },
  forceTimeZone: { schema: booleanSchema("forceTimeZone"), default: false },
  automaticDateParsing: { schema: booleanSchema("automaticDateParsing"), default: true },
  multilineProcessingEnabled: {
    schema: booleanSchema("multilineProcessingEnabled"),
    default: true,
  },
  useAutolineMatching: { schema: booleanSchema("useAutolineMatching"), default: true },
  manualPrefixRegexp: { schema: stringSchema("manualPrefixRegexp") },
  defaultDateFormats: {
    schema: listOf(dateFormatSchema, "defaultDateFormats"),
    doc: "`[{ format, locator? }]`",
  },
  filters: {
    schema: listOf(filterSchema, "filters"),
    doc: `\`[{ name, filterType, regexp, mask? }]\`, filterType one of ${FILTER_TYPES.join(", ")}; Mask needs mask.`,
  },
  hashAlgorithm: {
    schema: z.enum(["MD5", "SHA-256"], { error: 'hashAlgorithm must be "MD5" or "SHA-256"' }),
  },
  cutoffTimestamp: { schema: cutoffTimestampSchema, default: 0 },
  cutoffRelativeTime: {
    schema: cutoffRelativeTimeSchema,
    replace: true,
    keepInput: true,
    doc: 'e.g. "-1d"; changing it replaces the source.',
  },
  fields: { schema: metadataFieldsSchema, doc: "Key/value metadata." },
} as const satisfies FieldSpecs;

export type CommonFieldName = keyof typeof COMMON_FIELDS;

const secret = (what: string) => ({
  schema: stringSchema(what),
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
  pathExpression: { schema: stringSchema("pathExpression"), doc: 'e.g. "/var/log/*.log".' },
  denylist: {
    schema: z.union([stringListSchema("denylist"), z.string()], {
      error: "denylist must be a list of path expressions (or, for Windows event logs, a string)",
    }),
  },
  encoding: { schema: stringSchema("encoding"), default: "UTF-8" },
  // RemoteFileV2, RemoteWindowsPerfMon
  remoteHosts: { schema: stringListSchema("remoteHosts").min(1, "remoteHosts must not be empty") },
  remotePort: { schema: portSchema("remotePort") },
  remoteUser: { schema: stringSchema("remoteUser") },
  authMethod: {
    schema: z.enum(["password", "key"], { error: 'authMethod must be "password" or "key"' }),
  },
  remotePassword: secret("remotePassword"),
  keyPath: { schema: stringSchema("keyPath") },
  keyPassword: secret("keyPassword"),
  // LocalWindowsEventLog, RemoteWindowsEventLog
  logNames: { schema: stringListSchema("logNames").min(1, "logNames must not be empty") },
  renderMessages: { schema: booleanSchema("renderMessages") },
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
  },
  allowlist: { schema: z.union([z.string(), stringListSchema("allowlist")]) },
  domain: { schema: stringSchema("domain") },
  username: { schema: stringSchema("username") },
  password: secret("password"),
  hosts: { schema: stringListSchema("hosts").min(1, "hosts must not be empty") },
  // LocalWindowsPerfMon, RemoteWindowsPerfMon
  wmiQueries: {
    schema: listOf(
      z.object(
        { name: stringSchema("a WMI query's name"), query: stringSchema("a WMI query") },
        { error: "each WMI query must be an object { name, query }" },
      ),
      "wmiQueries",
    ).min(1, "wmiQueries must not be empty"),
  },
  // ActiveDirectory
  nameSuffixes: {
    schema: z.union([z.string(), stringListSchema("nameSuffixes")], {
      error: "nameSuffixes must be a string (;-separated) or a list of strings",
    }),
  },
  filter: { schema: z.string({ error: "filter must be a string" }) },
  additionalAttr: { schema: z.union([z.string(), stringListSchema("additionalAttr")]) },
  excludedAttr: { schema: z.union([z.string(), stringListSchema("excludedAttr")]) },
  // SystemStats, ActiveDirectory
  interval: { schema: positiveIntSchema("interval", " of milliseconds") },
  // Syslog, StreamingMetrics
  protocol: { schema: z.enum(["UDP", "TCP"], { error: 'protocol must be "UDP" or "TCP"' }) },
  port: { schema: portSchema("port") },
  // Script
  commands: {
    schema: stringListSchema("commands").min(1, "commands must not be empty"),
    doc: 'The interpreter, e.g. ["/bin/bash"].',
  },
  file: { schema: stringSchema("file") },
  workingDir: { schema: stringSchema("workingDir") },
  timeout: {
    schema: z.number({ error: "timeout must be a number of milliseconds" }).int().min(0),
  },
  script: { schema: stringSchema("script") },
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
    doc: 'e.g. "unix:///var/run/docker.sock"; https needs certPath.',
  },
  allContainers: { schema: booleanSchema("allContainers") },
  specifiedContainers: { schema: stringListSchema("specifiedContainers") },
  certPath: { schema: stringSchema("certPath") },
  collectEvents: { schema: booleanSchema("collectEvents") },
  pollInterval: {
    schema: z
      .number({ error: "pollInterval must be a number of milliseconds" })
      .int({ error: "pollInterval must be a whole number of milliseconds" })
      .refine((ms) => ms === 0 || ms >= 1000, {
        error: "pollInterval must be 0 (continuous) or at least 1000 milliseconds",
      }),
  },
  // SystemStats, DockerStats
  metrics: { schema: stringListSchema("metrics"), doc: 'e.g. ["CPU_User", "CPU_Sys"].' },
  // Polling, StreamingMetrics
  contentType: { schema: stringSchema("contentType") },
  scanInterval: {
    schema: scanIntervalSchema,
    default: 300000,
    doc: "Milliseconds between scans (default 300000), or -1 (automatic).",
  },
  paused: { schema: booleanSchema("paused"), default: false },
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
export const AUTH_HEADER_OUTPUTS = { baseUrl: z.string() };

/** What check asks for when a source's collectorId is missing. */
export const COLLECTOR_ID_HINT = "the id of the collector the source belongs to, e.g. collector.id";
