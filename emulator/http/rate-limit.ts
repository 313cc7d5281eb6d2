import type { Clock } from "../clock";

/**
 * Requests per second per user (docs/reference/service/collector-management-api.md §8): a token bucket holding one second's worth, so
 * a burst of `perSecond` passes and the rest wait for the refill. 0 turns it off.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly perSecond: number,
  ) {}

  take(user: string): boolean {
    if (this.perSecond === 0) return true;
    const now = this.clock.now();
    const bucket = this.buckets.get(user) ?? { tokens: this.perSecond, at: now };
    bucket.tokens = Math.min(
      this.perSecond,
      bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond,
    );
    bucket.at = now;
    this.buckets.set(user, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  clear(): void {
    this.buckets.clear();
  }
}

/** Requests in flight per access key (docs/reference/service/collector-management-api.md §8). 0 turns it off. */
export class ConcurrencyLimiter {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Takes a slot; returns its release function, or undefined when all slots are taken. */
  acquire(key: string): (() => void) | undefined {
    if (this.max === 0) return () => {};
    const current = this.inFlight.get(key) ?? 0;
    if (current >= this.max) return undefined;
    this.inFlight.set(key, current + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(key) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(key);
      else this.inFlight.set(key, left);
    };
  }
}
