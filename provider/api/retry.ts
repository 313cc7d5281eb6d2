// When to send a request again, who sends it, and how long to wait first. Every retry rule of
// the client is in the one table below; the defaults are written down here once. The rule that
// matters most: a request is sent twice only when that cannot do harm. The transport retries
// idempotent methods after 429, 502/503/504 and dropped connections, and a POST only when the
// service cannot have acted on it (429, an authentication refused, a connection never made). A
// POST that may have been acted on (a 5xx, a dropped connection, a timeout) is retried only by a
// caller that can recognise its own object afterwards (a create, by its name), within the same
// budget of requests; so a lost answer never turns one create into two, and 429s are never
// retried on top of the transport's own retries.
import { setTimeout as wait } from "node:timers/promises";
import { ApiError, NetworkError } from "./errors";

export interface RetryOptions {
  /** Retries after the first attempt; default 4. */
  retries?: number;
  /** Backoff before the first retry; doubles each time, with jitter. Default 500 ms. */
  minDelayMs?: number;
  /** Ceiling of the computed backoff; default 30 s. */
  maxDelayMs?: number;
  /** Ceiling on a Retry-After the service asks for; default 120 s. */
  maxRetryAfterMs?: number;
  /**
   * How long, in all, to wait for the service's authentication throttle when it refuses (401)
   * credentials it already accepted in this process; default 65 s (its window is a minute).
   * 0 fails at once.
   */
  authThrottleWaitMs?: number;
  /** Multiplies every wait: 0.001 lets tests run backoffs in milliseconds. Default 1. */
  timeScale?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = {
  retries: 4,
  minDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
  authThrottleWaitMs: 65_000,
  timeScale: 1,
};

export const NO_RETRY: Required<RetryOptions> = {
  ...DEFAULT_RETRY,
  retries: 0,
  authThrottleWaitMs: 0,
};

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

/** What went wrong with one attempt, as far as sending it again is concerned. */
export type Outcome =
  /** An answer outside 2xx; `accepted`: these credentials had a 2xx answer in this process. */
  | { status: number; accepted: boolean }
  /** No answer: the error code of the failure (ECONNRESET, …), or a timeout. */
  | { network: string | undefined; timedOut: boolean };

/**
 * Who sends a request again after an outcome:
 * - "transport": the transport (transport/backoff.ts), within `retries`, after the backoff (or
 *   Retry-After);
 * - "auth-throttle": the transport (transport/auth-throttle.ts), waiting for the throttle within
 *   `authThrottleWaitMs`;
 * - "caller": only a caller that can recognise its own object after a retry (a create, by its
 *   name), within the same `retries`, counting every request sent;
 * - "none": nobody.
 */
export type Retrier = "transport" | "auth-throttle" | "caller" | "none";

const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);
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

const status = (o: Outcome) => ("status" in o ? o.status : undefined);
const network = (o: Outcome) => ("network" in o ? o : undefined);

/** The retry table: the first row that matches decides. Anything else is not retried. */
export const RETRY_TABLE: readonly {
  when: string;
  matches: (outcome: Outcome) => boolean;
  idempotent: Retrier;
  post: Retrier;
}[] = [
  {
    when: "429 rate limit exceeded (the service refused before acting)",
    matches: (o) => status(o) === 429,
    idempotent: "transport",
    post: "transport",
  },
  {
    when: "401 for credentials already accepted in this process (the authentication throttle)",
    matches: (o) => status(o) === 401 && "accepted" in o && o.accepted,
    idempotent: "auth-throttle",
    post: "auth-throttle",
  },
  {
    when: "502, 503, 504",
    matches: (o) => [502, 503, 504].includes(status(o) ?? 0),
    idempotent: "transport",
    post: "caller",
  },
  {
    when: "another 5xx",
    matches: (o) => (status(o) ?? 0) >= 500,
    idempotent: "none",
    post: "caller",
  },
  {
    when: "the connection was never made",
    matches: (o) => NEVER_SENT.has(network(o)?.network ?? ""),
    idempotent: "transport",
    post: "transport",
  },
  {
    when: "no answer within timeoutMs",
    matches: (o) => network(o)?.timedOut === true,
    idempotent: "none",
    post: "caller",
  },
  {
    when: "the connection dropped",
    matches: (o) => DROPPED.has(network(o)?.network ?? ""),
    idempotent: "transport",
    post: "caller",
  },
];

export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

/** Who may send a request with this method again after this outcome. */
export function retrierFor(method: string, outcome: Outcome): Retrier {
  const row = RETRY_TABLE.find((r) => r.matches(outcome));
  if (!row) return "none";
  return isIdempotent(method) ? row.idempotent : row.post;
}

/**
 * Whether the client's caller may send the request again after this error (the transport did
 * not, because the service may have acted on it): a POST answered with a 5xx, or whose
 * connection dropped or timed out. Within the same budget: see requestsSent().
 */
export function retriedByCaller(error: unknown): boolean {
  let outcome: Outcome;
  if (error instanceof ApiError) outcome = { status: error.status, accepted: false };
  else if (error instanceof NetworkError) {
    outcome = { network: error.code, timedOut: error.reason === "timeout" };
  } else return false;
  return retrierFor(error.method, outcome) === "caller";
}

/** How many requests the call that failed with this error sent, its retries included. */
export function requestsSent(error: unknown): number {
  return error instanceof ApiError || error instanceof NetworkError ? error.attempts : 1;
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

/** The first wait for the authentication throttle; each next one doubles. */
export const AUTH_THROTTLE_FIRST_WAIT_MS = 5_000;

/**
 * The wait (unscaled) before the next try after the authentication throttle refused, when
 * `waitedMs` were already spent waiting for it: 5 s, 10 s, 20 s, then whatever is left of
 * authThrottleWaitMs (30 s by default); undefined once it is spent.
 */
export function authThrottleWaitMs(
  waitedMs: number,
  options: Required<RetryOptions>,
): number | undefined {
  const left = options.authThrottleWaitMs - waitedMs;
  if (left <= 0) return undefined;
  return Math.min(
    left,
    Math.max(AUTH_THROTTLE_FIRST_WAIT_MS, waitedMs + AUTH_THROTTLE_FIRST_WAIT_MS),
  );
}

/**
 * Waits `ms`, or rejects with the signal's own reason as soon as it aborts (timers/promises
 * rejects with a generic AbortError instead, which would hide why the caller gave up).
 */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await wait(ms, undefined, signal ? { signal } : {});
  } catch (error) {
    throw signal?.aborted ? signal.reason : error;
  }
}
