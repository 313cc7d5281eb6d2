// HostedCollector: a collector the service hosts, created through the API.
import type * as pulumi from "@pulumi/pulumi";
import type { Adopt } from "../core/adopt";
import { CollectorsResource, type ResourceShape } from "../core/resource";
import { COLLECTOR_FIELDS } from "./fields";
import type { CollectorSettingsArgs } from "./settingsArgs";

export interface HostedCollectorArgs extends CollectorSettingsArgs {
  /** Unique in the account (≤128). Default: the logical name plus a random suffix. */
  name?: pulumi.Input<string>;
  /** Alternative to cutoffTimestamp at creation, e.g. "-1d"; changing it replaces the collector. */
  cutoffRelativeTime?: pulumi.Input<string>;
  /** Take over an existing Hosted Collector instead of creating one. */
  adopt?: pulumi.Input<Adopt>;
}

const SHAPE: ResourceShape = {
  kind: "HostedCollector",
  outputs: [
    ...Object.keys(COLLECTOR_FIELDS),
    "adopt",
    "collectorType",
    "alive",
    "etag",
    "unmanaged",
  ],
  secretInputs: [],
  secretOutputs: [],
};

export class HostedCollector extends CollectorsResource {
  declare readonly name: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | undefined>;
  declare readonly category: pulumi.Output<string | undefined>;
  declare readonly hostName: pulumi.Output<string | undefined>;
  declare readonly timeZone: pulumi.Output<string | undefined>;
  declare readonly fields: pulumi.Output<Record<string, string> | undefined>;
  declare readonly ephemeral: pulumi.Output<boolean | undefined>;
  declare readonly cutoffTimestamp: pulumi.Output<number | undefined>;
  declare readonly cutoffRelativeTime: pulumi.Output<string | undefined>;
  declare readonly adopt: pulumi.Output<{ id?: number | string; name?: string } | undefined>;
  /** "Hosted". */
  declare readonly collectorType: pulumi.Output<string>;
  declare readonly alive: pulumi.Output<boolean>;

  constructor(name: string, args?: HostedCollectorArgs, opts?: pulumi.CustomResourceOptions) {
    super(SHAPE, name, args, opts);
  }
}
