import { HEARTBEAT_INTERVAL_MS } from "./time";

/** What the heartbeat rules need of anything that heartbeats (Installed and OT collectors). */
export interface Heartbeating {
  createdAt: number;
  lastHeartbeat?: number;
  autoHeartbeat?: boolean;
}

/**
 * The last heartbeat as of `now`, counting the automatic ones (every 15 s of virtual time from
 * registration when autoHeartbeat is set); undefined when it has never heartbeaten.
 */
export function lastBeat(doc: Heartbeating, now: number): number | undefined {
  if (doc.lastHeartbeat === undefined) return undefined;
  if (!doc.autoHeartbeat || now < doc.createdAt) return doc.lastHeartbeat;
  const beats = Math.floor((now - doc.createdAt) / HEARTBEAT_INTERVAL_MS);
  return Math.max(doc.lastHeartbeat, doc.createdAt + beats * HEARTBEAT_INTERVAL_MS);
}
