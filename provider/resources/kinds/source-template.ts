// SourceTemplate: the configuration the service sends to the OpenTelemetry collectors its
// selector picks (tags ANDed inside one inner list, the lists ORed; or names). Created, updated
// and deleted through the API; its name is `inputJson.name`. A new `schemaRef.version` goes
// through the upgrade endpoint, and a delete disables the template first, as the service asks
// (steps/entities.ts).
import { z } from "zod";
import { CREDENTIAL_KEY, type FieldSpecs, isObject } from "./fields";
import type { EntityKind, Inputs } from "./kind";
import {
  booleanSchema,
  hexAdoptSchema,
  nameSchema,
  shaped,
  stringSchema,
  toHexId,
} from "./schemas";

const schemaRefSchema = z
  .object(
    {
      type: stringSchema("schemaRef.type")
        .min(1, { error: 'schemaRef.type must name the template\'s type, e.g. "Apache"' })
        .max(128, { error: "schemaRef.type must be at most 128 characters" })
        .describe('The template\'s type, e.g. "Apache"; a new type replaces the template.'),
      version: stringSchema("schemaRef.version")
        .min(1, { error: "schemaRef.version must not be empty: leave it out for the latest" })
        .optional()
        .describe(
          "The type's version; default: the latest when created. A new one upgrades the template.",
        ),
    },
    { error: 'schemaRef must be an object { type, version? }, e.g. { type: "Apache" }' },
  )
  .describe("What the template configures, and which version of it.")
  // Its own type in the SDKs: a Cloud-to-Cloud source's `schemaRef` is `SchemaRef`.
  .meta({ title: "SourceTemplateSchemaRef" });

const tagFilterSchema = z
  .object(
    {
      key: stringSchema("selector.tags key")
        .min(1, { error: "a tag's key must not be empty" })
        .describe("The tag's key."),
      values: z
        .array(z.string({ error: "a tag's values must be strings" }), {
          error: "a tag's values must be a list of strings",
        })
        .min(1, { error: "a tag needs at least one value: the collector's must be one of them" })
        .describe("The values it may have: the collector's must be one of them."),
    },
    { error: 'each tag must be { key, values }, e.g. { key: "team", values: ["web"] }' },
  )
  .describe("A tag a collector must have, with one of these values.");

const selectorSchema = z
  .object(
    {
      tags: z
        .array(
          z.array(tagFilterSchema, {
            error: "selector.tags must be a list of lists of { key, values }",
          }),
          { error: "selector.tags must be a list of lists of { key, values }" },
        )
        .optional()
        .describe(
          "Lists of tags: a collector is selected when it has every tag of one list (its value one of the tag's values).",
        ),
      names: z
        .array(nameSchema, { error: "selector.names must be a list of collector names" })
        .optional()
        .describe("Names of OpenTelemetry collectors to select."),
    },
    { error: "selector must be an object { tags?, names? }" },
  )
  .strict()
  .describe("The OpenTelemetry collectors the template configures.")
  .meta({ title: "SourceTemplateSelector" });

const INPUT_JSON_DOC =
  "The template's settings: name (unique in the account), receivers, description, processors, and any other member, passed through.";

// What the classes type; the plugin's schema takes any members (registered shape below): Pulumi's
// object types cannot say "these members and any others", and a closed type would refuse the
// members the template passes through.
const inputJsonMembers = z
  .looseObject(
    {
      name: nameSchema.describe("The template's name, unique in the account."),
      description: z
        .string({ error: "inputJson.description must be a string" })
        .optional()
        .describe("What the template is for."),
      receivers: z
        .record(z.string(), z.unknown(), {
          error: "inputJson.receivers must be an object of receivers, e.g. { apache: {...} }",
        })
        .describe("The receivers the collectors run, by name."),
      processors: z
        .record(z.string(), z.unknown(), {
          error: "inputJson.processors must be an object of processors",
        })
        .optional()
        .describe("The processors the collectors run, by name."),
    },
    { error: "inputJson must be an object { name, receivers, description?, processors?, ... }" },
  )
  .describe(INPUT_JSON_DOC);

const inputJsonSchema = shaped(
  inputJsonMembers,
  z.record(z.string(), z.unknown()).describe(INPUT_JSON_DOC),
);

export const SOURCE_TEMPLATE_FIELDS = {
  schemaRef: {
    schema: schemaRefSchema,
    subset: true,
    replaceOn: ["type"],
    doc: 'What the template configures, e.g. { type: "Apache" }; a new type replaces the template, a new version upgrades it. Default version: the latest.',
  },
  selector: { schema: selectorSchema, default: {} },
  inputJson: {
    schema: inputJsonSchema,
    // A receiver's settings may hold credentials (a database's password, an API token).
    secretKeys: CREDENTIAL_KEY,
  },
  isEnabled: {
    schema: booleanSchema("isEnabled"),
    default: true,
    doc: "Whether the service sends the template to the collectors it selects.",
  },
} as const satisfies FieldSpecs;

/** What the service computes: never kept, never sent back. */
export const SOURCE_TEMPLATE_VOLATILE = [
  "id",
  "config",
  "status",
  "totalCollectorLinked",
  "createdAt",
  "createdBy",
  "modifiedAt",
  "modifiedBy",
] as const;

function nameOf(inputs: Inputs): unknown {
  return isObject(inputs.inputJson) ? inputs.inputJson.name : undefined;
}

export const SOURCE_TEMPLATE: EntityKind = {
  kind: "SourceTemplate",
  collection: "sourceTemplates",
  fields: SOURCE_TEMPLATE_FIELDS,
  controls: { adopt: { schema: hexAdoptSchema } },
  rules: () => ({
    label: "SourceTemplate",
    required: {
      schemaRef: 'what the template configures, e.g. { type: "Apache" }',
      inputJson: "{ name, receivers, ... }: the template's settings",
    },
  }),
  fixed: () => ({}),
  serverSet: ["status", "totalCollectorLinked", "config"],
  // Rendered from inputJson, credentials included.
  secretServerSet: ["config"],
  volatile: SOURCE_TEMPLATE_VOLATILE,
  adoptedId: toHexId,
  nameOf,
  mismatch: () => undefined,
};
