import type { StoredRecord } from "../store";
import { etagOf } from "./etag";
import { lastBeat } from "./heartbeat";
import { DEAD_AFTER_MS, EPHEMERAL_DELETE_AFTER_MS } from "./time";

export type CollectorType = "Hosted" | "Installable";
export type SourceSyncMode = "UI" | "Json";
export type UpgradeOutcome = "succeed" | "fail" | "hang";

/** A collector as stored: the modifiable fields plus the server's bookkeeping. */
export interface CollectorDoc {
  id: number;
  collectorType: CollectorType;
  name: string;
  description?: string;
  category?: string;
  hostName?: string;
  timeZone?: string;
  fields?: Record<string, string>;
  ephemeral: boolean;
  cutoffTimestamp: number;
  cutoffRelativeTime?: string;
  sourceSyncMode?: SourceSyncMode;
  targetCpu?: number;
  /** "" for Hosted. */
  collectorVersion: string;
  osName?: string;
  osVersion?: string;
  osArch?: string;
  createdAt: number;
  /** Installed only: the last heartbeat received (registration counts as one). */
  lastHeartbeat?: number;
  /** Installed only: heartbeats every 15 s of virtual time without anyone sending them. */
  autoHeartbeat?: boolean;
  /** Modification counter behind the ETag. */
  version: number;
  /** What the next upgrade task does (control API); consumed by the task. */
  nextUpgrade?: { next: UpgradeOutcome; message?: string };
  /** Set by DELETE /collectors/offline: the collector disappears at this time. */
  pendingDeleteAt?: number;
}

export type CollectorRecord = StoredRecord<CollectorDoc>;

export function isInstalled(doc: CollectorDoc): boolean {
  return doc.collectorType === "Installable";
}

/** The last heartbeat as of `now`, counting the automatic ones; undefined for Hosted. */
export function lastSeenAlive(doc: CollectorDoc, now: number): number | undefined {
  return isInstalled(doc) ? lastBeat(doc, now) : undefined;
}

/** Hosted collectors are always alive; Installed ones until 30 minutes without a heartbeat. */
export function isAlive(doc: CollectorDoc, now: number): boolean {
  const seen = lastSeenAlive(doc, now);
  return seen === undefined ? !isInstalled(doc) : now - seen < DEAD_AFTER_MS;
}

/** When an ephemeral Installed collector is due for deletion, as of `now`. */
export function ephemeralExpiry(doc: CollectorDoc, now: number): number | undefined {
  if (!doc.ephemeral || !isInstalled(doc)) return undefined;
  const seen = lastSeenAlive(doc, now);
  return seen === undefined ? undefined : seen + EPHEMERAL_DELETE_AFTER_MS;
}

export function collectorEtag(doc: CollectorDoc): string {
  return etagOf("collector", doc.id, doc.version);
}

/** The collector as the API shows it. Unset optional fields are omitted; targetCpu is -1. */
export function renderCollector(doc: CollectorDoc, now: number): Record<string, unknown> {
  const seen = lastSeenAlive(doc, now);
  const view: Record<string, unknown> = {
    id: doc.id,
    name: doc.name,
    timeZone: doc.timeZone,
    fields: doc.fields,
    links: [{ rel: "sources", href: `/v1/collectors/${doc.id}/sources` }],
    ephemeral: doc.ephemeral,
    targetCpu: doc.targetCpu ?? -1,
    sourceSyncMode: isInstalled(doc) ? (doc.sourceSyncMode ?? "UI") : undefined,
    collectorType: doc.collectorType,
    collectorVersion: doc.collectorVersion,
    osName: doc.osName,
    osVersion: doc.osVersion,
    osArch: doc.osArch,
    // Time the collector has been running: from registration to its last sign of life.
    osTime: isInstalled(doc) && seen !== undefined ? Math.max(0, seen - doc.createdAt) : undefined,
    lastSeenAlive: seen,
    alive: isAlive(doc, now),
    description: doc.description,
    category: doc.category,
    hostName: doc.hostName,
    cutoffTimestamp: doc.cutoffTimestamp,
    cutoffRelativeTime: doc.cutoffRelativeTime,
  };
  // Rebuilt rather than `delete`d from: deleting keys turns objects into slow dictionaries.
  return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined));
}
