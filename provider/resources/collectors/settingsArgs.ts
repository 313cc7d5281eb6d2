// The settings every collector resource manages, Hosted or Installed, with the API's field names.
import type * as pulumi from "@pulumi/pulumi";

export interface CollectorSettingsArgs {
  description?: pulumi.Input<string>;
  category?: pulumi.Input<string>;
  hostName?: pulumi.Input<string>;
  /** A tz database name, e.g. "UTC" or "Europe/Berlin". */
  timeZone?: pulumi.Input<string>;
  /** Key/value metadata; `_budget` assigns an Ingest Budget. */
  fields?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Deleted by the service after 12 hours of inactivity. Default false. */
  ephemeral?: pulumi.Input<boolean>;
  /** Only collect data modified after this time (ms since the epoch); 0 (default) = all. */
  cutoffTimestamp?: pulumi.Input<number>;
}
