// The transport: what every API area sends its requests through. Everything above it speaks in
// paths relative to the base URL and parsed JSON; below it, the stages in transport/ (one
// concern each) in front of one HTTP exchange, composed in the order Transport's constructor
// shows.
import type { ResolvedConfig } from "./config";
import { isRedactable, redact, secretValues } from "./redact";
import type { RetryOptions } from "./retry";
import { rememberSecrets, sessionFor } from "./session";
import { Limiter, type LimitOptions, type StartSlot } from "./throttle";
import { answer } from "./transport/answer";
import { authThrottle } from "./transport/auth-throttle";
import { backoff } from "./transport/backoff";
import { deleteAfterDrop } from "./transport/delete-after-drop";
import { exchange } from "./transport/exchange";
import { followMoves } from "./transport/follow-moves";
import { pacing } from "./transport/pacing";
import { sessionGate } from "./transport/session-gate";
import { type Context, compose, newCall, type Send } from "./transport/stage";
import { writeNotice } from "./transport/write-notice";

export type Method = "GET" | "POST" | "PUT" | "DELETE";
/** A query; an array is sent as the key repeated (`names=a&names=b`). */
export type Query = Record<string, string | number | boolean | readonly string[] | undefined>;

export interface RequestOptions {
  /** Aborts the call: while queued, between retries and in flight. */
  signal?: AbortSignal;
  /**
   * Values to keep out of every error message and log line, from this request on, besides
   * those the client recognises by their key (password, token, …): credentials sent under
   * keys it cannot know (a Cloud-to-Cloud source's configuration, an AWS role).
   */
  secrets?: readonly string[] | undefined;
  /** A start slot taken ahead (Transport.takeStartSlot): the request's first try starts with it. */
  startSlot?: StartSlot | undefined;
}

/** One request: the caller's options plus what the API area fills in. */
export interface HttpRequest extends RequestOptions {
  method: Method;
  /** Relative to the base URL, starting with "/", path segments already encoded. */
  path: string;
  query?: Query;
  /** Serialised as JSON. */
  body?: unknown;
  /** Sent as If-Match, exactly as received. */
  ifMatch?: string;
  /** Send Content-Type and Accept application/json even without a body (upgrade endpoints). */
  alwaysJson?: boolean;
  /**
   * A POST that only reads (the OT collector search, the linked-impact preview): retried as a
   * GET is, since sending it twice cannot act twice, and not announced to the write listeners.
   */
  readOnly?: boolean;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body; undefined when the body is empty. */
  body: unknown;
  etag: string | undefined;
  /** Path and query relative to the base URL, as used in logs and errors. */
  path: string;
}

export interface TransportOptions {
  retry: Required<RetryOptions>;
  limits: LimitOptions | false;
  logger: ((line: string) => void) | undefined;
  /** Aborts every request of the transport, as RequestOptions.signal does one (a cancelled deployment). */
  signal?: AbortSignal | undefined;
}

function queryString(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else params.set(key, String(value));
  }
  const text = params.toString().replace(/\+/g, "%20");
  return text ? `?${text}` : "";
}

export class Transport {
  readonly #context: Context;
  readonly #writeListeners = new Set<(path: string) => void>();
  readonly #send: Send;
  readonly #cancel: AbortSignal | undefined;
  readonly #limiter: Limiter;

  constructor(config: ResolvedConfig, options: TransportOptions) {
    this.#cancel = options.signal;
    const token = Buffer.from(`${config.accessId}:${config.accessKey}`).toString("base64");
    const credential = [config.accessId, config.accessKey, token];
    const session = sessionFor(config.baseUrl, config.accessId, config.accessKey);
    const { logger } = options;
    // Read again each time: answers teach the session new secrets.
    const secrets = () => credential.concat([...session.secrets]);
    const context: Context = {
      config,
      retry: options.retry,
      session,
      baseUrl: () => session.movedBase ?? config.baseUrl,
      secrets,
      log: (line) => logger?.(redact(line, secrets())),
      warn: (line) => (logger ?? console.warn)(redact(line, secrets())),
    };
    this.#context = context;
    this.#limiter = new Limiter(config.accessId, config.accessKey, options.limits);
    // Outermost first: a stage sees the request before the ones below it, and the answer after.
    this.#send = compose(
      [
        writeNotice(this.#writeListeners), // onWrite listeners, before and after a write
        answer(context), // a 2xx is the result; any other answer left over, an ApiError
        deleteAfterDrop(context), // a DELETE sent again that finds nothing was done before
        followMoves(context), // 301: again, to the account's deployment
        authThrottle(context), // 401 for credentials accepted before: wait, then again
        backoff(context), // 429, 502/503/504, dropped connections: wait, then again
        sessionGate(context), // one request out until the session is established
        pacing(this.#limiter), // rate, in flight
      ],
      exchange(context, `Basic ${token}`),
    );
  }

  /** The base URL requests go to now (after a 301 moved, the new one). */
  get baseUrl(): string {
    return this.#context.baseUrl();
  }

  /**
   * Calls `listener` with the path of every request other than a GET, when it is sent and again
   * when it has settled (whatever the outcome: a failed write may have acted), so that what was
   * read before it (batch.ts's list answers) is not taken as current after it.
   */
  onWrite(listener: (path: string) => void): () => void {
    this.#writeListeners.add(listener);
    return () => this.#writeListeners.delete(listener);
  }

  /**
   * Waits for a start slot of the credential's pacer and holds it for one request
   * (RequestOptions.startSlot): for a caller that decides what to send only once it may start.
   */
  takeStartSlot(signal?: AbortSignal): Promise<StartSlot> {
    return this.#limiter.takeStart(this.#withCancel(signal));
  }

  /** Sends a request; resolves with any 2xx, throws ApiError or NetworkError otherwise. */
  async send(given: HttpRequest): Promise<HttpResponse> {
    const signal = this.#withCancel(given.signal);
    const req = signal === given.signal ? given : { ...given, signal };
    rememberSecrets(this.#context.session, [
      ...secretValues(req.body),
      ...(req.secrets ?? []).filter(isRedactable),
    ]);
    return this.#send(newCall(req, `${req.path}${queryString(req.query)}`));
  }

  /** The caller's signal, joined by the transport's own (a cancelled deployment). */
  #withCancel(signal: AbortSignal | undefined): AbortSignal | undefined {
    const cancel = this.#cancel;
    if (!cancel) return signal;
    return signal ? AbortSignal.any([signal, cancel]) : cancel;
  }
}
