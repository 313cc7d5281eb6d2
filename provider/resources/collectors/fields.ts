// The fields of a collector the resources manage, each with its check schema, the service's
// default and how a change applies. One place for HostedCollector and InstalledCollector.
import type { FieldSpecs } from "../core/fields";
import {
  booleanSchema,
  categorySchema,
  cutoffRelativeTimeSchema,
  cutoffTimestampSchema,
  descriptionSchema,
  hostNameSchema,
  metadataFieldsSchema,
  nameSchema,
  timeZoneSchema,
} from "../core/schemas";

/** Modifiable fields every collector has (spec 2.1). */
export const COLLECTOR_FIELDS = {
  name: {
    schema: nameSchema,
    keepWhenUnset: true,
    doc: "Unique in the account, at most 128 characters. Default: the logical name plus a random suffix.",
  },
  description: { schema: descriptionSchema, doc: "At most 1024 characters." },
  category: { schema: categorySchema, doc: "Default `_sourceCategory` metadata for its sources." },
  hostName: { schema: hostNameSchema, doc: "At most 128 characters." },
  timeZone: { schema: timeZoneSchema, doc: 'A tz database name, e.g. "UTC" or "Europe/Berlin".' },
  fields: {
    schema: metadataFieldsSchema,
    doc: "Key/value metadata; `_budget` assigns an Ingest Budget.",
  },
  ephemeral: {
    schema: booleanSchema("ephemeral"),
    default: false,
    doc: "Deleted by the service after 12 hours of inactivity. Default false.",
  },
  cutoffTimestamp: {
    schema: cutoffTimestampSchema,
    default: 0,
    doc: "Only collect data modified after this time (ms since the epoch); 0 = all data.",
  },
  cutoffRelativeTime: {
    schema: cutoffRelativeTimeSchema,
    replace: true,
    keepInput: true,
    doc: 'Alternative to cutoffTimestamp at creation, e.g. "-1d". Changing it replaces the collector.',
  },
} as const satisfies FieldSpecs;
