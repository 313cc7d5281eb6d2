// One error class for every answer outside 2xx, with the condition behind the service's code so
// callers never compare strings; plus the few errors the client raises without an answer
// (bad input refused before any request, the network, a 2xx body that does not parse).

export type ErrorCondition =
  | "not-found"
  | "duplicate-name"
  | "precondition-failed"
  | "precondition-required"
  | "forbidden"
  | "unauthorized"
  | "rate-limited"
  | "invalid-input"
  | "moved"
  | "json-mode"
  | "collector-not-alive"
  | "collector-upgrading"
  | "invalid-collector-type"
  | "unsupported-media-type"
  | "server-error"
  | "unknown";

// Both the spec's code names and the live service's dotted codes, lower-cased.
const CODE_CONDITIONS: Readonly<Record<string, ErrorCondition>> = {
  // Spec 7.3 (docs/reference/service/collector-management-api.md) (collectors) and 7.4 (sources).
  badrequestcollectorid: "invalid-input",
  cannotmodifycollector: "forbidden",
  collectordescriptiontoolong: "invalid-input",
  collectornametoolong: "invalid-input",
  createvalidationerror: "invalid-input",
  duplicateresourcename: "duplicate-name",
  invalidcollector: "not-found",
  invalidcollectortype: "invalid-collector-type",
  badrequestbladeid: "invalid-input",
  cannotmodifysources: "json-mode",
  emptysourcetype: "invalid-input",
  invalidsourcetype: "invalid-input",
  // Spec 7.5 (docs/reference/service/collector-management-api.md) (upgrade task creation, status 400).
  "collector.invalid": "not-found",
  "collector.type.invalid": "invalid-collector-type",
  "collector.not.alive": "collector-not-alive",
  "collector.in.upgrading": "collector-upgrading",
  "collector.version.invalid": "invalid-input",
  // The live service's dotted codes.
  "collectors.collector.invalid": "not-found",
  "collectors.source.invalid": "not-found",
  "collectors.collector.forbidden": "forbidden",
  "collectors.collector.request.id.invalid": "invalid-input",
  "collectors.source.request.id.invalid": "invalid-input",
  "collectors.collector.type.invalid": "invalid-collector-type",
  "collectors.validation.name.duplicate": "duplicate-name",
  "collectors.validation.fields.missing": "invalid-input",
  "collectors.validation.fields.invalid": "invalid-input",
  "collectors.source.type.invalid": "invalid-input",
  "service.etagid.mismatch": "precondition-failed",
  "service.ifthen.missing": "precondition-required",
  "service.ifthen.notquoted": "invalid-input",
  // The local service's codes for OT collectors and source templates (the live service's are not
  // published; its statuses map the same way).
  "otcollector.invalid": "not-found",
  "sourcetemplate.invalid": "not-found",
  "sourcetemplate.enabled": "invalid-input",
  // General codes.
  moved: "moved",
  unauthorized: "unauthorized",
  forbidden: "forbidden",
  notfound: "not-found",
  "contenttype.invalid": "unsupported-media-type",
  "rate.limit.exceeded": "rate-limited",
  "internal.error": "server-error",
  "service.unavailable": "server-error",
};

const STATUS_CONDITIONS: Readonly<Record<number, ErrorCondition>> = {
  301: "moved",
  400: "invalid-input",
  401: "unauthorized",
  403: "forbidden",
  404: "not-found",
  412: "precondition-failed",
  415: "unsupported-media-type",
  422: "invalid-input",
  428: "precondition-required",
  429: "rate-limited",
};

/** The condition behind a status and code; a known code wins over the status. */
export function conditionFor(status: number, code?: string): ErrorCondition {
  // Own keys only: a code such as "constructor" must not find Object.prototype's members.
  const key = code?.toLowerCase();
  const byCode = key && Object.hasOwn(CODE_CONDITIONS, key) ? CODE_CONDITIONS[key] : undefined;
  if (byCode) return byCode;
  const byStatus = Object.hasOwn(STATUS_CONDITIONS, status) ? STATUS_CONDITIONS[status] : undefined;
  if (byStatus) return byStatus;
  return status >= 500 ? "server-error" : "unknown";
}

const HINTS: Partial<Record<ErrorCondition, string>> = {
  unauthorized:
    "check accessId/accessKey (COLLECTORS_ACCESS_ID, COLLECTORS_ACCESS_KEY) and the deployment; " +
    "the service also answers this when authentications are throttled",
  "precondition-failed":
    "the object changed since it was read: get it again and reapply the change",
  "precondition-required": "updates need the ETag from a prior get",
  "rate-limited": "the rate limit was still exceeded after every retry",
  "json-mode":
    "the collector manages its sources from a local JSON file (sourceSyncMode Json); " +
    "change them there or switch the collector to UI mode",
  moved: "set deployment (or endpoint) to the deployment the account lives in",
};

export interface ApiErrorInit {
  status: number;
  code?: string | undefined;
  serviceMessage?: string | undefined;
  errorId?: string | undefined;
  method: string;
  path: string;
  retryAfterMs?: number | undefined;
  /** Requests sent for the call, retries included; default 1. */
  attempts?: number;
  /** Appended to the generated message (free of secrets): what the client already tried. */
  note?: string;
  /** Overrides the generated message (already free of secrets). */
  message?: string;
}

/** The service answered outside 2xx. Carries no credential. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  /** The service's machine-readable code, as sent (spec name or live dotted code). */
  readonly code: string | undefined;
  /** The service's human-readable message, with secrets removed. */
  readonly serviceMessage: string | undefined;
  /** The service's error occurrence id (`id` in the error envelope). */
  readonly errorId: string | undefined;
  readonly method: string;
  /** Path relative to the base URL, with the query. */
  readonly path: string;
  readonly condition: ErrorCondition;
  /** From a Retry-After header, when there was one. */
  readonly retryAfterMs: number | undefined;
  /** Requests sent for the call that failed, retries included. */
  readonly attempts: number;

  constructor(init: ApiErrorInit) {
    const condition = conditionFor(init.status, init.code);
    super(init.message ?? ApiError.describe(init, condition));
    this.status = init.status;
    this.code = init.code;
    this.serviceMessage = init.serviceMessage;
    this.errorId = init.errorId;
    this.method = init.method;
    this.path = init.path;
    this.condition = condition;
    this.retryAfterMs = init.retryAfterMs;
    this.attempts = init.attempts ?? 1;
  }

  private static describe(init: ApiErrorInit, condition: ErrorCondition): string {
    const code = init.code ? ` ${init.code}` : "";
    const text = init.serviceMessage ? `: ${init.serviceMessage}` : "";
    const id = init.errorId ? ` (error id ${init.errorId})` : "";
    const hint = HINTS[condition] ? `; ${HINTS[condition]}` : "";
    const note = init.note ? `; ${init.note}` : "";
    return `${init.method} ${init.path} failed with ${init.status}${code}${text}${id}${hint}${note}`;
  }
}

export type NetworkFailure = "timeout" | "connection-refused" | "connection-reset" | "network";

/** No answer: the request timed out or the connection failed. */
export class NetworkError extends Error {
  override name = "NetworkError";
  readonly reason: NetworkFailure;
  /** The system or undici error code (ECONNRESET, UND_ERR_SOCKET, …), when there was one. */
  readonly code: string | undefined;
  readonly method: string;
  readonly path: string;
  /** Requests sent for the call that failed, retries included. */
  readonly attempts: number;

  constructor(
    reason: NetworkFailure,
    init: {
      method: string;
      path: string;
      code?: string | undefined;
      detail?: string;
      attempts?: number;
    },
  ) {
    const detail = init.detail ? `: ${init.detail}` : "";
    super(`${init.method} ${init.path} failed (${reason}${detail})`);
    this.reason = reason;
    this.code = init.code;
    this.method = init.method;
    this.path = init.path;
    this.attempts = init.attempts ?? 1;
  }
}

/** An answer whose body is larger than the client reads into memory (maxResponseBytes). */
export class ResponseTooLargeError extends Error {
  override name = "ResponseTooLargeError";
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** The body's size: as announced by Content-Length, or the bytes received before stopping. */
  readonly size: number;
  /** Whether `size` is the whole body (Content-Length) or only what arrived before stopping. */
  readonly sizeKnown: boolean;
  readonly limit: number;

  constructor(init: {
    method: string;
    path: string;
    status: number;
    size: number;
    sizeKnown: boolean;
    limit: number;
  }) {
    const size = init.sizeKnown
      ? `of ${init.size} bytes (Content-Length), over the limit of ${init.limit} bytes the ` +
        "client reads into memory, so it was not read"
      : `of more than ${init.size} bytes, over the limit of ${init.limit} bytes the client ` +
        "reads into memory, so reading stopped there";
    super(
      `${init.method} ${init.path} answered ${init.status} with a body ${size}. If such an ` +
        "answer is expected, raise the client option maxResponseBytes.",
    );
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.size = init.size;
    this.sizeKnown = init.sizeKnown;
    this.limit = init.limit;
  }
}

/** An option or argument the client refused before sending anything. */
export class InputError extends Error {
  override name = "InputError";
  /** The option or argument at fault, e.g. "deployment" or "collector.name". */
  readonly field: string;
  readonly issues: readonly string[];

  constructor(field: string, message: string, issues: readonly string[] = []) {
    super(issues.length > 0 ? `${message}: ${issues.join("; ")}` : message);
    this.field = field;
    this.issues = issues;
  }
}

/** A 2xx answer whose body is not what the spec describes. */
export class ResponseFormatError extends Error {
  override name = "ResponseFormatError";
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly issues: readonly string[];

  constructor(init: { method: string; path: string; status: number; issues: readonly string[] }) {
    super(
      `${init.method} ${init.path} answered ${init.status} with an unexpected body: ${init.issues.join("; ")}`,
    );
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.issues = init.issues;
  }
}

/** True when `error` is an ApiError, and (if given) has this condition. */
export function isApiError(error: unknown, condition?: ErrorCondition): error is ApiError {
  return error instanceof ApiError && (condition === undefined || error.condition === condition);
}

/**
 * True for a "does not exist" condition (never for 5xx, 429, 401 or a network failure), whatever
 * did not exist: a collector, a source, an upgrade task, or the path itself. Before concluding
 * that a collector or source is gone, use isGone().
 */
export function isNotFound(error: unknown): boolean {
  return isApiError(error, "not-found");
}

// The codes with which the service says that a collector, a source, an OT collector or a source
// template does not exist (spec 7.3 (docs/reference/service/collector-management-api.md)
// and the live dotted codes), lower-cased. The generic `notfound` is not among them: it is also
// what any server, proxy or load balancer answers for a path it does not route.
const GONE_CODES: ReadonlySet<string> = new Set([
  "invalidcollector",
  "collectors.collector.invalid",
  "collectors.source.invalid",
  "otcollector.invalid",
  "sourcetemplate.invalid",
]);

/**
 * Whether a status and code say that the object addressed (a collector, a source, an OT
 * collector, a source template) does not exist.
 */
export function isGoneAnswer(status: number, code: string | undefined): boolean {
  return status === 404 && code !== undefined && GONE_CODES.has(code.toLowerCase());
}

/**
 * True only when the service said that the object itself (a collector, a source, an OT collector,
 * a source template) does not exist: a 404 with the service's code for it. A 404 without such a
 * code (a wrong endpoint, a proxy) is no proof that anything is gone, and neither is such a code
 * with another status.
 */
export function isGone(error: unknown): boolean {
  return isApiError(error) && isGoneAnswer(error.status, error.code);
}
