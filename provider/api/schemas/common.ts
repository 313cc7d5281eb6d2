// Shared pieces of the entity schemas, and the one way zod issues become text.
import { z } from "zod";

/** Spec 8 (docs/reference/service/collector-management-api.md): names of Collectors and Sources. */
export const NAME_MAX = 128;
export const DESCRIPTION_MAX = 1024;
export const HOST_NAME_MAX = 128;

export const nameInput = z.string().min(1, "must not be empty").max(NAME_MAX);
export const descriptionInput = z.string().max(DESCRIPTION_MAX).nullish();
export const hostNameInput = z.string().max(HOST_NAME_MAX).nullish();

/** Key/value metadata (`fields`); `_budget` assigns an Ingest Budget. */
export const fieldsInput = z.record(z.string(), z.string()).nullish();

// What a Collector and a Source share, as the service shows them: the package schema describes
// both objects, and the resources' inputs, with these texts (provider/plugin/schema.ts).
export const fieldsOutput = z
  .record(z.string(), z.unknown())
  .nullish()
  .describe("Key/value metadata; on a collector, the key `_budget` assigns an Ingest Budget.");
export const descriptionOutput = z
  .string()
  .nullish()
  .describe(`At most ${DESCRIPTION_MAX} characters.`);
export const timeZoneOutput = z
  .string()
  .nullish()
  .describe('A tz database name, e.g. "UTC" or "Europe/Berlin".');
export const cutoffTimestampOutput = z
  .number()
  .nullish()
  .describe("Only collect data modified after this time, in milliseconds since the epoch; 0: all.");
export const cutoffRelativeTimeOutput = z
  .string()
  .nullish()
  .describe(
    'Instead of cutoffTimestamp, set at creation: an offset before now such as "-1h", "-1d" or "-1w". Not modifiable: a new value replaces the object.',
  );

export const link = z
  .looseObject({
    rel: z.string().describe('What it points to, e.g. "sources".'),
    href: z.string().describe("The path, e.g. /v1/collectors/7/sources."),
  })
  .describe("A link to a related object.");
export type Link = z.infer<typeof link>;

/** The service's error envelope (docs/reference/service/collector-management-api.md §7.1); every field optional, since a proxy may answer. */
export const errorEnvelope = z.looseObject({
  status: z.number().optional(),
  id: z.string().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  // The newer APIs' ErrorResponse (OT collectors, source templates): `{id, errors: [{code,
  // message, detail?}]}`; anything else there is ignored rather than losing the fields above.
  errors: z
    .array(
      z.looseObject({
        code: z.string().optional().catch(undefined),
        message: z.string().optional().catch(undefined),
        detail: z.string().optional().catch(undefined),
      }),
    )
    .optional()
    .catch(undefined),
});

/** zod issues as "path: message" lines (messages never quote the input value). */
export function issueLines(error: z.ZodError, prefix = ""): string[] {
  return error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    return `${path || "(body)"}: ${issue.message}`;
  });
}
