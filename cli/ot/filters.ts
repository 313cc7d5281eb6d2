// The search filters of `collectors ot list` as options, and the service's search request made of
// them. Tag conditions: `--tag KEY=V1,V2` (the tag KEY has one of the values) must all hold;
// `--tag-set 'KEY=V1;KEY2=V2'` is one alternative of conditions that must all hold together, and
// several --tag-set are ORed. The service's tag filter is a list of such alternatives (inner lists
// ANDed, the lists ORed), so each --tag joins every --tag-set.
import type { OtCollectorFilters, OtCollectorSearch, OtTag } from "../../provider/api";
import { InvalidArgumentError } from "../shared/commander";
import { UsageError } from "../shared/output";

/** The orders the service sorts by (`sortBy`); its default is name. */
export const OT_SORTS = ["name", "lastModified"] as const;
export type OtSort = (typeof OT_SORTS)[number];

export interface OtFilterFlags {
  search?: string | undefined;
  /** --tag, each a condition that must hold. */
  tag?: OtTag[] | undefined;
  /** --tag-set, each a group of conditions; a collector matching any group matches. */
  tagSet?: OtTag[][] | undefined;
  os?: string | undefined;
  minVersion?: string | undefined;
  maxVersion?: string | undefined;
  outsideRange?: boolean | undefined;
  alive?: boolean | undefined;
  offline?: boolean | undefined;
  remotelyManaged?: boolean | undefined;
  locallyManaged?: boolean | undefined;
  upgradeAvailable?: boolean | undefined;
  /** false with --no-template-linked (commander's negated flag). */
  templateLinked?: boolean | undefined;
  sort?: OtSort | undefined;
}

const TAG_FORM = "give KEY=VALUE or KEY=VALUE1,VALUE2 (any of the values), e.g. env=prod,staging";

/** One condition, `KEY=V1,V2`: the tag KEY has one of the values. */
export function parseTagCondition(text: string): OtTag {
  const equals = text.indexOf("=");
  if (equals < 0)
    throw new InvalidArgumentError(`${JSON.stringify(text)} has no "=": ${TAG_FORM}.`);
  const key = text.slice(0, equals).trim();
  const values = text
    .slice(equals + 1)
    .split(",")
    .map((value) => value.trim());
  if (key === "")
    throw new InvalidArgumentError(`${JSON.stringify(text)} has no key: ${TAG_FORM}.`);
  if (values.some((value) => value === "")) {
    throw new InvalidArgumentError(`${JSON.stringify(text)} has an empty value: ${TAG_FORM}.`);
  }
  return { key, values };
}

/** Commander's parser for the repeatable --tag. */
export function parseTag(text: string, previous: OtTag[] = []): OtTag[] {
  return [...previous, parseTagCondition(text)];
}

/** Commander's parser for the repeatable --tag-set: conditions separated by `;`. */
export function parseTagSet(text: string, previous: OtTag[][] = []): OtTag[][] {
  const conditions = text
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (conditions.length === 0) {
    throw new InvalidArgumentError(
      `give conditions separated by ";", each KEY=VALUE[,VALUE...], e.g. 'env=prod;team=web'.`,
    );
  }
  return [...previous, conditions.map(parseTagCondition)];
}

const VERSION = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-sumo.+)?$/;

/**
 * Commander's parser for --min-version and --max-version: a build as the service writes it,
 * `v0.108.0-sumo-0`; the leading `v` may be left out (collectors show their version without it).
 */
export function parseOtVersion(text: string): string {
  if (!VERSION.test(text)) {
    throw new InvalidArgumentError(
      "give an OpenTelemetry collector version such as 0.108.0-sumo-0 (or v0.108.0, v0.108.0-sumo-1).",
    );
  }
  return text.startsWith("v") ? text : `v${text}`;
}

export function parseSort(text: string): OtSort {
  if (!(OT_SORTS as readonly string[]).includes(text)) {
    throw new InvalidArgumentError(`choose one of ${OT_SORTS.join(", ")}.`);
  }
  return text as OtSort;
}

/** Commander's parser for --limit: a whole number, 1 or more. */
export function parseLimit(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < 1) {
    throw new InvalidArgumentError("give a whole number of collectors, 1 or more.");
  }
  return n;
}

/** Two flags that say opposite things: a UsageError when both are given. */
function either(flags: OtFilterFlags, yes: keyof OtFilterFlags, no: keyof OtFilterFlags) {
  const flag = (name: string) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  if (flags[yes] && flags[no]) {
    throw new UsageError(`${flag(yes)} and ${flag(no)} exclude each other: give one of them.`);
  }
  return flags[yes] ? true : flags[no] ? false : undefined;
}

/** The service's tag filter: each --tag-set with every --tag added, or the --tags alone. */
function tagFilter(flags: OtFilterFlags): OtTag[][] | undefined {
  const all = flags.tag ?? [];
  const sets = flags.tagSet ?? [];
  if (sets.length > 0) return sets.map((set) => [...set, ...all]);
  return all.length > 0 ? [all] : undefined;
}

/**
 * The search request the flags describe (no paging); a UsageError for flags that contradict each
 * other or lack what they qualify (--outside-range without a bound).
 */
export function searchOf(flags: OtFilterFlags): OtCollectorSearch {
  const filters: OtCollectorFilters = {};
  const tags = tagFilter(flags);
  if (tags) filters.tags = tags;
  if (flags.os !== undefined) filters.os = flags.os;
  if (flags.outsideRange && !flags.minVersion && !flags.maxVersion) {
    throw new UsageError(
      "--outside-range needs --min-version, --max-version or both: it selects the versions outside them.",
    );
  }
  if (flags.minVersion || flags.maxVersion) {
    filters.collectorVersionRange = {
      ...(flags.minVersion ? { minVersion: flags.minVersion } : {}),
      ...(flags.maxVersion ? { maxVersion: flags.maxVersion } : {}),
      rangeType: flags.outsideRange ? "Outside" : "Within",
    };
  }
  const alive = either(flags, "alive", "offline");
  if (alive !== undefined) filters.alive = alive;
  const remote = either(flags, "remotelyManaged", "locallyManaged");
  if (remote !== undefined) filters.isRemotelyManaged = remote;
  if (flags.upgradeAvailable) filters.isUpgradeAvailable = true;
  if (flags.templateLinked === false) filters.hasNoSourceTemplateLinked = true;
  return {
    ...(flags.search !== undefined ? { search: flags.search } : {}),
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
    ...(flags.sort ? { sortBy: flags.sort } : {}),
  };
}
