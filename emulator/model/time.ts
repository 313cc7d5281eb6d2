/** Time constants of the spec (section 3 and 8) and the emulator's own pacing, in one place. */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const HEARTBEAT_INTERVAL_MS = 15 * SECOND;
export const DEAD_AFTER_MS = 30 * MINUTE;
export const EPHEMERAL_DELETE_AFTER_MS = 12 * HOUR;
export const UPGRADE_TIMEOUT_MS = 30 * MINUTE;

/** Upgrade task steps after the request: 1 (pending), 6 (progressing), then done. */
export const UPGRADE_PENDING_AFTER_MS = 5 * SECOND;
export const UPGRADE_PROGRESSING_AFTER_MS = 10 * SECOND;
export const UPGRADE_DONE_AFTER_MS = 20 * SECOND;

/** How long a deleted Universal (Cloud-to-Cloud) source shows Stopping before it is gone. */
export const UNIVERSAL_STOPPING_MS = 3 * SECOND;

/** How long after DELETE /collectors/offline the matched collectors disappear. */
export const OFFLINE_DELETE_AFTER_MS = 500;
