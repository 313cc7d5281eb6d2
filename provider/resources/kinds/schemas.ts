// zod pieces shared by the collector and source field specs. Messages say what is wrong and
// what to give instead; they never quote a whole value (it may be a secret).
import { z } from "zod";
import { DESCRIPTION_MAX, HOST_NAME_MAX, NAME_MAX, OT_ID_PATTERN } from "../../api";
import { IdError, parseId } from "../../api/ids";

const length = (input: unknown) => (typeof input === "string" ? ` (got ${input.length})` : "");

export function boundedString(max: number, what: string) {
  return z.string({ error: `${what} must be a string` }).max(max, {
    error: (issue) => `${what} must be at most ${max} characters${length(issue.input)}`,
  });
}

export const nameSchema = boundedString(NAME_MAX, "name").min(1, {
  error: "name must not be empty",
});

export const descriptionSchema = boundedString(DESCRIPTION_MAX, "description");

export const hostNameSchema = boundedString(HOST_NAME_MAX, "hostName");

export const categorySchema = boundedString(1024, "category");

// The spec takes a name from the tz database ("Europe/Berlin", "UTC"). Intl alone is too lenient
// for that: it also takes raw offsets ("+01:00") and any letter case ("europe/berlin"), which the
// service refuses. Names the runtime lists are taken as they are; other names (the database's
// links, such as "Etc/UTC", "US/Eastern" or "America/Argentina/Buenos_Aires") must look like tz
// names (each part starting with a capital), be known to Intl, and not be another letter case of
// the name Intl resolves them to.
const LISTED: ReadonlySet<string> = new Set(Intl.supportedValuesOf("timeZone"));
const TZ_NAME = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z][A-Za-z0-9_+-]*)*$/;

/** Whether `name` is a tz database name, written as the database writes it. */
export function isTimeZone(name: string): boolean {
  if (LISTED.has(name)) return true;
  if (!TZ_NAME.test(name)) return false;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  return resolved === name || resolved.toLowerCase() !== name.toLowerCase();
}

export const timeZoneSchema = z.string({ error: "timeZone must be a string" }).refine(isTimeZone, {
  error: (issue) =>
    `timeZone ${JSON.stringify(issue.input)} is not a time zone name from the tz database ` +
    '(names are case-sensitive; offsets such as "+01:00" are not names); ' +
    `use a region/city name such as "Europe/Berlin" or "America/New_York", or "UTC"`,
});

/** Metadata: string keys and string values; `_budget` assigns an Ingest Budget. */
export const metadataFieldsSchema = z.record(
  z.string().min(1, { error: "fields keys must not be empty" }),
  z.string({ error: "fields values must be strings" }),
  { error: "fields must be an object of string keys to string values" },
);

export const cutoffTimestampSchema = z
  .number({ error: "cutoffTimestamp must be a number of milliseconds since the epoch" })
  .int({ error: "cutoffTimestamp must be a whole number of milliseconds since the epoch" })
  .min(0, { error: "cutoffTimestamp must be 0 (collect all data) or a time in milliseconds" });

export const cutoffRelativeTimeSchema = z
  .string({ error: "cutoffRelativeTime must be a string" })
  .regex(/^-\d+[smhdw]$/, {
    error: (issue) =>
      `cutoffRelativeTime ${JSON.stringify(issue.input)} is not an offset before now; ` +
      `use a form such as "-1h", "-1d" or "-1w"`,
  });

export const booleanSchema = (what: string) =>
  z.boolean({ error: `${what} must be true or false` });

export const stringSchema = (what: string) =>
  z.string({ error: `${what} must be a string` }).min(1, { error: `${what} must not be empty` });

export const stringListSchema = (what: string) =>
  z.array(z.string({ error: `${what} items must be strings` }), {
    error: `${what} must be a list of strings`,
  });

export const positiveIntSchema = (what: string, unit = "") =>
  z
    .number({ error: `${what} must be a number${unit}` })
    .int({ error: `${what} must be a whole number${unit}` })
    .positive({ error: `${what} must be greater than 0${unit}` });

export const portSchema = (what: string) =>
  z
    .number({ error: `${what} must be a port number` })
    .int({ error: `${what} must be a whole port number` })
    .min(1, { error: `${what} must be between 1 and 65535` })
    .max(65535, { error: `${what} must be between 1 and 65535` });

/**
 * What a schema takes, where zod cannot show it (an unknown checked by hand, a union behind a
 * transform): the plugin's package schema (provider/plugin/) describes the schema by its shape.
 */
const SHAPES = new WeakMap<object, z.ZodType>();

/** `schema`, with `shape` registered as what it takes. */
export function shaped<T extends z.ZodType>(schema: T, shape: z.ZodType): T {
  SHAPES.set(schema, shape);
  return schema;
}

/** The shape registered for a schema, if any. */
export function shapeOf(schema: object): z.ZodType | undefined {
  return SHAPES.get(schema);
}

/**
 * A collector or source id as parseId takes it (provider/api/ids.ts, the one parser): a
 * malformed one is named with an example, one past Number.MAX_SAFE_INTEGER with parseId's reason
 * (it would be rounded to another object's id).
 */
const idChecks = (what: string) =>
  z.unknown().superRefine((value, ctx) => {
    try {
      parseId(value, what);
    } catch (error) {
      if (!(error instanceof IdError)) throw error;
      ctx.addIssue({
        code: "custom",
        input: value,
        message: error.malformed
          ? `${what} must be a numeric id such as 123 or "123" (got ${JSON.stringify(value)})`
          : error.message,
      });
    }
  });

/** A collector or source id: a positive integer, or its decimal text (a Pulumi ID). */
export const idSchema = (what: string) => shaped(idChecks(what), z.string());

/** An id the checks above let through, as the number the client sends. */
export const toId = (value: unknown): number => parseId(value, "id");

const ADOPT_ID_DOC =
  "Its id: a collector's or source's number, e.g. \"123\"; an OpenTelemetry collector's or source template's 16 hexadecimal characters, e.g. \"0000000005F5E105\".";

/**
 * Adoption: take over an existing object instead of creating one, by `{ id }` (checked by
 * `idInner`, described as `idShape`) or `{ name }`.
 */
function adoption(idInner: z.ZodType, idShape: string) {
  const message =
    `adopt must be { id: ${idShape} } or { name: <existing name> }: the object to take over ` +
    "instead of creating one";
  const checks = z.unknown().superRefine((value, ctx) => {
    const keys = value !== null && typeof value === "object" ? Object.keys(value) : [];
    const key = keys[0];
    if (keys.length !== 1 || (key !== "id" && key !== "name")) {
      ctx.addIssue({ code: "custom", message });
      return;
    }
    const inner = key === "id" ? idInner : nameSchema;
    const result = inner.safeParse((value as Record<string, unknown>)[key]);
    for (const issue of result.error?.issues ?? []) {
      ctx.addIssue({ code: "custom", message: issue.message, path: [key, ...issue.path] });
    }
  });
  return shaped(
    checks,
    z
      // One shape for every kind (one `Adopt` type in the SDKs), so the id is described for all.
      .object({ id: z.string().describe(ADOPT_ID_DOC), name: z.string().describe("Its name.") })
      .partial()
      .describe("Take over an existing object instead of creating one: `{ id }` or `{ name }`."),
  );
}

/** Adoption of a collector or source, whose ids are numbers. */
export const adoptSchema = adoption(idSchema("adopt.id"), "<numeric id>");

/** An id of the OpenTelemetry APIs (OT collectors, source templates): 16 hexadecimal characters. */
export const hexIdSchema = (what: string) =>
  z
    .string({ error: `${what} must be a string of 16 hexadecimal characters` })
    .regex(OT_ID_PATTERN, {
      error: `${what} must be 16 hexadecimal characters, e.g. "0000000005F5E105"`,
    });

/** An OpenTelemetry object's id as the service writes it (upper case), from adopt.id. */
export const toHexId = (value: unknown): string => String(value).toUpperCase();

/** Adoption of an OpenTelemetry collector, whose ids are 16 hexadecimal characters. */
export const hexAdoptSchema = adoption(hexIdSchema("adopt.id"), '"<16 hexadecimal characters>"');

/**
 * What the service's schema (api/schemas) says `key` of `object` is, or the object itself: for an
 * input that stands for it, so the text is written once.
 */
export function serviceDoc(object: z.ZodObject, key?: string): string {
  return (key === undefined ? object : object.shape[key])?.description ?? "";
}
