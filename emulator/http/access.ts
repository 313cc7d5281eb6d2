import type { FastifyRequest } from "fastify";
import type { Caller } from "../accounts";
import { fail } from "../errors";

/** The authenticated caller; the API pipeline has set it before any handler runs. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error("handler reached without an authenticated caller");
  return request.caller;
}

export function accountOf(request: FastifyRequest): string {
  return callerOf(request).account.name;
}

/** Writes need the Manage role; View users get 403 CannotModifyCollector (docs/reference/service/collector-management-api.md §1, 7.3). */
export function requireManage(request: FastifyRequest): string {
  const caller = callerOf(request);
  if (caller.user.role !== "manage") {
    fail(
      "cannotModifyCollector",
      "User is not authorised to modify the Collector: this access id has the View role only.",
    );
  }
  return caller.account.name;
}

/** The upgrade endpoints answer 415 unless the request says Content-Type: application/json. */
export function requireJsonContentType(request: FastifyRequest): void {
  const type = request.headers["content-type"]?.split(";", 1)[0]?.trim().toLowerCase();
  if (type !== "application/json") fail("unsupportedMediaType");
}
