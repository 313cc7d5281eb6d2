// InstalledCollector: a collector installed on a host, which registers itself. The resource
// takes one over (by id or name), manages its settings and the build it runs.
import * as pulumi from "@pulumi/pulumi";
import { CollectorResource } from "../collectors/collectorResource";
import type { CollectorSettingsArgs } from "../collectors/settingsArgs";
import type { Adopt } from "../core/adopt";
import { type ResourceShape, TYPE_MODULE } from "../core/resource";
import { INSTALLED_COLLECTOR_FIELDS } from "./fields";

export interface InstalledCollectorArgs extends CollectorSettingsArgs {
  /**
   * **Required.** The registered Installed Collector to manage: `{ name }` (spaces and periods
   * work) or `{ id }`. The API cannot create Installed Collectors.
   */
  adopt: pulumi.Input<Adopt>;
  /** Renames the collector (≤128). Default: keep its name. */
  name?: pulumi.Input<string>;
  /** "UI": sources managed through the API (and Pulumi); "Json": from a file on the host. */
  sourceSyncMode?: pulumi.Input<"UI" | "Json">;
  /** CPU use (percent, 1–100) above which ingestion from file sources slows down. */
  targetCpu?: pulumi.Input<number>;
  /**
   * The build to run, e.g. "19.470-4". When the collector runs another, the update starts an
   * upgrade or downgrade task and waits for it. `latest(await getUpgradeTargets())` is the newest.
   */
  version?: pulumi.Input<string>;
}

export const INSTALLED_COLLECTOR_TYPE = `pulumi-nodejs:dynamic/${TYPE_MODULE}:InstalledCollector`;

const SHAPE: ResourceShape = {
  kind: "InstalledCollector",
  outputs: [
    ...Object.keys(INSTALLED_COLLECTOR_FIELDS),
    "adopt",
    "collectorType",
    "alive",
    "collectorVersion",
    "osName",
    "osVersion",
    "osArch",
    "etag",
    "unmanaged",
  ],
  secretInputs: [],
  secretOutputs: [],
};

/**
 * What the provider cannot learn from the engine: the resource's URN (to show upgrade progress
 * under it) and its customTimeouts (to bound the wait for an upgrade task).
 */
function hiddenInputs(name: string, opts: pulumi.CustomResourceOptions | undefined) {
  const hidden: Record<string, unknown> = {
    __urn: pulumi.createUrn(name, INSTALLED_COLLECTOR_TYPE, opts?.parent),
  };
  const { create, update } = opts?.customTimeouts ?? {};
  if (create !== undefined || update !== undefined) {
    hidden.__timeouts = {
      ...(create !== undefined ? { create } : {}),
      ...(update !== undefined ? { update } : {}),
    };
  }
  return hidden;
}

export class InstalledCollector extends CollectorResource {
  declare readonly sourceSyncMode: pulumi.Output<"UI" | "Json" | undefined>;
  declare readonly targetCpu: pulumi.Output<number | undefined>;
  /** The build the collector runs, when the program sets `version`. */
  declare readonly version: pulumi.Output<string | undefined>;
  declare readonly adopt: pulumi.Output<{ id?: number | string; name?: string }>;
  /** The build the collector runs, as last read. */
  declare readonly collectorVersion: pulumi.Output<string>;
  declare readonly osName: pulumi.Output<string | undefined>;
  declare readonly osVersion: pulumi.Output<string | undefined>;
  declare readonly osArch: pulumi.Output<string | undefined>;

  constructor(name: string, args: InstalledCollectorArgs, opts?: pulumi.CustomResourceOptions) {
    super(SHAPE, name, { ...args, ...hiddenInputs(name, opts) }, opts);
  }
}
