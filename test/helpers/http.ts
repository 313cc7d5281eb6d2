// A tiny HTTP client for tests: Basic auth, JSON in and out, no redirects followed, no retries,
// and a hard timeout so a hanging server fails a test instead of stalling it. It deliberately
// knows nothing about the API's schemas (tests must check the service independently).
import { request } from "undici";

export interface Credentials {
  accessId: string;
  accessKey: string;
}

/** Parsed JSON as tests inspect it: anything, checked by assertions rather than types. */
// biome-ignore lint/suspicious/noExplicitAny: tests inspect arbitrary JSON bodies
export type Json = any;

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: Json;
  durationMs: number;
}

export interface CallOptions {
  method?: string;
  /** Serialised as JSON (Content-Type application/json unless `contentType` says otherwise). */
  body?: unknown;
  /** Sent as is; wins over `body`. */
  rawBody?: string | Buffer;
  /** `null` sends no Content-Type; undefined sends application/json. */
  contentType?: string | null;
  headers?: Record<string, string>;
  /** Credentials for Basic auth, a literal Authorization value, or null for none. */
  auth?: Credentials | string | null;
  cookie?: string;
  timeoutMs?: number;
}

export function basicAuth(creds: Credentials): string {
  return `Basic ${Buffer.from(`${creds.accessId}:${creds.accessKey}`).toString("base64")}`;
}

export function headerOf(res: HttpResponse, name: string): string | undefined {
  const v = res.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(", ") : v;
}

/** The `name=value` pairs of every Set-Cookie header, joined for a Cookie request header. */
export function cookiesOf(res: HttpResponse): string | undefined {
  const raw = res.headers["set-cookie"];
  if (raw === undefined) return undefined;
  const list = Array.isArray(raw) ? raw : [raw];
  const pairs = list.map((c) => c.split(";")[0]?.trim()).filter((p): p is string => !!p);
  return pairs.length > 0 ? pairs.join("; ") : undefined;
}

export async function call(url: string, opts: CallOptions = {}): Promise<HttpResponse> {
  const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
  let body: string | Buffer | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  const contentType = opts.contentType === undefined ? "application/json" : opts.contentType;
  if (contentType !== null) headers["content-type"] = contentType;
  if (opts.auth) {
    headers.authorization = typeof opts.auth === "string" ? opts.auth : basicAuth(opts.auth);
  }
  if (opts.cookie) headers.cookie = opts.cookie;
  const timeout = opts.timeoutMs ?? 10_000;
  const started = performance.now();
  const res = await request(url, {
    method: (opts.method ?? "GET") as "GET",
    headers,
    body,
    headersTimeout: timeout,
    bodyTimeout: timeout,
  });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    status: res.statusCode,
    headers: res.headers,
    text,
    json,
    durationMs: performance.now() - started,
  };
}

/** Calls relative to an API base URL (".../api/v1") as one user. */
export class ApiClient {
  constructor(
    readonly base: string,
    readonly creds: Credentials,
  ) {}

  call(path: string, opts: CallOptions = {}): Promise<HttpResponse> {
    return call(`${this.base}${path}`, { auth: this.creds, ...opts });
  }
  get(path: string, opts: CallOptions = {}): Promise<HttpResponse> {
    return this.call(path, { method: "GET", ...opts });
  }
  post(path: string, body: unknown, opts: CallOptions = {}): Promise<HttpResponse> {
    return this.call(path, { method: "POST", body, ...opts });
  }
  put(path: string, body: unknown, etag?: string, opts: CallOptions = {}): Promise<HttpResponse> {
    const headers = { ...opts.headers, ...(etag === undefined ? {} : { "if-match": etag }) };
    return this.call(path, { method: "PUT", body, ...opts, headers });
  }
  delete(path: string, opts: CallOptions = {}): Promise<HttpResponse> {
    return this.call(path, { method: "DELETE", ...opts });
  }
}
