// Spec 2.1 (docs/reference/service/collector-management-api.md): the Collector.
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
  link,
  NAME_MAX,
  nameInput,
  timeZoneOutput,
} from "./common";

export const COLLECTOR_FILTERS = ["installed", "hosted", "dead", "alive"] as const;
export type CollectorFilter = (typeof COLLECTOR_FILTERS)[number];

/** A Collector as the service returns it. Unknown fields are kept. */
export const collectorSchema = z
  .looseObject({
    id: z.number().int().describe("The collector's id."),
    name: z.string().describe(`Unique in the account, at most ${NAME_MAX} characters.`),
    description: descriptionOutput,
    category: z
      .string()
      .nullish()
      .describe("The default `_sourceCategory` metadata of its sources."),
    hostName: z.string().nullish().describe(`The host name, at most ${HOST_NAME_MAX} characters.`),
    timeZone: timeZoneOutput,
    fields: fieldsOutput,
    ephemeral: z
      .boolean()
      .optional()
      .describe("Deleted by the service after 12 hours of inactivity."),
    collectorType: z.string().optional().describe('"Installable" or "Hosted".'),
    collectorVersion: z
      .string()
      .optional()
      .describe("The collector software's version; empty for Hosted Collectors."),
    alive: z
      .boolean()
      .optional()
      .describe("Whether it sent a heartbeat (every 15 s) in the last 30 minutes."),
    lastSeenAlive: z
      .number()
      .nullish()
      .describe("Its last heartbeat, in milliseconds since the epoch."),
    cutoffTimestamp: cutoffTimestampOutput,
    cutoffRelativeTime: cutoffRelativeTimeOutput,
    sourceSyncMode: z
      .string()
      .nullish()
      .describe(
        'Installed Collectors: "UI" (sources managed through the API, so by Pulumi) or "Json" (from a JSON file on the host).',
      ),
    targetCpu: z
      .number()
      .nullish()
      .describe(
        "Installed Collectors: CPU use (whole percent, 1–100) above which it slows ingestion from Local and Remote File sources. Default: none (shown as -1).",
      ),
    links: z.array(link).nullish().describe("Links to related objects, e.g. its sources."),
    osName: z.string().nullish().describe("Installed Collectors: the host's operating system."),
    osVersion: z.string().nullish().describe("Installed Collectors: the OS version."),
    osArch: z.string().nullish().describe("Installed Collectors: the OS architecture."),
    osTime: z
      .number()
      .nullish()
      .describe("Installed Collectors: how long it has been running, in milliseconds."),
  })
  .describe("A collector as the service shows it.");
export type Collector = z.infer<typeof collectorSchema>;

// Modifiable fields shared by create and update, with the spec's limits.
const modifiable = {
  name: nameInput,
  description: descriptionInput,
  category: z.string().nullish(),
  hostName: hostNameInput,
  timeZone: z.string().nullish(),
  fields: fieldsInput,
  cutoffTimestamp: z.number().int().min(0).nullish(),
  targetCpu: z.number().int().min(-1).max(100).nullish(),
};

/** POST /collectors: only Hosted Collectors can be created; `id` is omitted. */
export const hostedCollectorInputSchema = z.looseObject({
  ...modifiable,
  collectorType: z
    .literal("Hosted", { error: "only Hosted Collectors can be created through the API" })
    .default("Hosted"),
  ephemeral: z.boolean().default(false),
  cutoffRelativeTime: z.string().nullish(),
  id: z.undefined({ error: "must be omitted when creating" }).optional(),
});
export type HostedCollectorInput = z.input<typeof hostedCollectorInputSchema>;

/**
 * PUT /collectors/{id}: the whole Collector with every required field; not-modifiable fields
 * must equal the current values, so send back what get() returned, changed.
 */
export const collectorUpdateSchema = z.looseObject({
  ...modifiable,
  id: z.number().int(),
  ephemeral: z.boolean(),
  sourceSyncMode: z.string().nullish(),
});
/** What update() takes: `id` may be left out (the path gives it). */
export type CollectorUpdate = z.input<ReturnType<typeof updateBody>>;
const updateBody = () => collectorUpdateSchema.extend({ id: z.number().int().optional() });

export const collectorEnvelope = z.looseObject({ collector: collectorSchema });
export const collectorListEnvelope = z.looseObject({ collectors: z.array(collectorSchema) });
