// The source resources: Source (any source type the service knows, by its sourceType, with every
// field this package models typed and checked, and anything else through `passthrough`) and a
// typed class per source type. Args and outputs come from the table (kinds/sources.ts); a typed
// class is a few lines.
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import {
  COMMON_FIELDS,
  type dateFormatSchema,
  type filterSchema,
  GENERIC_SPECS,
  SECRET_COMPUTED,
  SOURCE_TYPES,
  type SourceType,
  TYPE_FIELDS,
} from "../kinds/sources";
import {
  type Adopt,
  type ArgsOf,
  CollectorsResource,
  type Members,
  type OutputsOf,
  type ResourceShape,
  secretFields,
  withOutputs,
} from "./resource";

export type SourceFilter = Members<z.input<typeof filterSchema>>;
export type DateFormat = Members<z.input<typeof dateFormatSchema>>;

type Common = typeof COMMON_FIELDS;
type Types = typeof SOURCE_TYPES;
type TypeFields = typeof TYPE_FIELDS;

/** The args every source type takes. */
export type SourceCommonArgs = ArgsOf<Common> & {
  /** The collector the source belongs to (a Hosted one, or an Installed one in UI mode). */
  collectorId: pulumi.Input<number | string>;
  /** Take over an existing source of the collector instead of creating one. */
  adopt?: pulumi.Input<Adopt>;
};

/** The fields of the type named T: its own, from the table, with the type's own specs of them. */
type OwnSpecs<T extends keyof Types> = Types[T] extends { own: infer O extends object }
  ? O
  : Record<never, never>;
type OwnFields<T extends keyof Types> = Omit<
  Pick<TypeFields, Types[T]["fields"][number]>,
  keyof OwnSpecs<T>
> &
  OwnSpecs<T>;
type RequiredOf<T extends keyof Types> = keyof Types[T]["required"];
/** The server-set outputs of a type (url, token), always set. */
type ServerSet<T extends keyof Types> = {
  readonly [K in Types[T] extends { computed: readonly (infer C extends string)[] }
    ? C
    : never]: pulumi.Output<string>;
};

/** The other server-set outputs of a type, with their shape. */
type PlainServerSet<T extends keyof Types> = Types[T] extends {
  outputs: infer O extends Record<string, z.ZodType>;
}
  ? { readonly [K in keyof O]: pulumi.Output<z.output<O[K]> | undefined> }
  : Record<never, never>;

/** The args of the typed class of source type T. */
export type SourceArgsOf<T extends keyof Types> = SourceCommonArgs &
  ArgsOf<OwnFields<T>, RequiredOf<T>>;

/** The outputs every source resource has. */
export interface SourceOutputs extends OutputsOf<Omit<Common, "name">> {
  readonly collectorId: pulumi.Output<number>;
  readonly sourceType: pulumi.Output<string>;
  readonly name: pulumi.Output<string>;
  readonly adopt: pulumi.Output<{ id?: number | string; name?: string } | undefined>;
}

/** The shape of a source class: common and own fields, server-assigned outputs, secrets. */
function shape(
  kind: string,
  own: readonly string[],
  computed: readonly string[],
  plainOutputs: readonly string[] = [],
): ResourceShape {
  const secrets = secretFields(GENERIC_SPECS, own);
  return {
    kind,
    outputs: [
      ...Object.keys(COMMON_FIELDS),
      ...own,
      "collectorId",
      "adopt",
      "sourceType",
      ...computed,
      ...plainOutputs,
      "etag",
      "unmanaged",
    ],
    secretInputs: secrets,
    // `unmanaged` may hold credentials of fields this package does not model.
    secretOutputs: [...secrets, ...computed, "unmanaged"],
  };
}

type Constructor<A, O> = new (
  name: string,
  args: A,
  opts?: pulumi.CustomResourceOptions,
) => CollectorsResource & SourceOutputs & O;

/** The source types whose table entry names a typed class. */
type Typed = { [N in keyof Types]: Types[N] extends { kind: string } ? N : never }[keyof Types];

/** The base of the typed source class of source type T (its table entry names the class). */
export function typedSource<T extends Typed>(
  sourceType: T,
): Constructor<
  SourceArgsOf<T>,
  OutputsOf<OwnFields<T>, RequiredOf<T>> & ServerSet<T> & PlainServerSet<T>
> {
  const type: SourceType = SOURCE_TYPES[sourceType];
  const resourceShape = shape(
    type.kind as string,
    type.fields,
    type.computed ?? [],
    Object.keys(type.outputs ?? {}),
  );
  class TypedSource extends CollectorsResource {
    constructor(name: string, args: SourceArgsOf<T>, opts?: pulumi.CustomResourceOptions) {
      super(resourceShape, name, args, opts);
    }
  }
  return TypedSource as never;
}

/** The args of Source: sourceType, every field this package models, and the pass-through. */
export type SourceArgs = SourceCommonArgs &
  ArgsOf<TypeFields> & {
    /** The API's sourceType, e.g. "LocalFile", "Polling"; changing it replaces the source. */
    sourceType: pulumi.Input<string>;
    /** Fields of the source type this package does not model, sent as they are. Secret. */
    passthrough?: pulumi.Input<Record<string, unknown>>;
  };

const GENERIC = shape("Source", [...Object.keys(TYPE_FIELDS), "passthrough"], SECRET_COMPUTED);

export class Source extends withOutputs<SourceOutputs & OutputsOf<TypeFields>>() {
  /** HTTP sources: the endpoint (secret). */
  declare readonly url: pulumi.Output<string | undefined>;
  /** Cloudsyslog sources: the token (secret). */
  declare readonly token: pulumi.Output<string | undefined>;
  /** The type-specific fields the program set, by name, as last read. */
  declare readonly passthrough: pulumi.Output<Record<string, unknown> | undefined>;

  constructor(name: string, args: SourceArgs, opts?: pulumi.CustomResourceOptions) {
    super(GENERIC, name, args, opts);
  }
}

// The typed sources: one line each, the args and outputs from the table.

/** An HTTP endpoint on a Hosted Collector; its URL holds a token and is a secret. */
export class HttpSource extends typedSource("HTTP") {}
export type HttpSourceArgs = SourceArgsOf<"HTTP">;

/** Syslog over TLS to a Hosted Collector; its token is a secret. */
export class CloudSyslogSource extends typedSource("Cloudsyslog") {}
export type CloudSyslogSourceArgs = SourceArgsOf<"Cloudsyslog">;

/** Files on the host of an Installed Collector. */
export class LocalFileSource extends typedSource("LocalFile") {}
export type LocalFileSourceArgs = SourceArgsOf<"LocalFile">;

/** Files read over SSH by an Installed Collector (RemoteFileV2). */
export class RemoteFileSource extends typedSource("RemoteFileV2") {}
export type RemoteFileSourceArgs = SourceArgsOf<"RemoteFileV2">;

/** Syslog received by an Installed Collector on a port. */
export class SyslogSource extends typedSource("Syslog") {}
export type SyslogSourceArgs = SourceArgsOf<"Syslog">;

/** A script an Installed Collector runs on a schedule. */
export class ScriptSource extends typedSource("Script") {}
export type ScriptSourceArgs = SourceArgsOf<"Script">;

/** Host metrics (CPU, memory, disk, network) from an Installed Collector. */
export class SystemStatsSource extends typedSource("SystemStats") {}
export type SystemStatsSourceArgs = SourceArgsOf<"SystemStats">;

/** Container logs from the Docker engine on an Installed Collector's host. */
export class DockerLogSource extends typedSource("DockerLog") {}
export type DockerLogSourceArgs = SourceArgsOf<"DockerLog">;

/** Container metrics (CPU, memory, network, I/O) from the Docker engine on an Installed Collector's host. */
export class DockerStatsSource extends typedSource("DockerStats") {}
export type DockerStatsSourceArgs = SourceArgsOf<"DockerStats">;

/** Metrics pushed to an Installed Collector in Graphite, Carbon2 or Prometheus plaintext. */
export class StreamingMetricsSource extends typedSource("StreamingMetrics") {}
export type StreamingMetricsSourceArgs = SourceArgsOf<"StreamingMetrics">;
