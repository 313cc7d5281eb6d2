// Process-wide pacing. The service allows 4 requests per second per user and 10 in flight per
// access key; one process (a Pulumi deployment) runs many clients at once, so the queues live
// here, keyed by credential, and every client with the same credential shares them.
//
// p-queue does the queueing: a strict queue per access id spaces request starts evenly (one
// every 1/rate s, plus a small margin; never a burst), a concurrency queue per access key bounds
// what is in flight. Even spacing keeps the service's bucket (one second's worth of requests)
// nearly full, so arrivals bunched together by network jitter still find tokens; windows of 4
// starts needed the bucket exactly full for the 4th of each burst, hence a 100 ms margin that
// cost a tenth of every large deployment's time (bench:pulumi's runs: docs/benchmarks-pulumi.md at
// commit e6e3eb1, "Proposals"). A request first takes an in-flight slot, then a start slot, so
// no start is "saved up" while waiting for a slot.
//
// A caller that decides what to send only once it may start (the read batcher: reads arriving
// while it waits join its list) takes a start slot ahead (takeStart) and hands it to its request.
import { createHash } from "node:crypto";
import type PQueue from "p-queue" with { "resolution-mode": "import" };
import { settleWithin } from "./race";

export interface LimitOptions {
  /** Request starts per second per access id; default 4. Infinity turns pacing off. */
  requestsPerSecond?: number;
  /** Requests in flight per access key; default 10. Infinity turns the cap off. */
  maxInFlight?: number;
  /**
   * Added to the interval between two starts (1000 / requestsPerSecond ms), so that the client's
   * rate stays a little under the service's; default 5 ms (3.92 starts per second).
   */
  windowMarginMs?: number;
  /** Multiplies the window (the retry option of the same name): tests pace in milliseconds. */
  timeScale?: number;
}

export const DEFAULT_LIMITS: Required<LimitOptions> = {
  requestsPerSecond: 4,
  maxInFlight: 10,
  windowMarginMs: 5,
  timeScale: 1,
};

type PQueueClass = typeof PQueue;
let pQueueClass: Promise<PQueueClass> | undefined;
// p-queue is ESM-only; Node 22 loads it from CommonJS through import().
function loadPQueue(): Promise<PQueueClass> {
  pQueueClass ??= import("p-queue").then((m) => m.default);
  return pQueueClass;
}

const queues = new Map<string, Promise<PQueue>>();

function queue(key: string, make: (Q: PQueueClass) => PQueue): Promise<PQueue> {
  let q = queues.get(key);
  if (!q) {
    q = loadPQueue().then(make);
    queues.set(key, q);
  }
  return q;
}

/** A short fingerprint, so that access keys are not kept as map keys. */
export function fingerprint(secret: string): string {
  return createHash("sha256").update(secret).digest("hex").slice(0, 16);
}

function validate(limits: Required<LimitOptions>): void {
  for (const [name, value] of Object.entries(limits)) {
    if (!(typeof value === "number" && value >= 0 && !Number.isNaN(value))) {
      throw new RangeError(`limits.${name} must be a non-negative number`);
    }
  }
  if (limits.requestsPerSecond === 0 || limits.maxInFlight === 0) {
    throw new RangeError("limits.requestsPerSecond and limits.maxInFlight must be above 0");
  }
}

/**
 * A start slot taken ahead of its request. The first request that brings it starts without
 * waiting for another; its retries and further pages are paced as any request. It holds no
 * in-flight slot: with 10 requests out, the request waits for one and starts later than its slot.
 */
export class StartSlot {
  #spent = false;

  /** True once, for the first request that brings it. */
  claim(): boolean {
    const fresh = !this.#spent;
    this.#spent = true;
    return fresh;
  }
}

export class Limiter {
  private readonly rate: Promise<PQueue> | undefined;
  private readonly inFlight: Promise<PQueue> | undefined;

  constructor(accessId: string, accessKey: string, options: LimitOptions | false = {}) {
    if (options === false) return;
    const limits = { ...DEFAULT_LIMITS, ...options };
    validate(limits);
    const { requestsPerSecond: rps, maxInFlight, windowMarginMs, timeScale } = limits;
    if (Number.isFinite(rps)) {
      // One start every 1/rps s plus the margin (0.5/s: one every 2 s).
      const interval = Math.max(1, Math.ceil((Math.ceil(1000 / rps) + windowMarginMs) * timeScale));
      this.rate = queue(
        `rate|${accessId}|1|${interval}`,
        (Q) => new Q({ intervalCap: 1, interval, strict: true }),
      );
    }
    if (Number.isFinite(maxInFlight)) {
      this.inFlight = queue(
        `inflight|${fingerprint(accessKey)}|${maxInFlight}`,
        (Q) => new Q({ concurrency: Math.floor(maxInFlight) }),
      );
    }
  }

  /** Waits for a start slot, for one request to start with (StartSlot). */
  async takeStart(signal?: AbortSignal): Promise<StartSlot> {
    const rate = await this.rate;
    if (rate) await rate.add(() => undefined, signal ? { signal } : {});
    signal?.throwIfAborted();
    return new StartSlot();
  }

  /**
   * Runs `send` once an in-flight slot and a start slot are free (or `slot`, taken ahead, unspent);
   * the in-flight slot is held until it settles.
   */
  async run<T>(send: () => Promise<T>, signal?: AbortSignal, slot?: StartSlot): Promise<T> {
    const [rate, inFlight] = await Promise.all([this.rate, this.inFlight]);
    const start = async (): Promise<T> => {
      if (rate && !slot?.claim()) await rate.add(() => undefined, signal ? { signal } : {});
      signal?.throwIfAborted();
      return send();
    };
    if (!inFlight) return start();
    signal?.throwIfAborted();
    // The queue gets no signal: an in-flight slot must stay taken until `send` has really
    // settled. An abort while waiting rejects at once; the task then fails fast when it starts.
    const task = inFlight.add(start) as Promise<T>;
    return signal ? (settleWithin(task, { signal }) as Promise<T>) : task;
  }
}

/** Forgets every queue (tests; a process that changes credentials). */
export function resetLimiters(): void {
  queues.clear();
}
