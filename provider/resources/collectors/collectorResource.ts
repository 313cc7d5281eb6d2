// The outputs every collector resource has, Hosted or Installed (as SourceResource is to sources).
import type * as pulumi from "@pulumi/pulumi";
import { CollectorsResource } from "../core/resource";

export abstract class CollectorResource extends CollectorsResource {
  declare readonly name: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | undefined>;
  declare readonly category: pulumi.Output<string | undefined>;
  declare readonly hostName: pulumi.Output<string | undefined>;
  declare readonly timeZone: pulumi.Output<string | undefined>;
  declare readonly fields: pulumi.Output<Record<string, string> | undefined>;
  declare readonly ephemeral: pulumi.Output<boolean | undefined>;
  declare readonly cutoffTimestamp: pulumi.Output<number | undefined>;
  /** "Hosted" or "Installable". */
  declare readonly collectorType: pulumi.Output<string>;
  /** Whether the collector heartbeated in the last 30 minutes, as last read. */
  declare readonly alive: pulumi.Output<boolean>;
}
