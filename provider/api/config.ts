// Options → one resolved configuration: credentials, the base URL (from a deployment or an
// explicit endpoint, normalised), timeouts. Every default of the client's surface lives here.
import { InputError } from "./errors";
import type { RetryOptions } from "./retry";
import type { LimitOptions } from "./throttle";

/**
 * Deployments the client knows. The spec lists au … us2; the live service also has kr, ch and
 * esc, which are accepted so that accounts there work too.
 */
export const DEPLOYMENTS = [
  "au",
  "ca",
  "de",
  "eu",
  "fed",
  "in",
  "jp",
  "us1",
  "us2",
  "kr",
  "ch",
  "esc",
] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];

export const DEFAULT_DEPLOYMENT: Deployment = "us1";
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_USER_AGENT = "pulumi-collectors";
/** The largest answer body read into memory: 64 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
const API_PREFIX = "/api/v1";

export const ENV = {
  accessId: "COLLECTORS_ACCESS_ID",
  accessKey: "COLLECTORS_ACCESS_KEY",
  deployment: "COLLECTORS_DEPLOYMENT",
  endpoint: "COLLECTORS_ENDPOINT",
} as const;

export interface ClientOptions {
  /** Access id; falls back to COLLECTORS_ACCESS_ID. */
  accessId?: string;
  /** Access key; falls back to COLLECTORS_ACCESS_KEY. */
  accessKey?: string;
  /** Deployment the account lives in (default us1); falls back to COLLECTORS_DEPLOYMENT. */
  deployment?: string;
  /**
   * Base URL that replaces the deployment's, e.g. the local service's
   * "http://127.0.0.1:8080/api/v1"; falls back to COLLECTORS_ENDPOINT. A trailing "/", a doubled
   * "/v1", a bare "/api" or a bare origin are normalised to ".../api/v1".
   */
  endpoint?: string;
  /** Per-request (per attempt) timeout in milliseconds; default 30000. */
  timeoutMs?: number;
  /**
   * The largest answer body, in bytes, read into memory; a larger one fails the request with a
   * ResponseTooLargeError. Default 64 MiB.
   */
  maxResponseBytes?: number;
  /** Retry policy, or false to never retry. */
  retry?: RetryOptions | false;
  /**
   * Request pacing shared by every client in the process (default 4 requests/s per access id,
   * 10 in flight per access key), or false to send without pacing.
   */
  limits?: LimitOptions | false;
  /**
   * Receives one line per HTTP exchange (method, path, status, duration) and the client's
   * warnings. Without it, warnings go to console.warn and exchanges are not logged.
   */
  logger?: (line: string) => void;
  userAgent?: string;
  /**
   * Aborts every request of the client: queued, pacing, between retries and in flight (the
   * provider plugin's Cancel).
   */
  signal?: AbortSignal;
  /** Environment to read the COLLECTORS_* fallbacks from; default process.env. */
  env?: Record<string, string | undefined>;
}

export interface ResolvedConfig {
  accessId: string;
  accessKey: string;
  /** Base URL ending in /api/v1, no trailing slash. */
  baseUrl: string;
  /** The deployment, when addressing by deployment or when the endpoint shows one. */
  deployment: string | undefined;
  /** True when the base URL came from an endpoint rather than a deployment. */
  customEndpoint: boolean;
  timeoutMs: number;
  maxResponseBytes: number;
  userAgent: string;
}

export function isDeployment(value: string): value is Deployment {
  return (DEPLOYMENTS as readonly string[]).includes(value);
}

/** The official base URL of a deployment: us1 carries no deployment segment in the host. */
export function deploymentBaseUrl(deployment: string): string {
  const dep = deployment.trim().toLowerCase();
  if (!isDeployment(dep)) {
    throw new InputError(
      "deployment",
      `unknown deployment ${JSON.stringify(deployment)}; valid deployments: ${DEPLOYMENTS.join(", ")}`,
    );
  }
  return dep === "us1"
    ? `https://api.sumologic.com${API_PREFIX}`
    : `https://api.${dep}.sumologic.com${API_PREFIX}`;
}

/**
 * Normalises an endpoint to a base URL ending in /api/v1. Users often write a trailing "/" or
 * "/v1" too many; other tools then fail with a bare "unauthorized".
 */
export function normaliseEndpoint(endpoint: string): string {
  const example = `e.g. "https://api.eu.sumologic.com/api/v1" or "http://127.0.0.1:8080/api/v1"`;
  let url: URL;
  try {
    url = new URL(endpoint.trim());
  } catch {
    throw new InputError(
      "endpoint",
      `endpoint is not an absolute URL; give the API base URL, ${example}`,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new InputError("endpoint", `endpoint must use http or https, ${example}`);
  }
  if (url.username || url.password) {
    throw new InputError(
      "endpoint",
      "endpoint must not carry credentials; pass accessId and accessKey instead",
    );
  }
  if (url.search || url.hash) {
    throw new InputError("endpoint", `endpoint must not have a query or fragment, ${example}`);
  }
  let path = url.pathname.replace(/\/+$/, "");
  while (path.endsWith(`${API_PREFIX}/v1`)) path = path.slice(0, -"/v1".length);
  if (path.endsWith(API_PREFIX)) {
    // already right
  } else if (path.endsWith("/api")) {
    path = `${path}/v1`;
  } else if (path.endsWith("/v1")) {
    throw new InputError(
      "endpoint",
      `endpoint ${url.origin}${path} ends in "/v1" but not "/api/v1"; give the API base URL, ${example}`,
    );
  } else {
    path = `${path}${API_PREFIX}`;
  }
  return `${url.origin}${path}`;
}

/** The deployment a base URL belongs to: from an official host, or the local service's path prefix. */
export function deploymentOfBase(baseUrl: string): string | undefined {
  const url = new URL(baseUrl);
  const host = url.hostname.toLowerCase();
  if (host === "api.sumologic.com") return "us1";
  const official = /^api\.([a-z0-9]+)\.sumologic\.com$/.exec(host);
  if (official?.[1] && isDeployment(official[1])) return official[1];
  if (url.pathname === API_PREFIX) return undefined;
  const prefixed = /^\/([a-z0-9]+)\/api\/v1$/.exec(url.pathname);
  return prefixed?.[1] && isDeployment(prefixed[1]) ? prefixed[1] : undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function resolveConfig(options: ClientOptions = {}): ResolvedConfig {
  const env = options.env ?? process.env;
  const accessId = nonEmpty(options.accessId) ?? nonEmpty(env[ENV.accessId]);
  const accessKey = nonEmpty(options.accessKey) ?? nonEmpty(env[ENV.accessKey]);
  if (!accessId) {
    throw new InputError(
      "accessId",
      `accessId is missing: pass { accessId } or set ${ENV.accessId}`,
    );
  }
  if (!accessKey) {
    throw new InputError(
      "accessKey",
      `accessKey is missing: pass { accessKey } or set ${ENV.accessKey}`,
    );
  }

  // Options win over the environment as a whole, so an explicit deployment is never overridden
  // by a COLLECTORS_ENDPOINT left in the shell.
  const addressedByOptions = options.endpoint !== undefined || options.deployment !== undefined;
  const endpoint = addressedByOptions ? nonEmpty(options.endpoint) : nonEmpty(env[ENV.endpoint]);
  const deployment = addressedByOptions
    ? nonEmpty(options.deployment)
    : nonEmpty(env[ENV.deployment]);

  let baseUrl: string;
  let resolvedDeployment: string | undefined;
  if (endpoint) {
    baseUrl = normaliseEndpoint(endpoint);
    resolvedDeployment = deploymentOfBase(baseUrl) ?? deployment?.toLowerCase();
    if (deployment) deploymentBaseUrl(deployment); // still refuse an unknown one
  } else {
    const dep = deployment ?? DEFAULT_DEPLOYMENT;
    baseUrl = deploymentBaseUrl(dep);
    resolvedDeployment = dep.toLowerCase();
  }

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new InputError("timeoutMs", "timeoutMs must be a positive number of milliseconds");
  }

  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (!Number.isSafeInteger(maxResponseBytes) || maxResponseBytes <= 0) {
    throw new InputError(
      "maxResponseBytes",
      `maxResponseBytes must be a positive whole number of bytes (default ${DEFAULT_MAX_RESPONSE_BYTES}, 64 MiB)`,
    );
  }

  return {
    accessId,
    accessKey,
    baseUrl,
    deployment: resolvedDeployment,
    customEndpoint: endpoint !== undefined,
    timeoutMs,
    maxResponseBytes,
    userAgent: nonEmpty(options.userAgent) ?? DEFAULT_USER_AGENT,
  };
}
