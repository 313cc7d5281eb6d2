import type { Clock } from "../clock";
import { MINUTE } from "../model/time";

/**
 * The brute-force defence of spec section 5: at most `perMinute` authentications without a
 * session cookie per access id per minute of the (virtual) clock; failed ones count too.
 */
export class AuthThrottle {
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
      window = { start: now, count: 0 };
      this.windows.set(accessId, window);
    }
    window.count++;
    return window.count <= this.perMinute;
  }

  clear(): void {
    this.windows.clear();
  }
}
