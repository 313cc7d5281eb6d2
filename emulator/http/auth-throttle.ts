import type { Clock } from "../clock";
import { MINUTE } from "../model/time";

/**
 * Client addresses with a window of failures for unknown access ids, kept at most. Known access
 * ids are bounded by the accounts directory and never share this table, so a flood of made-up
 * ids (from one address or many) can only ever push out other addresses' windows.
 */
const MAX_ADDRESS_WINDOWS = 10_000;

interface Window {
  start: number;
  /** Failed authentications (unknown id or wrong key), cookie or not. */
  failures: number;
  /** Authentications without a live session cookie, failed ones included. */
  attempts: number;
}

export interface ThrottleLimits {
  /** Failed authentications per access id (per client address for unknown ids); 0 = off. */
  failuresPerMinute: number;
  /** Authentications without a session cookie per access id, successes too; 0 = off. */
  perMinute: number;
}

/**
 * The brute-force defence of spec 5 (docs/reference/service/collector-management-api.md), in fixed one-minute windows of the virtual clock.
 * Failed authentications are always counted (a wrong key with a valid session cookie too); once
 * an access id has `failuresPerMinute` of them, even its right key is refused without a session
 * until the window ends. Successful authentications without a session cookie are counted only
 * when `perMinute` is set: a client without a cookie jar at the full rate limit is ordinary.
 */
export class AuthThrottle {
  private readonly known = new Map<string, Window>();
  /** By client address, in the order the windows started (a renewed window moves to the end). */
  private readonly addresses = new Map<string, Window>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: ThrottleLimits,
  ) {}

  /** Whether a known access id may authenticate now without a session cookie (and counts it). */
  allowSuccess(accessId: string): boolean {
    const { failuresPerMinute, perMinute } = this.limits;
    if (failuresPerMinute === 0 && perMinute === 0) return true;
    const window = this.current(this.known, accessId);
    if (failuresPerMinute > 0 && window.failures >= failuresPerMinute) return false;
    if (perMinute === 0) return true;
    window.attempts++;
    return window.attempts <= perMinute;
  }

  /**
   * Counts a failed authentication: by access id when the directory knows it, else by client
   * address. Returns false when the failures are over the limit (the answer says so).
   */
  countFailure(accessId: string, known: boolean, address: string): boolean {
    const { failuresPerMinute, perMinute } = this.limits;
    if (failuresPerMinute === 0 && perMinute === 0) return true;
    const window = known
      ? this.current(this.known, accessId)
      : this.current(this.addresses, address, MAX_ADDRESS_WINDOWS);
    window.failures++;
    window.attempts++;
    const overFailures = failuresPerMinute > 0 && window.failures > failuresPerMinute;
    const overAttempts = perMinute > 0 && window.attempts > perMinute;
    return !overFailures && !overAttempts;
  }

  /** How many windows are held: known access ids and client addresses (for tests). */
  get size(): { known: number; addresses: number } {
    return { known: this.known.size, addresses: this.addresses.size };
  }

  clear(): void {
    this.known.clear();
    this.addresses.clear();
  }

  private current(table: Map<string, Window>, key: string, max = Infinity): Window {
    const now = this.clock.now();
    let window = table.get(key);
    if (!window || now - window.start >= MINUTE) {
      table.delete(key);
      evict(table, now, max);
      window = { start: now, failures: 0, attempts: 0 };
      table.set(key, window);
    }
    return window;
  }
}

/**
 * Drops the windows that have ended (the oldest come first), then, while the table is still
 * full, the oldest running ones: losing a window only ever lets its key start afresh.
 */
function evict(table: Map<string, Window>, now: number, max: number): void {
  for (const [key, window] of table) {
    if (now - window.start < MINUTE && table.size < max) break;
    table.delete(key);
  }
}
