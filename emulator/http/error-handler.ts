import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiFailure, ERRORS, type ErrorName, envelope } from "../errors";
import { StorageFailure } from "../store";
import { RouteTable } from "./method-not-allowed";

/** Fastify's own client errors, as the catalogue's envelopes. */
const FASTIFY_CODES: Record<string, ErrorName> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "payloadTooLarge",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupportedMediaType",
  FST_ERR_CTP_INVALID_TYPE: "unsupportedMediaType",
};

export function send(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) {
  return reply
    .code(status)
    .headers(headers)
    .type("application/json; charset=utf-8")
    .send(envelope(status, code, message));
}

/**
 * Errors Fastify raises before routing (undecodable URL, over-long path segment), which never
 * reach the error handler.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const message =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? "A path segment is too long: no id or name is that long."
      : `The URL is not valid: ${error.message}`;
  return send(reply, 400, ERRORS.fieldInvalid.code, message);
}

/**
 * Every failure leaves as the envelope {status, id, code, message}: the catalogue's errors as
 * they are, Fastify's client errors mapped, and anything unexpected as a logged 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const routes = new RouteTable();
  routes.track(app);

  app.setErrorHandler((error: FastifyError | ApiFailure | StorageFailure, request, reply) => {
    if (error instanceof ApiFailure)
      return send(reply, error.status, error.code, error.message, error.headers);
    if (error instanceof StorageFailure) {
      // Not a bug in the emulator: the disk or the database. The operator needs the cause.
      console.error(
        `collectors emulator: storage failure on ${request.method} ${request.url}: ${error.detail}`,
        error.cause,
      );
      const entry = error.kind === "full" ? ERRORS.storageFull : ERRORS.unavailable;
      const message =
        error.kind === "full"
          ? entry.message
          : `The emulator's storage is unavailable (${error.detail}): see its log, and try again later.`;
      return send(reply, entry.status, entry.code, message);
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) {
      const entry = ERRORS[known];
      return send(reply, entry.status, entry.code, entry.message);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(
        reply,
        status,
        ERRORS.fieldInvalid.code,
        `The request is invalid: ${error.message}`,
      );
    }
    // A bug in the emulator: say so on stderr even when request logging is off.
    console.error(
      `collectors emulator: unexpected error on ${request.method} ${request.url}:`,
      error,
    );
    return send(
      reply,
      500,
      ERRORS.internal.code,
      "Internal server error in the emulator; please report it with the request that caused it.",
    );
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?", 1)[0] as string;
    const allowed = routes.allowed(path);
    if (allowed.length > 0) {
      const { status, code } = ERRORS.methodNotAllowed;
      const message = `${request.method} is not supported on ${path}: use ${allowed.join(", ")}.`;
      return send(reply, status, code, message, { allow: allowed.join(", ") });
    }
    return send(reply, 404, ERRORS.notFound.code, `No such endpoint: ${request.method} ${path}.`);
  });
}
