// The OpenTelemetry side of the fleet: OtCollector (a collector of the vendor's OpenTelemetry
// distribution, which registers itself: the resource takes one over by id or name and manages
// its settings) and SourceTemplate (the configuration the service sends to the OT collectors its
// selector picks). Their args and outputs come from the kinds' tables (kinds/ot-collector.ts,
// kinds/source-template.ts).
import type * as pulumi from "@pulumi/pulumi";
import type { EntityKind } from "../kinds/kind";
import { OT_COLLECTOR, type OT_COLLECTOR_FIELDS } from "../kinds/ot-collector";
import { SOURCE_TEMPLATE, type SOURCE_TEMPLATE_FIELDS } from "../kinds/source-template";
import {
  type ArgsOf,
  type OutputsOf,
  type ResourceShape,
  secretFields,
  withOutputs,
} from "./resource";

type OtFields = typeof OT_COLLECTOR_FIELDS;
type TemplateFields = typeof SOURCE_TEMPLATE_FIELDS;

/** `{ id }` (16 hexadecimal characters) or `{ name }` of an existing OpenTelemetry object. */
type HexAdopt = { id: pulumi.Input<string> } | { name: pulumi.Input<string> };

function shape(kind: EntityKind, controls: readonly string[]): ResourceShape {
  // A source template's inputJson may hold credentials: secret as a whole in a class.
  const secrets = secretFields(kind.fields);
  return {
    kind: kind.kind,
    fields: [...Object.keys(kind.fields), ...controls],
    outputs: [...kind.serverSet, "etag", "unmanaged"],
    secretInputs: secrets,
    secretOutputs: [...secrets, ...(kind.secretServerSet ?? [])],
  };
}

export type OtCollectorArgs = ArgsOf<OtFields> & {
  /**
   * **Required.** The registered OpenTelemetry collector to manage: `{ name }` or `{ id }` (its
   * 16-character id). The API cannot create OT collectors.
   */
  adopt: pulumi.Input<HexAdopt>;
};

const OT = shape(OT_COLLECTOR, ["adopt"]);

export class OtCollector extends withOutputs<OutputsOf<Omit<OtFields, "name">>>() {
  declare readonly name: pulumi.Output<string>;
  declare readonly adopt: pulumi.Output<{ id?: string; name?: string }>;
  /** Whether the collector heartbeated recently, as last read. */
  declare readonly alive: pulumi.Output<boolean>;
  /** Whether the collector goes when it stops sending (set when it registered). */
  declare readonly ephemeral: pulumi.Output<boolean | undefined>;
  /** Whether the service configures it (through source templates) rather than a local file. */
  declare readonly isRemotelyManaged: pulumi.Output<boolean | undefined>;
  /** The build it runs and the latest one there is: `{ currentVersion, latestAvailableVersion }`. */
  declare readonly version: pulumi.Output<{
    currentVersion: string;
    latestAvailableVersion?: string;
  }>;

  /**
   * `retainOnDelete` defaults to true, as for InstalledCollector: the API cannot create an OT
   * collector again, so `pulumi destroy`, or removing the resource from the program, releases it
   * (it stays registered on the service) instead of deleting it. Give `retainOnDelete: false`
   * to have them delete it.
   */
  constructor(name: string, args: OtCollectorArgs, opts?: pulumi.CustomResourceOptions) {
    const retainOnDelete = opts?.retainOnDelete ?? true;
    super(OT, name, args, { ...opts, retainOnDelete });
  }
}

export type SourceTemplateArgs = ArgsOf<TemplateFields, "schemaRef" | "inputJson"> & {
  /** Take over an existing source template (by `{ id }` or `{ name }`) instead of creating one. */
  adopt?: pulumi.Input<HexAdopt>;
};

const TEMPLATE = shape(SOURCE_TEMPLATE, ["adopt"]);

export class SourceTemplate extends withOutputs<
  OutputsOf<TemplateFields, "schemaRef" | "inputJson">
>() {
  declare readonly adopt: pulumi.Output<{ id?: string; name?: string } | undefined>;
  /** The template's name: its inputJson.name. */
  declare readonly name: pulumi.Output<string>;
  /** "enable" or "disable". */
  declare readonly status: pulumi.Output<string>;
  /** How many OpenTelemetry collectors the selector picks, as last read. */
  declare readonly totalCollectorLinked: pulumi.Output<number>;
  /** The collector configuration the service renders from the template, as last read. */
  declare readonly config: pulumi.Output<string | undefined>;

  constructor(name: string, args: SourceTemplateArgs, opts?: pulumi.CustomResourceOptions) {
    super(TEMPLATE, name, args, opts);
  }
}
