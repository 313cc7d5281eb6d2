// When to send a request again, and how long to wait first. The defaults are written down here
// once. The rule that matters most: a request is retried only when sending it twice cannot do
// harm. Idempotent methods are retried on 429, 502/503/504 and dropped connections; a POST only
// when the service cannot have acted on it (429, or the connection was never made), so a lost
// answer never turns one create into two.

export interface RetryOptions {
  /** Retries after the first attempt; default 4. */
  retries?: number;
  /** Backoff before the first retry; doubles each time, with jitter. Default 500 ms. */
  minDelayMs?: number;
  /** Ceiling of the computed backoff; default 30 s. */
  maxDelayMs?: number;
  /** Ceiling on a Retry-After the service asks for; default 120 s. */
  maxRetryAfterMs?: number;
  /** Multiplies every wait: 0.001 lets tests run backoffs in milliseconds. Default 1. */
  timeScale?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = {
  retries: 4,
  minDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
  timeScale: 1,
};

export const NO_RETRY: Required<RetryOptions> = { ...DEFAULT_RETRY, retries: 0 };

export function resolveRetry(options: RetryOptions | false | undefined): Required<RetryOptions> {
  if (options === false) return NO_RETRY;
  const merged = { ...DEFAULT_RETRY, ...options };
  for (const [name, value] of Object.entries(merged)) {
    if (!(typeof value === "number" && value >= 0 && Number.isFinite(value))) {
      throw new RangeError(`retry.${name} must be a non-negative finite number`);
    }
  }
  return merged;
}

const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);
/** Statuses worth another try of an idempotent request. */
const RETRY_STATUSES = new Set([429, 502, 503, 504]);
/** The connection was never made: the service cannot have seen the request. */
const NEVER_SENT = new Set([
  "ECONNREFUSED",
  "UND_ERR_CONNECT_TIMEOUT",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
]);
/** The connection dropped: the service may or may not have acted. */
const DROPPED = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED", "ETIMEDOUT"]);

export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

/** Whether an answer with this status may be retried. */
export function shouldRetryStatus(method: string, status: number): boolean {
  if (status === 429) return true; // the service refused before acting
  return isIdempotent(method) && RETRY_STATUSES.has(status);
}

/** Whether a failure without an answer (by its error code) may be retried. */
export function shouldRetryNetwork(method: string, code: string | undefined): boolean {
  if (!code) return false;
  if (NEVER_SENT.has(code)) return true;
  return isIdempotent(method) && DROPPED.has(code);
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (0 for the first): exponential with "equal jitter"
 * (half fixed, half random, so concurrent clients spread out but never retry at once), or the
 * service's Retry-After when it gave one. Scaled by timeScale.
 */
export function backoffMs(
  retry: number,
  options: Required<RetryOptions>,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  let delay: number;
  if (retryAfterMs !== undefined) {
    delay = Math.min(retryAfterMs, options.maxRetryAfterMs);
  } else {
    const ceiling = Math.min(options.maxDelayMs, options.minDelayMs * 2 ** retry);
    delay = ceiling / 2 + random() * (ceiling / 2);
  }
  return delay * options.timeScale;
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
