// The OpenTelemetry Collector Management API (the vendor's public OpenAPI, otCollectorManagement-
// External, plus the update the Terraform provider sends): the OT collector as the service shows
// it, the changes an update takes, and the search request. Answers are read leniently (unknown
// fields kept, nothing but id and name required); what is sent is checked before it goes.
import { z } from "zod";
import { DESCRIPTION_MAX, NAME_MAX, nameInput } from "./common";

/** An OT collector's or a source template's id: 16 hexadecimal digits, e.g. 0000000005F5E105. */
export const OT_ID_PATTERN = /^[0-9A-Fa-f]{16}$/;
/** The spec's bounds of the search's `limit`, and its default. */
export const OT_SEARCH_LIMIT_MAX = 1000;
export const OT_SEARCH_LIMIT_DEFAULT = 100;
/** The spec's `maxProperties` of an OT collector's tags. */
export const OT_TAGS_MAX = 1000;
/** Tag keys the service sets itself (discovery): an update leaves them as they are. */
export const SERVICE_TAG_PREFIX = "sumo.disco";

const text = z.string().nullish();

// Tags are strings on the wire, but the spec's own example has a boolean: any other value is
// read as its JSON text rather than refused, and absent tags read as none.
const tagValue = z.string().catch((ctx) => JSON.stringify(ctx.value));
const tagsOutput = z
  .record(z.string(), tagValue)
  .nullish()
  .transform((tags): Record<string, string> => tags ?? {})
  .describe(
    `Key/value tags. Keys starting "${SERVICE_TAG_PREFIX}" are the service's own (discovery).`,
  );

/** An OT collector as the service returns it. Unknown fields are kept. */
export const otCollectorSchema = z
  .looseObject({
    id: z.string().describe("The OT collector's id: 16 hexadecimal digits."),
    name: z
      .string()
      .describe(`Unique among the account's OT collectors, 1–${NAME_MAX} characters.`),
    description: text.describe(`At most ${DESCRIPTION_MAX} characters.`),
    category: text.describe("The default `_sourceCategory` of what it collects."),
    timeZone: text.describe('A tz database name, e.g. "UTC".'),
    tags: tagsOutput,
    ephemeral: z.boolean().optional().describe("Deleted by the service after 12 hours offline."),
    alive: z.boolean().optional().describe("Whether it sent a heartbeat recently."),
    isRemotelyManaged: z
      .boolean()
      .optional()
      .describe("Configured through source templates (true) or by a local file (false)."),
    version: z
      .looseObject({
        currentVersion: z.string().nullish().describe('The build it runs, e.g. "0.118.0-sumo-0".'),
        latestAvailableVersion: z
          .string()
          .describe("The latest build the service offers.")
          .nullish(),
      })
      .describe("The collector software's version, and the latest available.")
      // Its own name in the SDKs, where a bare `Version` would say nothing.
      .meta({ title: "OtCollectorVersion" })
      .nullish(),
    systemInfo: z
      .looseObject({
        hostName: text.describe("The host's name."),
        hostOsName: text.describe('Its operating system, e.g. "Linux".'),
        hostOsVersion: text.describe("Its operating system's version."),
        hostIpAddress: text.describe("Its IP address."),
        hostEnv: text.describe('Its environment, e.g. "EKS-1.20.2".'),
      })
      .describe("The host it runs on.")
      .nullish(),
    healthIncidentsTracker: z
      .looseObject({
        errorsCount: z.number().nullish().describe("Errors reported."),
        warningsCount: z.number().nullish().describe("Warnings reported."),
      })
      .describe("Its health incidents: errors and warnings.")
      .nullish(),
    sourceTemplateLinkedCount: z
      .number()
      .describe("How many enabled source templates select it.")
      .nullish(),
    createdAt: text.describe("RFC 3339."),
    createdBy: text.describe("The id of who registered it."),
    modifiedAt: text.describe("RFC 3339."),
    modifiedBy: text.describe("The id of who last changed it."),
  })
  .describe("An OpenTelemetry collector as the service shows it.");
export type OtCollector = z.infer<typeof otCollectorSchema>;

/** GET /otCollectors/otCollectorsByName and the search: `{data: [...]}`. */
export const otCollectorListSchema = z.looseObject({
  data: z.array(otCollectorSchema),
  next: z.string().nullish(),
  count: z.number().nullish(),
});
export const otCollectorCountSchema = z.looseObject({ totalCount: z.number() });

const tagKey = z.string().min(1, "a tag key must not be empty");

/**
 * What update() changes: only the fields given are sent (null or absent: left as it is; "" clears
 * a description or category). `tags` replaces the user's tags (keys starting "sumo.disco" are the
 * service's: they are neither sent nor removed). Other keys are left out, as the service ignores
 * them, so what get() returned can be passed back changed.
 */
export const otCollectorUpdateSchema = z.object({
  name: nameInput.nullish(),
  description: z.string().max(DESCRIPTION_MAX).nullish(),
  category: z.string().nullish(),
  timeZone: z.string().min(1, 'must be a tz database name such as "UTC"').nullish(),
  tags: z
    .record(tagKey, z.string({ error: "tag values must be strings" }))
    .refine((tags) => Object.keys(tags).length <= OT_TAGS_MAX, {
      error: `at most ${OT_TAGS_MAX} tags`,
    })
    .nullish(),
});
export type OtCollectorUpdate = z.input<typeof otCollectorUpdateSchema>;

/** One condition of a tag filter or selector: the tag `key` has one of `values`. */
export const otTagSchema = z
  .object({
    key: tagKey.describe("The tag's key."),
    values: z.array(z.string()).describe("The values it may have: the collector's must be one."),
  })
  .describe("A tag a collector must have, with one of these values.");
export type OtTag = z.infer<typeof otTagSchema>;
/** Inner lists ANDed, the lists ORed: [[a, b], [c]] is (a and b) or c. */
export const otTagFilterSchema = z.array(z.array(otTagSchema));
export type OtTagFilter = z.infer<typeof otTagFilterSchema>;

const SEMVER = /^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-sumo.+)?$/;
const version = z.string().regex(SEMVER, 'must be a version such as "v0.108.0-sumo-0"');

export const otCollectorFiltersSchema = z.strictObject({
  tags: otTagFilterSchema.optional(),
  os: z.string().nullish(),
  collectorVersionRange: z
    .strictObject({
      minVersion: version.optional().describe("The lowest version."),
      maxVersion: version.optional().describe("The highest version."),
      rangeType: z
        .enum(["Within", "Outside"])
        .optional()
        .describe('"Within" (the default) or "Outside" the range.'),
    })
    .optional(),
  alive: z.boolean().nullish(),
  isRemotelyManaged: z.boolean().nullish(),
  isUpgradeAvailable: z.boolean().nullish(),
  hasNoSourceTemplateLinked: z.boolean().nullish(),
});
export type OtCollectorFilters = z.input<typeof otCollectorFiltersSchema>;

/** POST /otCollectors: one page of the OT collectors that match. */
export const otCollectorSearchSchema = z.strictObject({
  search: z.string().optional(),
  filters: otCollectorFiltersSchema.optional(),
  sortBy: z.string().min(1).optional(),
  next: z.string().min(1).optional(),
  limit: z
    .number()
    .int("must be a whole number")
    .min(1, `must be from 1 to ${OT_SEARCH_LIMIT_MAX}`)
    .max(OT_SEARCH_LIMIT_MAX, `must be from 1 to ${OT_SEARCH_LIMIT_MAX}`)
    .optional(),
  includeCount: z.boolean().optional(),
});
export type OtCollectorSearch = z.input<typeof otCollectorSearchSchema>;
export type OtCollectorPage = z.infer<typeof otCollectorListSchema>;
