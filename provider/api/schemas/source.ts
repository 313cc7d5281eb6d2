// Spec 2.2 (docs/reference/service/collector-management-api.md) (and the live-service facts (docs/internals/service-research/live-service-facts.md) for each source type): the Source.
import { z } from "zod";
import {
  cutoffRelativeTimeOutput,
  cutoffTimestampOutput,
  descriptionInput,
  descriptionOutput,
  fieldsInput,
  fieldsOutput,
  HOST_NAME_MAX,
  hostNameInput,
  NAME_MAX,
  nameInput,
  timeZoneOutput,
} from "./common";

export const FILTER_TYPES = ["Exclude", "Include", "Hash", "Mask", "Forward"] as const;

export const filterOutput = z
  .looseObject({
    filterType: z.string().describe(`One of ${FILTER_TYPES.join(", ")}; Mask needs mask.`),
    name: z.string().describe("The rule's name, at most 32 characters."),
    regexp: z.string().describe("The regular expression the rule matches."),
    mask: z.string().nullish().describe("Mask rules: the text that replaces what regexp matches."),
  })
  .describe("A processing rule applied to each message.");
export const dateFormatOutput = z
  .looseObject({
    format: z.string().describe('A Java date format, e.g. "yyyy-MM-dd HH:mm:ss".'),
    locator: z
      .string()
      .nullish()
      .describe("A regular expression whose first group is the timestamp in a message."),
  })
  .describe("A timestamp format to look for.");

/** LocalFile path expressions; a Windows event log's comma-separated event IDs (a string). */
const stringOrList = z.union([z.array(z.string()), z.string()]);
/** A DockerStats metric. */
export const dockerMetric = z
  .looseObject({
    category: z.string().describe('Its category, e.g. "CPU".'),
    metric: z.string().describe('Its name, e.g. "cpu_usage.percpu_usage".'),
  })
  .describe("A Docker stats metric.");
/** SystemStats: metric names; DockerStats: `{ category, metric }` objects (sheet 4). */
const metricList = z.array(z.union([z.string(), dockerMetric]));

/** A Source as the service returns it. Unknown (type-specific) fields are kept. */
export const sourceSchema = z
  .looseObject({
    /** Absent in download=true output. */
    id: z.number().int().optional().describe("The source's id."),
    sourceType: z
      .string()
      .describe('The API\'s source type, e.g. "LocalFile" or "HTTP". Not modifiable.'),
    name: z.string().describe(`Unique on its collector, at most ${NAME_MAX} characters.`),
    description: descriptionOutput,
    category: z.string().nullish().describe("The `_sourceCategory` metadata of the data."),
    hostName: z
      .string()
      .nullish()
      .describe(`The \`_sourceHost\` metadata of the data, at most ${HOST_NAME_MAX} characters.`),
    timeZone: timeZoneOutput,
    automaticDateParsing: z
      .boolean()
      .nullish()
      .describe("Whether timestamps are parsed from the messages."),
    multilineProcessingEnabled: z
      .boolean()
      .nullish()
      .describe("Whether messages spanning several lines are joined into one."),
    useAutolineMatching: z
      .boolean()
      .nullish()
      .describe("Whether the first line of a message is inferred (else manualPrefixRegexp)."),
    forceTimeZone: z
      .boolean()
      .nullish()
      .describe("Whether timeZone overrides the time zone the messages carry."),
    manualPrefixRegexp: z
      .string()
      .nullish()
      .describe("A regular expression matching the first line of each message."),
    defaultDateFormats: z
      .array(dateFormatOutput)
      .nullish()
      .describe("Timestamp formats to look for in each message, in order."),
    filters: z
      .array(filterOutput)
      .nullish()
      .describe("Processing rules applied to each message, in order."),
    hashAlgorithm: z.string().nullish().describe('How Hash rules hash: "MD5" or "SHA-256".'),
    cutoffTimestamp: cutoffTimestampOutput,
    cutoffRelativeTime: cutoffRelativeTimeOutput,
    fields: fieldsOutput,
    encoding: z.string().nullish().describe('The files\' character set, e.g. "UTF-8".'),
    pathExpression: z
      .string()
      .nullish()
      .describe(
        'The files to collect: an absolute path, `*` matching one level and `**` any, e.g. "/var/log/*.log".',
      ),
    denylist: stringOrList
      .nullish()
      .describe(
        "Path expressions to skip (file sources), or event IDs to skip, comma-separated (Windows event logs).",
      ),
    contentType: z
      .string()
      .nullish()
      .describe(
        "The data's format; selects a variant of HTTP, Polling, DockerStats and StreamingMetrics sources.",
      ),
    /** SystemStats: milliseconds. */
    interval: z.number().nullish().describe("Milliseconds between samples or scans."),
    metrics: metricList
      .nullish()
      .describe(
        "The metrics to collect (SystemStats: host metric names; DockerStats: { category, metric }); absent: all.",
      ),
    /** Read-only status. */
    alive: z
      .boolean()
      .optional()
      .describe("Read-only status: false after 30 minutes without a heartbeat."),
    /** HTTP Sources: server-assigned, holds a secret token. */
    url: z
      .string()
      .optional()
      .describe(
        "Where to send data (HTTP sources; the address holds the ingest token) or the SNS notification endpoint (Polling). A secret.",
      ),
    /** Cloudsyslog Sources, and HTTP ones with auth-header ingestion: secret. */
    token: z
      .string()
      .optional()
      .describe(
        "Cloudsyslog: the token to send as the syslog structured-data ID; HTTP: the token to send in the x-sumo-token header to baseUrl. A secret.",
      ),
    /** HTTP Sources with auth-header ingestion: where to send data with the token as a header. */
    baseUrl: z
      .string()
      .optional()
      .describe("HTTP sources: where to send data with the token in the x-sumo-token header."),
  })
  .describe("A source as the service shows it, with its type's own fields.");
export type Source = z.infer<typeof sourceSchema>;

/** Fields each source type requires on create (live-service facts (docs/internals/service-research/live-service-facts.md); types not listed are not checked). */
export const REQUIRED_FIELDS_BY_SOURCE_TYPE: Readonly<Record<string, readonly string[]>> = {
  LocalFile: ["pathExpression"],
  RemoteFileV2: ["remoteHosts", "remotePort", "remoteUser", "authMethod", "pathExpression"],
  LocalWindowsEventLog: ["logNames"],
  RemoteWindowsEventLog: ["logNames", "domain", "username", "password", "hosts"],
  LocalWindowsPerfMon: ["wmiQueries"],
  Syslog: ["protocol", "port"],
  Script: ["commands", "cronExpression"],
  DockerLog: ["uri", "allContainers", "collectEvents"],
  DockerStats: ["uri", "allContainers"],
  SystemStats: ["interval"],
  Polling: ["contentType"],
};

const filterInput = z
  .looseObject({
    filterType: z.enum(FILTER_TYPES),
    name: z.string().min(1),
    regexp: z.string().min(1),
    mask: z.string().nullish(),
  })
  .refine((f) => f.filterType !== "Mask" || !!f.mask, {
    message: "a Mask filter needs `mask`",
    path: ["mask"],
  });

const sourceFields = {
  sourceType: z.string({ error: "is required" }).min(1, "is required"),
  name: nameInput,
  description: descriptionInput,
  category: z.string().nullish(),
  hostName: hostNameInput,
  timeZone: z.string().nullish(),
  automaticDateParsing: z.boolean().nullish(),
  multilineProcessingEnabled: z.boolean().nullish(),
  useAutolineMatching: z.boolean().nullish(),
  forceTimeZone: z.boolean().nullish(),
  manualPrefixRegexp: z.string().nullish(),
  defaultDateFormats: z.array(dateFormatOutput).nullish(),
  filters: z.array(filterInput).nullish(),
  hashAlgorithm: z.enum(["MD5", "SHA-256"]).nullish(),
  cutoffTimestamp: z.number().int().min(0).nullish(),
  cutoffRelativeTime: z.string().nullish(),
  fields: fieldsInput,
  interval: z.number().int().positive().nullish(),
  denylist: stringOrList.nullish(),
  metrics: metricList.nullish(),
};

function requireTypeFields(source: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const type = String(source.sourceType);
  const required = Object.hasOwn(REQUIRED_FIELDS_BY_SOURCE_TYPE, type)
    ? (REQUIRED_FIELDS_BY_SOURCE_TYPE[type] ?? [])
    : [];
  for (const field of required) {
    const value = source[field];
    if (value === undefined || value === null || value === "") {
      ctx.addIssue({
        code: "custom",
        message: `is required for ${String(source.sourceType)} sources`,
        path: [field],
      });
    }
  }
}

/** POST /collectors/{id}/sources: one Source, `id` omitted. */
export const sourceInputSchema = z
  .looseObject({
    ...sourceFields,
    id: z.undefined({ error: "must be omitted when creating" }).optional(),
  })
  .superRefine(requireTypeFields);
export type SourceInput = z.input<typeof sourceInputSchema>;

/** PUT /collectors/{cid}/sources/{id}: `id`, every modifiable field, unchanged not-modifiable ones. */
const sourceUpdateObject = z.looseObject({ ...sourceFields, id: z.number().int() });
export const sourceUpdateSchema = sourceUpdateObject.superRefine(requireTypeFields);
/** What update() takes: `id` may be left out (the path gives it). */
export type SourceUpdate = z.input<ReturnType<typeof updateBody>>;
const updateBody = () => sourceUpdateObject.extend({ id: z.number().int().optional() });

export const sourceEnvelope = z.looseObject({ source: sourceSchema });
export const sourceListEnvelope = z.looseObject({ sources: z.array(sourceSchema) });

/** download=true: a document to register a new Collector with (items without id and alive). */
export const sourcesDownloadSchema = z.looseObject({
  "api.version": z.string().optional(),
  sources: z.array(sourceSchema),
});
export type SourcesDownload = z.infer<typeof sourcesDownloadSchema>;
export const sourceDownloadSchema = z.looseObject({
  "api.version": z.string().optional(),
  source: sourceSchema,
});
