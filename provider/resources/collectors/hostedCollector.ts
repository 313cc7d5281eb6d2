// HostedCollector: a collector the service hosts, created through the API.
import type * as pulumi from "@pulumi/pulumi";
import type { Adopt } from "../core/adopt";
import type { ResourceShape } from "../core/resource";
import { CollectorResource } from "./collectorResource";
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

export class HostedCollector extends CollectorResource {
  declare readonly cutoffRelativeTime: pulumi.Output<string | undefined>;
  declare readonly adopt: pulumi.Output<{ id?: number | string; name?: string } | undefined>;

  constructor(name: string, args?: HostedCollectorArgs, opts?: pulumi.CustomResourceOptions) {
    super(SHAPE, name, args, opts);
  }
}
