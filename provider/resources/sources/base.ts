// What every source resource class shares: the common args and outputs, and its shape.
import type * as pulumi from "@pulumi/pulumi";
import type { Adopt } from "../core/adopt";
import type { FieldSpecs } from "../core/fields";
import { CollectorsResource, type ResourceShape } from "../core/resource";
import { COMMON_FIELDS, SECRET_COMPUTED, TYPE_FIELDS } from "./fields";
import type { SourceType } from "./types";

export interface SourceFilter {
  name: pulumi.Input<string>;
  filterType: pulumi.Input<"Exclude" | "Include" | "Hash" | "Mask" | "Forward">;
  regexp: pulumi.Input<string>;
  /** Mask filters: the text that replaces the match. */
  mask?: pulumi.Input<string>;
}

export interface DateFormat {
  format: pulumi.Input<string>;
  locator?: pulumi.Input<string>;
}

/** The args every source type takes. */
export interface SourceCommonArgs {
  /** The collector the source belongs to (a Hosted one, or an Installed one in UI mode). */
  collectorId: pulumi.Input<number | string>;
  /** Unique on its collector (≤128). Default: the logical name plus a random suffix. */
  name?: pulumi.Input<string>;
  description?: pulumi.Input<string>;
  category?: pulumi.Input<string>;
  hostName?: pulumi.Input<string>;
  timeZone?: pulumi.Input<string>;
  forceTimeZone?: pulumi.Input<boolean>;
  automaticDateParsing?: pulumi.Input<boolean>;
  multilineProcessingEnabled?: pulumi.Input<boolean>;
  useAutolineMatching?: pulumi.Input<boolean>;
  manualPrefixRegexp?: pulumi.Input<string>;
  defaultDateFormats?: pulumi.Input<pulumi.Input<DateFormat>[]>;
  filters?: pulumi.Input<pulumi.Input<SourceFilter>[]>;
  hashAlgorithm?: pulumi.Input<"MD5" | "SHA-256">;
  cutoffTimestamp?: pulumi.Input<number>;
  /** e.g. "-1d"; changing it replaces the source. */
  cutoffRelativeTime?: pulumi.Input<string>;
  fields?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Take over an existing source of the collector instead of creating one. */
  adopt?: pulumi.Input<Adopt>;
}

/** The shape of a typed source class: its type's own fields and server-assigned outputs. */
export function sourceShape(kind: string, type: SourceType): ResourceShape {
  return shape(kind, type.fields, type.computed ?? []);
}

/** The shape of the generic Source: every known field, the pass-through, url and token. */
export function genericSourceShape(kind: string): ResourceShape {
  return shape(kind, [...Object.keys(TYPE_FIELDS), "passthrough"], SECRET_COMPUTED);
}

function shape(
  kind: string,
  own: readonly string[],
  computed: readonly ("url" | "token")[],
): ResourceShape {
  const specs: FieldSpecs = TYPE_FIELDS;
  const secrets = own.filter((key) => specs[key]?.secret || key === "passthrough");
  return {
    kind,
    outputs: [
      ...Object.keys(COMMON_FIELDS),
      ...own,
      "collectorId",
      "adopt",
      "sourceType",
      ...computed,
      "etag",
      "unmanaged",
    ],
    secretInputs: secrets,
    // `unmanaged` may hold credentials of fields this package does not model.
    secretOutputs: [...secrets, ...computed, "unmanaged"],
  };
}

/** The outputs every source resource has. */
export abstract class SourceResource extends CollectorsResource {
  declare readonly collectorId: pulumi.Output<number>;
  declare readonly sourceType: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | undefined>;
  declare readonly category: pulumi.Output<string | undefined>;
  declare readonly hostName: pulumi.Output<string | undefined>;
  declare readonly timeZone: pulumi.Output<string | undefined>;
  declare readonly forceTimeZone: pulumi.Output<boolean | undefined>;
  declare readonly automaticDateParsing: pulumi.Output<boolean | undefined>;
  declare readonly multilineProcessingEnabled: pulumi.Output<boolean | undefined>;
  declare readonly useAutolineMatching: pulumi.Output<boolean | undefined>;
  declare readonly manualPrefixRegexp: pulumi.Output<string | undefined>;
  declare readonly defaultDateFormats: pulumi.Output<
    { format: string; locator?: string }[] | undefined
  >;
  declare readonly filters: pulumi.Output<
    { name: string; filterType: string; regexp: string; mask?: string }[] | undefined
  >;
  declare readonly hashAlgorithm: pulumi.Output<string | undefined>;
  declare readonly cutoffTimestamp: pulumi.Output<number | undefined>;
  declare readonly cutoffRelativeTime: pulumi.Output<string | undefined>;
  declare readonly fields: pulumi.Output<Record<string, string> | undefined>;
  declare readonly adopt: pulumi.Output<{ id?: number | string; name?: string } | undefined>;
}
