import { randomInt } from "node:crypto";

/**
 * The one catalogue of errors the emulator answers with. Codes are the spec's names where the
 * spec names the condition (section 7); where it does not, the live service's wire code from
 * docs/internals/service-research/live-service-facts.md; the emulator's own (400 request.malformed, 408, 413, 431, 501, 507,
 * jobid) are documented choices in docs/reference/local-service.md.
 */
export const ERRORS = {
  // General conditions (spec 7.2 (docs/reference/service/collector-management-api.md) and the live general codes).
  moved: {
    status: 301,
    code: "moved",
    message: "The requested resource SHOULD be accessed through returned URI in Location Header.",
  },
  unauthorized: {
    status: 401,
    code: "unauthorized",
    message: "Credential could not be verified.",
  },
  forbidden: {
    status: 403,
    code: "forbidden",
    message: "This operation is not allowed for your account type.",
  },
  notFound: { status: 404, code: "notfound", message: "Resource not found." },
  methodNotAllowed: {
    status: 405,
    code: "method.unsupported",
    message: "The method is not supported on this path.",
  },
  unsupportedMediaType: {
    status: 415,
    code: "contenttype.invalid",
    message: "Invalid content type: send the request with Content-Type: application/json.",
  },
  payloadTooLarge: {
    status: 413,
    code: "request.entity.too.large",
    message: "The request body is larger than the service accepts.",
  },
  badRequest: {
    status: 400,
    code: "request.malformed",
    message: "The HTTP request is malformed.",
  },
  requestTimeout: {
    status: 408,
    code: "request.timeout",
    message:
      "The request was not received in full in time: send the headers and body without pauses.",
  },
  headersTooLarge: {
    status: 431,
    code: "request.headers.too.large",
    message: "The request headers are larger than the service accepts (16 KiB in all).",
  },
  methodNotImplemented: {
    status: 501,
    code: "method.unsupported",
    message: "The method is not one the service knows: use GET, POST, PUT or DELETE.",
  },
  rateLimited: {
    status: 429,
    code: "rate.limit.exceeded",
    message: "The API rate limit for this user has been exceeded.",
  },
  internal: { status: 500, code: "internal.error", message: "Internal server error." },
  unavailable: {
    status: 503,
    code: "service.unavailable",
    message: "The service is temporarily unavailable. Try again later.",
  },
  storageFull: {
    status: 507,
    code: "storage.full",
    message: "The emulator's storage is full: free disk space where its data lives, then retry.",
  },

  // Optimistic concurrency (live-service facts (docs/internals/service-research/live-service-facts.md): 403 missing, 412 stale, unquoted refused).
  ifMatchMissing: {
    status: 403,
    code: "service.ifthen.missing",
    message: "The If-Match header is required: send the ETag from a prior GET.",
  },
  ifMatchNotQuoted: {
    status: 400,
    code: "service.ifthen.notquoted",
    message: "The If-Match header must carry the ETag quoted, exactly as received.",
  },
  etagMismatch: {
    status: 412,
    code: "service.etagid.mismatch",
    message: "The entity was modified since it was read: GET it again and retry with the new ETag.",
  },

  // Collector API codes (docs/reference/service/collector-management-api.md §7.3).
  badRequestCollectorId: {
    status: 400,
    code: "BadRequestCollectorId",
    message: "Request body has an invalid Collector ID.",
  },
  cannotModifyCollector: {
    status: 403,
    code: "CannotModifyCollector",
    message: "User is not authorised to modify the Collector.",
  },
  descriptionTooLong: {
    status: 400,
    code: "CollectorDescriptionTooLong",
    message: "Maximum description length is 1024 characters.",
  },
  nameTooLong: {
    status: 400,
    code: "CollectorNameTooLong",
    message: "Maximum name length is 128 characters.",
  },
  createValidationError: {
    status: 400,
    code: "createValidationError",
    message: "The specified ID is invalid: omit id when creating.",
  },
  duplicateName: {
    status: 400,
    code: "DuplicateResourceName",
    message: "A resource with the same name exists.",
  },
  invalidCollector: {
    status: 404,
    code: "InvalidCollector",
    message: "The Collector ID is invalid.",
  },
  invalidCollectorType: {
    status: 400,
    code: "InvalidCollectorType",
    message: "Collector type is invalid for the operation.",
  },

  // Source API codes (docs/reference/service/collector-management-api.md §7.4) and the live code for an unknown source.
  badRequestBladeId: {
    status: 400,
    code: "BadRequestBladeId",
    message: "Request body has an invalid Source ID.",
  },
  cannotModifySources: {
    status: 400,
    code: "CannotModifySources",
    message:
      "Collector is in JSON mode; Sources cannot be created, deleted or updated through the API.",
  },
  emptySourceType: {
    status: 400,
    code: "EmptySourceType",
    message: "A source type must be specified.",
  },
  invalidSourceType: {
    status: 400,
    code: "InvalidSourceType",
    message: "Source type is invalid for the operation.",
  },
  sourceLimit: {
    status: 400,
    code: "collectors.source.limit.exceeded",
    message: "The limit on the number of sources has been reached.",
  },
  invalidSource: {
    status: 404,
    code: "collectors.source.invalid",
    message: "The Source ID is invalid.",
  },

  // Field validation without a spec name (live wire codes).
  fieldMissing: {
    status: 400,
    code: "collectors.validation.fields.missing",
    message: "A required field is missing.",
  },
  fieldInvalid: {
    status: 400,
    code: "collectors.validation.fields.invalid",
    message: "A field has an invalid value.",
  },

  // Upgrade creation codes (docs/reference/service/collector-management-api.md §7.5), all 400, and an unknown task.
  upgradeCollectorInvalid: {
    status: 400,
    code: "collector.invalid",
    message: "Collector ID missing, does not exist, or you lack permission to upgrade it.",
  },
  upgradeCollectorType: {
    status: 400,
    code: "collector.type.invalid",
    message: "The Collector is Hosted, not Installed: only Installed Collectors can be upgraded.",
  },
  upgradeNotAlive: {
    status: 400,
    code: "collector.not.alive",
    message: "The Collector is not running.",
  },
  upgradeInProgress: {
    status: 400,
    code: "collector.in.upgrading",
    message: "The Collector is already being upgraded.",
  },
  upgradeVersionInvalid: {
    status: 400,
    code: "collector.version.invalid",
    message: "Version missing or invalid: pick one of GET /collectors/upgrades/targets.",
  },
  upgradeTaskNotFound: {
    status: 404,
    code: "notfound",
    message: "The upgrade task ID is unknown.",
  },

  // OpenTelemetry collectors and source templates (not in the Collector Management spec; the
  // emulator's own codes, docs/reference/local-service.md).
  invalidOtCollector: {
    status: 404,
    code: "otcollector.invalid",
    message: "The OT collector ID is invalid.",
  },
  invalidSourceTemplate: {
    status: 404,
    code: "sourcetemplate.invalid",
    message: "The source template ID is invalid.",
  },
  sourceTemplateEnabled: {
    status: 400,
    code: "sourcetemplate.enabled",
    message: "An enabled source template cannot be deleted: disable it first.",
  },

  // Search jobs, session behaviour only.
  searchJobInvalid: { status: 500, code: "jobid.invalid", message: "Job ID is invalid." },
  searchJobNotFound: { status: 404, code: "jobid.invalid", message: "Job ID is invalid." },
} as const satisfies Record<string, { status: number; code: string; message: string }>;

export type ErrorName = keyof typeof ERRORS;

export interface ErrorEnvelope {
  status: number;
  id: string;
  code: string;
  message: string;
}

/** A failure a handler throws; the error handler turns it into the envelope. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;

  constructor(name: ErrorName, message?: string, headers: Record<string, string> = {}) {
    const entry = ERRORS[name];
    super(message ?? entry.message);
    this.name = "ApiFailure";
    this.status = entry.status;
    this.code = entry.code;
    this.headers = headers;
  }
}

/** Shorthand for `throw new ApiFailure(...)` inside expressions. */
export function fail(name: ErrorName, message?: string, headers?: Record<string, string>): never {
  throw new ApiFailure(name, message, headers);
}

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

function idGroup(): string {
  let group = "";
  for (let i = 0; i < 5; i++) group += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return group;
}

/** An error occurrence id in the live service's `XXXXX-XXXXX-XXXXX` form. */
export function newErrorId(): string {
  return `${idGroup()}-${idGroup()}-${idGroup()}`;
}

export function envelope(status: number, code: string, message: string): ErrorEnvelope {
  return { status, id: newErrorId(), code, message };
}
