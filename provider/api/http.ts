// The transport: one HTTP exchange per attempt (undici, Basic auth, the shared cookie jar, a
// timeout, a bounded body), wrapped in the process-wide limiter, the session gate, retries (as
// retry.ts's table says), waits for the authentication throttle and 301 handling. Everything
// above it speaks in paths relative to the base URL and parsed JSON.
import { performance } from "node:perf_hooks";
import { Agent, request } from "undici";
import type { ResolvedConfig } from "./config";
import {
  ApiError,
  isGoneAnswer,
  NetworkError,
  type NetworkFailure,
  ResponseTooLargeError,
} from "./errors";
import { baseFromLocation, deploymentNamed, isTrustedTarget } from "./moved";
import { isRedactable, redact, redactExcerpt, secretValues } from "./redact";
import {
  authThrottleWaitMs,
  backoffMs,
  parseRetryAfter,
  type RetryOptions,
  retrierFor,
  sleep,
} from "./retry";
import { errorEnvelope } from "./schemas/common";
import { rememberSecrets, type Session, sessionFor, throughSessionGate } from "./session";
import { Limiter, type LimitOptions } from "./throttle";

export type Method = "GET" | "POST" | "PUT" | "DELETE";
export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  /** Aborts the call: while queued, between retries and in flight. */
  signal?: AbortSignal;
  /**
   * Values to keep out of every error message and log line, from this request on, besides
   * those the client recognises by their key (password, token, …): credentials sent under
   * keys it cannot know (a Cloud-to-Cloud source's configuration, an AWS role).
   */
  secrets?: readonly string[] | undefined;
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

const MAX_MOVES = 3;
/** Longest service message kept in an error (a JSON envelope's), and of a body that is not JSON. */
const MAX_MESSAGE_CHARS = 4000;
const MAX_TEXT_BODY_CHARS = 500;

// One connection pool for the process; per-origin pools are created by the Agent.
let sharedAgent: Agent | undefined;
function agent(): Agent {
  sharedAgent ??= new Agent({ keepAliveTimeout: 10_000, connect: { timeout: 10_000 } });
  return sharedAgent;
}

function header(headers: HttpResponse["headers"], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function queryString(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString().replace(/\+/g, "%20");
  return text ? `?${text}` : "";
}

function networkFailure(code: string | undefined): NetworkFailure {
  if (code === "ECONNREFUSED") return "connection-refused";
  if (code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET") {
    return "connection-reset";
  }
  return "network";
}

/** "5 s", or "40 ms" under a test's time scale. */
function duration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${Math.round(ms)} ms`;
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export class Transport {
  readonly #config: ResolvedConfig;
  readonly #authorization: string;
  readonly #secrets: string[];
  readonly #options: TransportOptions;
  readonly #limiter: Limiter;
  readonly #session: Session;
  readonly #writeListeners = new Set<(path: string) => void>();

  constructor(config: ResolvedConfig, options: TransportOptions) {
    this.#config = config;
    const token = Buffer.from(`${config.accessId}:${config.accessKey}`).toString("base64");
    this.#authorization = `Basic ${token}`;
    this.#secrets = [config.accessId, config.accessKey, token];
    this.#options = options;
    this.#limiter = new Limiter(config.accessId, config.accessKey, options.limits);
    this.#session = sessionFor(config.baseUrl, config.accessId, config.accessKey);
  }

  /** The base URL requests go to now (after a 301 moved, the new one). */
  get baseUrl(): string {
    return this.#session.movedBase ?? this.#config.baseUrl;
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

  /** Sends a request; resolves with any 2xx, throws ApiError or NetworkError otherwise. */
  async send(given: HttpRequest): Promise<HttpResponse> {
    const cancel = this.#options.signal;
    const req = cancel
      ? { ...given, signal: given.signal ? AbortSignal.any([given.signal, cancel]) : cancel }
      : given;
    if (req.method === "GET" || this.#writeListeners.size === 0) return this.#send(req);
    const notify = () => {
      for (const listener of this.#writeListeners) listener(req.path);
    };
    notify();
    try {
      return await this.#send(req);
    } finally {
      notify();
    }
  }

  async #send(req: HttpRequest): Promise<HttpResponse> {
    const suffix = `${req.path}${queryString(req.query)}`;
    rememberSecrets(this.#session, [
      ...secretValues(req.body),
      ...(req.secrets ?? []).filter(isRedactable),
    ]);
    const { retry } = this.#options;
    let retries = 0;
    let attempts = 0;
    let throttleWaitedMs = 0;
    // A dropped connection leaves it unknown whether the service acted on the request.
    let mayHaveActed = false;
    let moves = 0;
    for (;;) {
      const url = new URL(`${this.baseUrl}${suffix}`);
      // Read again each time: answers teach the session new secrets.
      const secrets = this.#secrets.concat([...this.#session.secrets]);
      const attempt = ++attempts;
      let res: HttpResponse;
      try {
        res = await throughSessionGate(
          this.#session,
          () =>
            this.#limiter.run(() => this.#exchange(url, req, suffix, secrets, attempt), req.signal),
          req.signal,
        );
      } catch (error) {
        if (
          error instanceof NetworkError &&
          retries < retry.retries &&
          retrierFor(req.method, {
            network: error.code,
            timedOut: error.reason === "timeout",
          }) === "transport"
        ) {
          mayHaveActed ||= error.reason !== "connection-refused";
          await sleep(backoffMs(retries++, retry), req.signal);
          continue;
        }
        throw error;
      }
      rememberSecrets(this.#session, secretValues(res.body));
      if (res.status >= 200 && res.status < 300) {
        this.#session.accepted = true;
        return res;
      }
      const latest = this.#secrets.concat([...this.#session.secrets]);
      // A DELETE retried after a dropped connection that now finds nothing: the first attempt
      // did the deletion. Only the service's own "no such collector/source" says so; a bare 404
      // may come from anything on the way (a wrong endpoint, a proxy).
      if (
        req.method === "DELETE" &&
        mayHaveActed &&
        isGoneAnswer(res.status, this.#envelope(res.body, latest).code)
      ) {
        return res;
      }
      if ((res.status === 301 || res.status === 308) && header(res.headers, "location")) {
        if (++moves > MAX_MOVES) throw this.#apiError(res, req.method, suffix, latest, attempt);
        this.#followMove(res, url, req.method, suffix, latest);
        continue;
      }
      const retrier = retrierFor(req.method, {
        status: res.status,
        accepted: this.#session.accepted,
      });
      if (retrier === "auth-throttle") {
        const waitMs = authThrottleWaitMs(throttleWaitedMs, retry);
        if (waitMs === undefined) {
          throw this.#apiError(res, req.method, suffix, latest, attempt, {
            note:
              throttleWaitedMs > 0
                ? "these credentials were accepted earlier in this process, and were still " +
                  `refused after waiting ${duration(throttleWaitedMs * retry.timeScale)} for the ` +
                  "service's authentication throttle: if the access key was not revoked or " +
                  "replaced, too many processes are signing in with it at once"
                : "these credentials were accepted earlier in this process; the service's " +
                  "authentication throttle may be refusing them, and waiting for it is off " +
                  "(retry: false)",
          });
        }
        throttleWaitedMs += waitMs;
        await this.#waitForThrottle(req.method, suffix, waitMs * retry.timeScale, req.signal);
        continue;
      }
      const error = this.#apiError(res, req.method, suffix, latest, attempt);
      if (retrier === "transport" && retries < retry.retries) {
        await sleep(backoffMs(retries++, retry, error.retryAfterMs), req.signal);
        continue;
      }
      throw error;
    }
  }

  /**
   * Waits after a 401 for credentials the service accepted before: its authentication throttle,
   * not a bad key. Says so once for all the requests of the session waiting at the same time.
   */
  async #waitForThrottle(method: string, suffix: string, ms: number, signal?: AbortSignal) {
    const session = this.#session;
    if (session.throttleWaiters++ === 0) {
      this.#warn(
        `collectors: ${method} ${suffix} answered 401 unauthorized, but these credentials were ` +
          "accepted earlier in this process: the service's authentication throttle (it limits " +
          `sign-ins per minute); waiting ${duration(ms)} before trying again, at most ` +
          `${duration(this.#options.retry.authThrottleWaitMs * this.#options.retry.timeScale)} in all.`,
      );
    }
    try {
      await sleep(ms, signal);
    } finally {
      session.throttleWaiters--;
    }
  }

  async #exchange(
    url: URL,
    req: HttpRequest,
    suffix: string,
    secrets: string[],
    attempt: number,
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = {
      authorization: this.#authorization,
      accept: "application/json",
      "user-agent": this.#config.userAgent,
    };
    const hasBody = req.body !== undefined;
    if (hasBody || req.alwaysJson) headers["content-type"] = "application/json";
    if (req.ifMatch !== undefined) headers["if-match"] = req.ifMatch;
    const cookie = await this.#session.jar.getCookieString(url.href);
    if (cookie) headers.cookie = cookie;

    const timeout = AbortSignal.timeout(this.#config.timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const started = performance.now();
    const elapsed = () => `${Math.round(performance.now() - started)}ms`;
    try {
      const res = await request(url, {
        method: req.method,
        headers,
        body: hasBody ? JSON.stringify(req.body) : null,
        signal,
        dispatcher: agent(),
      });
      const setCookie = res.headers["set-cookie"];
      for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
        await this.#session.jar.setCookie(line, url.href, { ignoreError: true });
      }
      const received = () =>
        this.#log(`${req.method} ${suffix} ${res.statusCode} ${elapsed()}`, secrets);
      let text: string;
      try {
        text = await this.#readBody(res, req.method, suffix);
      } catch (error) {
        if (error instanceof ResponseTooLargeError) received();
        throw error;
      }
      received();
      let body: unknown;
      if (text.trim()) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      return {
        status: res.statusCode,
        headers: res.headers,
        body,
        etag: header(res.headers, "etag"),
        path: suffix,
      } satisfies HttpResponse;
    } catch (error) {
      if (error instanceof ResponseTooLargeError) throw error;
      if (req.signal?.aborted) {
        this.#log(`${req.method} ${suffix} aborted ${elapsed()}`, secrets);
        throw req.signal.reason;
      }
      if (timeout.aborted) {
        this.#log(`${req.method} ${suffix} timeout ${elapsed()}`, secrets);
        throw new NetworkError("timeout", {
          method: req.method,
          path: suffix,
          detail: `no answer within ${this.#config.timeoutMs} ms (timeoutMs)`,
          attempts: attempt,
        });
      }
      const code = errorCode(error);
      this.#log(`${req.method} ${suffix} ${code ?? "error"} ${elapsed()}`, secrets);
      throw new NetworkError(networkFailure(code), {
        method: req.method,
        path: suffix,
        code,
        detail: redact(code ?? (error instanceof Error ? error.message : String(error)), secrets),
        attempts: attempt,
      });
    }
  }

  /**
   * The body as text, refusing one larger than maxResponseBytes: at once when Content-Length
   * announces it, else as soon as that much has arrived (the connection is then dropped).
   */
  async #readBody(
    res: Awaited<ReturnType<typeof request>>,
    method: string,
    path: string,
  ): Promise<string> {
    const limit = this.#config.maxResponseBytes;
    const tooLarge = (size: number, sizeKnown: boolean) => {
      res.body.destroy();
      return new ResponseTooLargeError({
        method,
        path,
        status: res.statusCode,
        size,
        sizeKnown,
        limit,
      });
    };
    const declared = Number(header(res.headers, "content-length"));
    if (Number.isFinite(declared) && declared > limit) throw tooLarge(declared, true);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > limit) throw tooLarge(limit, false);
      chunks.push(buffer);
    }
    return Buffer.concat(chunks, size).toString("utf8");
  }

  #followMove(res: HttpResponse, from: URL, method: string, suffix: string, secrets: string[]) {
    const location = header(res.headers, "location") ?? "";
    const target = new URL(location, from);
    const refuse = (why: string) =>
      new ApiError({
        ...this.#envelope(res.body, secrets),
        status: res.status,
        method,
        path: suffix,
        message:
          `${method} ${suffix} answered ${res.status} moved to ${redact(target.origin, secrets)}${why}; ` +
          "set deployment (or endpoint) to the deployment the account lives in.",
      });
    if (!isTrustedTarget(target, this.#config.baseUrl)) {
      throw refuse(
        `, which is outside the configured service (${new URL(this.#config.baseUrl).origin}): ` +
          "not followed, so no credentials were sent there",
      );
    }
    const newBase = baseFromLocation(target, suffix);
    if (!newBase) throw refuse(", whose path shows no /api/v1 base URL");
    this.#session.movedBase = newBase;
    if (!this.#session.warnedMove) {
      this.#session.warnedMove = true;
      const dep = deploymentNamed(newBase);
      const where = dep ? `deployment "${dep}"` : "another deployment";
      const fix = this.#config.customEndpoint
        ? `set endpoint to ${newBase}`
        : `set deployment to "${dep ?? "?"}" (or COLLECTORS_DEPLOYMENT)`;
      this.#warn(
        `collectors: the account lives in ${where}; the service moved requests to ${newBase}, ` +
          `which this process now uses. To skip the redirect, ${fix}.`,
      );
    }
  }

  /** The error envelope's fields, redacted before they are cut short. */
  #envelope(body: unknown, secrets: string[]) {
    const parsed = errorEnvelope.safeParse(body);
    const env = parsed.success ? parsed.data : {};
    const excerpt = (text: string | undefined, limit: number) =>
      text === undefined ? undefined : redactExcerpt(text, secrets, limit);
    return {
      code: excerpt(env.code, 200),
      serviceMessage:
        env.message !== undefined
          ? excerpt(env.message, MAX_MESSAGE_CHARS)
          : typeof body === "string"
            ? excerpt(body, MAX_TEXT_BODY_CHARS)
            : undefined,
      errorId: excerpt(env.id, 200),
    };
  }

  #apiError(
    res: HttpResponse,
    method: string,
    path: string,
    secrets: string[],
    attempts: number,
    extra: { note?: string } = {},
  ): ApiError {
    return new ApiError({
      ...this.#envelope(res.body, secrets),
      ...extra,
      status: res.status,
      method,
      path,
      retryAfterMs: parseRetryAfter(header(res.headers, "retry-after")),
      attempts,
    });
  }

  #log(line: string, secrets: string[]): void {
    this.#options.logger?.(redact(line, secrets));
  }

  #warn(line: string): void {
    (this.#options.logger ?? console.warn)(redact(line, this.#secrets));
  }
}
