import { SERVICE_TAG_PREFIX } from "../model/ot-collector";
import * as common from "./common";
import {
  bool,
  invalid,
  isAbsent,
  isObject,
  type Json,
  type Rule,
  readFields,
  shape,
  str,
  stringMap,
} from "./values";

/** The most tags an OT collector holds (the spec's maxProperties for tags). */
export const TAGS_MAX = 1000;

/** A tag map: string values, non-empty keys, at most TAGS_MAX of them. */
export const tagMap: Rule = (value, path) => {
  const tags = stringMap(value, path) as Record<string, string>;
  const keys = Object.keys(tags);
  if (keys.length > TAGS_MAX)
    invalid(path, `must hold at most ${TAGS_MAX} tags, got ${keys.length}`);
  if (keys.includes("")) invalid(path, "must not have an empty key");
  return tags;
};

/** A version such as "0.108.0-sumo-0": any non-empty string (older builds than the list exist). */
const buildVersion: Rule = (value, path) => {
  const s = str(value, path) as string;
  return s.trim() === "" ? invalid(path, 'must be a build such as "0.118.0-sumo-0"') : s;
};

const SYSTEM_INFO = shape({
  hostName: common.hostName,
  hostOsName: str,
  hostOsVersion: str,
  hostIpAddress: str,
  hostEnv: str,
});

const REGISTRATION_FIELDS: Record<string, Rule> = {
  name: common.namedName,
  description: common.namedDescription,
  category: str,
  timeZone: common.timeZone,
  tags: tagMap,
  ephemeral: bool,
  isRemotelyManaged: bool,
  systemInfo: SYSTEM_INFO,
  version: buildVersion,
  autoHeartbeat: bool,
};

export interface OtRegistration {
  name: string;
  description?: string;
  category?: string;
  timeZone?: string;
  tags: Record<string, string>;
  ephemeral: boolean;
  isRemotelyManaged: boolean;
  systemInfo: Record<string, string>;
  version?: string;
  autoHeartbeat: boolean;
}

/** The control API's registration body; tags may hold the service's own `sumo.disco*` keys. */
export function parseOtRegistration(body: unknown): OtRegistration {
  const input = (isObject(body) ? body : {}) as Json;
  const read = readFields(input, REGISTRATION_FIELDS, ["name"]);
  return {
    name: read.name as string,
    description: read.description as string | undefined,
    category: read.category as string | undefined,
    timeZone: read.timeZone as string | undefined,
    tags: (read.tags as Record<string, string> | undefined) ?? {},
    ephemeral: (read.ephemeral as boolean | undefined) ?? false,
    isRemotelyManaged: (read.isRemotelyManaged as boolean | undefined) ?? true,
    systemInfo: (read.systemInfo as Record<string, string> | undefined) ?? {},
    version: read.version as string | undefined,
    autoHeartbeat: (read.autoHeartbeat as boolean | undefined) ?? false,
  };
}

export function isServiceTag(key: string): boolean {
  return key.startsWith(SERVICE_TAG_PREFIX);
}

/** The user's part of a tag map: the service's own keys dropped. */
export function userTags(tags: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(tags).filter(([key]) => !isServiceTag(key)));
}

/** The service's part of a tag map. */
export function serviceTags(tags: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(tags).filter(([key]) => isServiceTag(key)));
}

export interface OtCollectorChanges {
  name?: string;
  description?: string;
  category?: string;
  timeZone?: string;
  /** The user's tags, replacing the current user tags; the service's are kept by the caller. */
  tags?: Record<string, string>;
}

const UPDATE_FIELDS: Record<string, Rule> = {
  name: common.namedName,
  description: common.namedDescription,
  category: str,
  timeZone: common.timeZone,
  timezone: common.timeZone,
  tags: tagMap,
};

/**
 * PUT /otCollectors?id=: only the fields sent change (absent or null ones are kept); both
 * `timeZone` (the spec) and `timezone` (what the Terraform provider sends) are read, `timeZone`
 * winning; sent `sumo.disco*` tags are dropped. Every other field is ignored.
 */
export function parseOtUpdate(body: unknown): OtCollectorChanges {
  if (!isObject(body)) invalid("body", "must be a JSON object of the fields to change");
  const read = readFields(body, UPDATE_FIELDS, []);
  const changes: OtCollectorChanges = {};
  if (!isAbsent(read.name)) changes.name = read.name as string;
  if (!isAbsent(read.description)) changes.description = read.description as string;
  if (!isAbsent(read.category)) changes.category = read.category as string;
  const zone = read.timeZone ?? read.timezone;
  if (!isAbsent(zone)) changes.timeZone = zone as string;
  if (!isAbsent(read.tags)) changes.tags = userTags(read.tags as Record<string, string>);
  return changes;
}
