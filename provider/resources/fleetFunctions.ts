// Look-ups about the fleet of Installed Collectors: the builds the service offers, the
// collectors an upgrade would touch, and the ones silent for days. Plain async functions with
// Output variants, using the stack's collectors:* config and then the COLLECTORS_* environment.
import * as pulumi from "@pulumi/pulumi";
import type { BuildTarget, Collector } from "../api";
import type { Fields } from "./core/namedFields";
import { programClient as client } from "./core/programClient";

/** A build the service offers as an upgrade or downgrade target. */
export type UpgradeTarget = BuildTarget;

/**
 * The collector builds the service offers, each with `latest` set on the newest. Pick one with
 * `latest(targets)`, e.g. `version: latest(await getUpgradeTargets())`.
 */
export async function getUpgradeTargets(): Promise<UpgradeTarget[]> {
  return client().upgrades.targets();
}

export function getUpgradeTargetsOutput(): pulumi.Output<UpgradeTarget[]> {
  return pulumi.output(undefined).apply(() => getUpgradeTargets());
}

export interface GetUpgradableCollectorsArgs {
  /** The build to move to; default the latest. */
  toVersion?: string;
}

/**
 * The Installed Collectors that could move to `toVersion` now (alive, not already on it, no task
 * in progress), all pages.
 */
export async function getUpgradableCollectors(
  args: GetUpgradableCollectorsArgs = {},
): Promise<Collector[]> {
  const out: Collector[] = [];
  const options = args.toVersion === undefined ? {} : { toVersion: args.toVersion };
  for await (const collector of client().upgrades.iterateUpgradable(options)) out.push(collector);
  return out;
}

export function getUpgradableCollectorsOutput(
  args: pulumi.Input<GetUpgradableCollectorsArgs> = {},
): pulumi.Output<Fields<Collector>[]> {
  return pulumi
    .output(args)
    .apply(
      (a): Promise<Fields<Collector>[]> =>
        getUpgradableCollectors(a as GetUpgradableCollectorsArgs),
    );
}

export interface GetOfflineCollectorsArgs {
  /** Last seen alive more than this many days ago; default 100, at least 1. */
  aliveBeforeDays?: number;
}

/** The Installed Collectors last seen alive before `aliveBeforeDays` days ago, all pages. */
export async function getOfflineCollectors(
  args: GetOfflineCollectorsArgs = {},
): Promise<Collector[]> {
  const out: Collector[] = [];
  const options =
    args.aliveBeforeDays === undefined ? {} : { aliveBeforeDays: args.aliveBeforeDays };
  for await (const collector of client().collectors.iterateOffline(options)) out.push(collector);
  return out;
}

export function getOfflineCollectorsOutput(
  args: pulumi.Input<GetOfflineCollectorsArgs> = {},
): pulumi.Output<Fields<Collector>[]> {
  return pulumi
    .output(args)
    .apply(
      (a): Promise<Fields<Collector>[]> => getOfflineCollectors(a as GetOfflineCollectorsArgs),
    );
}
