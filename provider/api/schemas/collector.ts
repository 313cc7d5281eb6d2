// Spec 2.1 (docs/spec/collector-management-api.md): the Collector.
import { z } from "zod";
import {
  descriptionInput,
  fieldsInput,
  fieldsOutput,
  hostNameInput,
  link,
  nameInput,
} from "./common";

export const COLLECTOR_FILTERS = ["installed", "hosted", "dead", "alive"] as const;
export type CollectorFilter = (typeof COLLECTOR_FILTERS)[number];

/** A Collector as the service returns it. Unknown fields are kept. */
export const collectorSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullish(),
  category: z.string().nullish(),
  hostName: z.string().nullish(),
  timeZone: z.string().nullish(),
  fields: fieldsOutput,
  ephemeral: z.boolean().optional(),
  /** "Installable" or "Hosted". */
  collectorType: z.string().optional(),
  /** Empty for Hosted Collectors. */
  collectorVersion: z.string().optional(),
  alive: z.boolean().optional(),
  lastSeenAlive: z.number().nullish(),
  cutoffTimestamp: z.number().nullish(),
  cutoffRelativeTime: z.string().nullish(),
  /** Installed Collectors: "UI" (cloud-managed sources) or "Json" (local file). */
  sourceSyncMode: z.string().nullish(),
  /** -1 when unset. */
  targetCpu: z.number().nullish(),
  links: z.array(link).nullish(),
  osName: z.string().nullish(),
  osVersion: z.string().nullish(),
  osArch: z.string().nullish(),
  osTime: z.number().nullish(),
});
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
