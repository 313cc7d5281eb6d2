// Spec 2.2 (docs/spec/collector-management-api.md) (and the live-service facts (docs/reference/live-service-facts.md) for each source type): the Source.
import { z } from "zod";
import { descriptionInput, fieldsInput, fieldsOutput, hostNameInput, nameInput } from "./common";

export const FILTER_TYPES = ["Exclude", "Include", "Hash", "Mask", "Forward"] as const;

const filterOutput = z.looseObject({
  filterType: z.string(),
  name: z.string(),
  regexp: z.string(),
  mask: z.string().nullish(),
});
const dateFormat = z.looseObject({ format: z.string(), locator: z.string().nullish() });

/** LocalFile path expressions; a Windows event log's comma-separated event IDs (a string). */
const stringOrList = z.union([z.array(z.string()), z.string()]);
/** SystemStats: metric names; DockerStats: `{ category, metric }` objects (sheet 4). */
const metricList = z.array(
  z.union([z.string(), z.looseObject({ category: z.string(), metric: z.string() })]),
);

/** A Source as the service returns it. Unknown (type-specific) fields are kept. */
export const sourceSchema = z.looseObject({
  /** Absent in download=true output. */
  id: z.number().int().optional(),
  sourceType: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  category: z.string().nullish(),
  hostName: z.string().nullish(),
  timeZone: z.string().nullish(),
  automaticDateParsing: z.boolean().nullish(),
  multilineProcessingEnabled: z.boolean().nullish(),
  useAutolineMatching: z.boolean().nullish(),
  forceTimeZone: z.boolean().nullish(),
  manualPrefixRegexp: z.string().nullish(),
  defaultDateFormats: z.array(dateFormat).nullish(),
  filters: z.array(filterOutput).nullish(),
  hashAlgorithm: z.string().nullish(),
  cutoffTimestamp: z.number().nullish(),
  cutoffRelativeTime: z.string().nullish(),
  fields: fieldsOutput,
  encoding: z.string().nullish(),
  pathExpression: z.string().nullish(),
  denylist: stringOrList.nullish(),
  contentType: z.string().nullish(),
  /** SystemStats: milliseconds. */
  interval: z.number().nullish(),
  metrics: metricList.nullish(),
  /** Read-only status. */
  alive: z.boolean().optional(),
  /** HTTP Sources: server-assigned, holds a secret token. */
  url: z.string().optional(),
  /** Cloudsyslog Sources, and HTTP ones with auth-header ingestion: secret. */
  token: z.string().optional(),
  /** HTTP Sources with auth-header ingestion: where to send data with the token as a header. */
  baseUrl: z.string().optional(),
});
export type Source = z.infer<typeof sourceSchema>;

/** Fields each source type requires on create (live-service facts (docs/reference/live-service-facts.md); types not listed are not checked). */
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
  defaultDateFormats: z.array(dateFormat).nullish(),
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
