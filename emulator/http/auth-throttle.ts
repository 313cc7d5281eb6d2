import type { Clock } from "../clock";
import { MINUTE } from "../model/time";

/**
 * Windows kept at most. Every access id presented counts, known or not (failed authentications
 * count too), so a client cycling through made-up ids must not grow the map without end.
 */
const MAX_WINDOWS = 10_000;

/**
 * The brute-force defence of spec section 5: at most `perMinute` authentications without a
 * session cookie per access id per minute of the (virtual) clock; failed ones count too.
 */
export class AuthThrottle {
  /** By access id, in the order the windows started (a renewed window moves to the end). */
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly perMinute: number,
  ) {}

  /** Counts one authentication; false when it is over the limit. 0 turns the throttle off. */
  allow(accessId: string): boolean {
    if (this.perMinute === 0) return true;
    const now = this.clock.now();
    let window = this.windows.get(accessId);
    if (!window || now - window.start >= MINUTE) {
      this.evict(now);
      window = { start: now, count: 0 };
      this.windows.delete(accessId);
      this.windows.set(accessId, window);
    }
    window.count++;
    return window.count <= this.perMinute;
  }

  /** How many access ids have a window (for tests). */
  get size(): number {
    return this.windows.size;
  }

  /**
   * Drops the windows that have ended (the oldest come first), then, when the map is still
   * full, the oldest running ones: losing a window only ever lets an access id start afresh.
   */
  private evict(now: number): void {
    for (const [id, window] of this.windows) {
      if (now - window.start < MINUTE && this.windows.size < MAX_WINDOWS) break;
      this.windows.delete(id);
    }
  }

  clear(): void {
    this.windows.clear();
  }
}
