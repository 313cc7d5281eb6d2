import type { OtTag } from "../model/selector";
import { tagLists } from "./selector";
import {
  bool,
  int,
  invalid,
  isAbsent,
  isObject,
  type Json,
  oneOf,
  type Rule,
  readFields,
  shape,
  str,
} from "./values";

export const SEARCH_LIMIT_DEFAULT = 100;
export const SEARCH_LIMIT_MAX = 1000;
export const SORT_BY = ["name", "lastModified"] as const;

export interface VersionRange {
  minVersion?: string;
  maxVersion?: string;
  rangeType: "Within" | "Outside";
}

export interface OtFilters {
  tags: OtTag[][];
  os?: string;
  collectorVersionRange?: VersionRange;
  alive?: boolean;
  isRemotelyManaged?: boolean;
  isUpgradeAvailable?: boolean;
  hasNoSourceTemplateLinked?: boolean;
}

export interface OtSearch {
  search?: string;
  filters: OtFilters;
  sortBy: (typeof SORT_BY)[number];
  /** Where the page starts, from the `next` token. */
  offset: number;
  limit: number;
  includeCount: boolean;
}

const VERSION_RANGE = shape({
  minVersion: str,
  maxVersion: str,
  rangeType: oneOf("Within", "Outside"),
});

const FILTERS: Record<string, Rule> = {
  tags: tagLists,
  os: str,
  collectorVersionRange: VERSION_RANGE,
  alive: bool,
  isRemotelyManaged: bool,
  isUpgradeAvailable: bool,
  hasNoSourceTemplateLinked: bool,
};

const SEARCH: Record<string, Rule> = {
  search: str,
  filters: shape(FILTERS),
  sortBy: oneOf(...SORT_BY),
  next: str,
  limit: int(1, SEARCH_LIMIT_MAX),
  includeCount: bool,
};

/** The `next` token: the offset of the page's first item, opaque to clients. */
export function nextToken(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString("base64url");
}

function offsetOf(token: string): number {
  const text = Buffer.from(token, "base64url").toString();
  const match = /^offset:(\d{1,9})$/.exec(text);
  if (!match) invalid("next", "must be a token from a previous page's `next`, unchanged");
  return Number(match[1]);
}

/** POST /otCollectors: a search body (an empty or absent body lists every collector). */
export function parseOtSearch(body: unknown): OtSearch {
  if (!isAbsent(body) && !isObject(body)) invalid("body", "must be a JSON object");
  const read = readFields((body ?? {}) as Json, SEARCH, []);
  const filters = (read.filters ?? {}) as Json;
  const range = filters.collectorVersionRange as Json | undefined;
  return {
    search: read.search === "" ? undefined : (read.search as string | undefined),
    filters: {
      tags: (filters.tags as OtTag[][] | undefined) ?? [],
      os: filters.os === "" ? undefined : (filters.os as string | undefined),
      collectorVersionRange: range
        ? {
            minVersion: range.minVersion as string | undefined,
            maxVersion: range.maxVersion as string | undefined,
            rangeType: (range.rangeType as VersionRange["rangeType"] | undefined) ?? "Within",
          }
        : undefined,
      alive: filters.alive as boolean | undefined,
      isRemotelyManaged: filters.isRemotelyManaged as boolean | undefined,
      isUpgradeAvailable: filters.isUpgradeAvailable as boolean | undefined,
      hasNoSourceTemplateLinked: filters.hasNoSourceTemplateLinked as boolean | undefined,
    },
    sortBy: (read.sortBy as OtSearch["sortBy"] | undefined) ?? "name",
    offset: read.next === undefined ? 0 : offsetOf(read.next as string),
    limit: (read.limit as number | undefined) ?? SEARCH_LIMIT_DEFAULT,
    includeCount: (read.includeCount as boolean | undefined) ?? false,
  };
}
