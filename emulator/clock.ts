/**
 * The emulator's notion of now: real time plus an offset that only grows. Tests advance it
 * through the control API instead of waiting (30-minute death, 12-hour ephemeral deletion,
 * upgrade timeouts), and everything time-based reads this clock, never Date.now().
 */
export class Clock {
  constructor(
    private offsetMs = 0,
    private readonly realNow: () => number = Date.now,
  ) {}

  now(): number {
    return this.realNow() + this.offsetMs;
  }

  get offset(): number {
    return this.offsetMs;
  }

  /** Moves virtual time forward; going back would make timers fire twice or never. */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError("advanceMs must be a number >= 0");
    this.offsetMs += ms;
    return this.now();
  }
}
