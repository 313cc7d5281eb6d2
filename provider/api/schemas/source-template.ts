// The Source Template Management API (the vendor's public OpenAPI, sourceTemplateManagement-
// External): a source template as the service shows it, what create, update and upgrade send,
// and the linked-impact preview. Answers are read leniently (unknown fields kept, nothing but the
// id required); what is sent is checked before it goes, each message naming the field.
import { z } from "zod";
import { DESCRIPTION_MAX, NAME_MAX } from "./common";
import { OT_ID_PATTERN, otTagFilterSchema } from "./ot-collector";

export const TEMPLATE_STATUSES = ["enable", "disable"] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

const text = z.string().nullish();
const object = z.record(z.string(), z.unknown());

// Read side: tag conditions as the service shows them, whatever else they carry.
const tagFilterOutput = z.array(
  z.array(
    z
      .looseObject({
        key: z.string().describe("The tag's key."),
        values: z.array(z.string()).nullish().describe("The values it may have."),
      })
      .describe("A tag a collector must have, with one of these values."),
  ),
);

export const sourceTemplateSelectorOutput = z
  .looseObject({
    tags: tagFilterOutput
      .describe("Lists of tags: a collector is picked when it has every tag of one list.")
      .nullish(),
    names: z.array(z.string()).nullish().describe("Names of OT collectors it picks."),
  })
  .describe(
    "Which OT collectors (remotely managed) it configures: those named, or whose tags hold one inner list of `tags` entirely.",
  );

/** A source template as the service returns it (SourceTemplateDefinition). Unknown fields are kept. */
export const sourceTemplateSchema = z
  .looseObject({
    id: z.string().describe("The template's id: 16 hexadecimal digits."),
    schemaRef: z
      .looseObject({
        type: z.string().nullish().describe('The template type, e.g. "Apache".'),
        version: text.describe("Its version."),
        latestVersion: text.describe("The newest version of the type."),
      })
      .describe("The template type and its version; latestVersion: the newest of the type.")
      .nullish(),
    inputJson: z
      .looseObject({
        name: text.describe("The template's name."),
        description: text.describe("What it is for."),
        receivers: object.nullish().describe("The receivers, by name."),
        processors: object.nullish().describe("The processors, by name."),
      })
      .describe("The template's settings: name, description, receivers, processors and more.")
      .nullish(),
    config: text.describe("The collector configuration (YAML) rendered from inputJson."),
    selector: sourceTemplateSelectorOutput.nullish(),
    totalCollectorLinked: z.number().nullish().describe("How many OT collectors it configures."),
    isEnabled: z.boolean().nullish().describe("Whether the service sends it to the collectors."),
    status: text.describe('"enable" or "disable".'),
    createdAt: text.describe("RFC 3339."),
    createdBy: text.describe("The id of who created it."),
    modifiedAt: text.describe("RFC 3339."),
    modifiedBy: text.describe("The id of who last changed it."),
  })
  .describe("A source template as the service shows it.");
export type SourceTemplate = z.infer<typeof sourceTemplateSchema>;

export const sourceTemplateListSchema = z.looseObject({ data: z.array(sourceTemplateSchema) });

// "required" for a missing value, the expected type otherwise: zod's default says neither.
const required = (what: string, expected: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `required: ${what}` : `must be ${expected}`;

const schemaRefInput = z.object(
  {
    type: z
      .string({ error: required('the template type, e.g. "Apache"', "a string") })
      .min(1, 'required: the template type, e.g. "Apache"'),
    // Absent or "" means the type's latest version (what the Terraform provider sends).
    version: z.string({ error: "must be a string" }).optional(),
  },
  { error: required('{type, version?}, e.g. {type: "Apache"}', "an object {type, version?}") },
);

/** The template's settings; keys it does not name are passed through. */
export const templateInputJsonSchema = z.looseObject(
  {
    name: z
      .string({ error: required(`the template's name, 1–${NAME_MAX} characters`, "a string") })
      .min(1, "must not be empty")
      .max(NAME_MAX, `at most ${NAME_MAX} characters`),
    description: z.string().max(DESCRIPTION_MAX).optional(),
    receivers: z.record(z.string(), z.unknown(), {
      error: required("an object of receivers, e.g. {hostmetrics: {...}}", "an object"),
    }),
    processors: z.record(z.string(), z.unknown(), { error: "must be an object" }).optional(),
  },
  { error: required("an object {name, receivers, ...}", "an object {name, receivers, ...}") },
);

export const sourceTemplateSelectorSchema = z.object(
  {
    tags: otTagFilterSchema.optional(),
    names: z.array(z.string().min(1, "must not be empty")).optional(),
  },
  { error: "must be an object {tags?, names?}" },
);
export type SourceTemplateSelector = z.input<typeof sourceTemplateSelectorSchema>;

/**
 * What create() and update() send. Keys not named here are left out, so what get() returned can
 * be sent back changed. Leaving `isEnabled` out of an update keeps it as it is.
 */
export const sourceTemplateInputSchema = z.object({
  schemaRef: schemaRefInput,
  selector: sourceTemplateSelectorSchema.optional(),
  inputJson: templateInputJsonSchema,
  isEnabled: z.boolean({ error: "must be true or false" }).optional(),
});
export type SourceTemplateInput = z.input<typeof sourceTemplateInputSchema>;

/** POST /sourceTemplates/{id}/upgrade: a version is required here. */
export const sourceTemplateUpgradeSchema = z.object({
  schemaRef: z.object(
    {
      type: schemaRefInput.shape.type,
      version: z
        .string({ error: required('the version to move to, e.g. "1.1.0"', "a string") })
        .min(1, 'required: the version to move to, e.g. "1.1.0"'),
    },
    { error: required('{type, version}, e.g. {type: "Apache", version: "1.1.0"}', "an object") },
  ),
  inputJson: templateInputJsonSchema,
});
export type SourceTemplateUpgrade = z.input<typeof sourceTemplateUpgradeSchema>;

export const templateStatusSchema = z.enum(TEMPLATE_STATUSES, {
  error: `must be one of ${TEMPLATE_STATUSES.map((s) => `"${s}"`).join(", ")}`,
});

/** POST /sourceTemplates/getLinkedSourceTemplatesImpact. */
export const linkedImpactRequestSchema = z.object({
  collectorId: z
    .string({ error: required("the OT collector's id", "a string") })
    .regex(OT_ID_PATTERN, "must be an OT collector's id: 16 hexadecimal digits"),
  tags: z.record(z.string().min(1), z.string({ error: "tag values must be strings" })).optional(),
  updatedName: z.string().min(1).max(NAME_MAX).optional(),
});
export type LinkedImpactRequest = z.input<typeof linkedImpactRequestSchema>;

const impactEntry = z.looseObject({
  sourceTemplateDefinition: sourceTemplateSchema,
  reasonTags: z
    .array(z.array(z.looseObject({ key: z.string(), value: z.string().nullish() })))
    .nullish()
    .transform((tags) => tags ?? []),
});

/** Which enabled templates would start (added) or stop (removed) configuring the collector. */
export const linkedImpactSchema = z.looseObject({
  collectorId: z.string(),
  addedSourceTemplates: z
    .array(impactEntry)
    .nullish()
    .transform((list) => list ?? []),
  removedSourceTemplates: z
    .array(impactEntry)
    .nullish()
    .transform((list) => list ?? []),
});
export type LinkedImpact = z.infer<typeof linkedImpactSchema>;
