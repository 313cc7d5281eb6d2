// The transport as stages, after undici's interceptor → handler model, with promises: a stage
// takes the Send below it and returns the Send above it; what it adds (a queue, a wait, a second
// try) wraps its call to `next`. The exchange (one HTTP request) is at the bottom; http.ts
// composes the stages above it in one visible order.
import type { ResolvedConfig } from "../config";
import type { HttpRequest, HttpResponse } from "../http";
import type { RetryOptions } from "../retry";
import type { Session } from "../session";

/** What the stages of one transport share. */
export interface Context {
  readonly config: ResolvedConfig;
  readonly retry: Required<RetryOptions>;
  /** The credential's state shared by every client in the process (session.ts). */
  readonly session: Session;
  /** The base URL requests go to now (after a 301 moved, the new one). */
  baseUrl(): string;
  /** Values kept out of every message: the credential's forms and what the session learned. */
  secrets(): string[];
  /** One line per exchange, redacted; only when the client was given a logger. */
  log(line: string): void;
  /** A warning, redacted: to the logger, else console.warn. */
  warn(line: string): void;
}

/**
 * One request on its way through the stages. What it carries from one try to the next lives
 * here, not in a stage's own variables: a stage below one that sends again runs again for the
 * same request, and its budget must not start over.
 */
export interface Call {
  readonly req: HttpRequest;
  /** Path and query relative to the base URL: what logs and errors show. */
  readonly suffix: string;
  /** Where the last exchange went. */
  url: URL | undefined;
  /** Exchanges sent so far: an error's `attempts`. */
  attempts: number;
  /** Retries after a backoff spent, of retry.retries. */
  retries: number;
  /** A connection dropped: the service may have acted on the request. */
  mayHaveActed: boolean;
  /** Time spent waiting for the authentication throttle, before the time scale. */
  throttleWaitedMs: number;
  /** 301s followed. */
  moves: number;
  /** A DELETE sent again found nothing: the first try deleted, so its answer is the result. */
  deletedBefore: boolean;
}

export type Send = (call: Call) => Promise<HttpResponse>;
export type Stage = (next: Send) => Send;

/** `stages` in front of `handler`, the first outermost. */
export function compose(stages: readonly Stage[], handler: Send): Send {
  return stages.reduceRight<Send>((next, stage) => stage(next), handler);
}

export function newCall(req: HttpRequest, suffix: string): Call {
  return {
    req,
    suffix,
    url: undefined,
    attempts: 0,
    retries: 0,
    mayHaveActed: false,
    throttleWaitedMs: 0,
    moves: 0,
    deletedBefore: false,
  };
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

export function header(headers: HttpResponse["headers"], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
