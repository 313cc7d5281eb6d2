// What `collectors upgrade` will do, before it does anything: the target build and, for every
// selected collector, either "upgrade" or "skip, because …". Only GETs happen here.
import {
  type BuildTarget,
  type Collector,
  type CollectorsClient,
  collect,
} from "../../provider/api";
import { nameMatcher } from "../shared/name-glob";
import { UsageError } from "../shared/output";
import { formatTime, isHosted } from "../shared/table";

export interface Skip {
  collector: Collector;
  reason: string;
}

export interface UpgradePlan {
  /** The concrete build, `latest` resolved. */
  target: string;
  toUpgrade: Collector[];
  skipped: Skip[];
  /** --name patterns that matched no collector. */
  unmatchedPatterns: string[];
}

export interface Selection {
  /** Globs on collector names (--name). */
  names: readonly string[];
  /** --all-upgradable: the service's list of collectors upgradable to the target. */
  allUpgradable: boolean;
}

/** `latest` → the build the service marks latest; a version → itself, if the service offers it. */
export function resolveTarget(to: string, targets: BuildTarget[]): string {
  const versions = targets.map((t) => t.version);
  if (to === "latest") {
    const latest = targets.find((t) => t.latest);
    if (!latest) {
      throw new Error(
        `the service marks no build as latest (builds: ${versions.join(", ") || "none"}); pass --to <version>`,
      );
    }
    return latest.version;
  }
  if (!versions.includes(to)) {
    throw new UsageError(
      `--to ${to} is not a build the service offers; available: ${versions.join(", ")} (or "latest")`,
    );
  }
  return to;
}

/** Why a collector will not be upgraded to `target`, judged from the collector list; or undefined. */
export function skipReason(collector: Collector, target: string): string | undefined {
  if (isHosted(collector)) return "Hosted: only Installed Collectors can be upgraded";
  if (collector.collectorVersion === target) return `already runs ${target}`;
  if (collector.alive === false) {
    return `not alive (last seen ${formatTime(collector.lastSeenAlive)}): the service upgrades running collectors only`;
  }
  return undefined;
}

export function checkSelection(selection: Selection): void {
  if (selection.names.length === 0 && !selection.allUpgradable) {
    throw new UsageError(
      "say which collectors to upgrade: --name <glob> (repeatable), --all-upgradable, or both (the upgradable ones among the names)",
    );
  }
}

/**
 * The plan. With --name only: every collector whose name matches, skipped where the list shows
 * it cannot be upgraded. With --all-upgradable only: the service's upgradable list. With both:
 * the matching names, skipping those the service does not list as upgradable.
 */
export async function planUpgrade(
  client: CollectorsClient,
  to: string,
  selection: Selection,
): Promise<UpgradePlan> {
  checkSelection(selection);
  // Compiled first: a pattern that is not valid is a usage mistake, found before any request.
  const matcher = selection.names.length > 0 ? nameMatcher(selection.names) : undefined;
  const target = resolveTarget(to, await client.upgrades.targets());
  const upgradable = selection.allUpgradable
    ? await collect(client.upgrades.iterateUpgradable({ toVersion: target }))
    : undefined;

  let candidates: Collector[];
  let unmatchedPatterns: string[] = [];
  if (matcher) {
    candidates = (await collect(client.collectors.iterate())).filter((c) =>
      matcher.matches(c.name),
    );
    unmatchedPatterns = matcher.unmatched();
  } else {
    candidates = upgradable ?? [];
  }

  const upgradableIds = upgradable ? new Set(upgradable.map((c) => c.id)) : undefined;
  const toUpgrade: Collector[] = [];
  const skipped: Skip[] = [];
  for (const collector of candidates) {
    let reason = skipReason(collector, target);
    if (!reason && upgradableIds && !upgradableIds.has(collector.id)) {
      reason =
        "not in the service's list of upgradable collectors (an upgrade may be running already)";
    }
    if (reason) skipped.push({ collector, reason });
    else toUpgrade.push(collector);
  }
  return { target, toUpgrade, skipped, unmatchedPatterns };
}
