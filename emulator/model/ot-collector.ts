import type { StoredRecord } from "../store";
import { etagOf } from "./etag";
import { lastBeat } from "./heartbeat";
import { hexId, rfc3339 } from "./hex-id";
import { DEAD_AFTER_MS, EPHEMERAL_DELETE_AFTER_MS } from "./time";

/** The OpenTelemetry collector builds the emulator knows, oldest first; the last is the latest. */
export const OT_BUILDS = ["0.104.0-sumo-0", "0.108.0-sumo-0", "0.113.0-sumo-0", "0.118.0-sumo-0"];
export const OT_LATEST = OT_BUILDS[OT_BUILDS.length - 1] as string;

/** Tag keys with this prefix are the service's own (host discovery): users cannot set them. */
export const SERVICE_TAG_PREFIX = "sumo.disco";

export interface OtSystemInfo {
  hostName?: string;
  hostOsName?: string;
  hostOsVersion?: string;
  hostIpAddress?: string;
  hostEnv?: string;
}

/** An OpenTelemetry collector as stored. */
export interface OtCollectorDoc {
  id: number;
  name: string;
  description?: string;
  category?: string;
  timeZone?: string;
  tags: Record<string, string>;
  ephemeral: boolean;
  isRemotelyManaged: boolean;
  /** The build it runs. */
  currentVersion: string;
  systemInfo: OtSystemInfo;
  createdAt: number;
  createdBy: string;
  modifiedAt: number;
  modifiedBy: string;
  /** The last heartbeat received (registration counts as one). */
  lastHeartbeat: number;
  /** Heartbeats every 15 s of virtual time without anyone sending them. */
  autoHeartbeat?: boolean;
  /** Modification counter behind the ETag. */
  version: number;
}

export type OtCollectorRecord = StoredRecord<OtCollectorDoc>;

/** Alive until 30 minutes without a heartbeat, as Installed Collectors are. */
export function isOtAlive(doc: OtCollectorDoc, now: number): boolean {
  const seen = lastBeat(doc, now);
  return seen !== undefined && now - seen < DEAD_AFTER_MS;
}

/** When an ephemeral OT collector is due for deletion, as of `now` (12 h after its last beat). */
export function otEphemeralExpiry(doc: OtCollectorDoc, now: number): number | undefined {
  if (!doc.ephemeral) return undefined;
  const seen = lastBeat(doc, now);
  return seen === undefined ? undefined : seen + EPHEMERAL_DELETE_AFTER_MS;
}

export function otCollectorEtag(doc: OtCollectorDoc): string {
  return etagOf("otCollector", doc.id, doc.version);
}

/** Numeric parts of a build such as "0.108.0-sumo-0", for ordering versions. */
function versionParts(version: string): number[] {
  return (version.match(/\d+/g) ?? []).map(Number);
}

/** <0, 0 or >0 as `a` is older than, the same as, or newer than `b`. */
export function compareVersions(a: string, b: string): number {
  const pa = versionParts(a);
  const pb = versionParts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

export function isUpgradeAvailable(doc: OtCollectorDoc): boolean {
  return compareVersions(doc.currentVersion, OT_LATEST) < 0;
}

/**
 * The OT collector as `GET /v1/otCollectors/{id}` shows it. `linked` is the number of enabled
 * source templates selecting it, computed by the caller from the store. Unset optional fields
 * are omitted; effectiveConfig is never shown (the emulator runs no collector).
 */
export function renderOtCollector(
  doc: OtCollectorDoc,
  now: number,
  linked: number,
): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: hexId(doc.id),
    name: doc.name,
    description: doc.description,
    category: doc.category,
    timeZone: doc.timeZone,
    tags: doc.tags,
    ephemeral: doc.ephemeral,
    alive: isOtAlive(doc, now),
    isRemotelyManaged: doc.isRemotelyManaged,
    version: { currentVersion: doc.currentVersion, latestAvailableVersion: OT_LATEST },
    systemInfo: doc.systemInfo,
    healthIncidentsTracker: { errorsCount: 0, warningsCount: 0 },
    sourceTemplateLinkedCount: linked,
    createdAt: rfc3339(doc.createdAt),
    createdBy: doc.createdBy,
    modifiedAt: rfc3339(doc.modifiedAt),
    modifiedBy: doc.modifiedBy,
  };
  return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined));
}
