// HostedCollector (a collector the service hosts, created through the API) and
// InstalledCollector (a collector installed on a host, which registers itself: the resource
// takes one over by id or name, manages its settings and the build it runs). Their args and
// outputs come from the kinds' tables (kinds/collectors.ts).
import type * as pulumi from "@pulumi/pulumi";
import {
  type COLLECTOR_FIELDS,
  HOSTED_COLLECTOR,
  INSTALLED_COLLECTOR,
  type INSTALLED_COLLECTOR_FIELDS,
} from "../kinds/collectors";
import type { EntityKind } from "../kinds/kind";
import {
  type Adopt,
  type ArgsOf,
  type OutputsOf,
  type ResourceShape,
  withOutputs,
} from "./resource";

type CollectorFields = typeof COLLECTOR_FIELDS;
type InstalledFields = typeof INSTALLED_COLLECTOR_FIELDS;

/** The settings every collector resource manages, Hosted or Installed, with the API's names. */
export type CollectorSettingsArgs = ArgsOf<Omit<CollectorFields, "name" | "cutoffRelativeTime">>;

export type HostedCollectorArgs = ArgsOf<CollectorFields> & {
  /** Take over an existing Hosted Collector instead of creating one. */
  adopt?: pulumi.Input<Adopt>;
};

export type InstalledCollectorArgs = ArgsOf<InstalledFields> & {
  /**
   * **Required.** The registered Installed Collector to manage: `{ name }` (spaces and periods
   * work) or `{ id }`. The API cannot create Installed Collectors.
   */
  adopt: pulumi.Input<Adopt>;
};

/** What the service sets on every collector. */
interface CollectorServerSet {
  /** "Hosted" or "Installable". */
  readonly collectorType: pulumi.Output<string>;
  /** Whether the collector heartbeated in the last 30 minutes, as last read. */
  readonly alive: pulumi.Output<boolean>;
}

/** A collector class's outputs, from its kind's table: its fields and what the service sets. */
const shape = (kind: EntityKind): ResourceShape => ({
  kind: kind.kind,
  fields: [...Object.keys(kind.fields), "adopt"],
  outputs: [...kind.serverSet, "etag", "unmanaged"],
  secretInputs: [],
  secretOutputs: [],
});

const HOSTED = shape(HOSTED_COLLECTOR);

export class HostedCollector extends withOutputs<
  OutputsOf<Omit<CollectorFields, "name">> & CollectorServerSet
>() {
  declare readonly name: pulumi.Output<string>;
  declare readonly adopt: pulumi.Output<{ id?: number | string; name?: string } | undefined>;

  constructor(name: string, args?: HostedCollectorArgs, opts?: pulumi.CustomResourceOptions) {
    super(HOSTED, name, args, opts);
  }
}

const INSTALLED = shape(INSTALLED_COLLECTOR);

/** What the provider cannot learn from the engine: the customTimeouts that bound an upgrade. */
function hiddenInputs(opts: pulumi.CustomResourceOptions | undefined) {
  const hidden: Record<string, unknown> = {};
  const { create, update } = opts?.customTimeouts ?? {};
  if (create !== undefined || update !== undefined) {
    hidden.__timeouts = {
      ...(create !== undefined ? { create } : {}),
      ...(update !== undefined ? { update } : {}),
    };
  }
  return hidden;
}

export class InstalledCollector extends withOutputs<
  OutputsOf<Omit<InstalledFields, "name">> & CollectorServerSet
>() {
  declare readonly name: pulumi.Output<string>;
  declare readonly adopt: pulumi.Output<{ id?: number | string; name?: string }>;
  /** The build the collector runs, as last read. */
  declare readonly collectorVersion: pulumi.Output<string>;
  declare readonly osName: pulumi.Output<string | undefined>;
  declare readonly osVersion: pulumi.Output<string | undefined>;
  declare readonly osArch: pulumi.Output<string | undefined>;

  /**
   * `retainOnDelete` defaults to true: the API cannot create an Installed Collector again, so
   * `pulumi destroy`, or removing the resource from the program, releases the collector (it
   * stays registered on the service, and its host keeps sending) instead of deleting it. Give
   * `retainOnDelete: false` to have them delete it.
   */
  constructor(name: string, args: InstalledCollectorArgs, opts?: pulumi.CustomResourceOptions) {
    const retainOnDelete = opts?.retainOnDelete ?? true;
    super(INSTALLED, name, { ...args, ...hiddenInputs(opts) }, { ...opts, retainOnDelete });
  }
}
