// Look-ups for programs: plain async functions (a dynamic provider cannot serve Pulumi invokes)
// and Output-returning variants, about collectors and sources, and about the fleet of Installed
// Collectors (the builds the service offers, the collectors an upgrade would touch, the ones
// silent for days). Credentials come from the stack's collectors:* config as the program sees
// it, then the COLLECTORS_* environment variables, like the resources'.
import * as pulumi from "@pulumi/pulumi";
import {
  type Collector,
  type CollectorsClient,
  type OtCollector,
  type Source,
  type SourceTemplate,
  sourceSchema,
} from "../../api";
import { secretValues } from "../../api/redact";
import { COMMON_FIELDS, SECRET_COMPUTED, TYPE_FIELDS } from "../kinds/source-fields";
import { SOURCE_VOLATILE } from "../kinds/source-kinds";
import {
  type GetCollectorArgs,
  type GetCollectorsArgs,
  type GetOfflineCollectorsArgs,
  type GetOtCollectorArgs,
  type GetOtCollectorsArgs,
  type GetSourceArgs,
  type GetSourcesArgs,
  type GetSourceTemplateArgs,
  type GetSourceTemplatesArgs,
  type GetUpgradableCollectorsArgs,
  queries,
  type UpgradeTarget,
} from "../steps/lookups";
import { Runtime, type RuntimeOptions } from "../steps/runtime";

/**
 * T's named fields, without the index signature a loose schema gives it. The Output variants
 * return these: Pulumi lifts an Output's fields by name, and with the index signature
 * `getCollectorOutput(...).id` was `Output<unknown> | undefined`, unusable as a `collectorId`.
 */
export type Fields<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};

export type {
  CollectorInfo,
  GetCollectorArgs,
  GetCollectorsArgs,
  GetOfflineCollectorsArgs,
  GetOtCollectorArgs,
  GetOtCollectorsArgs,
  GetSourceArgs,
  GetSourcesArgs,
  GetSourceTemplateArgs,
  GetSourceTemplatesArgs,
  GetUpgradableCollectorsArgs,
  SourceInfo,
  UpgradeTarget,
} from "../steps/lookups";

// Fields of a source that are secrets: the HTTP URL, the Cloud Syslog token, credentials.
const SECRET_FIELDS: readonly string[] = [
  ...SECRET_COMPUTED,
  ...Object.entries(TYPE_FIELDS)
    .filter(([, spec]) => "secret" in spec && spec.secret)
    .map(([key]) => key),
];

// Every field this package knows a source to have; anything else is a type-specific field it
// does not model (a Cloud-to-Cloud source's configuration), which may hold a credential under any
// name, as the resources' `passthrough` may.
const KNOWN_FIELDS: ReadonlySet<string> = new Set([
  ...Object.keys(sourceSchema.shape),
  ...Object.keys(COMMON_FIELDS),
  ...Object.keys(TYPE_FIELDS),
  ...SOURCE_VOLATILE,
  "state",
]);

/**
 * Whether a source may hold a secret: a secret field, a value under a credential-like key
 * anywhere in it, or a field this package does not model.
 */
function holdsSecret(sources: Source[]): boolean {
  return sources.some(
    (source) =>
      SECRET_FIELDS.some((key) => source[key] !== undefined) ||
      secretValues(source).length > 0 ||
      Object.keys(source).some((key) => !KNOWN_FIELDS.has(key)),
  );
}

/**
 * The look-up functions, with the client options of a runtime (tests: no pacing, their time
 * scale); the package exports the ones made with the defaults.
 */
export function lookups(from: RuntimeOptions | Runtime = {}) {
  // A runtime given is configured by its owner (the provider plugin, from the engine).
  const given = from instanceof Runtime;
  const runtime = from instanceof Runtime ? from : new Runtime(from);
  /**
   * The client for the program's look-ups: the stack's config read through the program's
   * @pulumi/pulumi (which the provider's code, loaded by the engine's provider host, must not
   * load), then the environment.
   */
  const client = (): CollectorsClient => {
    if (!given) runtime.configure({ config: { get: (key) => pulumi.runtime.getConfig(key) } });
    return runtime.client();
  };
  const plain = queries(runtime, client);

  function getCollectorOutput(
    args: pulumi.Input<GetCollectorArgs>,
  ): pulumi.Output<Fields<Collector>> {
    return pulumi
      .output(args)
      .apply((a): Promise<Fields<Collector>> => plain.getCollector(a as GetCollectorArgs));
  }

  function getCollectorsOutput(
    args: pulumi.Input<GetCollectorsArgs> = {},
  ): pulumi.Output<Fields<Collector>[]> {
    return pulumi
      .output(args)
      .apply((a): Promise<Fields<Collector>[]> => plain.getCollectors(a as GetCollectorsArgs));
  }

  /** Like getSource; the result is a secret when the source holds one. */
  function getSourceOutput(args: pulumi.Input<GetSourceArgs>): pulumi.Output<Fields<Source>> {
    // apply() flattens the Output the callback returns; its typing does not.
    return pulumi.output(args).apply(async (a) => {
      const source = await plain.getSource(a as GetSourceArgs);
      return holdsSecret([source]) ? pulumi.secret(source) : pulumi.output(source);
    }) as unknown as pulumi.Output<Fields<Source>>;
  }

  /** Like getSources; the result is a secret when any source holds one. */
  function getSourcesOutput(args: pulumi.Input<GetSourcesArgs>): pulumi.Output<Fields<Source>[]> {
    return pulumi.output(args).apply(async (a) => {
      const sources = await plain.getSources(a as GetSourcesArgs);
      return holdsSecret(sources) ? pulumi.secret(sources) : pulumi.output(sources);
    }) as unknown as pulumi.Output<Fields<Source>[]>;
  }

  function getUpgradeTargetsOutput(): pulumi.Output<UpgradeTarget[]> {
    return pulumi.output(undefined).apply(() => plain.getUpgradeTargets());
  }

  function getUpgradableCollectorsOutput(
    args: pulumi.Input<GetUpgradableCollectorsArgs> = {},
  ): pulumi.Output<Fields<Collector>[]> {
    return pulumi
      .output(args)
      .apply(
        (a): Promise<Fields<Collector>[]> =>
          plain.getUpgradableCollectors(a as GetUpgradableCollectorsArgs),
      );
  }

  function getOfflineCollectorsOutput(
    args: pulumi.Input<GetOfflineCollectorsArgs> = {},
  ): pulumi.Output<Fields<Collector>[]> {
    return pulumi
      .output(args)
      .apply(
        (a): Promise<Fields<Collector>[]> =>
          plain.getOfflineCollectors(a as GetOfflineCollectorsArgs),
      );
  }

  /** An Output of a plain look-up's result, from Inputs of its arguments. */
  const outputOf =
    <A, R>(lookup: (args: A) => Promise<R>) =>
    (args: pulumi.Input<A>): pulumi.Output<R> =>
      pulumi.output(args).apply((a) => lookup(a as A)) as pulumi.Output<R>;

  const getOtCollectorOutput = outputOf<GetOtCollectorArgs, Fields<OtCollector>>(
    plain.getOtCollector,
  );
  const getOtCollectorsOutput = outputOf<GetOtCollectorsArgs, Fields<OtCollector>[]>(
    plain.getOtCollectors,
  );
  const getSourceTemplateOutput = outputOf<GetSourceTemplateArgs, Fields<SourceTemplate>>(
    plain.getSourceTemplate,
  );
  const getSourceTemplatesOutput = outputOf<GetSourceTemplatesArgs, Fields<SourceTemplate>[]>(
    plain.getSourceTemplates,
  );

  return {
    ...plain,
    getOtCollectorOutput,
    getOtCollectorsOutput,
    getSourceTemplateOutput,
    getSourceTemplatesOutput,
    getCollectorOutput,
    getCollectorsOutput,
    getSourceOutput,
    getSourcesOutput,
    getUpgradeTargetsOutput,
    getUpgradableCollectorsOutput,
    getOfflineCollectorsOutput,
  };
}

const defaults = lookups();

/** One collector, by id or by name (names with spaces and periods work). */
export const getCollector = defaults.getCollector;
/** Every collector (all pages), optionally filtered. */
export const getCollectors = defaults.getCollectors;
/** One source of a collector, by id or by name. HTTP URLs and tokens in it are secrets. */
export const getSource = defaults.getSource;
/** Every source of a collector. */
export const getSources = defaults.getSources;
/** Like getCollector, as an Output. */
export const getCollectorOutput = defaults.getCollectorOutput;
/** Like getCollectors, as an Output. */
export const getCollectorsOutput = defaults.getCollectorsOutput;
/** Like getSource; the result is a secret when the source holds one. */
export const getSourceOutput = defaults.getSourceOutput;
/** Like getSources; the result is a secret when any source holds one. */
export const getSourcesOutput = defaults.getSourcesOutput;
/**
 * The collector builds the service offers, each with `latest` set on the newest. Pick one with
 * `latest(targets)`, e.g. `version: latest(await plain.getUpgradeTargets())`.
 */
export const getUpgradeTargets = defaults.getUpgradeTargets;
/** Like getUpgradeTargets, as an Output. */
export const getUpgradeTargetsOutput = defaults.getUpgradeTargetsOutput;
/**
 * The Installed Collectors that could move to `toVersion` now (alive, not already on it, no task
 * in progress), all pages.
 */
export const getUpgradableCollectors = defaults.getUpgradableCollectors;
/** Like getUpgradableCollectors, as an Output. */
export const getUpgradableCollectorsOutput = defaults.getUpgradableCollectorsOutput;
/** The Installed Collectors last seen alive before `aliveBeforeDays` days ago, all pages. */
export const getOfflineCollectors = defaults.getOfflineCollectors;
/** Like getOfflineCollectors, as an Output. */
export const getOfflineCollectorsOutput = defaults.getOfflineCollectorsOutput;
/** One OpenTelemetry collector, by id or by name. */
export const getOtCollector = defaults.getOtCollector;
/** Like getOtCollector, as an Output. */
export const getOtCollectorOutput = defaults.getOtCollectorOutput;
/** Every OpenTelemetry collector the search and filters pick (tags, os, alive, …), all pages. */
export const getOtCollectors = defaults.getOtCollectors;
/** Like getOtCollectors, as an Output. */
export const getOtCollectorsOutput = defaults.getOtCollectorsOutput;
/** One source template, by id or by name, disabled ones included. */
export const getSourceTemplate = defaults.getSourceTemplate;
/** Like getSourceTemplate, as an Output. */
export const getSourceTemplateOutput = defaults.getSourceTemplateOutput;
/** The source templates, enabled ones only unless `showDisabled`. */
export const getSourceTemplates = defaults.getSourceTemplates;
/** Like getSourceTemplates, as an Output. */
export const getSourceTemplatesOutput = defaults.getSourceTemplatesOutput;
